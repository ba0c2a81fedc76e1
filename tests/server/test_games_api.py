"""The installed games over HTTP, read only through their definitions
(``docs/architecture.md``, "The game definition"): ``GET /api/games``, a game's board and
client data, and its client folder at ``/games/<name>/`` wherever the game is installed."""

from __future__ import annotations

import dataclasses
import gzip
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.kernel.definition import GameDefinition, Page
from server import games_api
from server.app import create_app
from server.rulesets import REGISTRY

from .conftest import settings_for

KEYS = {"id", "title", "summary", "players", "bots", "default_bot", "levels", "choice_option",
        "choice_title", "options_schema", "client", "pages", "rules", "sandbox", "board",
        "data"}


def _toy_board(params: Mapping[str, str]) -> str:
    size = params.get("size", "1")
    if not size.isdigit():
        raise ValueError(f"size: not a number: {size!r}")
    return f'<svg xmlns="http://www.w3.org/2000/svg" data-size="{size}">{" " * 2000}</svg>'


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameDefinition]:
    """An installed game whose client folder lies outside ``web/`` (a package of its own),
    with a board but no client data, no rules reference and no sandbox."""
    folder = tmp_path / "toyclient"
    folder.mkdir()
    (folder / "index.js").write_text("export default {};\n")
    (folder / "learn.html").write_text('<p>learn</p><script src="/games/toyclient/index.js">'
                                       "</script>\n")
    (tmp_path / "secret.txt").write_text("not served")
    first = next(iter(REGISTRY.values()))
    game = dataclasses.replace(
        first, id="toy-game", title="Toy game", summary="A game of the tests.", client=folder,
        pages=(Page("Learn", "learn.html"),), board_svg=_toy_board, client_data=None,
        rules_help=None, sandbox=None)
    monkeypatch.setitem(REGISTRY, game.id, game)
    games_api._games_asset.cache_clear()
    yield game
    games_api._games_asset.cache_clear()


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path)))


def test_every_installed_game_is_listed_as_its_definition_says(client: TestClient) -> None:
    r = client.get("/api/games")
    assert r.status_code == 200 and r.headers["etag"]
    listed = r.json()["games"]
    assert [g["id"] for g in listed] == list(REGISTRY)
    for g in listed:
        d = REGISTRY[g["id"]]
        assert set(g) == KEYS
        assert g["title"] == d.title and g["summary"] == d.summary
        assert g["players"] == {"min": d.players[0], "max": d.players[1]}
        assert g["bots"] == list(d.bots) and g["default_bot"] == d.default_bot
        assert (g["choice_option"], g["choice_title"]) == (d.choice_option, d.choice_title)
        assert (g["options_schema"] is None) == (d.options_schema is None)
        assert g["client"] == (f"/games/{d.client_name}/index.js" if d.client else None)
        assert g["pages"] == [{"title": p.title, "url": f"/games/{d.client_name}/{p.path}"}
                              for p in d.pages]
        assert g["rules"] == (f"/rules/{d.id}" if d.rules_help else None)
        assert g["sandbox"] is (d.sandbox is not None)
        assert g["board"] == (f"/api/games/{d.id}/board.svg" if d.board_svg else None)
        assert g["data"] == (f"/api/games/{d.id}/data" if d.client_data else None)
        if g["client"]:
            assert client.get(g["client"]).status_code == 200
        for url in (g["board"], g["data"]):
            if url:
                assert client.get(url).status_code == 200, url
    again = client.get("/api/games", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304


def test_a_game_installed_elsewhere_is_served_from_its_own_folder(
        toy: GameDefinition, tmp_path: Path) -> None:
    client = _client(tmp_path)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}["toy-game"]
    assert listed["client"] == "/games/toyclient/index.js"
    assert listed["pages"] == [{"title": "Learn", "url": "/games/toyclient/learn.html"}]
    assert (listed["rules"], listed["sandbox"], listed["data"]) == (None, False, None)
    js = client.get(listed["client"])
    assert js.status_code == 200 and "export default" in js.text
    page = client.get(listed["pages"][0]["url"])  # its links carry their version
    assert page.status_code == 200 and '/games/toyclient/index.js?v=' in page.text
    for path in ("/games/toyclient/../secret.txt", "/games/toyclient/%2e%2e/secret.txt",
                 "/games/elsewhere/index.js", "/games/"):
        assert client.get(path).status_code == 404, path
    assert client.get("/platform/style.css").status_code == 200  # the rest of web/ as before
    for name in REGISTRY:  # the installed games' folders too
        d = REGISTRY[name]
        if d.client is not None:
            assert client.get(f"/games/{d.client_name}/index.js").status_code == 200


def test_a_board_is_made_once_per_parameters_and_refuses_a_bad_one(
        toy: GameDefinition, tmp_path: Path) -> None:
    """The query's parameters go to the definition; a ValueError is a 422 that names the
    parameter; ``v`` (the asset's version) is the server's own."""
    client = _client(tmp_path)
    one = client.get("/api/games/toy-game/board.svg?size=3")
    assert one.status_code == 200 and one.headers["content-type"].startswith("image/svg+xml")
    assert 'data-size="3"' in one.text
    two = client.get("/api/games/toy-game/board.svg?size=4")
    assert two.headers["etag"] != one.headers["etag"]
    version = one.headers["etag"].strip('"')
    pinned = client.get(f"/api/games/toy-game/board.svg?size=3&v={version}")
    assert pinned.headers["etag"] == one.headers["etag"]
    assert "immutable" in pinned.headers["cache-control"]
    with client.stream("GET", "/api/games/toy-game/board.svg?size=3",
                       headers={"Accept-Encoding": "gzip"}) as r:
        packed = b"".join(r.iter_raw())
        assert r.headers["content-encoding"] == "gzip"
    assert gzip.decompress(packed).decode() == one.text
    bad = client.get("/api/games/toy-game/board.svg?size=big")
    assert bad.status_code == 422 and "size" in bad.json()["detail"]["message"]


def test_unknown_games_and_missing_parts_answer_404_naming_the_games(
        toy: GameDefinition, tmp_path: Path) -> None:
    client = _client(tmp_path)
    for url in ("/api/games/chess/board.svg", "/api/games/chess/data",
                "/api/games/chess/sandbox/x", "/rules/chess"):
        r = client.get(url)
        message: Any = r.json()["detail"]["message"]
        assert r.status_code == 404 and "'chess'" in message, url
    r = client.get("/api/games/toy-game/data")
    assert r.status_code == 404 and "client data" in r.json()["detail"]["message"]
    r = client.post("/api/games/toy-game/sandbox", json={"scenario": {}})
    assert r.status_code == 404 and "sandbox" in r.json()["detail"]["message"]
    assert client.get("/rules/toy-game").status_code == 404


def test_two_games_may_not_claim_one_client_folder(
        toy: GameDefinition, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    other = tmp_path / "other" / "toyclient"
    other.mkdir(parents=True)
    monkeypatch.setitem(REGISTRY, "toy-two", dataclasses.replace(toy, id="toy-two",
                                                                 client=other))
    with pytest.raises(ValueError, match="toyclient"):
        games_api.client_folders()
