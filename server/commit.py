"""Group commit: one writer thread takes every write that is waiting and runs them in one
transaction, with one commit (one fsync on SQLite), off the event loop.

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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, Engine

from .db import writing

log = logging.getLogger("starport.commit")
T = TypeVar("T")

MAX_BATCH = 512  # writes in one transaction at most


@dataclass
class Job(Generic[T]):
    fn: Callable[[Connection], T]
    future: asyncio.Future[T]
    loop: asyncio.AbstractEventLoop


@dataclass
class Stats:
    """What the writer did: for tests and benchmarks."""

    batches: int = 0
    writes: int = 0
    largest: int = 0


def _settle(job: Job[Any], ok: bool, value: Any) -> None:
    """Answer a job's future on its own loop (the writer runs in another thread)."""

    def settle() -> None:
        if job.future.done():  # the waiter went away (cancelled)
            return
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)

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

    def stop(self) -> None:
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join(timeout=30)
            self.thread = None

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(conn)`` in the next group transaction; answer once it is committed."""
        if self.thread is None:
            raise RuntimeError("the writer is not running")
        loop = asyncio.get_running_loop()
        job: Job[T] = Job(fn, loop.create_future(), loop)
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
        for job, ok, value in answers:
            _settle(job, ok, value)

    @staticmethod
    def _one(conn: Connection, job: Job[Any]) -> tuple[Job[Any], bool, Any]:
        try:
            with conn.begin_nested():
                return job, True, job.fn(conn)
        except Exception as exc:
            return job, False, exc
