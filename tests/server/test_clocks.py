"""Clocks and who played a command (docs/architecture.md, "Clocks" and "Who played a
command"): the time per move as a deadline on the server's clock in the view, the lobby and
"My games" (with the server's ``now``); the log's mark on a command a bot chose (a turn whose
time ran out, a seat the host gave a bot), kept by the store, on the wire for every link, in
the export and its re-import; one "time is running out" alert per move, outside quiet hours.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select

from engine.kernel import PUBLIC, Event, only
from server import alerts, clocks, store
from server.app import create_app
from server.db import MIGRATIONS, make_engine, reading
from server.models import EventRow

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, service_of, view
from .receivers import webhook_receiver


def wait_for(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("timed out")


def timed_table(c: TestClient, turn_timer: int, seats: int = 2,
                bots: list[int] | None = None) -> dict[str, Any]:
    r = c.post("/api/tables", json={"name": "Clocks", "seats": seats, "bots": bots or [],
                                    "turn_timer": turn_timer,
                                    "options": {"edition": "avalon-hill"}})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    for i, link in enumerate(table["seats"]):
        if i not in (bots or []):
            r = c.post(f"/api/tables/{table['table_id']}/join", json={"name": f"P{i}"},
                       headers=h(link["token"]))
            assert r.status_code == 200, r.text
    r = c.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    return table


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@pytest.fixture
def slow(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    """An app whose bots and timers never act during the test (a minute per move)."""
    with TestClient(create_app(settings_for(db_url, tmp_path, scheduler_interval=3600))) as c:
        yield c


def test_the_view_the_lobby_and_my_games_say_the_time_per_move(slow: TestClient) -> None:
    c = slow
    table = timed_table(c, 60)
    tid = table["table_id"]
    seat = acting_seat(c, table)
    spectator = table["spectator"]["token"]
    clock = view(c, table, spectator)["clock"]
    assert clock["seats"] == [seat] and clock["kind"] == "move" and clock["then"] == "bot"
    assert clock["seconds"] == 60
    deadline = at(clock["deadline"])
    for token in (table["seats"][seat]["token"], table["seats"][1 - seat]["token"],
                  table["host"]["token"]):  # every link sees the same clock
        assert view(c, table, token)["clock"] == clock
    lobby = c.get(f"/api/tables/{tid}", headers=h(spectator)).json()
    assert lobby["clock"] == clock
    now = at(lobby["now"])
    assert abs((now - datetime.now(UTC)).total_seconds()) < 5
    assert timedelta(seconds=50) < deadline - now <= timedelta(seconds=60)
    assert [s["player"] for s in lobby["seats"]] == [True, True]
    mine = c.post("/api/mygames", json={"tokens": [table["seats"][seat]["token"]]}).json()
    assert mine["games"][0]["clock"] == clock and at(mine["now"]) >= now
    since = at(mine["games"][0]["waiting_since"])
    assert abs((deadline - since - timedelta(seconds=60)).total_seconds()) < 1

    # a move starts the time again (a later deadline) for whoever the game waits on now
    time.sleep(0.05)
    v = view(c, table, table["seats"][seat]["token"])
    move = next(a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock"))
    r = c.post(f"/api/tables/{tid}/commands", headers=h(table["seats"][seat]["token"]),
               json={"seq": v["seq"], "client_id": "one", "command": move})
    assert r.status_code == 200, r.text
    after = view(c, table, spectator)["clock"]
    assert at(after["deadline"]) > deadline
    assert after["seats"] == view(c, table, spectator)["pending"]["seats"]


def test_no_clock_without_a_time_per_move_nor_for_a_bot(slow: TestClient) -> None:
    c = slow
    untimed = open_table(c)
    assert view(c, untimed, untimed["spectator"]["token"])["clock"] is None
    lobby = c.get(f"/api/tables/{untimed['table_id']}", headers=h(untimed["host"]["token"]))
    assert lobby.json()["clock"] is None
    # a seat a person joined is a player's, a bot seat is not (its moves need no mark)
    r = c.post("/api/tables", json={"seats": 3, "bots": [2], "turn_timer": 60})
    made = r.json()
    c.post(f"/api/tables/{made['table_id']}/join", json={"name": "Ann"},
           headers=h(made["seats"][0]["token"]))
    seats = c.get(f"/api/tables/{made['table_id']}", headers=h(made["host"]["token"])).json()
    assert [s["player"] for s in seats["seats"]] == [True, False, False]
    assert seats["clock"] is None  # in the lobby: no clock yet
    assert clocks.clock([1], {1}, 60, datetime.now(UTC)) is None  # a bot takes no time


def test_the_earlier_of_a_window_and_the_time_per_move_is_shown() -> None:
    since = datetime(2026, 1, 1, 12, tzinfo=UTC)
    window = (since + timedelta(seconds=20), 20)
    shown = clocks.clock([0, 2], {2}, 60, since, window)
    assert shown == {"seats": [0], "kind": "window", "seconds": 20,
                     "deadline": since + timedelta(seconds=20), "then": "pass"}
    later = clocks.clock([0], set(), 10, since, window)
    assert later is not None and later["kind"] == "move" and later["then"] == "bot"
    naive = clocks.clock([0], set(), 10, since.replace(tzinfo=None))  # SQLite's times
    assert naive is not None and naive["deadline"] == since + timedelta(seconds=10)
    # warned at a fifth of the time, at least the last 30 s (half of a shorter time)
    assert clocks.warn_left(60) == 30 and clocks.warn_left(86400) == 17280
    assert clocks.warn_left(20) == 10


def test_a_timed_out_turn_is_marked_as_the_bot_s_in_every_log_and_the_export(
        db_url: str, tmp_path: Path) -> None:
    settings = settings_for(db_url, tmp_path, min_turn_timer=1, bot_delay=0.3)
    with TestClient(create_app(settings)) as c:
        table = timed_table(c, 1)
        tid = table["table_id"]
        seat = acting_seat(c, table)
        token = table["seats"][seat]["token"]
        begun = view(c, table, token)["seq"]
        wait_for(lambda: acting_seat(c, table) != seat)  # the bot played the turn to its end
        logs = {who: c.get(f"/api/tables/{tid}/log", headers=h(t)).json()["events"]
                for who, t in (("player", token), ("other", table["seats"][1 - seat]["token"]),
                               ("spectator", table["spectator"]["token"]))}
        for who, events in logs.items():
            opened = [e for e in events if "actor" in e]
            setup = [e for e in events if e["seq"] <= begun]
            assert all("actor" not in e and "by" not in e for e in setup), who
            bots = [e for e in opened if e["seq"] > begun]
            assert bots and all(e["actor"] == seat and e["by"] == "bot" for e in bots
                                if e["actor"] == seat), (who, bots)
            assert all(e["by"] in ("bot", "player", "clock") for e in opened)
        # the store keeps it on the command's first event; the others say nothing
        with reading(service_of(c).engine) as conn:
            rows = conn.execute(select(EventRow.seq, EventRow.actor, EventRow.played_by)
                                .where(EventRow.game_id == tid, EventRow.seq > begun)).all()
        assert {r.played_by for r in rows if r.actor == seat} == {"bot"}
        assert all(r.played_by is None for r in rows if r.actor is None)

        # the player plays a move of their own: marked as theirs
        wait_for(lambda: acting_seat(c, table) == seat)
        v = view(c, table, token)
        move = next(a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock"))
        r = c.post(f"/api/tables/{tid}/commands", headers=h(token),
                   json={"seq": v["seq"], "client_id": "mine", "command": move})
        if r.status_code == 200:  # (unless the bot got there first)
            first = r.json()["events"][0]
            assert first["actor"] == seat and first["by"] == "player"

        # the host ends the game: the export keeps who played, and so does its re-import
        r = c.post(f"/api/tables/{tid}/end", headers=h(table["host"]["token"]))
        assert r.status_code == 200, r.text
        doc = c.get(f"/api/tables/{tid}/export", headers=h(table["host"]["token"])).json()
        marked = [e["seq"] for e in doc["events"] if e.get("by") == "bot"]
        assert marked
        replay = c.post("/api/replays", json=doc).json()
        full = c.get(f"/api/tables/{replay['table_id']}/log",
                     headers=h(replay["spectator"]["token"])).json()
        assert [e["seq"] for e in full["events"] if e.get("by") == "bot"] == marked
        # an export from before the mark reads as played by the players
        old = {**doc, "events": [{k: v for k, v in e.items() if k != "by"}
                                 for e in doc["events"]]}
        again = c.post("/api/replays", json=old).json()
        log = c.get(f"/api/tables/{again['table_id']}/log",
                    headers=h(again["spectator"]["token"])).json()["events"]
        assert all(e.get("by") is None for e in log)


def test_the_mark_travels_between_processes_and_old_hints_read_as_the_player_s() -> None:
    opened = Event(seq=5, type="Moved", data={"seat": 1}, audience=only(1), actor=1, by="bot")
    rest = Event(seq=6, type="Note", data={}, audience=PUBLIC)
    text = store.events_json([opened, rest])
    assert store.events_from_json("venus", text) == [opened, rest]
    rows = json.loads(text)
    old = json.dumps([row[:7] for row in rows])  # a process not yet upgraded
    assert [e.by for e in store.events_from_json("venus", old)] == [None, None]
    # on the wire, a redacted first event still says whose command it is and who chose it
    assert opened.redacted_for(0) == {"seq": 5, "redacted": True, "type": "Moved",
                                      "actor": 1, "by": "bot"}
    assert "by" not in rest.redacted_for(0)


def test_one_time_running_out_alert_per_move_outside_quiet_hours(
        db_url: str, tmp_path: Path) -> None:
    """A 4 s move warns at 2 s left; its player (no tab open) gets one alert on the webhook,
    saying how long is left; a player in quiet hours gets none."""
    settings = settings_for(db_url, tmp_path, min_turn_timer=1, bot_delay=5.0,
                            webhook_allow_private=True, scheduler_interval=0.2)
    with webhook_receiver() as hooks, TestClient(create_app(settings)) as c:
        table = timed_table(c, 4)
        tid = table["table_id"]
        seat = acting_seat(c, table)
        for s, link in enumerate(table["seats"]):
            r = c.post(f"/api/tables/{tid}/seats/{s}/notify", headers=h(link["token"]),
                       json={"webhook": f"{hooks.base}/s{s}"})
            assert r.status_code == 200, r.text
        seq = view(c, table, table["spectator"]["token"])["seq"]
        wait_for(lambda: hooks.requests)
        time.sleep(1.5)  # later sweeps send nothing more for the same move
        sent = [json.loads(q["body"]) for q in hooks.requests if q["path"] == f"/s{seat}"]
        running = [b for b in sent if b["event"] == "running_out" and b["seq"] == seq]
        assert len(running) == 1, sent
        assert 0 < running[0]["seconds_left"] <= 2 and running[0]["seat"] == seat

        # quiet hours around now: the next move's player is not told
        c.post(f"/api/tables/{tid}/end", headers=h(table["host"]["token"]))
        quiet = timed_table(c, 4)
        qid = quiet["table_id"]
        waiting = acting_seat(c, quiet)
        now = datetime.now(UTC)
        minute = now.hour * 60 + now.minute
        with service_of(c).engine.begin() as conn:
            store.update_seat(conn, qid, waiting, webhook=f"{hooks.base}/quiet",
                              quiet_start=(minute - 30) % 1440, quiet_end=(minute + 30) % 1440,
                              time_zone="UTC")
        time.sleep(3.0)
        assert not [q for q in hooks.requests if q["path"] == "/quiet"]


def test_the_running_out_alert_s_words() -> None:
    alert = alerts.Alert("t1", "Night", 1, "Bob", 12, "https://x.example/t/t1", left=90)
    assert alert.title == "Time is running out at Night"
    assert "2 minutes left: then a bot plays it for you" in alert.text
    assert alert.json() == {"event": "running_out", "table": "t1", "table_name": "Night",
                            "seat": 1, "seq": 12, "link": "https://x.example/t/t1",
                            "seconds_left": 90}
    assert alerts.webhook_body(alert, "slack")["text"].startswith(
        "Time is running out (2 minutes left, then a bot plays) at *Night*")
    assert alerts.duration(45) == "45 seconds" and alerts.duration(3 * 3600) == "3 hours"
    assert alerts.Alert("t1", "Night", 1, "Bob", 12, "l").json()["event"] == "your_turn"


def test_the_mark_s_migration_goes_down_and_up(db_url: str) -> None:
    """``0010_playedby``: the column (and PostgreSQL's ``starport_append`` writing it) goes
    and comes back; the events written before it read as their players'."""
    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0009_gamelists")
        assert "played_by" not in {c["name"] for c in inspect(engine).get_columns("events")}
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        assert "played_by" in {c["name"] for c in inspect(engine).get_columns("events")}
    finally:
        engine.dispose()
