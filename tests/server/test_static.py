"""Static files: compressed (gzip), validated by ETag, cached long when the URL is versioned
(``server/static.py``). The board SVG is the big one (~234 KB, ~29 KB gzipped)."""

from __future__ import annotations

import gzip
import re

import httpx
from fastapi.testclient import TestClient

from server.static import LONG, REVALIDATE


def raw(client: TestClient, url: str, **headers: str) -> tuple[httpx.Response, bytes]:
    """A response and its body as sent (no transparent decompression)."""
    with client.stream("GET", url, headers=headers) as r:
        return r, b"".join(r.iter_raw())


def test_the_board_svg_is_gzipped_and_revalidates_with_its_etag(client: TestClient) -> None:
    plain = client.get("/api/games/venus/board.svg", headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    packed, body = raw(client, "/api/games/venus/board.svg", **{"Accept-Encoding": "gzip, br"})
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == plain.content
    assert len(body) * 5 < len(plain.content)
    etag = plain.headers["etag"]
    assert plain.headers["cache-control"] == REVALIDATE
    again = client.get("/api/games/venus/board.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/api/games/venus/board.svg?edition=classic-2012")
    assert other.headers["etag"] != etag


def test_a_versioned_url_is_immutable_and_pages_link_versions(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["cache-control"] == REVALIDATE
    css = re.search(r'href="(/platform/style\.css\?v=([0-9a-f]+))"', page.text)
    sandbox = client.get("/games/venus/sandbox.html")  # a page of one game, in its folder
    game_css = re.search(r'href="(/games/venus/board\.css\?v=([0-9a-f]+))"', sandbox.text)
    game_js = re.search(r'src="(/games/venus/sandbox\.js\?v=([0-9a-f]+))"', sandbox.text)
    js = re.search(r'src="(/main\.js\?v=([0-9a-f]+))"', page.text)
    assert css and js and game_css and game_js
    assert client.get(game_css.group(1)).headers["cache-control"] == LONG
    versioned = client.get(css.group(1))
    assert versioned.headers["cache-control"] == LONG
    assert versioned.headers["etag"] == f'"{css.group(2)}"'
    assert client.get("/platform/style.css").headers["cache-control"] == REVALIDATE
    assert client.get("/platform/style.css?v=stale").headers["cache-control"] == REVALIDATE
    assert client.get(js.group(1)).headers["content-type"].startswith("text/javascript")
    table_page = client.get("/t/abc")
    assert table_page.text == page.text


def test_static_paths_outside_the_client_and_other_methods_are_refused(
        client: TestClient) -> None:
    assert client.get("/../server/app.py").status_code == 404
    assert client.get("/%2e%2e/server/app.py").status_code == 404
    assert client.get("/nothing-here.js").status_code == 404
    assert client.post("/platform/style.css").status_code == 405
    head = client.head("/platform/style.css")
    assert head.status_code == 200 and head.content == b""
