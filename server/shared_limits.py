"""Rate-limit counters in PostgreSQL, so that every server process counts the same hits
(issue 15, item 10). The ``limits`` library has no PostgreSQL storage (Redis, Memcached,
MongoDB only); one upsert per allowed hit in a table every process sees does the same with
the database the deployment already has. Fixed windows: at most twice the limit can pass
across a window's boundary, which is what a limit against floods needs."""

from __future__ import annotations

import time

from . import store
from .db import writing
from .service import Service

PRUNE_EVERY = 60.0  # seconds between two deletions of finished windows
KEEP = 3600  # seconds of windows kept (longer than any limit's period)


class DbCounts:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.pruned = 0.0

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
            # one round trip, a commit that waits for no disk (``store.COUNT_HIT_SQL``); it was
            # a transaction of three round trips and a durable commit per request
            with self.service.engine.connect().execution_options(
                    isolation_level="AUTOCOMMIT") as conn:
                return store.count_hit(conn, key, window)

        return await self.service.db(count)
