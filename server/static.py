"""The web client's files and the games' boards and data, served from memory: compressed once
(gzip), validated by ETag, cached long where the URL is versioned.

- Every answer has an ``ETag`` (a hash of the content); a request whose ``If-None-Match``
  names it gets ``304 Not Modified`` and no body.
- Text assets over 1 KiB are gzipped once (when the file changes), and sent gzipped to
  clients that accept it (``Vary: Accept-Encoding``).
- A URL carrying ``?v=<version>`` where version is the content's (``asset.version``) is
  immutable: ``Cache-Control: public, max-age=31536000, immutable``. Other URLs say
  ``no-cache``: the browser keeps the file and revalidates it (a 304) on each load.
- Pages (``.html``) link their top-level stylesheets and script with their version (also in
  folders: ``/platform/style.css``, ``/games/<game>/board.css``), so a browser loads them once
  per version.
- A game's client is served at ``/games/<folder name>/`` from the folder its definition names
  (``GameDefinition.client``), wherever it is installed; nothing else answers under
  ``/games/`` (``docs/architecture.md``, "The game definition").
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

LONG = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
LINKED = re.compile(r'(href|src)="/((?:[\w-]+/)*[\w.-]+\.(?:css|js))"')  # /platform/style.css


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    media_type: str
    version: str  # a hash of the body

    @property
    def etag(self) -> str:
        return f'"{self.version}"'


def make_asset(body: bytes, media_type: str) -> Asset:
    version = hashlib.sha256(body).hexdigest()[:20]
    packed: bytes | None = None
    if len(body) >= 1024 and media_type.startswith(COMPRESSIBLE):
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        if len(packed) >= len(body):
            packed = None
    return Asset(body, packed, media_type, version)


def _accepts_gzip(request: Request) -> bool:
    return any(part.split(";")[0].strip() == "gzip"
               for part in request.headers.get("accept-encoding", "").split(","))


def _matches(request: Request, asset: Asset) -> bool:
    wanted = request.headers.get("if-none-match", "")
    return any(tag.strip().removeprefix("W/") in (asset.etag, "*")
               for tag in wanted.split(","))


def asset_response(request: Request, asset: Asset) -> Response:
    """The answer for ``asset``: 304, gzipped or plain, with its caching headers."""
    versioned = request.query_params.get("v") == asset.version
    headers = {"ETag": asset.etag, "Vary": "Accept-Encoding",
               "Cache-Control": LONG if versioned else REVALIDATE}
    if _matches(request, asset):
        return Response(status_code=304, headers=headers)
    body = asset.body
    if asset.gzipped is not None and _accepts_gzip(request):
        body = asset.gzipped
        headers["Content-Encoding"] = "gzip"
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        return Response(status_code=200, headers=headers, media_type=asset.media_type)
    return Response(body, headers=headers, media_type=asset.media_type)


GAMES = "games"  # the address under which each game's client folder is served


class Assets:
    """An ASGI app serving a directory's files (``/`` and directories: ``index.html``), and
    under ``/games/<name>/`` the game client folders of ``games`` (name -> folder)."""

    def __init__(self, directory: Path, games: Mapping[str, Path] | None = None) -> None:
        self.directory = directory.resolve()
        self.games = {name: folder.resolve() for name, folder in (games or {}).items()}
        self.cache: dict[Path, tuple[Any, Asset]] = {}

    def _path(self, rel: str) -> Path | None:
        """The file (or folder) an address names, inside the folder that serves it."""
        parts = rel.strip("/").split("/", 2)
        if parts[0] != GAMES:
            root = self.directory
            path = (root / rel.lstrip("/")).resolve()
        elif len(parts) < 2 or parts[1] not in self.games:
            return None
        else:
            root = self.games[parts[1]]
            path = (root / (parts[2] if len(parts) > 2 else "")).resolve()
        return path if path.is_relative_to(root) else None

    def find(self, rel: str) -> Asset | None:
        path = self._path(rel)
        if path is None:
            return None
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return None
        stat = path.stat()
        text = path.suffix == ".html"
        linked = self._linked_versions(path) if text else ()
        key = (stat.st_mtime_ns, stat.st_size, linked)
        hit = self.cache.get(path)
        if hit is not None and hit[0] == key:
            return hit[1]
        body = path.read_bytes()
        if text:
            body = self._version_links(body.decode()).encode()
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type == "application/javascript":
            media_type += "; charset=utf-8"
        asset = make_asset(body, media_type)
        self.cache[path] = (key, asset)
        return asset

    def _linked_versions(self, page: Path) -> tuple[str, ...]:
        found = LINKED.findall(page.read_text())
        return tuple(a.version for _, name in found if (a := self.find(name)) is not None)

    def _version_links(self, html: str) -> str:
        def versioned(m: re.Match[str]) -> str:
            linked = self.find(m.group(2))
            if linked is None:
                return m.group(0)
            return f'{m.group(1)}="/{m.group(2)}?v={linked.version}"'

        return LINKED.sub(versioned, html)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        if request.method not in ("GET", "HEAD"):
            raise HTTPException(405, detail={"code": "method", "message": "method not allowed"})
        asset = self.find(request.url.path)
        if asset is None:
            raise HTTPException(404, detail={"code": "not_found", "message": "no such file"})
        await asset_response(request, asset)(scope, receive, send)
