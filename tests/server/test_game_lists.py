"""My games on every device without an account (``server/gamelists.py``): a personal link
keeps a browser's list on the server, another browser opening it gets the list and its
seats, each browser's changes reach the others, and the holder can replace the link (the old
one stops working at once). The token is kept hashed and the list encrypted with a key made
from it: the database alone opens no seat. Migration 0009 goes down and up on both
databases."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from server.app import create_app
from server.db import MIGRATIONS, make_engine

from .conftest import settings_for
from .helpers import h

BASE = "http://games.lan:8000"


@pytest.fixture
def world(db_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    with TestClient(create_app(settings_for(db_url, tmp_path)), base_url=BASE) as c:
        yield c, db_url


def L(token: str) -> dict[str, str]:  # noqa: N802 (read as a header's name)
    return {"X-Starport-List": token}


def _links(c: TestClient) -> list[dict[str, Any]]:
    """A table's seat, host and spectator links, as a browser's My games keeps them."""
    t = c.post("/api/tables", json={"name": "Over days", "seats": 2}).json()
    c.post(f"/api/tables/{t['table_id']}/join", json={"name": "Ann"},
           headers=h(t["seats"][0]["token"]))
    return [{"table": t["table_id"], "token": t["seats"][0]["token"], "role": "seat",
             "seat": 0, "at": 2000},
            {"table": t["table_id"], "token": t["host"]["token"], "role": "host",
             "seat": None, "at": 1000}]


def test_a_second_browser_gets_the_list_and_its_seats(
        world: tuple[TestClient, str]) -> None:
    c, _ = world
    games = _links(c)
    made = c.post("/api/gamelists", json={"games": games[::-1]}).json()
    token = made["token"]
    assert made["url"] == f"{BASE}/#my-games={token}"
    assert [g["token"] for g in made["games"]] == [g["token"] for g in games]  # newest first
    # the QR code is the link's: rows of modules, square, as segno encodes it
    qr = made["qr"]
    assert len(qr) == len(qr[0]) >= 21 and set("".join(qr)) == {"0", "1"}
    assert qr == ["".join("1" if d else "0" for d in row)
                  for row in segno.make(made["url"], error="m", micro=False,
                                        boost_error=False).matrix]
    # another browser: only the token, from the link's fragment
    other = c.post("/api/gamelists/sync", json={}, headers=L(token)).json()
    assert other["games"] == made["games"]
    # its seat link works there as here
    seat = other["games"][0]
    me = c.get(f"/api/tables/{seat['table']}/me", headers=h(seat["token"])).json()
    assert me["role"] == "seat" and me["seat"] == 0
    # each browser's changes reach the other: a game got here, one removed there
    spectator = {"table": seat["table"], "token": "x" * 32, "role": "spectator", "at": 3000}
    got = c.post("/api/gamelists/sync", headers=L(token),
                 json={"add": [spectator], "remove": [games[1]["token"]]}).json()["games"]
    assert [g["token"] for g in got] == ["x" * 32, games[0]["token"]]
    again = c.post("/api/gamelists/sync", json={"add": [games[0]]}, headers=L(token)).json()
    assert [g["token"] for g in again["games"]] == ["x" * 32, games[0]["token"]]  # once
    shown = c.post("/api/gamelists/link", headers=L(token)).json()
    assert shown["url"] == made["url"] and shown["qr"] == qr


def test_a_new_link_stops_the_old_one(world: tuple[TestClient, str]) -> None:
    c, _ = world
    games = _links(c)
    old = c.post("/api/gamelists", json={"games": games}).json()["token"]
    fresh = c.post("/api/gamelists/renew", headers=L(old)).json()
    assert fresh["token"] != old and fresh["url"].endswith(fresh["token"])
    assert len(fresh["games"]) == 2
    for path in ("/sync", "/link", "/renew"):
        r = c.post(f"/api/gamelists{path}", json={}, headers=L(old))
        assert r.status_code == 404 and "no longer works" in r.json()["detail"]["message"], path
    assert len(c.post("/api/gamelists/sync", json={},
                      headers=L(fresh["token"])).json()["games"]) == 2
    assert c.delete("/api/gamelists", headers=L(fresh["token"])).status_code == 204
    assert c.post("/api/gamelists/sync", json={},
                  headers=L(fresh["token"])).status_code == 404


def test_the_database_holds_no_token(world: tuple[TestClient, str]) -> None:
    """Only the list token's SHA-256 is kept, and the list is encrypted: neither the list's
    token nor a seat's token is in the database."""
    c, url = world
    games = _links(c)
    token = c.post("/api/gamelists", json={"games": games}).json()["token"]
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT digest, data FROM game_lists")).all()
    finally:
        engine.dispose()
    assert [r.digest for r in rows] == [hashlib.sha256(token.encode()).hexdigest()]
    for secret in (token, *(g["token"] for g in games)):
        assert secret not in rows[0].data


def test_what_a_list_takes_is_checked(world: tuple[TestClient, str]) -> None:
    c, _ = world
    assert c.post("/api/gamelists/sync", json={}).status_code == 401
    bad = [{"table": "a/b", "token": "t"}, {"table": "t", "token": "x y"},
           {"table": "t", "token": "t", "seat": 99}, {"table": "t", "token": "t", "role": "god"}]
    for game in bad:
        assert c.post("/api/gamelists", json={"games": [game]}).status_code == 422, game
    many = [{"table": "t", "token": f"k{i}", "at": i} for i in range(101)]
    assert c.post("/api/gamelists", json={"games": many}).status_code == 422
    r = c.post("/api/gamelists", json={"games": []},
               headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403


def test_the_migration_goes_down_and_up(db_url: str) -> None:
    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0008_cmdkey")
        names = inspect(engine).get_table_names()
        assert "game_lists" not in names
        assert "alert_base" not in {c["name"] for c in inspect(engine).get_columns("seats")}
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        assert "game_lists" in inspect(engine).get_table_names()
        assert "alert_base" in {c["name"] for c in inspect(engine).get_columns("seats")}
    finally:
        engine.dispose()
