"""Group commit (``docs/architecture.md``, "The path of a command": appends that arrive together
are committed together, by
a writer that never blocks the event loop; nothing is acknowledged before it is durable).

The writer is held on a gate (a write that waits on a ``threading.Event``) so that appends
from many games are queued behind it at once, as they are under load."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, select

from server import store
from server.commit import LoopCommitter
from server.db import make_engine, reading
from server.models import ChatRow
from server.service import Service

from .conftest import settings_for

FIDDLING = {"SetDrives", "UseGateLock"}


def run(db_url: str, tmp_path: Path, body: Callable[[Service], Awaitable[None]],
        **settings: Any) -> None:
    """``body`` run on a started service (``settings`` as ``settings_for``'s extras)."""
    async def main() -> None:
        service = Service(settings_for(db_url, tmp_path, **settings))
        await service.start()
        try:
            await body(service)
        finally:
            await service.stop()

    asyncio.run(main())


async def started_game(service: Service) -> str:
    def create(conn: Connection) -> str:
        table_id, _ = store.create_table(conn, name="t", ruleset="venus",
                                         options={"edition": "avalon-hill"}, seats=2, bots=[],
                                         turn_timer=None)
        for seat in (0, 1):
            store.update_seat(conn, table_id, seat, name=f"P{seat}", joined_at=store.now())
        return table_id

    table_id = await service.write(create)
    await service.start_game(table_id)
    return table_id


async def next_command(service: Service, game_id: str) -> tuple[int, int, dict[str, Any]]:
    entry = await service.entry(game_id)
    assert entry is not None
    seat = entry.pending_seats()[0]
    legal = [c for c in entry.hosted.ruleset.legal_actions(entry.game.state, seat)
             if c.type not in FIDDLING]
    return seat, entry.seq, legal[0].model_dump(mode="json")


class Gate:
    """Holds the writer's thread until released: a write in the writer thread's transaction
    (``Committer``), or the commit of a write (``LoopCommitter``: SQLite's writes run on the
    loop, only the commit in a thread)."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, conn: Connection | None = None) -> None:
        self.entered.set()
        self.release.wait(10)


async def hold(service: Service) -> tuple[Gate, asyncio.Future[None]]:
    """The writer held on a gate (its batch not yet committed), and that write's answer."""
    gate = Gate()
    committer = service.committer
    if isinstance(committer, LoopCommitter):
        def once() -> None:
            committer.before_commit = None
            gate()

        committer.before_commit = once
        held = asyncio.ensure_future(service.write(lambda conn: None))
    else:
        held = asyncio.ensure_future(service.write(gate))
    await asyncio.to_thread(gate.entered.wait, 10)
    return gate, held


async def queued(service: Service, n: int) -> None:
    deadline = time.monotonic() + 10
    while service.committer.queued() < n:
        assert time.monotonic() < deadline, "the writes never queued"
        await asyncio.sleep(0.005)


def test_appends_from_many_games_arriving_together_share_one_commit(db_url: str,
                                                                   tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        games = [await started_game(service) for _ in range(12)]
        moves = [await next_command(service, g) for g in games]
        gate, held = await hold(service)
        before = service.committer.stats.batches
        submits = [asyncio.ensure_future(service.submit(g, seat, seq, f"c{i}", command))
                   for i, (g, (seat, seq, command)) in enumerate(zip(games, moves, strict=True))]
        await queued(service, len(games))
        assert not any(s.done() for s in submits)  # no ack before the commit
        gate.release.set()
        outcomes = await asyncio.gather(*submits)
        await held
        assert service.committer.stats.batches - before == 2  # the gate's, then all twelve
        assert service.committer.stats.largest >= len(games)
        other = make_engine(service.settings.database_url)  # what a fresh process reads
        try:
            with reading(other) as conn:
                for g, out in zip(games, outcomes, strict=True):
                    assert store.head(conn, g) == out.seq
                    assert [e.seq for e in store.events(conn, "venus", g, after=out.first_seq - 1)
                            ] == list(range(out.first_seq, out.seq + 1))
        finally:
            other.dispose()

    run(db_url, tmp_path, body)


def test_the_event_loop_runs_while_the_writer_commits(db_url: str, tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        gate, held = await hold(service)
        ticks = 0
        start = time.monotonic()
        while time.monotonic() - start < 0.3:  # the writer is busy all this time
            await asyncio.sleep(0.01)
            ticks += 1
        assert not held.done()
        gate.release.set()
        await held
        assert ticks >= 3  # a loop blocked by the commit ticks once (a starved box: < 30)

    run(db_url, tmp_path, body)


def test_a_failing_write_leaves_the_rest_of_its_batch_whole(db_url: str,
                                                           tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        table_id = await started_game(service)
        say = partial(store.add_chat, table_id=table_id, seat=0, name="P0")

        def refused(conn: Connection) -> None:
            store.add_chat(conn, table_id, 0, "P0", "never")
            raise store.Conflict

        gate, held = await hold(service)
        first = asyncio.ensure_future(service.write(partial(say, text="one")))
        bad = asyncio.ensure_future(service.write(refused))
        last = asyncio.ensure_future(service.write(partial(say, text="two")))
        await queued(service, 3)
        gate.release.set()
        await held
        await first
        await last
        with pytest.raises(store.Conflict):
            await bad

        def texts() -> list[str]:
            with reading(service.engine) as conn:
                return [r.text for r in conn.execute(
                    select(ChatRow.text).where(ChatRow.table_id == table_id)
                    .order_by(ChatRow.id))]

        assert texts() == ["one", "two"]

    run(db_url, tmp_path, body)


def test_a_failing_write_alone_in_its_batch_leaves_nothing_and_the_next_commits(
        db_url: str, tmp_path: Path) -> None:
    """A batch of one write runs without a savepoint (``LoopCommitter``): its failure rolls
    the whole transaction back -- none of its statements stays -- and the writes after it
    commit as ever."""

    async def body(service: Service) -> None:
        table_id = await started_game(service)

        def refused(conn: Connection) -> None:
            store.add_chat(conn, table_id, 0, "P0", "never")
            raise store.Conflict

        with pytest.raises(store.Conflict):
            await service.write(refused)
        await service.write(partial(store.add_chat, table_id=table_id, seat=0, name="P0",
                                    text="after"))

        def texts() -> list[str]:
            with reading(service.engine) as conn:
                return [r.text for r in conn.execute(
                    select(ChatRow.text).where(ChatRow.table_id == table_id)
                    .order_by(ChatRow.id))]

        assert texts() == ["after"]

    run(db_url, tmp_path, body)


def test_sqlite_waits_for_another_writer_off_the_loop(sqlite_url: str, tmp_path: Path) -> None:
    """SQLite's writes run on the loop (``LoopCommitter``): while another connection (another
    process, a CLI) holds the write lock, the write waits -- by retrying, never by blocking
    the loop -- and commits once the lock is free."""

    async def body(service: Service) -> None:
        table_id = await started_game(service)
        other = sqlite3.connect(service.engine.url.database or "", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            said = asyncio.ensure_future(service.write(partial(
                store.add_chat, table_id=table_id, seat=0, name="P0", text="waited")))
            ticks = 0
            start = time.monotonic()
            while time.monotonic() - start < 0.3:
                await asyncio.sleep(0.01)
                ticks += 1
            # a loop blocked on the lock would tick once (a starved machine ticks fewer than 30)
            assert ticks >= 3 and not said.done()
        finally:
            other.rollback()
            other.close()
        assert await asyncio.wait_for(said, 10) > 0

    run(sqlite_url, tmp_path, body)
def test_sqlite_commits_run_on_one_thread_of_their_own_which_ends_with_the_writer(
        sqlite_url: str, tmp_path: Path) -> None:
    """``LoopCommitter``'s commits (the fsync) run in order on its one commit thread, fed a
    batch at a time (no executor: no future made and settled per batch); ``close`` waits for
    the writes queued so far and ends the thread; ``start`` makes a new one."""
    threads: list[threading.Thread] = []

    async def body(service: Service) -> None:
        committer = service.committer
        assert isinstance(committer, LoopCommitter)
        committer.before_commit = lambda: threads.append(threading.current_thread())
        table_id = await started_game(service)
        for text in ("one", "two", "three"):
            await service.write(partial(store.add_chat, table_id=table_id, seat=0, name="P0",
                                        text=text))
        assert {t.name for t in threads} == {"db-commit"} and len(set(threads)) == 1
        await committer.close()
        assert not threads[0].is_alive()
        committer.start()
        await service.write(partial(store.add_chat, table_id=table_id, seat=0, name="P0",
                                    text="again"))
        assert threads[-1] is not threads[0] and threads[-1].is_alive()

    run(sqlite_url, tmp_path, body)


def test_a_writer_asks_for_its_loop_once_and_again_on_a_new_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``commit.running_loop``: the writer keeps the loop its callers run on (asking asyncio
    is a ``getpid`` system call on Python 3.11), and asks again when a new loop runs it."""
    import server.commit as commit

    asked: list[object] = []
    real = asyncio.get_running_loop

    def counting() -> asyncio.AbstractEventLoop:
        loop = real()
        asked.append(loop)
        return loop

    monkeypatch.setattr(commit.asyncio, "get_running_loop", counting)
    committer = LoopCommitter(make_engine(f"sqlite:///{tmp_path / 'w.db'}"))
    committer.start()

    def one(conn: Connection) -> int:
        return int(conn.exec_driver_sql("SELECT 1").scalar_one())

    async def writes() -> list[int]:
        return [await committer.run(one) for _ in range(5)]

    try:
        assert asyncio.run(writes()) == [1] * 5
        assert len(asked) == 1  # the first write's, once
        first = asked[0]
        assert asyncio.run(writes()) == [1] * 5  # another loop: asked again, once
        assert len(asked) == 2 and asked[1] is not first
    finally:
        asyncio.run(committer.close())


def test_sqlite_a_batchs_appends_run_in_the_commit_thread_and_a_refused_one_alone(
        sqlite_url: str, tmp_path: Path) -> None:
    """A busy batch (``store.AppendBatch``): the appends of a batch of commands (as
    many as a busy server's, ``defer_from``) write their events, heads and waits in the
    commit thread, three statements for the batch, and none on the event loop. An append
    refused among them (here a stale head) rolls the batch back; it runs again, each write on
    its own: the refused one is told why (``Conflict``), the others commit. A smaller batch
    writes on the loop, as before."""

    async def body(service: Service) -> None:
        committer = service.committer
        assert isinstance(committer, LoopCommitter)
        games = [await started_game(service) for _ in range(committer.defer_from)]
        moves = [await next_command(service, g) for g in games]
        gate, held = await hold(service)
        assert committer.conn is not None
        raw = committer.conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        ran: list[tuple[str, str]] = []
        raw.set_trace_callback(lambda sql: ran.append((threading.current_thread().name,
                                                       sql.split("(")[0].strip())))
        try:
            submits = [asyncio.ensure_future(service.submit(g, seat, seq, f"c{i}", command))
                       for i, (g, (seat, seq, command)) in enumerate(zip(games, moves,
                                                                        strict=True))]
            await queued(service, len(games))
            gate.release.set()
            outcomes = await asyncio.gather(*submits)
            await held
        finally:
            raw.set_trace_callback(None)
        writes = [(thread, sql.split()[:3]) for thread, sql in ran
                  if sql.startswith(("INSERT", "UPDATE"))]
        assert [w for _, w in writes] in (  # the seats' waits when a wait began or ended
            [["UPDATE", "games", "SET"], ["INSERT", "INTO", "events"]],
            [["UPDATE", "games", "SET"], ["UPDATE", "seats", "SET"], ["INSERT", "INTO", "events"]])
        assert {thread for thread, _ in writes} == {"db-commit"}

        # a stale append among fresh ones: told, alone; the others commit
        moves = [await next_command(service, g) for g in games[1:]]
        gate, held = await hold(service)
        entry = await service.entry(games[0])
        assert entry is not None
        again = committer._again
        rerun: list[int] = []

        def counted(*args: Any) -> None:
            rerun.append(len(args[1]))
            again(*args)

        committer._again = counted  # type: ignore[method-assign,assignment]
        stale = asyncio.ensure_future(service.write(partial(
            store.append, game_id=games[0], expected=entry.seq + 7, new=[], pending=[0],
            over=False, seat=None, client_id=None), appends=True))
        submits = [asyncio.ensure_future(service.submit(g, seat, seq, f"d{i}", command))
                   for i, (g, (seat, seq, command)) in enumerate(zip(games[1:], moves,
                                                                    strict=True))]
        await queued(service, len(games))
        gate.release.set()
        later = await asyncio.gather(*submits)
        await held
        with pytest.raises(store.Conflict):
            await stale
        assert rerun == [len(games)]  # the batch's statements said no: each write again
        with reading(service.engine) as conn:
            for g, out in zip([*games, *games[1:]], [*outcomes, *later], strict=True):
                assert store.head(conn, g) >= out.seq
                assert [e.seq for e in store.events(conn, "venus", g, after=out.first_seq - 1,
                                                    until=out.seq)] == list(
                    range(out.first_seq, out.seq + 1))

        # a quiet server's batch of one: its statements on the loop, as before
        seat, seq, command = await next_command(service, games[0])
        ran.clear()
        raw.set_trace_callback(lambda sql: ran.append((threading.current_thread().name, sql)))
        try:
            await service.submit(games[0], seat, seq, "alone", command)
        finally:
            raw.set_trace_callback(None)
        assert {thread for thread, sql in ran if sql.startswith("INSERT INTO events")} == {
            threading.main_thread().name}

    run(sqlite_url, tmp_path, body)
