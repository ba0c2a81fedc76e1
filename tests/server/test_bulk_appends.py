"""A run of appends in one group commit is written by a handful of set-based statements
(``store.append_many``, SQLite). Each command must still get exactly the answer, and the
database exactly the rows, that ``store.append`` one at a time gives: the property test runs
random batches (heads that moved, closed tables, bot seats, command ids used twice, a game
twice in a batch) both ways and compares."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, text, update

from engine.kernel import Audience, Event
from server import store
from server.commit import Job, LoopCommitter
from server.db import make_engine, migrate, writing
from server.models import SeatRow, TableRow

GAMES = 6
SEATS = 3


def _database(path: Path, closed: set[int], bots: set[tuple[int, int]]) -> tuple[Engine, list[str]]:
    """``GAMES`` games at head 2 (the first with seats 0 and 1 waited on since the start),
    tables ``closed`` over and seats ``bots`` played by bots; the same ids every time."""
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    games = [f"g{i}" for i in range(GAMES)]
    with writing(engine) as conn:
        for i, game_id in enumerate(games):
            with patch.object(store, "new_id", return_value=game_id):
                store.create_table(conn, name="t", ruleset="venus", options={}, seats=SEATS,
                                   bots=[], turn_timer=None)
            conn.execute(update(TableRow).where(TableRow.id == game_id)
                         .values(status="over" if i in closed else "playing"))
            for s in range(SEATS):
                if (i, s) in bots:
                    conn.execute(update(SeatRow).where(SeatRow.table_id == game_id,
                                                       SeatRow.seat == s).values(bot=True))
            store.create_game(conn, game_id, "venus", "seed",
                              [Event(seq=1, type="Start"), Event(seq=2, type="Deal")],
                              [0, 1] if i == 0 else [], over=False)
    return engine, games


@st.composite
def batches(draw: Any) -> tuple[set[int], set[tuple[int, int]], list[dict[str, Any]]]:
    closed = draw(st.sets(st.integers(0, GAMES - 1), max_size=1))
    bots = draw(st.sets(st.tuples(st.integers(0, GAMES - 1), st.integers(0, SEATS - 1)),
                        max_size=6))
    heads = [2] * GAMES
    appends = []
    # mostly each game once (the run goes the set-based way), sometimes a game twice
    order = draw(st.one_of(st.lists(st.integers(0, GAMES - 1), min_size=2, max_size=GAMES,
                                    unique=True),
                           st.lists(st.integers(0, GAMES - 1), min_size=2, max_size=8)))
    for g in order:
        expected = heads[g] - draw(st.sampled_from([0] * 8 + [1]))  # 1: the head moved on
        n = draw(st.integers(0, 3))
        seat = draw(st.one_of(st.none(), st.integers(0, SEATS - 1)))
        audience = draw(st.sampled_from([Audience(), Audience(kind="seats", seats=(1,))]))
        appends.append({
            "game": g, "expected": expected,
            "new": [Event(seq=expected + k + 1, type=f"E{k}", data={"k": k, "é": [1.5, None]},
                          audience=audience, type_public=bool(k % 2), actor=seat if k == 0
                          else None) for k in range(n)],
            "pending": draw(st.lists(st.integers(0, SEATS - 1), unique=True, max_size=SEATS)),
            "pending_before": draw(st.one_of(st.none(), st.lists(
                st.integers(0, SEATS - 1), unique=True, max_size=SEATS))),
            "over": draw(st.booleans()), "seat": seat,
            "client_id": draw(st.one_of(st.none(), st.sampled_from(["a", "b", "c", "d"]))),
            "by_bot": draw(st.booleans())})
        if expected == heads[g]:
            heads[g] = expected + n
    return closed, bots, appends


def _appends(games: list[str], spec: list[dict[str, Any]]) -> list[store.Append]:
    return [store.Append(games[a["game"]], a["expected"], a["new"], a["pending"], a["over"],
                         a["seat"], a["client_id"], a["by_bot"], a["pending_before"])
            for a in spec]


def _rows(conn: Connection) -> dict[str, Sequence[Any]]:
    """Everything an append writes, but the times (one ``now()`` a batch, not a command)."""
    return {
        "games": conn.execute(text("SELECT id, seq, over, pending_seats, waiting_since IS NULL "
                                   "FROM games ORDER BY id")).all(),
        "events": conn.execute(text("SELECT game_id, seq, type, audience, type_public, v, "
                                    "payload, actor FROM events ORDER BY game_id, seq")).all(),
        "commands": conn.execute(text("SELECT game_id, seat, client_id, first_seq, last_seq "
                                      "FROM commands ORDER BY game_id, seat, client_id")).all(),
        "seats": conn.execute(text("SELECT table_id, seat, wait_since IS NULL, alerted "
                                   "FROM seats ORDER BY table_id, seat")).all(),
    }


def _one_by_one(conn: Connection, appends: list[store.Append]) -> list[str]:
    """``append`` per command, each in a savepoint: the answers (an exception's name)."""
    answers = []
    for a in appends:
        try:
            with conn.begin_nested():
                a(conn)
            answers.append("ok")
        except Exception as exc:
            answers.append(type(exc).__name__)
    return answers


def _bulk(conn: Connection, appends: list[store.Append]) -> tuple[list[str], LoopCommitter]:
    """The group commit's way: the whole run through ``LoopCommitter._writes``."""
    loop = asyncio.new_event_loop()
    try:
        jobs: list[Job[Any]] = [Job(a, loop.create_future(), loop) for a in appends]
        committer = LoopCommitter(conn.engine)
        raw = conn.connection.driver_connection
        answers = committer._writes(raw, conn, jobs)
    finally:
        loop.close()
    assert [job for job, _, _ in answers] == jobs
    return ["ok" if ok else type(value).__name__ for _, ok, value in answers], committer


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=batches())
def test_a_batch_of_appends_at_once_gives_each_its_answer_and_the_same_rows(
        case: tuple[set[int], set[tuple[int, int]], list[dict[str, Any]]],
        tmp_path_factory: Any) -> None:
    closed, bots, spec = case
    where = tmp_path_factory.mktemp("bulk")
    one, games = _database(where / "one.db", closed, bots)
    bulk, _ = _database(where / "bulk.db", closed, bots)
    try:
        with writing(one) as conn:
            expected = _one_by_one(conn, _appends(games, spec))
            want = _rows(conn)
        with writing(bulk) as conn:
            answers, committer = _bulk(conn, _appends(games, spec))
            got = _rows(conn)
    finally:
        one.dispose()
        bulk.dispose()
    assert answers == expected
    assert got == want
    assert committer.stats.bulk + committer.stats.bulk_fallbacks > 0
    event(f"bulk {'written' if committer.stats.bulk else 'refused'}")


def test_a_clean_run_of_appends_takes_the_set_based_statements(tmp_path: Path) -> None:
    engine, games = _database(tmp_path / "db", set(), set())
    spec = [{"game": g, "expected": 2, "new": [Event(seq=3, type="Moved", actor=1)],
             "pending": [1], "pending_before": [0, 1] if g == 0 else [], "over": False,
             "seat": 1, "client_id": f"c{g}", "by_bot": False} for g in range(GAMES)]
    try:
        with writing(engine) as conn:
            answers, committer = _bulk(conn, _appends(games, spec))
            rows = _rows(conn)
    finally:
        engine.dispose()
    assert answers == ["ok"] * GAMES
    assert (committer.stats.bulk, committer.stats.bulk_fallbacks) == (GAMES, 0)
    assert [(r[0], r[1], r[3]) for r in rows["games"]] == [(g, 3, "[1]") for g in games]
    assert [(r[0], r[1]) for r in rows["events"] if r[1] == 3] == [(g, 3) for g in games]
    assert [tuple(r) for r in rows["commands"]] == [(g, 1, f"c{i}", 3, 3)
                                                    for i, g in enumerate(games)]
    # seat 1 waited on in every game now; seat 0's wait in the first game ended
    assert [(r[0], r[1]) for r in rows["seats"] if not r[2]] == [(g, 1) for g in games]


def test_one_refused_append_in_a_run_is_answered_alone(tmp_path: Path) -> None:
    engine, games = _database(tmp_path / "db", {2}, set())
    spec = [{"game": g, "expected": 1 if g == 1 else 2,
             "new": [Event(seq=3 if g != 1 else 2, type="Moved")], "pending": [],
             "pending_before": [], "over": False, "seat": 0, "client_id": None,
             "by_bot": False} for g in range(3)]
    try:
        with writing(engine) as conn:
            answers, committer = _bulk(conn, _appends(games, spec))
            rows = _rows(conn)
    finally:
        engine.dispose()
    assert answers == ["ok", "Conflict", "TableClosed"]
    assert committer.stats.bulk_fallbacks == 1
    assert [(r[0], r[1]) for r in rows["games"]][:3] == [("g0", 3), ("g1", 2), ("g2", 2)]


def test_a_player_command_for_a_bot_seat_in_a_run_is_refused_alone(tmp_path: Path) -> None:
    engine, games = _database(tmp_path / "db", set(), {(1, 0)})
    spec = [{"game": g, "expected": 2, "new": [Event(seq=3, type="Moved")], "pending": [],
             "pending_before": [], "over": False, "seat": 0, "client_id": None,
             "by_bot": g == 2} for g in range(3)]
    try:
        with writing(engine) as conn:
            answers, committer = _bulk(conn, _appends(games, spec))
    finally:
        engine.dispose()
    assert answers == ["ok", "SeatPlayedByBot", "ok"]
    assert committer.stats.bulk_fallbacks == 1


def test_the_commit_thread_runs_a_batch_of_appends_and_answers_each(tmp_path: Path) -> None:
    """The group commit (``LoopCommitter``) holds three appends behind a commit, then writes
    them as one run in its commit thread: the refused ones get their own answers, the other
    is committed."""
    engine, games = _database(tmp_path / "db", {2}, set())
    spec = [{"game": g, "expected": 1 if g == 1 else 2,
             "new": [Event(seq=3 if g != 1 else 2, type="Moved")], "pending": [1],
             "pending_before": [0], "over": False, "seat": 0, "client_id": f"c{g}",
             "by_bot": False} for g in range(3)]

    async def main() -> list[str]:
        committer = LoopCommitter(engine)
        committer.appends_in_thread = True
        committer.start()
        gate = threading.Event()

        def once() -> None:  # the first commit waits for the gate
            committer.before_commit = None
            gate.wait(10)

        committer.before_commit = once
        held = asyncio.ensure_future(committer.run(lambda conn: None))
        await asyncio.sleep(0.05)
        runs = [asyncio.ensure_future(committer.run(a)) for a in _appends(games, spec)]
        await asyncio.sleep(0.05)
        assert committer.queued() == 3
        gate.set()
        await held
        answers = await asyncio.gather(*runs, return_exceptions=True)
        assert committer.stats.bulk_fallbacks == 1
        await committer.close()
        return ["ok" if a is None else type(a).__name__ for a in answers]

    try:
        assert asyncio.run(main()) == ["ok", "Conflict", "TableClosed"]
        with writing(engine) as conn:
            rows = _rows(conn)
    finally:
        engine.dispose()
    assert [(r[0], r[1]) for r in rows["games"]][:3] == [("g0", 3), ("g1", 2), ("g2", 2)]
    assert [tuple(r) for r in rows["commands"]] == [("g0", 0, "c0", 3, 3)]
