"""Who a link is: the identities of the tokens presented at a table, from a short-lived
cache in front of the database (``Links.identify``; ``docs/performance.md``, The
levers): a link re-issued here drops out at once, elsewhere within ``TOKEN_TTL``."""

from __future__ import annotations

import logging
import random
import time

from . import store
from .config import Settings
from .db import reading_once
from .entries import GameCache

log = logging.getLogger("starport.service")


class Links(GameCache):
    """The links' cache of the game service (a part of ``service.Service``)."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        # (table, token): its identity, trusted until, looked up again from (``identify``)
        self.token_cache: dict[tuple[str, str],
                               tuple[store.Identity | None, float, float]] = {}
        self.token_refreshing: set[tuple[str, str]] = set()  # looked up in the background
        self.token_epoch = 0  # bumped when links are forgotten (``_look_up``)
        self.hub.on_revoke_hint = self.forget_tokens
        self.hub.on_lost_hints = self.lost_hints

    # seconds a resolved token is trusted before it is looked up again: a re-issued link is
    # forgotten at once here and, by its NOTIFY, in the other processes; the TTL only bounds
    # a hint lost on the way (a LISTEN connection that dropped). Shorter cost a database
    # read per link every few seconds under load (10% of the loop's samples at 200 games).
    TOKEN_TTL = 30.0
    # SQLite is served by one process (``app.run``), where every re-issue happens and is
    # forgotten at once: no hint to lose, so a link is looked up again far less often (at 30 s
    # a 1,000-game load read each of its 4,000 links every 30 s: 7% of the loop's samples)
    TOKEN_TTL_ONE_PROCESS = 600.0

    def token_ttl(self, ttl: float) -> float:
        """How long this lookup is trusted: between half ``ttl`` and all of it, drawn
        at random, so links resolved together (a server's sockets all reconnecting after a
        restart) are not all looked up again in the same instant: 800 at once stalled the
        loop at 200 games (``docs/performance.md``, "The levers")."""
        return ttl * (0.5 + 0.5 * random.random())

    # the share of a lookup's trust after which a link in use is looked up again in the
    # background, before its trust runs out: the command that uses it then does not wait
    # for the database (on PostgreSQL one link in ten of a 200-game load ran out each 30 s)
    TOKEN_REFRESH_AHEAD = 0.2

    async def identify(self, table_id: str, tokens: list[str]) -> list[store.Identity]:
        """The identities these tokens give at this table (a short-lived cache in front of the
        database; a link re-issued here drops out at once, elsewhere within ``TOKEN_TTL``).
        A link whose trust is near its end is looked up again in the background
        (``TOKEN_REFRESH_AHEAD``); until then, and never past its end, the cached identity
        answers."""
        now = time.monotonic()
        found: dict[str, store.Identity | None] = {}
        missing: list[str] = []
        due: list[str] = []
        for token in tokens:
            hit = self.token_cache.get((table_id, token))
            if hit is not None and hit[1] > now:
                found[token] = hit[0]
                if hit[2] <= now and (table_id, token) not in self.token_refreshing:
                    due.append(token)
            else:
                missing.append(token)
        if due:
            self.token_refreshing.update((table_id, t) for t in due)
            self.spawn(self._refresh_tokens(table_id, due))
        if missing:
            for token, ident in zip(missing, await self._look_up(table_id, missing),
                                    strict=True):
                found[token] = ident
        # in the order the tokens were presented: the caller's own link first
        return [ident for t in tokens if (ident := found.get(t)) is not None]

    async def _look_up(self, table_id: str, tokens: list[str]) -> list[store.Identity | None]:
        """The tokens' identities from the database, cached unless a re-issue was heard of
        meanwhile (``forget_tokens``, ``lost_hints``: the answer may be older than it)."""
        def look() -> list[store.Identity | None]:
            # one statement for all of them, on PostgreSQL its one round trip (no pool
            # ping, BEGIN or COMMIT: four round trips a link before, docs/performance.md)
            with reading_once(self.engine) as conn:
                return store.resolve_all(conn, table_id, tokens)

        started, epoch = time.monotonic(), self.token_epoch
        found = await self.db(look)
        if epoch == self.token_epoch:
            ttl = (self.TOKEN_TTL if self.settings.is_postgres
                   else self.TOKEN_TTL_ONE_PROCESS)
            if len(self.token_cache) > 50_000:
                self.token_cache.clear()
            for token, ident in zip(tokens, found, strict=True):
                span = self.token_ttl(ttl)
                self.token_cache[(table_id, token)] = (
                    ident, started + span, started + span * (1 - self.TOKEN_REFRESH_AHEAD))
        return found

    async def _refresh_tokens(self, table_id: str, tokens: list[str]) -> None:
        try:
            await self._look_up(table_id, tokens)
        except Exception as exc:  # the database is away: the trust runs out as it would have
            log.debug("looking links up again failed: %s", exc)
        finally:
            self.token_refreshing.difference_update((table_id, t) for t in tokens)

    async def token_live(self, digest: str) -> bool:
        def look() -> bool:
            with reading_once(self.engine) as conn:
                return store.token_live(conn, digest)

        return await self.db(look)

    def lost_hints(self) -> None:
        """The LISTEN connection came back: a revocation may have been missed meanwhile."""
        self.token_epoch += 1
        self.token_cache.clear()

    def forget_tokens(self, table_id: str) -> None:
        self.token_epoch += 1  # a lookup on its way may have read the link before
        for key in [k for k in self.token_cache if k[0] == table_id]:
            del self.token_cache[key]
