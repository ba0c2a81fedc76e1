"""One lock order for a table's rows (``store``, "The lock order of a table's rows"): every
write that changes them takes the game's row first, then the table's, then its seats' -- the
order of ``starport_append``. A write in another order deadlocked on PostgreSQL with a bot's
append of the same game: the player who took his seat back from the host's bot got
``DeadlockDetected`` as a 503 (CI, ``test_a_player_takes_his_seat_back_from_the_hosts_bot``).

The statements of each lobby write are recorded; the rows they change must come in that
order. The same holds on both databases (SQLite locks the whole file and cannot deadlock, but
the statements are the same); the second makes the race itself on PostgreSQL."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, event

from engine.kernel.events import Event, only
from server import store
from server.app import create_app
from server.db import writing

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, service_of

RANK = {"games": 0, "tables": 1, "seats": 2}
CHANGE = re.compile(r"^\s*UPDATE\s+(\w+)", re.IGNORECASE)


@contextmanager
def changed_rows(client: TestClient) -> Iterator[list[str]]:
    """The tables (of games, tables, seats) each UPDATE the server runs changes, in order."""
    engine = service_of(client).engine
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        found = CHANGE.match(statement)
        if found and found.group(1).lower() in RANK:
            seen.append(found.group(1).lower())

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def in_lock_order(seen: list[str]) -> bool:
    ranks = [RANK[t] for t in seen]
    return ranks == sorted(ranks)


def lobby_writes(tid: str, seat: int, table: dict[str, Any]
                 ) -> list[tuple[str, Callable[[TestClient], Any]]]:
    host = h(table["host"]["token"])
    mine = h(table["seats"][seat]["token"])
    return [
        ("the host gives the seat a bot", lambda c: c.post(
            f"/api/tables/{tid}/seats/{seat}/bot", headers=host, json={"bot": True})),
        ("the seat's player takes it back", lambda c: c.post(
            f"/api/tables/{tid}/seats/{seat}/reclaim", headers=mine)),
        ("the player renames himself", lambda c: c.post(
            f"/api/tables/{tid}/join", headers=mine, json={"name": "Renamed"})),
        ("the player says where to tell him", lambda c: c.post(
            f"/api/tables/{tid}/seats/{seat}/notify", headers=mine,
            json={"webhook": None, "email": None})),
    ]


def test_every_lobby_write_changes_the_game_then_the_table_then_its_seats(
        client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    seat = acting_seat(client, table)
    for what, call in lobby_writes(tid, seat, table):
        with changed_rows(client) as seen:
            r = call(client)
        assert r.status_code == 200, (what, r.text)
        assert seen, what  # it changed something
        assert in_lock_order(seen), (what, seen)


def first_row_then_pause(conn: Connection, first_done: threading.Event,
                         go: threading.Event) -> None:
    """Hold ``conn``'s write after its first UPDATE until ``go``: the moment another
    transaction comes between a write's first row and its next ones."""
    def after(*args: Any) -> None:
        if CHANGE.match(args[2]) and not first_done.is_set():
            first_done.set()
            go.wait(10)

    event.listen(conn, "after_cursor_execute", after)


LOBBY_WRITES: dict[str, Callable[[Connection, str, int], None]] = {
    "the host gives the seat a bot": lambda conn, tid, seat: store.update_seat(
        conn, tid, seat, bot=True),
    "the seat's player takes it back": store.reclaim_seat,
}


@pytest.mark.postgres
@pytest.mark.parametrize("what", sorted(LOBBY_WRITES))
def test_a_lobby_write_and_an_append_of_the_same_game_do_not_deadlock(
        what: str, pg_url: str, tmp_path: Path) -> None:
    """The race of the CI failure, made on purpose: the lobby write has changed its first row
    when an append of the same game comes, one that moves the game's wait off the lobby's
    seat (so it changes that seat's row). In one lock order the append waits for the lobby
    write at its first row; in two it took the game and the table and waited for the seat,
    while the lobby write waited for the table: ``DeadlockDetected``."""
    with TestClient(create_app(settings_for(pg_url, tmp_path))) as c:
        table = open_table(c)
        tid = table["table_id"]
        seat = acting_seat(c, table)
        engine = service_of(c).engine
        with writing(engine) as conn:
            row = store.game(conn, tid)
            assert row is not None
            head = int(row.seq)
        failed: list[BaseException] = []
        first_done, go = threading.Event(), threading.Event()

        def lobby() -> None:
            try:
                with writing(engine) as conn:
                    conn.exec_driver_sql("SET LOCAL deadlock_timeout = '100ms'")
                    first_row_then_pause(conn, first_done, go)
                    LOBBY_WRITES[what](conn, tid, seat)
            except BaseException as exc:  # noqa: BLE001 - asserted below
                failed.append(exc)

        def append() -> None:
            ev = Event(seq=head + 1, type="Note", data={}, audience=only(seat), actor=None)
            try:
                with writing(engine) as conn:
                    store.append(conn, tid, head, [ev], pending=[1 - seat], over=False,
                                 seat=None, client_id=None, pending_before=[seat])
            except BaseException as exc:  # noqa: BLE001 - asserted below
                failed.append(exc)

        threads = [threading.Thread(target=lobby), threading.Thread(target=append)]
        threads[0].start()
        assert first_done.wait(10)
        threads[1].start()
        threads[1].join(0.5)  # the append runs as far as the lobby write lets it
        go.set()
        for thread in threads:
            thread.join(15)
        assert failed == []
        with writing(engine) as conn:
            row = store.game(conn, tid)
            assert row is not None and row.seq == head + 1
