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

``docs/architecture.md`` ("The path of a command"): appends that arrive together are committed
together (group commit), by a writer that never blocks the event loop; nothing is acknowledged
before it is durable.
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

import psycopg
from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.exc import OperationalError

from .db import connection_gone
from .store import APPEND_BATCH, AppendBatch, run_appends

log = logging.getLogger("starport.commit")
T = TypeVar("T")

MAX_BATCH = 512  # writes in one transaction at most
# SQLite: the appends of a batch of at least this many writes leave their statements to the
# commit thread (``store.AppendBatch``). A batch that large gathered while the one before
# committed: the loop is busy, and what it saves (two or three statements an append) is worth
# the commit thread's extra work and GIL hand-offs; a quiet server's batches of one or two
# write the old way (docs/performance.md, "The levers").
DEFER_FROM = 8


@dataclass
class Job(Generic[T]):
    fn: Callable[[Connection], T]
    future: asyncio.Future[T]
    loop: asyncio.AbstractEventLoop
    # an append whose statements may wait for the batch's commit (``store.AppendBatch``):
    # the write runs no other statement that reads what an append writes
    appends: bool = False


@dataclass
class Stats:
    """What the writer did: for tests and benchmarks."""

    batches: int = 0
    writes: int = 0
    largest: int = 0


def running_loop(cached: asyncio.AbstractEventLoop | None) -> asyncio.AbstractEventLoop:
    """The loop running this coroutine: ``cached`` while it runs (a writer serves one loop;
    ``asyncio.get_running_loop`` makes a ``getpid`` system call on Python 3.11, and a
    writer asked it once or twice a command), else asked anew (a test's next loop)."""
    if cached is not None and cached.is_running():
        return cached
    return asyncio.get_running_loop()


def _answer_from_thread(answers: list[tuple[Job[Any], bool, Any]]) -> None:
    """Answer a batch's jobs on their own loops (the writer runs in another thread): one
    ``call_soon_threadsafe`` per loop, not one per job (each wakes the loop)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Job[Any], bool, Any]]] = {}
    for answer in answers:
        by_loop.setdefault(answer[0].loop, []).append(answer)
    for loop, some in by_loop.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_settled, some)


def _settled(answers: list[tuple[Job[Any], bool, Any]]) -> None:
    for job, ok, value in answers:
        _settle_here(job, ok, value)


def _fail_all(batch: list[Job[Any]], exc: BaseException) -> None:
    _answer_from_thread([(job, False, exc) for job in batch])


class Committer:
    """The one writer of a process (start it with ``start``, stop with ``stop``).

    It keeps one connection of its own (PostgreSQL: no pool checkout per batch, which was a
    pre-ping round trip; each round trip is a wait for the network,
    then for the GIL to come back from the busy event loop). A connection found dead when a
    batch runs its writes (the database restarted) is replaced and the batch runs again
    once: nothing of it was committed. A commit that fails answers its writes with the error
    (it may or may not have reached the disk; nothing was acknowledged)."""

    def __init__(self, engine: Engine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.jobs: queue.SimpleQueue[Job[Any] | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.conn: Connection | None = None  # the writer thread's own
        # PostgreSQL: a batch's BEGIN, appends and COMMIT in one round trip (``_batched``)
        self.piped = engine.dialect.name == "postgresql"
        self.pending: list[str] = []  # statements not sent yet (PostgreSQL)
        self.stats = Stats()
        self.loop: asyncio.AbstractEventLoop | None = None  # the callers' (``running_loop``)

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

    async def run(self, fn: Callable[[Connection], T], appends: bool = False) -> T:
        """Run ``fn(conn)`` in the next group transaction; answer once it is committed."""
        if self.thread is None:
            raise RuntimeError("the writer is not running")
        loop = self.loop = running_loop(self.loop)
        job: Job[T] = Job(fn, loop.create_future(), loop)
        self.jobs.put(job)
        return await job.future

    # --- the writer thread ----------------------------------------------------------------

    def _loop(self) -> None:
        try:
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
                try:
                    self._commit(batch)
                except Exception as exc:  # never a dead writer: these writes fail, the next run
                    log.exception("the writer failed a batch")
                    self._drop()
                    _fail_all(batch, exc)
                if stopping:
                    return
        finally:
            self._drop()

    def _connection(self) -> Connection:
        if self.piped and self.conn is not None and _gone(self.conn):
            self._drop()
        if self.conn is None or self.conn.closed or self.conn.invalidated:
            self._drop()
            conn = self.engine.connect()  # checked alive by the pool (db.py): once a connection
            conn.info["write"] = True  # BEGIN IMMEDIATE on SQLite (db.py)
            if self.piped:
                _batched(conn, self.pending)
            self.conn = conn
        return self.conn

    def _drop(self) -> None:
        if self.conn is not None:
            self.pending.clear()
            if self.piped:
                with contextlib.suppress(Exception):
                    _unbatched(self.conn)
            with contextlib.suppress(Exception):
                self.conn.close()
            self.conn = None

    def _commit(self, batch: list[Job[Any]], again: bool = True) -> None:
        try:
            conn = self._connection()
        except Exception as exc:  # the database is unreachable: these writes fail
            log.warning("the writer cannot connect: %s", exc)
            _fail_all(batch, exc)
            return
        sent_commit = False
        try:
            if self.piped:  # sent with the batch's first statement
                self.pending[:] = ["BEGIN"]
                conn.info[APPEND_LATER] = self.pending
            trans = conn.begin()
            answers = [(job, True, job.fn(conn)) for job in batch]
            if self.piped:  # the commit in the same round trip as the appends
                del conn.info[APPEND_LATER]
                sent_commit = True
                if self.pending == ["BEGIN"]:  # nothing ran: nothing to send
                    self.pending.clear()
                else:
                    self.pending.append("COMMIT")
                    _send(_raw(conn), self.pending)
        except Exception as exc:
            lost = self._rollback(conn)
            if lost and sent_commit:  # the commit's outcome is unknown: not acknowledged
                log.warning("group commit of %d writes failed: %s", len(batch), exc)
                _fail_all(batch, exc)
            elif lost and again:  # the connection died before the commit: nothing committed
                log.warning("the writer's connection was lost (%s): reconnecting", exc)
                self._commit(batch, again=False)
            elif len(batch) == 1 and not self.piped:
                _fail_all(batch, exc)
            else:  # piped: which write failed shows only when each runs alone
                self._commit_each(batch)
            return
        except BaseException as exc:  # nothing of the batch is durable
            self._rollback(conn)
            _fail_all(batch, exc)
            return
        self._finish(trans, [job for job, _, _ in answers], answers)

    def _commit_each(self, batch: list[Job[Any]]) -> None:
        """The batch again, each write in its own savepoint (one of them failed)."""
        try:
            conn = self._connection()
            if self.piped:  # sent with the first statement; each write's own, one by one
                self.pending[:] = ["BEGIN"]
            trans = conn.begin()
            answers = [self._one(conn, job) for job in batch]
        except BaseException as exc:
            if self.conn is not None:
                self._rollback(self.conn)
            log.warning("group commit of %d writes failed: %s", len(batch), exc)
            _fail_all(batch, exc)
            return
        self._finish(trans, batch, answers)

    def _finish(self, trans: RootTransaction, batch: list[Job[Any]],
                answers: list[tuple[Job[Any], bool, Any]]) -> None:
        """Commit (piped: close SQLAlchemy's side of a transaction committed already), then
        answer the batch's writes (all with the error if the commit failed)."""
        try:
            trans.commit()
            self.pending.clear()  # a BEGIN never sent (a batch that ran no statement)
        except BaseException as exc:  # not acknowledged: the writes answer with the error
            log.warning("group commit of %d writes failed: %s", len(answers), exc)
            self._drop()
            _fail_all(batch, exc)
            return
        self.stats.batches += 1
        self.stats.writes += len(answers)
        self.stats.largest = max(self.stats.largest, len(answers))
        _answer_from_thread(answers)

    def _rollback(self, conn: Connection) -> bool:
        """Roll the batch back; True if the connection is lost (then dropped)."""
        self.pending.clear()  # never sent
        conn.info.pop(APPEND_LATER, None)
        with contextlib.suppress(Exception):
            conn.rollback()
            if self.piped:  # a BEGIN of its own, which SQLAlchemy may not know of
                _raw(conn).rollback()
        if conn.invalidated or conn.closed or _broken(conn):
            self._drop()
            return True
        return False

    @staticmethod
    def _one(conn: Connection, job: Job[Any]) -> tuple[Job[Any], bool, Any]:
        try:
            with conn.begin_nested():
                return job, True, job.fn(conn)
        except Exception as exc:
            return job, False, exc


# --- PostgreSQL: a batch in one round trip ---------------------------------------------------
#
# Each statement the writer thread runs is a wait for the network, then a wait for the GIL
# to come back from the busy event loop (up to the switch interval, each time): a batch of
# two appends was five of them (BEGIN, two appends, COMMIT, and the pool's pre-ping), ~2.5 ms
# under load (docs/performance.md, "The levers"). Now a batch whose
# writes are appends is one: ``store.append`` does not run its statement but leaves it, bound
# client-side, in the batch's list (``conn.info[APPEND_LATER]``), and the writer sends
# ``BEGIN; <the appends>; COMMIT`` as one simple query.
#
# So that nothing runs outside that transaction, the writer's psycopg connection is in the
# driver's autocommit mode (psycopg sends no BEGIN of its own) and its cursors
# (``_writer_cursor``: SQLAlchemy's and the driver's own ``execute`` alike) first send what
# the list holds -- the BEGIN at least -- then their statement. An error (a refused append)
# stops the rest of the string, the COMMIT too: the batch is rolled back and runs again with
# each write in a savepoint and its statements one at a time, so each write gets its own
# answer, as before. A COMMIT that fails rolls back: the same. A connection lost while the
# COMMIT was on its way leaves the outcome unknown: those writes answer with the error.

APPEND_LATER = "append_later"  # conn.info key read by ``store.append`` (PostgreSQL)


def _raw(conn: Connection) -> Any:
    raw = conn.connection.driver_connection
    assert raw is not None
    return raw


def _send(raw: Any, pending: list[str]) -> None:
    """Send the statements waiting in ``pending`` as one simple query (one round trip)."""
    if pending:
        text = "; ".join(pending)
        pending.clear()
        psycopg.Cursor(raw).execute(text, prepare=False)


def _writer_cursor(pending: list[str]) -> Any:
    """A cursor class whose statements follow what waits in ``pending`` (the BEGIN)."""
    class WriterCursor(psycopg.Cursor):
        def execute(self, query: Any, params: Any = None, *, prepare: bool | None = None,
                    binary: bool | None = None) -> Any:
            _send(self.connection, pending)
            return super().execute(query, params, prepare=prepare, binary=binary)

        def executemany(self, query: Any, params_seq: Any, *, returning: bool = False
                        ) -> None:
            _send(self.connection, pending)
            super().executemany(query, params_seq, returning=returning)

    return WriterCursor


def _batched(conn: Connection, pending: list[str]) -> None:
    """Make ``conn`` (the writer's own) send its statements after ``pending``
    (``_unbatched`` undoes it before the connection goes back to the pool)."""
    raw = _raw(conn)
    if raw.info.transaction_status != 0:  # not idle (psycopg.pq.TransactionStatus.IDLE)
        raw.rollback()
    raw.autocommit = True
    conn.info["default_cursor_factory"] = raw.cursor_factory
    raw.cursor_factory = _writer_cursor(pending)


def _unbatched(conn: Connection) -> None:
    try:
        raw = _raw(conn)
        raw.rollback()
        raw.autocommit = False
        raw.cursor_factory = conn.info.pop("default_cursor_factory")
    except Exception:  # cannot be made as it was: thrown away, not pooled
        conn.invalidate()


def _gone(conn: Connection) -> bool:
    """Whether the database dropped this idle connection (``db.connection_gone``: no round
    trip). Caught here, before a batch is sent, the batch runs on a fresh connection; caught
    after, while the COMMIT was on its way, the batch's outcome would be unknown and its
    writes would fail."""
    try:
        return connection_gone(_raw(conn))
    except Exception:
        return True


def _broken(conn: Connection) -> bool:
    try:
        raw = conn.connection.driver_connection
    except Exception:
        return True
    return bool(getattr(raw, "closed", False) or getattr(raw, "broken", False))


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
        self.defer_from = DEFER_FROM
        self.conn: Connection | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the callers' (``running_loop``)
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

    async def run(self, fn: Callable[[Connection], T], appends: bool = False) -> T:
        """Run ``fn(conn)`` in the next group transaction; answer once it is committed.
        ``appends``: ``fn``'s appends may leave their statements to the commit thread
        (``Job.appends``)."""
        if self.thread is None:
            raise RuntimeError("the writer is not running")
        loop = self.loop = running_loop(self.loop)
        job: Job[T] = Job(fn, loop.create_future(), loop, appends=appends)
        self.waiting.append(job)
        if not self.busy:  # idle: this write's batch starts now (no turn of the loop lost);
            self.busy = True  # writes that come while it commits make the next batch
            self._next()
        return await job.future

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
        loop = self.loop = running_loop(self.loop)
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
        careful, self.careful = self.careful, False
        later = AppendBatch() if (not careful and len(batch) >= self.defer_from
                                  and all(job.appends for job in batch)) else None
        if later is not None:  # the appends' statements run in the commit thread
            conn.info[APPEND_BATCH] = later
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
                self._carefully(batch)
            loop.call_soon(self._next)
            return
        except BaseException as exc:  # nothing of the batch is durable
            with contextlib.suppress(Exception):
                trans.rollback()
            for job in batch:
                _settle_here(job, False, exc)
            loop.call_soon(self._next)
            raise
        finally:
            conn.info.pop(APPEND_BATCH, None)
        self.commits.put((loop, raw, trans, answers,
                          None if later is None else later.statements()))

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
                answers: list[tuple[Job[Any], bool, Any]],
                later: list[tuple[str, str, int | None]] | None) -> None:
        """In the commit thread: the batch's appends (``later``), then the commit, then hand
        the outcome straight to the loop (one ``call_soon_threadsafe``; an executor's future
        would cost the loop a second turn before the waiting commands could go on:
        docs/performance.md, "The levers"). Should an append be refused (or its
        statements fail), the batch is rolled back here and the loop runs it again
        carefully (``_again``): nothing of it was committed.

        The commit is the driver's own (``sqlite3.Connection.commit``: C, which lets go of
        the GIL for the COMMIT and its fsync); SQLAlchemy's bookkeeping of the transaction
        runs on the loop afterwards (``_committed``). This thread holds the GIL as briefly as
        it can, before and after the fsync: each time it needs it while the loop computes, it
        waits for the loop to let go (up to the switch interval)."""
        exc: BaseException | None = None
        try:
            if self.before_commit is not None:
                self.before_commit()
            if later is not None and not self._appended(raw, later):
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._again, trans, answers)
                return
            raw.commit()
        except BaseException as error:  # handed to the loop: nothing of the batch is durable
            exc = error
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(self._committed, exc, trans, answers)

    @staticmethod
    def _appended(raw: Any, later: list[tuple[str, str, int | None]]) -> bool:
        """Run the batch's appends (``AppendBatch.statements``); False (the batch rolled
        back) if one was refused or their statements failed (a key used again, say): which
        one, and why, shows when each runs on its own."""
        try:
            if run_appends(raw, later):
                return True
        except Exception:
            log.info("a batch's appends failed together: each again on its own", exc_info=True)
        raw.rollback()
        return False

    def _again(self, trans: RootTransaction, answers: list[tuple[Job[Any], bool, Any]]) -> None:
        """On the loop: a batch whose appends were refused, rolled back in the commit
        thread, runs again with each write in its own savepoint."""
        with contextlib.suppress(Exception):
            trans.rollback()  # SQLAlchemy's side (the driver's is rolled back)
        self._carefully([job for job, _, _ in answers])
        self._next()

    def _carefully(self, batch: list[Job[Any]]) -> None:
        """``batch`` first again, in the next batch, each write in its own savepoint."""
        self.waiting.extendleft(reversed(batch))
        self.careful = True

    def _committed(self, exc: BaseException | None, trans: RootTransaction,
                   answers: list[tuple[Job[Any], bool, Any]]) -> None:
        """On the loop: answer the batch's writes, then start the next batch."""
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
            for job, ok, value in answers:
                _settle_here(job, ok, value)
        self._next()


def _settle_here(job: Job[Any], ok: bool, value: Any) -> None:
    """Answer a job's future (on its own loop's thread)."""
    if job.future.done():  # the waiter went away (cancelled)
        return
    if ok:
        job.future.set_result(value)
    else:
        job.future.set_exception(value)
