"""The game service: the per-process cache of games, commands in the order DESIGN.md sets,
bots and timed-out turns, and the hints that drive the fan-out.

Order of checks for a command: parse, authenticate the seat (the caller), load, game not
over, ``seq`` still current, actor may act now and rules (``decide``), append (which checks
the head and the table's status again in its transaction), publish. The ``seq`` goes before
the rules so that a client behind always gets 409 with the current seq, whatever the rules
would say of its command in the new state (issue 15, item 3).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import Connection

from engine.bots import Bot, RandomBot, act
from engine.kernel import Command, CommandRejected, Event, Game, GameOver, Pending, Snapshot

from . import alerts, store
from .commit import Committer, LoopCommitter
from .config import Settings
from .db import make_engine, migrate, reading, reading_once
from .hub import CHANNEL, Hub, PgListener, game_payload, libpq_dsn
from .rulesets import Hosted, hosted

log = logging.getLogger("starport.service")
T = TypeVar("T")

FINISHED = ("over", "abandoned", "replay")


class Stale(Exception):
    """The command was made against an old ``seq``: answer 409 with the current one."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"the game is at seq {seq}")
        self.seq = seq


def _refusal(exc: Exception) -> CommandRejected:
    """What a player is told when the table's committed state refuses the append."""
    if isinstance(exc, store.TableClosed):
        return GameOver(f"the game is over (the table is {exc.status})")
    return CommandRejected(BOT_SEAT)


BOT_SEAT = "a bot plays this seat now; ask the host for the seat back"


class NotFound(Exception):
    pass


class Refused(Exception):
    """A table action the lobby does not allow now (answered 409)."""


@dataclass
class Entry:
    """A game held in memory: its kernel ``Game`` and what the server needs beside it."""

    game_id: str
    hosted: Hosted
    game: Game[Any]
    status: str
    bots: set[int]
    turn_timer: int | None
    snapshot_seq: int
    committed: int = 0  # the last seq known to be in the database (viewers see up to here)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    remote_seq: int = 0  # the highest seq another process told us about
    autoplay: set[int] = field(default_factory=set)  # seats whose turn timed out
    bot_task: asyncio.Task[None] | None = None
    bot_kinds: dict[int, str] = field(default_factory=dict)  # the host's pick per bot seat
    made_bots: dict[str, Bot] = field(default_factory=dict)  # by kind (made on first use)
    fallback: RandomBot | None = None
    frames: Any = None  # the messages made for the committed seq (``frames.Frames``)
    deadline: tuple[int, float] | None = None  # a live countdown: (opened at seq, epoch s)

    @property
    def seq(self) -> int:
        return self.game.seq

    def pending(self) -> Pending | None:
        return self.game.pending()  # asked of the ruleset once per seq

    def pending_seats(self) -> list[int]:
        p = self.pending()
        return list(p.seats) if p else []

    def bot_kind(self, seat: int) -> str:
        """The bot that plays ``seat`` (a bot seat, or its timed-out turn)."""
        kind = self.bot_kinds.get(seat)
        return kind if kind is not None and kind in self.hosted.bots else self.hosted.default_bot

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def countdown(self) -> dict[str, Any] | None:
        """The live countdown on the prompt pending now, as the views tell it: the seq that
        opened it, its seconds and when it runs out (UTC); None without one."""
        now = None if self.finished else self.hosted.countdown(self.game.state)
        if now is None or self.deadline is None or self.deadline[0] != now[0]:
            return None
        from datetime import UTC, datetime

        return {"opened": now[0], "seconds": now[1],
                "closes_at": datetime.fromtimestamp(self.deadline[1], UTC)}


@dataclass
class Outcome:
    first_seq: int
    seq: int
    events: list[Event]
    duplicate: bool = False


class Service:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine = make_engine(settings.database_url)
        threads = settings.db_threads or (1 if settings.is_sqlite else 8)
        self.threads = threads
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="db")
        # bots think off the event loop (a trader's plan can take tens of milliseconds)
        self.bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.entries: dict[str, Entry] = {}
        self.loading: dict[str, asyncio.Future[Entry | None]] = {}
        self.hub = Hub()
        self.hub.on_game_hint = self._game_hint
        self.hub.on_table_hint = self._table_hint
        self.hub.on_revoke_hint = self.forget_tokens
        self.hub.on_lost_hints = self.lost_hints
        self.hub.on_game_events = self._game_events
        self.hub.on_reclaim_hint = self.reclaimed
        if settings.is_postgres:  # presence travels between processes
            self.hub.on_presence_change = self._tell_presence
        self.listener: PgListener | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.notifier: Callable[[str, int, list[int]], Any] | None = None
        # SQLite reads answer in microseconds: on the event loop's own thread that beats
        # handing each query to a worker thread (GIL hand-offs; measured with
        # bench/server_load.py). The game's writes, with their fsync, go to the writer below.
        # STARPORT_DB_THREADS=n uses n worker threads instead; PostgreSQL waits on the
        # network: threads.
        self.inline = settings.is_sqlite and not settings.db_threads
        # every append (and the other writes of the game service) goes through the one
        # writer: group commit, off the event loop (``commit.py``)
        # SQLite: the writes on the loop, only the commit (fsync) in a thread
        self.committer: Committer | LoopCommitter = (
            LoopCommitter(self.engine) if self.inline else Committer(self.engine))
        # (table, token): its identity, trusted until, looked up again from (``identify``)
        self.token_cache: dict[tuple[str, str],
                               tuple[store.Identity | None, float, float]] = {}
        self.token_refreshing: set[tuple[str, str]] = set()  # looked up in the background
        self.token_epoch = 0  # bumped when links are forgotten (``_look_up``)
        self.users = 0  # lifespans using this service (test clients may nest them)

    # --- life cycle -----------------------------------------------------------------------

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
            from pathlib import Path

            Path(self.engine.url.database).parent.mkdir(parents=True, exist_ok=True)
        await self.db(self.migrate)
        self.committer.start()
        if self.settings.is_postgres:
            loop = asyncio.get_running_loop()
            self.listener = PgListener(libpq_dsn(self.engine.url), loop, self.hub)
            self.listener.start()
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
        self.engine.dispose()

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if self.inline:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, lambda: fn(*args, **kwargs))

    async def write(self, fn: Callable[[Connection], T], appends: bool = False) -> T:
        """Run ``fn(conn)`` in the writer's next group transaction; answer once committed.
        ``appends``: ``fn`` appends and runs no statement that reads what an append writes, so
        its append's statements may wait for the commit (``commit.Job.appends``)."""
        return await self.committer.run(fn, appends)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # --- identities -----------------------------------------------------------------------

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
        loop at 200 games (``docs/performance.md``, "The third round")."""
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

    # --- hints ----------------------------------------------------------------------------

    def _notify(self, conn: Any, kind: str, table_id: str, seq: int = 0,
                events: list[Event] | None = None) -> None:
        """A hint to the other processes, sent when ``conn``'s transaction commits (a game's
        carries its new events when they fit: ``hub.game_payload``)."""
        if self.settings.is_postgres:
            payload = f"{kind} {table_id} {seq}"
            if kind == "g" and events:
                payload = game_payload(table_id, seq, store.events_json(events))
            raw = conn.connection.driver_connection
            raw.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    def _tell_presence(self, *table_ids: str) -> None:
        """Tell the other processes which seats this one has online at these tables."""
        words = [(t, self.hub.presence_word(t)) for t in table_ids]

        def send() -> None:
            with self.engine.begin() as conn:
                for table_id, word in words:
                    self._notify(conn, "o", table_id, word)

        async def run() -> None:
            try:
                await self.db(send)
            except Exception as exc:  # presence is a courtesy: never an error for a socket
                log.warning("presence not sent: %s", exc)

        self.spawn(run())

    def repeat_presence(self) -> None:
        """Now and then (the heartbeat), say again which seats this process has online, so
        another process's word expires when that process is gone."""
        if self.settings.is_postgres:
            tables = [t for t in list(self.hub.subs) if self.hub.local_online(t)]
            if tables:
                self._tell_presence(*tables)

    def publish(self, kind: str, table_id: str, seq: int = 0) -> None:
        """Wake this process's viewers (other processes hear the NOTIFY sent on commit)."""
        self.hub.hint(kind, table_id, seq)

    def _game_events(self, game_id: str, seq: int, carried: str) -> None:
        """Another process moved a game we hold to ``seq``: apply the events its hint carries
        to our copy, when they follow it and nothing here is writing to it (else the copy
        catches up from the database, as for a hint without events)."""
        entry = self.entries.get(game_id)
        if (entry is None or seq <= entry.seq or entry.lock.locked()
                or entry.seq != entry.committed):
            return
        try:
            events = store.events_from_json(entry.hosted.ruleset.id, carried)
        except (ValueError, TypeError, KeyError, IndexError):
            log.warning("a hint for %s carried events that do not parse", game_id)
            return
        if not events or events[0].seq != entry.seq + 1 or events[-1].seq != seq:
            return
        try:
            entry.game.append(events)
        except ValueError:
            return
        entry.committed = entry.game.seq
        self.arm_countdown(entry)  # a prompt with a live countdown: its clock from the log

    def _game_hint(self, game_id: str, seq: int) -> None:
        entry = self.entries.get(game_id)
        if entry is not None and seq > entry.remote_seq:
            entry.remote_seq = seq

    def _table_hint(self, table_id: str) -> None:
        """A lobby change (here or in another process): a cached game reloads its table."""
        if table_id in self.entries:
            self.spawn(self.table_changed(table_id))

    async def table_changed(self, table_id: str) -> None:
        """Reload what a cached game knows about its table (bots, status, timer)."""
        entry = self.entries.get(table_id)
        if entry is None:
            return
        t, seats = await self.db(self._table_and_seats, table_id)
        if t is not None:
            entry.status = t.status
            entry.turn_timer = t.turn_timer
            entry.bots = {s.seat for s in seats if s.bot}
            entry.bot_kinds = {s.seat: s.bot_kind for s in seats if s.bot_kind}
            self.kick_bots(entry)

    def _table_and_seats(self, table_id: str) -> tuple[Any, list[Any]]:
        with reading(self.engine) as conn:
            return store.table(conn, table_id), store.seats(conn, table_id)

    # --- loading ----------------------------------------------------------------------------

    def _load(self, game_id: str) -> Entry | None:
        with reading(self.engine) as conn:
            row = store.game(conn, game_id)
            t = store.table(conn, game_id)
            if row is None or t is None:
                return None
            h = hosted(row.ruleset)
            snap = store.latest_snapshot(conn, game_id)
            if snap is not None:
                tail = store.events(conn, row.ruleset, game_id, after=snap.seq)
                game = Game.from_snapshot(h.ruleset, row.seed, Snapshot(snap.seq, snap.state),
                                          tail)
            else:
                game = Game(h.ruleset, row.seed, store.events(conn, row.ruleset, game_id))
            seat_rows = store.seats(conn, game_id)
        return Entry(game_id, h, game, t.status, {s.seat for s in seat_rows if s.bot},
                     t.turn_timer, snap.seq if snap is not None else 0, committed=game.seq,
                     bot_kinds={s.seat: s.bot_kind for s in seat_rows if s.bot_kind})

    async def entry(self, game_id: str) -> Entry | None:
        """The cached game, loading it (once, however many ask at the same time)."""
        entry = self.entries.get(game_id)
        if entry is not None:
            return entry
        waiting = self.loading.get(game_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        fut: asyncio.Future[Entry | None] = asyncio.get_running_loop().create_future()
        self.loading[game_id] = fut
        try:
            entry = await self.db(self._load, game_id)
            if entry is not None:
                self.entries[game_id] = entry
                self.arm_countdown(entry)
            fut.set_result(entry)
            return entry
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning
            raise
        finally:
            del self.loading[game_id]

    def evict(self, game_id: str) -> None:
        entry = self.entries.pop(game_id, None)
        if entry is not None and entry.bot_task is not None:
            entry.bot_task.cancel()

    async def catch_up(self, entry: Entry) -> Entry:
        """Bring a cached game up to the database's head (another process moved it)."""
        async with entry.lock:
            return await self._catch_up_locked(entry)

    async def _catch_up_locked(self, entry: Entry) -> Entry:
        def tail() -> tuple[list[Event], Any]:
            with reading(self.engine) as conn:
                evs = store.events(conn, entry.hosted.ruleset.id, entry.game_id, after=entry.seq)
                return evs, store.table(conn, entry.game_id)

        evs, t = await self.db(tail)
        try:
            entry.game.append(evs)
            entry.committed = entry.game.seq
            self.arm_countdown(entry)
        except ValueError:  # not contiguous: start over from the database
            self.evict(entry.game_id)
            fresh = await self.entry(entry.game_id)
            return fresh if fresh is not None else entry
        if t is not None:
            entry.status = t.status
        return entry

    async def fresh_entry(self, game_id: str, read_head: bool = True) -> Entry | None:
        """The game as the database has it now. With several processes on PostgreSQL, a
        NOTIFY hint can trail a commit made elsewhere by a few milliseconds, so the head is
        read from the database (the source of truth) rather than trusted to the hints.

        ``read_head=False`` trusts the hints: for websocket pushes, which a hint wakes
        anyway (a query per push and viewer costs PostgreSQL runs dearly under load)."""
        entry = await self.entry(game_id)
        if entry is None:
            return None
        if self.settings.is_postgres and read_head:
            head = await self.db(self._head, game_id)
            entry.remote_seq = max(entry.remote_seq, head)
        if entry.remote_seq > entry.seq:
            entry = await self.catch_up(entry)
        return entry

    @staticmethod
    def events_in_memory(entry: Entry, after: int, until: int | None = None
                         ) -> list[Event] | None:
        """``events_after`` when the game's cache holds them (a slice), else None."""
        game = entry.game
        if after < game.base_seq:
            return None
        upto = entry.committed if until is None else min(until, entry.committed)
        # the cached events are contiguous: events[i] has seq base_seq + 1 + i
        start = after - game.base_seq
        return game.events[start:max(start, upto - game.base_seq)]

    async def events_after(self, entry: Entry, after: int, until: int | None = None
                           ) -> list[Event]:
        """The committed events after ``after`` (up to ``until``): a slice of memory when
        cached, else a range read from the database -- never more than asked for."""
        cached = self.events_in_memory(entry, after, until)
        if cached is not None:
            return cached
        upto = entry.committed if until is None else min(until, entry.committed)

        def read() -> list[Event]:
            with reading(self.engine) as conn:
                return store.events(conn, entry.hosted.ruleset.id, entry.game_id, after=after,
                                    until=upto)

        return await self.db(read)

    # --- commands ---------------------------------------------------------------------------

    async def submit(self, game_id: str, seat: int, seq: int, client_id: str | None,
                     raw: dict[str, Any], *, by_bot: bool = False) -> Outcome:
        entry = await self.entry(game_id)
        if entry is None:
            raise NotFound(game_id)
        command = entry.hosted.ruleset.parse_command(raw)  # BadCommand
        async with entry.lock:
            if self.entries.get(game_id) is not entry:  # evicted while we waited
                return await self.submit(game_id, seat, seq, client_id, raw, by_bot=by_bot)
            if seq > entry.seq or entry.remote_seq > entry.seq:
                entry = await self._catch_up_locked(entry)
            try:
                return await self._decide_and_append(entry, seat, seq, client_id, command, by_bot)
            except (CommandRejected, Stale) as exc:
                if client_id is not None:
                    prior = await self._prior(entry, seat, client_id)
                    if prior is not None:
                        return prior
                if isinstance(exc, Stale):
                    raise Stale(await self.db(self._head, game_id)) from None
                raise

    def _head(self, game_id: str) -> int:
        with reading(self.engine) as conn:
            return store.head(conn, game_id)

    async def _prior(self, entry: Entry, seat: int, client_id: str) -> Outcome | None:
        def look() -> tuple[int, int] | None:
            with reading(self.engine) as conn:
                return store.applied(conn, entry.game_id, seat, client_id)

        found = await self.db(look)
        if found is None:
            return None
        first, last = found
        evs = await self.events_after(entry, first - 1, until=last)
        return Outcome(first, last, evs, duplicate=True)

    async def _decide_and_append(self, entry: Entry, seat: int, seq: int, client_id: str | None,
                                 command: Any, by_bot: bool) -> Outcome:
        game = entry.game
        if entry.finished:
            raise GameOver("the game is over")
        if seat in entry.bots and not by_bot:
            raise CommandRejected(BOT_SEAT)
        expected = game.seq
        if seq != expected:  # before the rules: a client behind always learns it is (409)
            raise Stale(expected)
        produced = game.decide(seat, command)  # GameOver, NotYourTurn, RuleError
        # who the game waited for (``decide`` asked it at this seq: ``Game`` keeps it)
        asked = game.pending()
        before = list(asked.seats) if asked else []
        game.append(produced)
        pending = game.pending()  # the new seq's, asked once: the pushes and bots reuse it
        over = pending is None
        last = game.seq
        snapshot: str | None = None
        if last - entry.snapshot_seq >= self.settings.snapshot_every:
            snapshot = entry.hosted.ruleset.dump_state(game.state)

        # the other processes' hint, with the events when they fit (PostgreSQL)
        hint = (game_payload(entry.game_id, last, store.events_json(produced))
                if self.settings.is_postgres else None)

        def write(conn: Connection) -> None:
            store.append(conn, entry.game_id, expected, produced,
                         pending=list(pending.seats) if pending else [], over=over,
                         seat=seat, client_id=client_id, by_bot=by_bot, notify=hint,
                         pending_before=before)
            if snapshot is not None:
                store.save_snapshot(conn, entry.game_id, last, snapshot)
            if over:
                store.bump(conn, entry.game_id, status="over")
            if over:
                self._notify(conn, "t", entry.game_id)

        try:
            await self.write(write, appends=not over)  # a game's end updates its table too
        except store.Conflict:
            self.evict(entry.game_id)  # our copy ran ahead of the database: reload it
            raise Stale(expected) from None
        except (store.TableClosed, store.SeatPlayedByBot) as exc:
            self.evict(entry.game_id)  # the table changed elsewhere: reload it
            raise _refusal(exc) from None
        except BaseException:
            self.evict(entry.game_id)
            raise
        entry.committed = last
        if snapshot is not None:
            entry.snapshot_seq = last
        if over:
            entry.status = "over"
        if not by_bot and entry.autoplay:
            self._end_autoplay(entry, {seat})
        self.arm_countdown(entry, (expected, last))
        self.publish("g", entry.game_id, last)
        if over:
            self.publish("t", entry.game_id)
        self.kick_bots(entry)
        return Outcome(expected + 1, last, produced)

    # --- live countdowns (a game's reaction windows: GameDefinition.countdown) ---------------

    def arm_countdown(self, entry: Entry, appended: tuple[int, int] = (0, 0)) -> None:
        """Start the clock of the countdown pending now, if any and not started: from now
        when the event that opened it was appended here (seqs ``appended``), else from that
        event's time in the log (a restart, another process). Idempotent."""
        now = None if entry.finished else entry.hosted.countdown(entry.game.state)
        if now is None:
            entry.deadline = None
            return
        opened, seconds = now
        if entry.deadline is not None and entry.deadline[0] == opened:
            return
        if appended[0] < opened <= appended[1]:
            self._set_deadline(entry, opened, time.time() + seconds)
        else:
            self.spawn(self._arm_from_log(entry, opened, seconds))

    async def _arm_from_log(self, entry: Entry, opened: int, seconds: int) -> None:
        def read() -> Any:
            with reading(self.engine) as conn:
                return store.event_time(conn, entry.game_id, opened)

        at = await self.db(read)
        if entry.deadline is None or entry.deadline[0] != opened:
            self._set_deadline(entry, opened, (at.timestamp() if at else time.time()) + seconds)

    def _set_deadline(self, entry: Entry, opened: int, when: float) -> None:
        entry.deadline = (opened, when)
        self.spawn(self._expire_at(entry.game_id, opened, when))

    async def _expire_at(self, game_id: str, opened: int, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.time()))
        await self.expire_countdown(game_id, opened)

    async def expire_countdown(self, game_id: str, opened: int) -> None:
        """The countdown ran out: every seat the prompt still waits for answers as the
        ruleset says silence answers (a pass), until the prompt that countdown belongs to is
        closed; a prompt opened meanwhile has its own clock."""
        for _ in range(64):  # each round answers for every waited seat
            entry = await self.fresh_entry(game_id)
            if entry is None or entry.finished:
                return
            now = entry.hosted.countdown(entry.game.state)
            if now is None or now[0] != opened:
                return
            moves = entry.hosted.timeout_commands(entry.game.state)
            if not moves:
                return
            for seat, command in moves:
                seq = entry.seq
                try:
                    await self.submit(game_id, seat, seq, f"timeout:{opened}:{seat}:{seq}",
                                      command.model_dump(mode="json"), by_bot=True)
                except (Stale, CommandRejected):
                    break  # answered meanwhile: look again

    # --- bots and timed-out turns -------------------------------------------------------------

    def _end_autoplay(self, entry: Entry, seats: set[int]) -> None:
        """A timed-out turn is over for ``seats`` (played, or taken back): their tabs learn."""
        ended = entry.autoplay & seats
        if ended:
            entry.autoplay -= ended
            self.publish("t", entry.game_id)

    def autoplaying(self, table_id: str) -> set[int]:
        """Seats a bot plays now because their turn timed out (as this process knows)."""
        entry = self.entries.get(table_id)
        return set(entry.autoplay) if entry is not None else set()

    def reclaimed(self, table_id: str, seat: int) -> None:
        """The seat's player took it back: no bot plays its timed-out turn any more (the
        ``a`` hint does the same in the other processes)."""
        entry = self.entries.get(table_id)
        if entry is not None:
            entry.autoplay.discard(seat)

    def kick_bots(self, entry: Entry) -> None:
        if not (entry.bots or entry.autoplay):  # a table of players only (the usual case)
            return
        if entry.finished or (entry.bot_task is not None and not entry.bot_task.done()):
            return
        if set(entry.pending_seats()) & (entry.bots | entry.autoplay):
            entry.bot_task = asyncio.ensure_future(self._play_bots(entry))

    async def _play_bots(self, entry: Entry) -> None:
        while True:
            await asyncio.sleep(self.settings.bot_delay)
            if self.entries.get(entry.game_id) is not entry or entry.finished:
                return
            pending = entry.pending_seats()
            players = [s for s in pending if s in entry.bots or s in entry.autoplay]
            self._end_autoplay(entry, entry.autoplay - set(pending))
            if not players:
                return
            seat = players[0]
            async with entry.lock:  # nothing moves the game while its bot reads the state
                if self.entries.get(entry.game_id) is not entry:
                    continue
                seq = entry.seq
                loop = asyncio.get_running_loop()
                command = await loop.run_in_executor(self.bot_pool, self._bot_command, entry,
                                                     seat, seq)
            if command is None:
                return
            if not await self._bot_submit(entry, seat, seq, command):
                # the seat's bot chose a command the rules refuse: the random stand-in plays
                fallback = self._fallback(entry).choose(entry.hosted.ruleset, entry.game.state,
                                                        seat, entry.seq)
                if fallback is None or not await self._bot_submit(entry, seat, entry.seq,
                                                                  fallback, tag="r"):
                    return
            if self.entries.get(entry.game_id) is not entry:
                fresh = await self.entry(entry.game_id)
                if fresh is not None:
                    self.kick_bots(fresh)
                return

    def _fallback(self, entry: Entry) -> RandomBot:
        if entry.fallback is None:
            entry.fallback = RandomBot(seed=store.digest(f"bot|{entry.game.seed}"))
        return entry.fallback

    def _bot_command(self, entry: Entry, seat: int, seq: int) -> Command | None:
        """What the seat's bot plays now, from the seat's view (in the bot thread)."""
        ruleset = entry.hosted.ruleset
        name = entry.bot_kind(seat)
        if name == "random":  # the server's random bot: it prefers moving on (its turns end)
            return self._fallback(entry).choose(ruleset, entry.game.state, seat, seq)
        try:
            bot = entry.made_bots.get(name)
            if bot is None:
                bot = entry.made_bots[name] = entry.hosted.make_bot(
                    name, store.digest(f"{name}|{entry.game.seed}"))
            return act(bot, entry.hosted, entry.game.state, seat, seq)
        except Exception:
            log.exception("the %s bot failed in %s at seq %s; a random bot plays", name,
                          entry.game_id, seq)
        return self._fallback(entry).choose(ruleset, entry.game.state, seat, seq)

    async def _bot_submit(self, entry: Entry, seat: int, seq: int, command: Command,
                          tag: str = "b") -> bool:
        """Play a bot's command; False if the rules refused it."""
        try:
            await self.submit(entry.game_id, seat, seq, f"bot:{tag}:{seat}:{seq}",
                              command.model_dump(mode="json"), by_bot=True)
        except Stale:
            pass
        except CommandRejected as exc:
            log.warning("bot command %s refused in %s at seq %s: %s", command, entry.game_id,
                        seq, exc)
            return False
        return True

    async def _resume_bots(self) -> None:
        """After a restart: games waiting on a bot seat go on."""
        def games_with_bots() -> list[str]:
            from sqlalchemy import select

            from .models import GameRow, SeatRow, TableRow

            with reading(self.engine) as conn:
                q = (select(GameRow.id).join(TableRow, TableRow.id == GameRow.id)
                     .join(SeatRow, SeatRow.table_id == GameRow.id)
                     .where(TableRow.status == "playing", SeatRow.bot.is_(True)).distinct())
                return [r.id for r in conn.execute(q)]

        for game_id in await self.db(games_with_bots):
            entry = await self.entry(game_id)
            if entry is not None:
                self.kick_bots(entry)

    async def sweep(self) -> None:
        """Turn timers and "your turn" notifications for seats that have been waiting."""
        now = store.now()
        rows = await self.db(self._waiting, now)
        for row in rows:
            cached = self.entries.get(row.id)
            if cached is not None:
                self.arm_countdown(cached)  # a backstop: a countdown no append has armed
            waited = (now - _aware(row.waiting_since)).total_seconds()
            if row.turn_timer and waited >= row.turn_timer:
                entry = await self.fresh_entry(row.id)
                if entry is not None and entry.seq == row.seq:
                    timed_out = set(row.pending_seats) - entry.autoplay - entry.bots
                    entry.autoplay |= set(row.pending_seats)
                    if timed_out:  # the seat's tab shows "a bot plays your turn"
                        self.publish("t", row.id)
                    self.kick_bots(entry)
        await self.alert_waiting_seats(now)

    async def alert_waiting_seats(self, now: datetime) -> None:
        """Alert each seat whose wait is due (``alerts.due``: long enough, outside its quiet
        hours) and that has no tab open here; once per wait, claimed in the database (so
        once across processes). A seat online is not claimed: one who leaves without
        playing is still told."""
        if self.notifier is None:
            return
        before = now - timedelta(seconds=self.settings.notify_after)
        rows = await self.db(self._reading, store.waiting_seats, before)
        for row in rows:
            since = _aware(row.wait_since)
            if not alerts.due(now, since, self.settings.notify_after, alerts.quiet_hours(row)):
                continue
            if row.seat in self.hub.seats_online(row.table_id):
                continue
            claimed = await self.write(partial(store.claim_alert, table_id=row.table_id,
                                               seat=row.seat, wait_since=row.wait_since))
            if claimed:  # in its own task: a slow webhook or mail never holds the sweep
                self.spawn(self.notifier(row.table_id, row.seq, [row.seat]))

    def _reading(self, query: Callable[..., T], *args: Any) -> T:
        with reading(self.engine) as conn:
            return query(conn, *args)

    def _waiting(self, now: Any) -> list[Any]:
        from datetime import timedelta

        with reading(self.engine) as conn:
            return store.waiting_games(conn, now - timedelta(seconds=1))

    # --- starting a table -----------------------------------------------------------------

    async def start_game(self, table_id: str) -> None:
        t, seats = await self.db(self._table_and_seats, table_id)
        if t is None:
            raise NotFound(table_id)
        if t.status != "lobby":
            raise Refused("the game has started already")
        absent = [s.seat for s in seats if not s.bot and s.joined_at is None]
        if absent:
            raise Refused(f"seats {absent} have not joined (or make them bots)")
        h = hosted(t.ruleset)
        options = dict(t.options)
        if h.choice_option:
            free = [c for c in h.choices(options) if c not in {s.choice for s in seats}]
            picks = []
            rng = secrets.SystemRandom()
            for s in seats:
                pick = s.choice
                if pick is None and free:
                    pick = free.pop(rng.randrange(len(free)))
                picks.append(pick)
            options[h.choice_option] = picks
        names = [s.name or f"Seat {s.seat + 1}" for s in seats]
        seed = secrets.token_hex(32)
        game = Game.start(h.ruleset, options, names, seed)  # RuleError on bad options
        pending = h.ruleset.pending(game.state)

        def write(conn: Connection) -> None:
            from sqlalchemy import update

            from .models import TableRow

            done = conn.execute(update(TableRow).where(TableRow.id == table_id,
                                                       TableRow.status == "lobby")
                                .values(status="playing", version=TableRow.version + 1))
            if done.rowcount != 1:
                raise Refused("the game has started already")
            store.create_game(conn, table_id, t.ruleset, seed, game.events,
                              list(pending.seats) if pending else [], pending is None)
            self._notify(conn, "t", table_id)
            self._notify(conn, "g", table_id, game.seq)

        await self.write(write)
        self.publish("t", table_id)
        self.publish("g", table_id, game.seq)
        entry = await self.entry(table_id)
        if entry is not None:
            self.kick_bots(entry)


def _aware(ts: Any) -> Any:
    from datetime import UTC

    return ts if ts.tzinfo is not None else ts.replace(tzinfo=UTC)
