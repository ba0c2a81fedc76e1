"""The game service of a server process: its parts put together, and its life cycle.

Each part is a module of its own, a mixin of ``entries.GameCache`` (the games held in
memory, the database, the hub: what they all share):

- ``links``: who a link is (a short-lived cache of the tokens' identities);
- ``hints``: what the other server processes say, and which seats are online;
- ``play``: a seat's command, checked in the order of ``docs/architecture.md``, The path of a
command; decided, appended, published;
- ``countdowns``: the prompts that run out;
- ``bots``: bots, timed-out turns and the sweep of timers and alerts;
- ``lobby``: starting a table.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import thinking
from .bots import Bots
from .config import Settings
from .countdowns import Countdowns
from .db import migrate
from .hints import Hints
from .hub import PgListener, libpq_dsn
from .links import Links
from .lobby import Lobby
from .play import Play


class Service(Lobby, Bots, Countdowns, Play, Hints, Links):
    """The games of this process and everything done to them (see the module)."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.listener: PgListener | None = None
        self.users = 0  # lifespans using this service (test clients may nest them)

    def migrate(self) -> None:
        migrate(self.engine)

    async def start(self) -> bool:
        """Start (migrations, LISTEN); False if it was running already (a nested lifespan)."""
        self.users += 1
        if self.users > 1:
            return False
        if self.pool._shutdown:  # started again after a stop
            self.pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="db")
            self.bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        if self.settings.is_sqlite and self.engine.url.database:
            Path(self.engine.url.database).parent.mkdir(parents=True, exist_ok=True)
        await self.db(self.migrate)
        self.committer.start()
        if self.settings.is_postgres:
            loop = asyncio.get_running_loop()
            self.listener = PgListener(libpq_dsn(self.engine.url), loop, self.hub)
            self.listener.start()
        thinking.attach()
        await self._resume_bots()
        return True

    async def stop(self) -> None:
        self.users -= 1
        if self.users > 0:
            return
        for task in list(self.tasks):
            task.cancel()
        for entry in self.entries.values():
            if entry.bot_task:
                entry.bot_task.cancel()
        self.entries.clear()
        if self.listener:
            self.listener.stop()
        await self.committer.close()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.bot_pool.shutdown(wait=True, cancel_futures=True)
        thinking.detach()  # the searching bots' worker process, when no other service uses it
        self.engine.dispose()
