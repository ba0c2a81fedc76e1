"""Rate-limit counters in PostgreSQL, so that every server process counts the same hits
(``docs/operations.md``, PostgreSQL and several processes). The ``limits`` library has no
PostgreSQL storage (Redis, Memcached,
MongoDB only); one upsert per allowed hit in a table every process sees does the same with
the database the deployment already has. Fixed windows: at most twice the limit can pass
across a window's boundary, which is what a limit against floods needs."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import psycopg

from . import store
from .db import writing
from .hub import libpq_dsn
from .service import Service

PRUNE_EVERY = 60.0  # seconds between two deletions of finished windows
KEEP = 3600  # seconds of windows kept (longer than any limit's period)


class DbCounts:
    """The shared counters: each hit one statement on a connection of their own (autocommit,
    psycopg's prepared statement), so a hit costs one round trip and no pool checkout or
    isolation-level reset; through the engine's pool when that connection is lost."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.pruned = 0.0
        self.conn: Any = None  # psycopg.Connection, autocommit, made on first use
        self.lock = threading.Lock()  # one hit at a time on it (they come from db threads)

    async def hit(self, key: str, period: int) -> int:
        now = time.time()
        window = int(now // period * period)
        prune = now - self.pruned > PRUNE_EVERY
        if prune:
            self.pruned = now

        def count() -> int:
            if prune:
                with writing(self.service.engine) as conn:
                    store.prune_counters(conn, int(now) - KEEP)
            fast = self._fast(key, window)
            if fast is not None:
                return fast
            # one round trip, a commit that waits for no disk (``store.COUNT_HIT_SQL``); it
            # was a transaction of three round trips and a durable commit per request
            with self.service.engine.connect().execution_options(
                    isolation_level="AUTOCOMMIT") as conn:
                return store.count_hit(conn, key, window)

        return await self.service.db(count)

    def _fast(self, key: str, window: int) -> int | None:
        """The hit on the counters' own connection; None when it cannot be had (then the
        engine's pool answers, or raises the usual database error: 503)."""
        with self.lock:
            try:
                if self.conn is None or self.conn.closed:
                    self.conn = psycopg.connect(libpq_dsn(self.service.engine.url),
                                                autocommit=True)
                row = self.conn.execute(store.COUNT_HIT_SQL, (key, window)).fetchone()
                return int(row[0])
            except psycopg.Error:
                self.close()
                return None

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
            self.conn = None
