"""A player's "My games" on every device, without an account: a personal link that brings
the list (the links of its seats, host and spectator tables) to another browser, which
keeps it in step from then on (``web/platform/mygames.js``; ``docs/players.md``).

The list is found by the SHA-256 of its secret token, as a seat's token is (``store.digest``):
the token itself is never stored. What the list holds is encrypted (AES-GCM) with a key made
from that token, so a copy of the database alone opens no seat. The holder may make a new
link: the list moves to a new token and the old link stops working at once.

The token travels in the ``X-Starport-List`` header (never in a URL the server sees: the
personal link carries it in the fragment, ``/#my-games=<token>``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from typing import Annotated, Any, Literal

import segno
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import Connection, delete, insert, select, update

from . import store
from .api import fail, limit, svc
from .db import writing
from .models import GameListRow
from .schemas import ERRORS, MYGAMES_MAX, _In
from .security import origin_allowed

router = APIRouter(prefix="/api/gamelists", responses=ERRORS, tags=["my games"])
HEADER = "X-Starport-List"
FRAGMENT = "my-games="  # the personal link: ``<base>/#my-games=<token>``
KEY_LABEL = b"starport my games list key\x00"  # the list's key: apart from its digest


class ListedGame(_In):
    """One link of the list, as the browser keeps it (``mygames.js``)."""

    table: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    token: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_-]+$")
    role: Literal["host", "seat", "spectator"] | None = None
    seat: int | None = Field(None, ge=0, le=7)
    at: int = Field(0, ge=0, le=10**14, description="when the browser got it (ms since 1970)")


Games = Annotated[list[ListedGame], Field(max_length=MYGAMES_MAX)]


class ListIn(_In):
    games: Games = Field(default_factory=list)


class ListChange(_In):
    """What a browser changed since it last synced: links it got, links it removed."""

    add: Games = Field(default_factory=list)
    remove: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list,
                                                                max_length=MYGAMES_MAX)


class ListOut(BaseModel):
    games: list[ListedGame] = Field(description="the newest first")


class ListLink(ListOut):
    """The personal link of the list (keep it to yourself: it opens your seats) and its QR
    code, as rows of modules (``1`` dark), without the quiet zone."""

    token: str
    url: str
    qr: list[str]


def key_of(token: str) -> bytes:
    return hashlib.sha256(KEY_LABEL + token.encode()).digest()


def seal(token: str, games: list[ListedGame]) -> str:
    plain = json.dumps([g.model_dump() for g in games], separators=(",", ":")).encode()
    nonce = os.urandom(12)
    sealed = AESGCM(key_of(token)).encrypt(nonce, plain, store.digest(token).encode())
    return base64.b64encode(nonce + sealed).decode()


def unseal(token: str, data: str) -> list[ListedGame]:
    raw = base64.b64decode(data)
    plain = AESGCM(key_of(token)).decrypt(raw[:12], raw[12:], store.digest(token).encode())
    return [ListedGame.model_validate(g) for g in json.loads(plain)]


def merged(games: list[ListedGame], change: ListChange) -> list[ListedGame]:
    """The list with ``change`` applied: each link once (the newest copy), the newest first,
    at most ``MYGAMES_MAX`` (the oldest go)."""
    gone = set(change.remove)
    newest: dict[str, ListedGame] = {}
    for g in [*change.add, *games]:
        if g.token not in gone and (g.token not in newest or g.at > newest[g.token].at):
            newest[g.token] = g
    return sorted(newest.values(), key=lambda g: -g.at)[:MYGAMES_MAX]


def _row(conn: Connection, token: str) -> Any:
    """The list's row, locked until the transaction ends (PostgreSQL; SQLite's writer holds
    the database), or None."""
    return conn.execute(select(GameListRow).where(GameListRow.digest == store.digest(token))
                        .with_for_update()).first()


def create(conn: Connection, games: list[ListedGame]) -> str:
    token, digest = store.new_token()
    at = store.now()
    conn.execute(insert(GameListRow).values(digest=digest, data=seal(token, games),
                                            created_at=at, updated_at=at))
    return token


def change(conn: Connection, token: str, what: ListChange) -> list[ListedGame] | None:
    """Apply ``what`` to the list (None: no such list, or its link was replaced)."""
    row = _row(conn, token)
    if row is None:
        return None
    games = unseal(token, row.data)
    if what.add or what.remove:
        games = merged(games, what)
        conn.execute(update(GameListRow).where(GameListRow.digest == row.digest)
                     .values(data=seal(token, games), updated_at=store.now()))
    return games


def renew(conn: Connection, token: str) -> tuple[str, list[ListedGame]] | None:
    """Move the list to a new token: the old one finds nothing from now on."""
    row = _row(conn, token)
    if row is None:
        return None
    games = unseal(token, row.data)
    fresh, digest = store.new_token()
    conn.execute(update(GameListRow).where(GameListRow.digest == row.digest)
                 .values(digest=digest, data=seal(fresh, games), updated_at=store.now()))
    return fresh, games


def forget(conn: Connection, token: str) -> bool:
    return conn.execute(delete(GameListRow).where(
        GameListRow.digest == store.digest(token))).rowcount > 0


def qr_rows(url: str) -> list[str]:
    """The QR code of ``url`` (error correction M: a phone reads it off a screen)."""
    code = segno.make(url, error="m", micro=False, boost_error=False)
    return ["".join("1" if dark else "0" for dark in row) for row in code.matrix]


def page_url(request: Request, token: str) -> str:
    base = svc(request).settings.public_url or str(request.base_url).rstrip("/")
    return f"{base}/#{FRAGMENT}{token}"


async def _checked(request: Request, kind: str) -> None:
    await limit(request, kind)
    if not origin_allowed(request, svc(request).settings.allowed_origins):
        fail(403, "origin", "cross-site requests are refused")


def _token(request: Request) -> str:
    token = request.headers.get(HEADER, "")
    if not 0 < len(token) <= 200:
        fail(401, "unauthorized", f"this needs the list's link (its token in {HEADER})")
    return token


def _gone() -> Any:
    fail(404, "not_found", "this My games link no longer works: it was replaced by a new "
                           "one, or the list was removed")


async def _write(request: Request, fn: Any) -> Any:
    service = svc(request)

    def run() -> Any:
        with writing(service.engine) as conn:
            return fn(conn)

    try:
        return await service.db(run)
    except (InvalidTag, ValueError):  # a row that does not open with this token
        return None


def _link(request: Request, token: str, games: list[ListedGame]) -> ListLink:
    url = page_url(request, token)
    return ListLink(token=token, url=url, qr=qr_rows(url), games=games)


@router.post("")
async def create_list(body: ListIn, request: Request) -> ListLink:
    """Keep this browser's "My games" on the server, under a new personal link: opened in
    another browser, it brings the list and its seats there."""
    await _checked(request, "create")
    games = merged([], ListChange(add=body.games))
    token = await _write(request, lambda conn: create(conn, games))
    return _link(request, token, games)


@router.post("/sync")
async def sync_list(body: ListChange, request: Request) -> ListOut:
    """Apply what this browser changed (links got, links removed) and answer the whole list
    (empty changes: only read it). 404 once the link was replaced."""
    await _checked(request, "read")
    token = _token(request)
    games = await _write(request, lambda conn: change(conn, token, body))
    if games is None:
        _gone()
    return ListOut(games=games)


@router.post("/link")
async def list_link(request: Request) -> ListLink:
    """The personal link and its QR code again (to show them on another visit)."""
    await _checked(request, "read")
    token = _token(request)
    games = await _write(request, lambda conn: change(conn, token, ListChange()))
    if games is None:
        _gone()
    return _link(request, token, games)


@router.post("/renew")
async def renew_list(request: Request) -> ListLink:
    """A new personal link for the list; the old one stops working at once (every browser
    that held it keeps its own copy, no longer in step, until it opens the new link)."""
    await _checked(request, "create")
    token = _token(request)
    got = await _write(request, lambda conn: renew(conn, token))
    if got is None:
        _gone()
    return _link(request, got[0], got[1])


@router.delete("", status_code=204)
async def forget_list(request: Request) -> Response:
    """Remove the list from the server (each browser keeps its own copy)."""
    await _checked(request, "create")
    token = _token(request)
    if not await _write(request, lambda conn: forget(conn, token)):
        _gone()
    return Response(status_code=204)
