"""SQLite's append (``store.append``) in fewer statements, with the same outcomes: the table
check (the table's status and the seat's bot flag as committed, in the
append's own transaction) rides in the head's compare-and-set, and a seat's wait begins and
ends (``track_waits``) in one update; a refused append still says why, in the same order
(the head first, then the table, then the seat)."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, func, insert, select, update

from engine.kernel import Audience, Event
from server import store
from server.db import make_engine, migrate, writing
from server.models import CommandRow, SeatRow, TableRow

from .conftest import seed_sqlite


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    seed_sqlite(url, tmp_path)  # a copy of the migrated template: the migration finds it done
    eng = make_engine(url)
    migrate(eng)
    yield eng
    eng.dispose()


def _game(engine: Engine, seats: int = 4) -> str:
    with engine.begin() as conn:
        table_id, _ = store.create_table(conn, name="t", ruleset="venus", options={},
                                         seats=seats, bots=[], turn_timer=None)
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(status="playing"))
        store.create_game(conn, table_id, "venus", "seed", [], [0], False)
    return table_id


def _events(after: int, n: int = 2) -> list[Event]:
    return [Event(seq=after + k + 1, type="Moved", data={"k": k}, audience=Audience(),
                  type_public=True, v=1, actor=0) for k in range(n)]


def _append(engine: Engine, game_id: str, expected: int, **kw: Any) -> list[str]:
    """Append two events after ``expected``; the statements sqlite3 ran for it."""
    ran: list[str] = []
    with writing(engine) as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        raw.set_trace_callback(ran.append)
        try:
            kw.setdefault("pending", [0])
            kw.setdefault("pending_before", [0])
            store.append(conn, game_id, expected, _events(expected), over=False,
                         client_id=kw.pop("client_id", f"c{expected}"), **kw)
        finally:
            raw.set_trace_callback(None)
    return ran


def _set(engine: Engine, statement: Any) -> None:
    with engine.begin() as conn:
        conn.execute(statement)


def _waits(conn: Connection, game_id: str) -> dict[int, tuple[bool, bool]]:
    """Each seat: (its wait going on, alerted)."""
    return {r.seat: (r.wait_since is not None, bool(r.alerted)) for r in conn.execute(
        select(SeatRow.seat, SeatRow.wait_since, SeatRow.alerted)
        .where(SeatRow.table_id == game_id))}


def test_an_append_checks_the_table_in_its_compare_and_set_no_statement_of_its_own(
        engine: Engine) -> None:
    game_id = _game(engine)
    ran = _append(engine, game_id, 0, seat=0)
    assert not [s for s in ran if s.lstrip().upper().startswith("SELECT")]
    assert [s.split()[0:3] for s in ran if "games" in s.split()[:3]] == [
        ["UPDATE", "games", "SET"]]
    with engine.connect() as conn:
        assert store.head(conn, game_id) == 2


def test_the_waits_change_in_one_update_and_none_when_they_do_not(engine: Engine) -> None:
    game_id = _game(engine)
    seats_updates = [s for s in _append(engine, game_id, 0, seat=0, pending=[1],
                                        pending_before=[0]) if s.startswith("UPDATE seats")]
    assert len(seats_updates) == 1
    same = [s for s in _append(engine, game_id, 2, seat=1, pending=[1], pending_before=[1])
            if s.startswith("UPDATE seats")]
    assert same == []


def test_a_seats_wait_begins_and_ends_as_the_game_comes_to_it_and_leaves(
        engine: Engine) -> None:
    """``track_waits``: the seats waited on begin a wait (unless one goes on: its start and
    its alert stay), the others' end; a begun or ended wait is not alerted."""
    game_id = _game(engine)  # waits on seat 0 from the start
    with engine.begin() as conn:
        conn.execute(update(SeatRow).where(SeatRow.table_id == game_id, SeatRow.seat == 0)
                     .values(alerted=True))
        since = conn.execute(select(SeatRow.wait_since).where(
            SeatRow.table_id == game_id, SeatRow.seat == 0)).scalar_one()
    _append(engine, game_id, 0, seat=0, pending=[0, 2], pending_before=[0])
    with engine.connect() as conn:
        assert _waits(conn, game_id) == {0: (True, True), 1: (False, False),
                                         2: (True, False), 3: (False, False)}
        assert conn.execute(select(SeatRow.wait_since).where(
            SeatRow.table_id == game_id, SeatRow.seat == 0)).scalar_one() == since
    _append(engine, game_id, 2, seat=2, pending=[3], pending_before=[0, 2])
    with engine.connect() as conn:
        assert _waits(conn, game_id) == {0: (False, False), 1: (False, False),
                                         2: (False, False), 3: (True, False)}
    _append(engine, game_id, 4, seat=3, pending=[], pending_before=[3])
    with engine.connect() as conn:
        assert _waits(conn, game_id) == {s: (False, False) for s in range(4)}


@pytest.mark.parametrize("status", ["abandoned", "over", "lobby"])
def test_a_table_that_is_not_playing_refuses_the_append_and_keeps_its_head(
        engine: Engine, status: str) -> None:
    game_id = _game(engine)
    _set(engine, update(TableRow).where(TableRow.id == game_id).values(status=status))
    with pytest.raises(store.TableClosed) as refused:
        _append(engine, game_id, 0, seat=0)
    assert refused.value.status == status
    with pytest.raises(store.TableClosed):  # a bot's command too
        _append(engine, game_id, 0, seat=0, by_bot=True)
    with pytest.raises(store.TableClosed):  # and a write for no seat
        _append(engine, game_id, 0, seat=None)
    with engine.connect() as conn:
        assert store.head(conn, game_id) == 0


def test_a_seat_a_bot_plays_refuses_its_player_not_its_bot(engine: Engine) -> None:
    game_id = _game(engine)
    _set(engine, update(SeatRow).where(SeatRow.table_id == game_id, SeatRow.seat == 1)
         .values(bot=True))
    with pytest.raises(store.SeatPlayedByBot):
        _append(engine, game_id, 0, seat=1)
    _append(engine, game_id, 0, seat=0)  # another seat plays on
    _append(engine, game_id, 2, seat=1, by_bot=True)  # the bot plays its seat
    with engine.connect() as conn:
        assert store.head(conn, game_id) == 4


def test_a_stale_head_is_a_conflict_before_the_table_is_looked_at(engine: Engine) -> None:
    """The order of the refusals is ``append``'s: the head's compare-and-set first."""
    game_id = _game(engine)
    _append(engine, game_id, 0, seat=0)
    _set(engine, update(TableRow).where(TableRow.id == game_id).values(status="abandoned"))
    _set(engine, update(SeatRow).where(SeatRow.table_id == game_id).values(bot=True))
    with pytest.raises(store.Conflict):
        _append(engine, game_id, 0, seat=0)
    with pytest.raises(store.Conflict):  # no such game
        _append(engine, "nosuchgame", 0, seat=0)


def test_a_table_closed_is_told_before_a_seat_given_to_a_bot(engine: Engine) -> None:
    game_id = _game(engine)
    _set(engine, update(TableRow).where(TableRow.id == game_id).values(status="abandoned"))
    _set(engine, update(SeatRow).where(SeatRow.table_id == game_id).values(bot=True))
    with pytest.raises(store.TableClosed):
        _append(engine, game_id, 0, seat=0)


@pytest.mark.parametrize("microsecond", [0, 7, 999_999])
def test_an_appends_time_is_written_as_sqlalchemy_writes_it_and_reads_back_the_same(
        engine: Engine, monkeypatch: pytest.MonkeyPatch, microsecond: int) -> None:
    """The append's own text for its time (``store.sqlite_time``, not ``strftime``) is the
    text SQLAlchemy's ``DateTime`` writes -- the microseconds there even when they are 0 --
    so the countdowns that read it (``store.event_time``) get the moment back."""
    from datetime import UTC, datetime

    moment = datetime(2026, 3, 4, 5, 6, 7, microsecond, tzinfo=UTC)
    monkeypatch.setattr(store, "now", lambda: moment)
    game_id = _game(engine)
    _append(engine, game_id, 0, seat=0)
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        texts = {r[0] for r in raw.execute(
            "SELECT created_at FROM events WHERE game_id = ? UNION "
            "SELECT waiting_since FROM games WHERE id = ? UNION "
            "SELECT created_at FROM commands WHERE game_id = ?", (game_id, game_id, game_id))}
        assert texts == {moment.strftime("%Y-%m-%d %H:%M:%S.%f")}
        assert store.event_time(conn, game_id, 1) == moment


def _key_rows(engine: Engine, game_id: str) -> list[tuple[Any, ...]]:
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        return raw.execute("SELECT seq, client_id, client_seat, client_last FROM events "
                           "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()


def _applied(engine: Engine, game_id: str, seat: int, client_id: str) -> Any:
    with engine.connect() as conn:
        return store.applied(conn, game_id, seat, client_id)


def test_a_commands_client_id_rides_on_its_first_event_no_statement_of_its_own(
        engine: Engine) -> None:
    game_id = _game(engine)
    ran = _append(engine, game_id, 0, seat=0, client_id="first")
    assert not [s for s in ran if "commands" in s.split()[:3]], ran
    assert [s.split()[:3] for s in ran if s.startswith("INSERT")] == [
        ["INSERT", "INTO", "events"]] * 2  # the two events' rows, one statement
    _append(engine, game_id, 2, seat=1, client_id="second")
    assert _key_rows(engine, game_id) == [(1, "first", 0, 2), (2, None, None, None),
                                          (3, "second", 1, 4), (4, None, None, None)]
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(CommandRow)).scalar_one() == 0
    assert _applied(engine, game_id, 0, "first") == (1, 2)
    assert _applied(engine, game_id, 1, "second") == (3, 4)
    assert _applied(engine, game_id, 1, "first") is None  # another seat's id is not its own
    assert _applied(engine, game_id, 0, "third") is None


def test_a_client_id_used_again_by_its_seat_is_a_conflict_and_appends_nothing(
        engine: Engine) -> None:
    game_id = _game(engine)
    _append(engine, game_id, 0, seat=0, client_id="same")
    with pytest.raises(store.Conflict):
        _append(engine, game_id, 2, seat=0, client_id="same")
    with engine.connect() as conn:
        assert store.head(conn, game_id) == 2
    _append(engine, game_id, 2, seat=1, client_id="same")  # another seat may use it
    assert _applied(engine, game_id, 1, "same") == (3, 4)


def test_a_command_that_made_no_event_keeps_its_key_in_commands(engine: Engine) -> None:
    game_id = _game(engine)
    with writing(engine) as conn:
        store.append(conn, game_id, 0, [], pending=[0], over=False, seat=0, client_id="quiet",
                     pending_before=[0])
    assert _applied(engine, game_id, 0, "quiet") == (1, 0)
    with pytest.raises(store.Conflict), writing(engine) as conn:
        store.append(conn, game_id, 0, [], pending=[0], over=False, seat=0,
                     client_id="quiet", pending_before=[0])


def test_a_key_kept_in_commands_before_migration_0008_is_still_found(engine: Engine) -> None:
    game_id = _game(engine)
    _append(engine, game_id, 0, seat=0, client_id=None)
    _set(engine, insert(CommandRow).values(game_id=game_id, seat=0, client_id="old",
                                           first_seq=1, last_seq=2, created_at=store.now()))
    assert _applied(engine, game_id, 0, "old") == (1, 2)


# --- a group commit's appends as three statements (``store.AppendBatch``) --------------------

# one append: (game, events it makes, seats waited on after it, seat, by a bot, keyed)
AN_APPEND = st.tuples(st.integers(0, 2), st.integers(0, 2),
                      st.lists(st.integers(0, 3), max_size=3, unique=True).map(sorted),
                      st.sampled_from([None, 0, 1, 2, 3]), st.booleans(), st.booleans())


class _Games:
    """Three games and what their next append expects (head, seats waited on)."""

    def __init__(self, engine: Engine) -> None:
        self.ids = [_game(engine) for _ in range(3)]
        self.head = [0, 0, 0]
        self.waited: list[list[int]] = [[0], [0], [0]]
        self.keys = 0

    def append(self, conn: Connection, op: tuple[Any, ...]) -> None:
        game, n, pending, seat, by_bot, keyed = op
        self.keys += 1
        store.append(conn, self.ids[game], self.head[game], _events(self.head[game], n),
                     pending=pending, over=not pending, seat=seat, by_bot=by_bot,
                     client_id=f"k{self.keys}" if keyed else None,
                     pending_before=self.waited[game])
        self.head[game] += n
        self.waited[game] = pending

    def rows(self, engine: Engine) -> list[Any]:
        with engine.connect() as conn:
            raw = conn.connection.driver_connection
            assert isinstance(raw, sqlite3.Connection)
            return [(raw.execute(
                "SELECT seq, type, audience, type_public, v, payload, created_at, actor, "
                "client_id, client_seat, client_last FROM events WHERE game_id = ? "
                "ORDER BY seq", (g,)).fetchall(),
                raw.execute("SELECT seq, over, pending_seats, waiting_since FROM games "
                            "WHERE id = ?", (g,)).fetchall(),
                raw.execute("SELECT seat, wait_since, alerted FROM seats WHERE table_id = ? "
                            "ORDER BY seat", (g,)).fetchall(),
                raw.execute("SELECT seat, client_id, first_seq, last_seq FROM commands "
                            "WHERE game_id = ? ORDER BY rowid", (g,)).fetchall())
                for g in self.ids]


def _batched(engine: Engine, games: _Games, batch: list[tuple[Any, ...]]) -> bool:
    """``batch``'s appends through an ``AppendBatch``; whether its statements moved every
    head (the transaction committed only then)."""
    with writing(engine) as conn:
        raw = conn.connection.driver_connection
        later = store.AppendBatch()
        conn.info[store.APPEND_BATCH] = later
        try:
            for op in batch:
                games.append(conn, op)
        finally:
            del conn.info[store.APPEND_BATCH]
        if store.run_appends(raw, later.statements()):
            return True
        conn.rollback()
        return False


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(AN_APPEND, min_size=1, max_size=6), min_size=1, max_size=4))
def test_a_batchs_appends_write_what_each_append_would_write(
        batches: list[list[tuple[Any, ...]]]) -> None:
    """Group commit, a busy batch's statements in the commit thread: the same appends, each with
    its own statements or all
    of a batch's in three (a game appearing twice in a batch: in two rounds), leave the same
    rows -- events, heads, the seats' waits, the command keys."""
    from datetime import UTC, datetime
    from unittest import mock

    moment = datetime(2026, 11, 27, 18, 0, 0, 123, tzinfo=UTC)
    with tempfile.TemporaryDirectory() as tmp, mock.patch.object(store, "now", lambda: moment):
        seed_sqlite(f"sqlite:///{tmp}/a.db", Path(tmp))
        engine = make_engine(f"sqlite:///{tmp}/a.db")
        try:
            migrate(engine)
            one_by_one, together = _Games(engine), _Games(engine)
            for batch in batches:
                with writing(engine) as conn:
                    for op in batch:
                        one_by_one.append(conn, op)
                assert _batched(engine, together, batch)
            assert one_by_one.rows(engine) == together.rows(engine)
        finally:
            engine.dispose()


def test_a_batch_with_a_refused_append_says_so_and_keeps_nothing(engine: Engine) -> None:
    """A stale head, a table not playing, a seat a bot plays: the batch's statements do not
    say which append was refused, only that one was; the commit thread then rolls back and
    the loop runs each append on its own (``LoopCommitter``), which says why."""
    playing, closed, botted = [_game(engine) for _ in range(3)]
    _set(engine, update(TableRow).where(TableRow.id == closed).values(status="abandoned"))
    _set(engine, update(SeatRow).where(SeatRow.table_id == botted, SeatRow.seat == 1)
         .values(bot=True))
    for game_id, expected, seat in [(playing, 5, 0), (closed, 0, 0), (botted, 0, 1)]:
        games = _Games.__new__(_Games)
        games.ids, games.head, games.waited, games.keys = [playing, game_id], [0, expected], \
            [[0], [0]], 0
        assert not _batched(engine, games, [(0, 1, [0], 0, False, True),
                                            (1, 1, [0], seat, False, True)])
        with engine.connect() as conn:
            assert store.head(conn, playing) == 0  # the others' appends are not kept
    games = _Games.__new__(_Games)
    games.ids, games.head, games.waited, games.keys = [botted], [0], [[0]], 0
    assert _batched(engine, games, [(0, 1, [0], 1, True, True)])  # its bot plays on
    games.keys = 0  # the same client command id again for the same seat
    with pytest.raises(sqlite3.IntegrityError):
        _batched(engine, games, [(0, 1, [0], 1, True, True)])
