"""Group commit: every write that is waiting goes into one transaction, with one commit
(one fsync on SQLite) that never blocks the event loop.

Two writers, one interface (``run``, ``start``, ``close``, ``queued``, ``stats``):

- ``Committer`` (PostgreSQL, or SQLite with ``STARPORT_DB_THREADS``): a writer thread runs
  the writes and the commit (a statement waits on the network: never on the loop).
- ``LoopCommitter`` (SQLite): the writes run on the event loop, where SQLite's statements
  answer in microseconds, and only the commit (the fsync) runs in a thread. A writer thread
  running the statements handed the GIL back and forth with the busy loop at every one of
  them (each hand-off waiting up to the switch interval: the "convoy effect", and the
  largest CPU share of the old writer, ``docs/performance.md``). An idle writer starts a
  batch at once with the write that came; while one batch commits, the next gathers, and
  it starts as soon as the commit returned.

A write is a function of a connection, run inside that shared transaction. Should one
write of a batch fail (a lost race, a refused append: rare), the batch is rolled back and
run again with each write in its own savepoint, so the failure leaves the others whole. (A
savepoint for every write would double the statements, and each statement is a hand-off
of the GIL between this thread and the event loop's.) ``await committer.run(fn)`` answers only
after the batch's commit returned: nothing is acknowledged before it is durable.

DESIGN.md ("Server"): "Appends that arrive together are committed together (group commit),
by a writer that never blocks the event loop; nothing is acknowledged before it is durable."
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.exc import OperationalError

from . import latency
from .db import writing

log = logging.getLogger("starport.commit")
T = TypeVar("T")

MAX_BATCH = 512  # writes in one transaction at most


@dataclass
class Job(Generic[T]):
    fn: Callable[[Connection], T]
    future: asyncio.Future[T]
    loop: asyncio.AbstractEventLoop
    trace: dict[str, Any] | None = None  # the command's record (STARPORT_LATENCY_TRACE)
    # run on the loop once the write is committed, right after its future is answered
    # (``run``'s ``after``)
    after: Callable[[T], None] | None = None


@dataclass
class Stats:
    """What the writer did: for tests and benchmarks."""

    batches: int = 0
    writes: int = 0
    largest: int = 0


def _settle(job: Job[Any], ok: bool, value: Any) -> None:
    """Answer a job's future on its own loop (the writer runs in another thread)."""

    def settle() -> None:
        _settle_here(job, ok, value)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        job.loop.call_soon_threadsafe(settle)


class Committer:
    """The one writer of a process (start it with ``start``, stop with ``stop``)."""

    def __init__(self, engine: Engine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.jobs: queue.SimpleQueue[Job[Any] | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.stats = Stats()

    def start(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._loop, name="db-writer", daemon=True)
            self.thread.start()

    async def close(self) -> None:
        """Stop once every write queued so far is committed."""
        if self.thread is not None:
            self.jobs.put(None)
            await asyncio.to_thread(self.thread.join, 30)
            self.thread = None

    def queued(self) -> int:
        """Writes waiting for the writer (not yet in a transaction)."""
        return self.jobs.qsize()

    async def run(self, fn: Callable[[Connection], T],
                  after: Callable[[T], None] | None = None) -> T:
        """Run ``fn(conn)`` in the next group transaction; answer once it is committed
        (``after(value)`` runs on the loop as the answer is given: ``LoopCommitter.run``)."""
        if self.thread is None:
            raise RuntimeError("the writer is not running")
        loop = asyncio.get_running_loop()
        job: Job[T] = Job(fn, loop.create_future(), loop, after=after)
        self.jobs.put(job)
        return await job.future

    # --- the writer thread ----------------------------------------------------------------

    def _loop(self) -> None:
        while True:
            first = self.jobs.get()
            if first is None:
                return
            batch: list[Job[Any]] = [first]
            stopping = False
            while len(batch) < self.max_batch:
                try:
                    nxt = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stopping = True
                    break
                batch.append(nxt)
            self._commit(batch)
            if stopping:
                return

    def _commit(self, batch: list[Job[Any]]) -> None:
        try:
            with writing(self.engine) as conn:
                answers = [(job, True, job.fn(conn)) for job in batch]
        except Exception as exc:
            if len(batch) == 1:
                _settle(batch[0], False, exc)
                return
            self._commit_each(batch)
            return
        except BaseException as exc:  # nothing of the batch is durable
            for job in batch:
                _settle(job, False, exc)
            return
        self._done(answers)

    def _commit_each(self, batch: list[Job[Any]]) -> None:
        """The batch again, each write in its own savepoint (one of them failed)."""
        try:
            with writing(self.engine) as conn:
                answers = [self._one(conn, job) for job in batch]
        except BaseException as exc:  # the commit failed: nothing of the batch is durable
            log.warning("group commit of %d writes failed: %s", len(batch), exc)
            for job in batch:
                _settle(job, False, exc)
            return
        self._done(answers)

    def _done(self, answers: list[tuple[Job[Any], bool, Any]]) -> None:
        batch = len(answers)
        self.stats.batches += 1
        self.stats.writes += batch
        self.stats.largest = max(self.stats.largest, batch)
        loop = answers[0][0].loop if answers else None
        if loop is not None and all(job.loop is loop for job, _, _ in answers):
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle_all, answers)
            return
        for job, ok, value in answers:
            _settle(job, ok, value)

    @staticmethod
    def _one(conn: Connection, job: Job[Any]) -> tuple[Job[Any], bool, Any]:
        try:
            with conn.begin_nested():
                return job, True, job.fn(conn)
        except Exception as exc:
            return job, False, exc


class LoopCommitter:
    """SQLite's writer: the writes of a batch run on the event loop inside one ``BEGIN
    IMMEDIATE`` transaction on a connection of its own; the commit runs in a thread of its
    own. Writes that arrive while a batch commits make the next batch.

    No savepoint per write (two statements a command, on the loop, for a failure that almost
    never comes): should a write fail, the batch is rolled back; a batch of one answers
    that write with its error, a larger one runs again with each write in its own savepoint
    (``careful``), so the failure leaves the others whole, as ``Committer`` does."""

    RETRY = 0.005  # seconds before trying again when another writer holds the database

    def __init__(self, engine: Engine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.waiting: deque[Job[Any]] = deque()
        self.busy = False  # a batch is running or committing (or one is scheduled)
        self.careful = False  # the next batch runs each write in a savepoint (one failed)
        self.conn: Connection | None = None
        # the commit thread and its queue of batches to commit (a plain thread: an executor's
        # ``submit`` made a future, took two locks and a semaphore on the loop per batch, and
        # settled that future in the thread, holding the GIL the loop wants)
        self.thread: threading.Thread | None = None
        self.commits: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self.idle: asyncio.Event | None = None
        self.stats = Stats()
        # called in the commit thread before each commit (tests hold the writer with it)
        self.before_commit: Callable[[], None] | None = None

    def start(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._commits, name="db-commit", daemon=True)
            self.thread.start()

    async def close(self) -> None:
        """Stop once every write queued so far is committed."""
        while self.busy or self.waiting:
            await asyncio.sleep(0.005)
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.thread is not None:
            self.commits.put(None)
            self.thread.join(30)
            self.thread = None

    def queued(self) -> int:
        return len(self.waiting)

    async def run(self, fn: Callable[[Connection], T],
                  after: Callable[[T], None] | None = None) -> T:
        """Run ``fn(conn)`` in the next group transaction; answer once it is committed.

        ``after(value)``, when given, runs on the loop in the turn the commit is answered,
        right after this coroutine's wake-up is queued: what must follow the commit at once
        (the game's new head published, its pushes queued) does not wait a turn of the loop
        for the coroutine to run again (``docs/performance.md``, "The seventh round"). It
        runs only for a write that committed and whose waiter is still there; it must not
        raise (an exception is logged)."""
        if self.thread is None:
            raise RuntimeError("the writer is not running")
        loop = asyncio.get_running_loop()
        job: Job[T] = Job(fn, loop.create_future(), loop, after=after)
        if latency.ON:
            job.trace = latency.current.get()
            latency.mark("queued")
        self.waiting.append(job)
        if not self.busy:  # idle: this write's batch starts now (no turn of the loop lost);
            self.busy = True  # writes that come while it commits make the next batch
            self._next()
        value = await job.future
        if latency.ON:
            latency.mark("resumed")
        return value

    def _connection(self) -> Connection:
        if self.conn is None or self.conn.closed:
            self.conn = self.engine.connect()
            self.conn.info["write"] = True  # BEGIN IMMEDIATE (db.py)
            # never wait on the loop for another writer (another process, a CLI): retry later
            raw = self.conn.connection.driver_connection
            assert raw is not None
            raw.execute("PRAGMA busy_timeout=0")
        return self.conn

    def _next(self) -> None:
        """Run the waiting writes (a batch) and hand their commit to the thread."""
        if not self.waiting or self.thread is None:
            self.busy = False
            return
        loop = asyncio.get_running_loop()
        try:
            conn = self._connection()
            trans = conn.begin()
        except OperationalError:  # the database is locked by another writer: soon again
            if self.conn is not None:
                self.conn.close()
                self.conn = None
            loop.call_later(self.RETRY, self._next)
            return
        batch = [self.waiting.popleft()
                 for _ in range(min(self.max_batch, len(self.waiting)))]
        raw = conn.connection.driver_connection
        assert raw is not None
        if latency.ON:
            _stamp(batch, batch=latency.now(), batch_size=len(batch))
        careful, self.careful = self.careful, False
        try:
            if careful:  # a write of this batch failed before: each in its own savepoint
                answers = [self._one(raw, conn, job) for job in batch]
            else:
                answers = [(job, True, job.fn(conn)) for job in batch]
        except Exception as exc:  # one write failed (rare): the others again, carefully
            with contextlib.suppress(Exception):
                trans.rollback()
            if len(batch) == 1:
                _settle_here(batch[0], False, exc)
            else:
                self.waiting.extendleft(reversed(batch))
                self.careful = True
            loop.call_soon(self._next)
            return
        except BaseException as exc:  # nothing of the batch is durable
            with contextlib.suppress(Exception):
                trans.rollback()
            for job in batch:
                _settle_here(job, False, exc)
            loop.call_soon(self._next)
            raise
        self.commits.put((loop, raw, trans, answers))

    def _commits(self) -> None:
        """The commit thread: commit each batch handed to it, in order, until told to stop."""
        while True:
            item = self.commits.get()
            if item is None:
                return
            try:
                self._commit(*item)
            except BaseException:  # never lose the thread: the next batches still commit
                log.exception("the commit thread failed on a batch")

    @staticmethod
    def _one(raw: Any, conn: Connection, job: Job[Any]) -> tuple[Job[Any], bool, Any]:
        """One write in its own savepoint (the driver's own statements: no GIL hand-off,
        no SQLAlchemy bookkeeping for a savepoint that almost never rolls back)."""
        raw.execute("SAVEPOINT w")
        try:
            value = job.fn(conn)
        except Exception as exc:
            raw.execute("ROLLBACK TO w")
            raw.execute("RELEASE w")
            return job, False, exc
        raw.execute("RELEASE w")
        return job, True, value

    def _commit(self, loop: asyncio.AbstractEventLoop, raw: Any, trans: RootTransaction,
                answers: list[tuple[Job[Any], bool, Any]]) -> None:
        """In the commit thread: commit, then hand the outcome straight to the loop (one
        ``call_soon_threadsafe``; an executor's future would cost the loop a second turn
        before the waiting commands could go on: docs/performance.md, "The fourth round").

        The commit is the driver's own (``sqlite3.Connection.commit``: C, which lets go of
        the GIL for the COMMIT and its fsync); SQLAlchemy's bookkeeping of the transaction
        runs on the loop afterwards (``_committed``). This thread holds the GIL as briefly as
        it can, before and after the fsync: each time it needs it while the loop computes, it
        waits for the loop to let go (up to the switch interval)."""
        exc: BaseException | None = None
        started = ended = 0.0
        try:
            if self.before_commit is not None:
                self.before_commit()
            started = latency.now()
            raw.commit()
            ended = latency.now()
        except BaseException as error:  # handed to the loop: nothing of the batch is durable
            exc = error
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(self._committed, exc, (started, ended), trans, answers)

    def _committed(self, exc: BaseException | None, times: tuple[float, float],
                   trans: RootTransaction, answers: list[tuple[Job[Any], bool, Any]]) -> None:
        """On the loop: answer the batch's writes, then start the next batch."""
        if latency.ON and exc is None:
            _stamp([job for job, _, _ in answers], commit_start=times[0],
                   commit_end=times[1], committed=latency.now())
        if exc is not None:  # the commit failed: nothing of the batch is durable
            log.warning("group commit of %d writes failed: %s", len(answers), exc)
            with contextlib.suppress(Exception):
                trans.rollback()
            if self.conn is not None:
                with contextlib.suppress(Exception):
                    self.conn.close()
                self.conn = None
            for job, _, _ in answers:
                _settle_here(job, False, exc)
        else:
            try:  # SQLAlchemy's side of it (the driver's commit is done: nothing to send)
                trans.commit()
            except Exception:  # durable already: the writes are answered all the same
                log.exception("closing a committed transaction failed")
                if self.conn is not None:
                    with contextlib.suppress(Exception):
                        self.conn.close()
                    self.conn = None
            self.stats.batches += 1
            self.stats.writes += len(answers)
            self.stats.largest = max(self.stats.largest, len(answers))
            _settle_all(answers)
        self._next()


def _stamp(jobs: list[Job[Any]], **stamps: Any) -> None:
    """Note when the batch of these jobs reached a step (``STARPORT_LATENCY_TRACE``)."""
    for job in jobs:
        if job.trace is not None:
            job.trace.update(stamps)


def _settle_here(job: Job[Any], ok: bool, value: Any) -> None:
    """Answer a job's future (on its own loop's thread), then run its ``after``."""
    _settle_all([(job, ok, value)])


def _settle_all(answers: list[tuple[Job[Any], bool, Any]]) -> None:
    """Answer the jobs' futures (on their loop's thread), then run their ``after`` steps:
    every waiter's wake-up is queued before whatever an ``after`` queues (a game's direct
    push, ``hub.Hub._game_moved``, finds the ack its command's coroutine leaves)."""
    done = []
    for job, ok, value in answers:
        if job.future.done():  # the waiter went away (cancelled)
            continue
        if ok:
            job.future.set_result(value)
            if job.after is not None:
                done.append((job.after, value))
        else:
            job.future.set_exception(value)
    for after, value in done:
        try:
            after(value)
        except Exception:  # the caller's own to report (``run``): never the writer's
            log.exception("a write's after-commit step failed")
