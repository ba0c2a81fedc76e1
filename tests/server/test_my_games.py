""""My games" and settings where people make them: one request answers the
status of every table a browser holds a link to; the create form's settings (bots by kind,
spectators may chat) and the rulesets' option schemas; "take my seat back"; presence."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from server.app import create_app

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, service_of


def _tables(c: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    started = open_table(c)
    r = c.post("/api/tables", json={"name": "Still in the lobby", "seats": 3,
                                    "options": {"edition": "classic-2012"}})
    assert r.status_code == 201, r.text
    return started, r.json()


def test_my_games_answers_every_link_in_one_request(client: TestClient) -> None:
    started, lobby = _tables(client)
    tid = started["table_id"]
    waiting = acting_seat(client, started)
    other = 1 - waiting
    revoked = started["seats"][other]["token"]
    fresh = client.post(f"/api/tables/{tid}/seats/{other}/link",
                        headers=h(started["host"]["token"])).json()
    tokens = [started["seats"][waiting]["token"], fresh["token"], started["host"]["token"],
              started["spectator"]["token"], lobby["seats"][2]["token"], "not-a-token", revoked]
    r = client.post("/api/mygames", json={"tokens": tokens})
    assert r.status_code == 200, r.text
    games = r.json()["games"]
    assert [g["known"] for g in games] == [True, True, True, True, True, False, False]
    mine, theirs, host, spectator, in_lobby = games[:5]
    assert mine["your_turn"] and mine["role"] == "seat" and mine["seat"] == waiting
    assert not theirs["your_turn"] and theirs["seat"] == other
    assert mine["waiting"] == [waiting] and mine["waiting_names"] == [f"P{waiting}"]
    assert mine["name"] == "Test table" and mine["ruleset"] == "venus"
    assert mine["status"] == "playing" and mine["waited"] >= 0 and mine["waiting_since"]
    assert host["role"] == "host" and host["seat"] is None and not host["your_turn"]
    assert spectator["role"] == "spectator" and not spectator["your_turn"]
    assert in_lobby["status"] == "lobby" and in_lobby["waiting"] == []
    assert in_lobby["name"] == "Still in the lobby" and in_lobby["seat"] == 2
    # an unknown or revoked link says nothing more than that
    assert games[5] == games[6] == {"known": False, "table_id": None, "name": None,
                                    "ruleset": None, "status": None, "role": None,
                                    "seat": None, "seq": None, "waiting": [],
                                    "waiting_names": [], "waiting_since": None,
                                    "waited": None, "your_turn": False, "players": [],
                                    "clock": None}
    # no answer holds a secret: no token of any table, sent or not
    every = [started["host"]["token"], started["spectator"]["token"], fresh["token"],
             *(s["token"] for s in started["seats"]), lobby["host"]["token"],
             lobby["spectator"]["token"], *(s["token"] for s in lobby["seats"])]
    assert not [t for t in every if t in r.text]


def test_my_games_is_bounded(client: TestClient) -> None:
    r = client.post("/api/mygames", json={"tokens": ["x"] * 101})
    assert r.status_code == 422 and "tokens" in r.json()["detail"]["message"]
    r = client.post("/api/mygames", json={"tokens": ["x" * 201]})
    assert r.status_code == 422
    r = client.post("/api/mygames", json={"tokens": []})
    assert r.status_code == 200 and r.json()["games"] == []
    r = client.post("/api/mygames", json={"tokens": ["a"]},
                    headers={"origin": "https://elsewhere.example"})
    assert r.status_code == 403


@pytest.fixture
def quiet(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    """An app whose scheduler does not sweep during the test (its queries are not counted)."""
    with TestClient(create_app(settings_for(db_url, tmp_path, scheduler_interval=3600))) as c:
        yield c


TABLES_READ = re.compile(r"\bFROM (tokens|tables|seats|games)\b")


def test_my_games_costs_the_same_queries_for_two_links_or_forty(quiet: TestClient) -> None:
    """One request, and a fixed number of queries, however many links a browser holds."""
    client = quiet
    tables = [open_table(client) for _ in range(4)]
    tokens = [link["token"] for t in tables for link in (*t["seats"], t["host"], t["spectator"])]
    engine = service_of(client).engine
    counts: list[int] = []

    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        # the game's own tables only: a fresh pool connection's set-up statements (another
        # thread holding the first one, as on a loaded machine) are not the request's cost
        if TABLES_READ.search(statement):
            counts[-1] += 1
            seen.append(statement[:80])

    client.post("/api/mygames", json={"tokens": tokens[:1]})  # the pool's connection is made
    event.listen(engine, "before_cursor_execute", count)
    try:
        for batch in (tokens[:2], (tokens * 3)[:40]):
            counts.append(0)
            r = client.post("/api/mygames", json={"tokens": batch})
            assert r.status_code == 200 and all(g["known"] for g in r.json()["games"])
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert counts[0] == counts[1] <= 4, (counts, seen)  # tokens, tables, seats, games


def test_rulesets_give_their_option_schemas_and_bots(client: TestClient) -> None:
    r = client.get("/api/rulesets")
    assert r.status_code == 200, r.text
    by_id = {x["id"]: x for x in r.json()["rulesets"]}
    assert by_id["venus"]["bots"] == ["trader", "normal", "hard", "random"]
    assert by_id["star-traders"]["bots"][0] == "star-trader"
    props = by_id["venus"]["options_schema"]["properties"]
    assert {"edition", "game_length", "combat", "rastur"} <= set(props)
    assert by_id["venus"]["choice_option"] == "races"


def test_bots_by_kind_per_seat(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": 3, "options": {"edition": "avalon-hill"},
                                         "bots": [{"seat": 1, "kind": "random"}, 2]})
    assert r.status_code == 201, r.text
    table = r.json()
    host = h(table["host"]["token"])
    lobby = client.get(f"/api/tables/{table['table_id']}", headers=host).json()
    assert [(s["bot"], s["bot_kind"]) for s in lobby["seats"]] == [
        (False, None), (True, "random"), (True, "trader")]
    assert lobby["bots"] == ["trader", "normal", "hard", "random"]
    r = client.post(f"/api/tables/{table['table_id']}/seats/2/bot", headers=host,
                    json={"bot": True, "kind": "random"})
    assert r.status_code == 200 and r.json()["seats"][2]["bot_kind"] == "random"
    r = client.post(f"/api/tables/{table['table_id']}/seats/2/bot", headers=host,
                    json={"bot": True, "kind": "genius"})
    assert r.status_code == 422
    assert "known: trader, normal, hard, random" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"seats": 2, "bots": [{"seat": 1, "kind": "genius"}]})
    assert r.status_code == 422 and "genius" in r.json()["detail"]["message"]
    # the game uses the picked bot for the seat, the ruleset's own for the others
    client.post(f"/api/tables/{table['table_id']}/join", json={"name": "Ann"},
                headers=h(table["seats"][0]["token"]))
    assert client.post(f"/api/tables/{table['table_id']}/start", headers=host).status_code == 200
    entry = service_of(client).entries[table["table_id"]]
    assert (entry.bot_kind(0), entry.bot_kind(1), entry.bot_kind(2)) == (
        "trader", "random", "random")


def test_spectators_chat_only_where_the_host_lets_them(client: TestClient) -> None:
    closed = open_table(client)
    r = client.post(f"/api/tables/{closed['table_id']}/chat", json={"text": "hi"},
                    headers=h(closed["spectator"]["token"]))
    assert r.status_code == 403 and "spectators may not chat" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"seats": 2, "spectator_chat": True})
    table = r.json()
    lobby = client.get(f"/api/tables/{table['table_id']}", headers=h(table["host"]["token"]))
    assert lobby.json()["spectator_chat"] is True
    r = client.post(f"/api/tables/{table['table_id']}/chat", json={"text": "go Ann!"},
                    headers=h(table["spectator"]["token"]))
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Spectator" and r.json()["seat"] is None


def test_a_player_takes_his_seat_back_from_the_hosts_bot(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    seat = acting_seat(client, table)
    host = h(table["host"]["token"])
    assert client.post(f"/api/tables/{tid}/seats/{seat}/bot", headers=host,
                       json={"bot": True}).json()["seats"][seat]["bot"]
    other = table["seats"][1 - seat]["token"]
    for token in (other, table["host"]["token"]):  # only the seat's own link takes it back
        r = client.post(f"/api/tables/{tid}/seats/{seat}/reclaim", headers=h(token))
        assert r.status_code == 403, r.text
    r = client.post(f"/api/tables/{tid}/seats/{seat}/reclaim",
                    headers=h(table["seats"][seat]["token"]))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][seat]["bot"] is False


@pytest.fixture
def slow_bots(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    """Turn timers from one second, and a bot that takes its time (a command every 1.5 s)."""
    settings = settings_for(db_url, tmp_path, min_turn_timer=1, bot_delay=1.5)
    with TestClient(create_app(settings)) as c:
        yield c


def _wait(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s")


def test_a_timed_out_seat_is_shown_and_taken_back(slow_bots: TestClient) -> None:
    c = slow_bots
    r = c.post("/api/tables", json={"seats": 2, "turn_timer": 3})
    table = r.json()
    tid = table["table_id"]
    for i, link in enumerate(table["seats"]):
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}, headers=h(link["token"]))
    c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
    seat = acting_seat(c, table)
    mine = h(table["seats"][seat]["token"])

    def autoplay() -> bool:
        return bool(c.get(f"/api/tables/{tid}", headers=mine).json()["seats"][seat]["autoplay"])

    _wait(autoplay)  # the timer ran out: a bot plays the seat's turn, and the lobby says so
    r = c.post(f"/api/tables/{tid}/seats/{seat}/reclaim", headers=mine)
    assert r.status_code == 200 and r.json()["seats"][seat]["autoplay"] is False
    head = c.get(f"/api/tables/{tid}/view", headers=mine).json()["seq"]
    time.sleep(2.0)  # longer than a bot's step: no bot plays the seat any more (and the
    # timer started again: three seconds for the player)
    v = c.get(f"/api/tables/{tid}/view", headers=mine).json()
    assert v["seq"] == head and seat in v["pending"]["seats"] and v["legal"]


def test_a_closed_tab_is_offline_at_once(client: TestClient) -> None:
    """Presence: a seat's socket closing tells the others at once (``presence``)."""
    table = open_table(client)
    tid = table["table_id"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        watcher.send_json({"type": "hello", "token": table["spectator"]["token"]})
        assert watcher.receive_json()["type"] == "hello"
        with client.websocket_connect(f"/api/tables/{tid}/ws") as seat:
            seat.send_json({"type": "hello", "token": table["seats"][0]["token"]})
            assert seat.receive_json()["type"] == "hello"
            assert _presence(watcher) == [0]
            lobby = client.get(f"/api/tables/{tid}", headers=h(table["host"]["token"])).json()
            assert [s["online"] for s in lobby["seats"]] == [True, False]
        assert _presence(watcher) == []  # the tab closed
        lobby = client.get(f"/api/tables/{tid}", headers=h(table["host"]["token"])).json()
        assert [s["online"] for s in lobby["seats"]] == [False, False]


def _presence(ws: Any) -> list[int]:
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == "presence":
            return list(msg["online"])
    raise AssertionError("no presence message")


@pytest.mark.postgres
def test_presence_crosses_server_processes(pg_url: str, spawn: Any) -> None:
    """Two processes on one PostgreSQL: a seat's tab on one shows online (and then offline)
    in a tab served by the other, within seconds."""
    import httpx

    from .wsclient import Viewer

    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca:
        table = open_table(ca)
        tid = table["table_id"]
        watcher = Viewer(a.ws_base, tid, table["spectator"]["token"])
        seat = Viewer(b.ws_base, tid, table["seats"][1]["token"])

        def online() -> list[bool]:
            lobby = ca.get(f"/api/tables/{tid}", headers=h(table["host"]["token"])).json()
            return [s["online"] for s in lobby["seats"]]

        _wait(lambda: online() == [False, True], timeout=10)
        _wait(lambda: _presence_of(watcher) == [1], timeout=10)
        seat.close()
        _wait(lambda: online() == [False, False], timeout=10)
        _wait(lambda: _presence_of(watcher) == [], timeout=10)
        watcher.close()


def _presence_of(viewer: Any) -> list[int] | None:
    """The last presence message the viewer got so far (None: none yet)."""
    viewer.pump(0.3)
    said = [m["online"] for m in viewer.messages if m["type"] == "presence"]
    return said[-1] if said else None
