"""The games a server process holds in memory, and what the parts of the game service share.

An ``Entry`` is a game held in memory: its kernel ``Game`` (loaded from the latest snapshot
and the log's tail, once per process) and what the server keeps beside it. ``GameCache`` is
the base of the game service (``service.Service``): the settings, the database (its reads,
on the event loop or in threads, and its one writer: ``commit.py``), the hub, the tasks, the
games in memory (loaded once however many ask at the same time, caught up from the database
when another process moved them, evicted when the database refused what they ran ahead
with) and the hints that wake this process's sockets and the other processes.

The service's other parts are mixins of it, each in its own module: ``links`` (who a link
is), ``hints`` (what the other processes say; presence), ``play`` (a command),
``countdowns``, ``bots`` (bots, timed-out turns, the sweep) and ``lobby`` (starting a table).
What one part asks of another is declared here, the seams between them: ``arm_countdown``,
``kick_bots``, ``_end_autoplay``, ``submit``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Connection

from engine.bots import Bot, RandomBot
from engine.kernel import Event, Game, Pending, Snapshot
from engine.kernel.events import PlayedBy

from . import clocks, frames, store
from .commit import Committer, LoopCommitter
from .config import Settings
from .db import make_engine, reading
from .hub import CHANNEL, Hub, game_payload
from .rulesets import Hosted, hosted

log = logging.getLogger("starport.service")
T = TypeVar("T")

FINISHED = ("over", "abandoned", "replay")
IDLE_FINISHED = 600.0  # seconds a finished game stays in memory after its last reader


class Stale(Exception):
    """The command was made against an old ``seq``: answer 409 with the current one."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"the game is at seq {seq}")
        self.seq = seq


class NotFound(Exception):
    """No such game (not started, or no such table)."""


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
    # since when the game waits on its pending seats (``games.waiting_since``: each append
    # and a seat taken back start the time per move again); None: not known here
    turn_since: datetime | None = None
    used: float = field(default_factory=time.monotonic)  # when last asked for (eviction)

    @property
    def seq(self) -> int:
        return self.game.seq

    def pending(self) -> Pending | None:
        return self.game.pending()  # asked of the ruleset once per seq

    def pending_seats(self) -> list[int]:
        """The seats the game waits for, then the bot seats with something to answer now
        (``GameDefinition.answering``: a deal offered to a bot is answered at once)."""
        p = self.pending()
        if p is None:
            return []
        waited = list(p.seats)
        if self.bots:
            waited += [s for s in self.hosted.answering(self.game.state)
                       if s in self.bots and s not in waited]
        return waited

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
        return {"opened": now[0], "seconds": now[1],
                "closes_at": datetime.fromtimestamp(self.deadline[1], UTC)}

    def clock(self) -> dict[str, Any] | None:
        """The clock the views show (``clocks.clock``): the waited seats' time per move or
        the reaction window's countdown, whichever runs out first; None without one."""
        if self.finished:
            return None
        p = self.pending()
        if p is None:
            return None
        window = self.countdown()
        return clocks.clock(p.seats, self.bots, self.turn_timer, self.turn_since,
                            (window["closes_at"], window["seconds"]) if window else None)

    def clock_key(self) -> tuple[Any, ...]:
        """What the clock of the current seq depends on besides the seq (a seq's messages
        are made again when it changes: ``frames.frames_of``)."""
        return self.deadline, self.turn_since, self.turn_timer


@dataclass
class Outcome:
    first_seq: int
    seq: int
    events: list[Event]
    duplicate: bool = False


class GameCache(ABC):
    """The games in memory and what every part of the service shares (see the module)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine = make_engine(settings.database_url)
        threads = settings.db_threads or (1 if settings.is_sqlite else 8)
        self.threads = threads
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="db")
        self.entries: dict[str, Entry] = {}
        self.loading: dict[str, asyncio.Future[Entry | None]] = {}
        self.hub = Hub()
        self.tasks: set[asyncio.Task[Any]] = set()
        # told of each game let go (``evict``), so what is kept beside it goes with it (the
        # replay's timelines: ``timeline.Timelines.forget``)
        self.on_evict: list[Callable[[str], None]] = []
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

    # --- the seams: what the other parts do ---------------------------------------------------

    @abstractmethod
    def arm_countdown(self, entry: Entry, appended: tuple[int, int] = (0, 0)) -> None:
        """Start the clock of the countdown pending now, if any (``countdowns``)."""

    @abstractmethod
    def kick_bots(self, entry: Entry) -> None:
        """Let the bots play the seats the game waits for, if theirs (``bots``)."""

    @abstractmethod
    def _end_autoplay(self, entry: Entry, seats: set[int]) -> None:
        """A timed-out turn is over for ``seats`` (``bots``)."""

    @abstractmethod
    async def submit(self, game_id: str, seat: int, seq: int, client_id: str | None,
                     raw: dict[str, Any], *, by_bot: bool = False,
                     by: PlayedBy = None) -> Outcome:
        """Play a seat's command (``play``)."""

    def table_clock(self, table_id: str, status: str, game: Any, turn_timer: int | None,
                    seats: list[Any]) -> dict[str, Any] | None:
        """A table's clock (``clocks.clock``) from its rows (``games``: its head, pending
        seats and ``waiting_since``; its seats), or from its game in memory when that is at
        the same head (which knows a reaction window's countdown too)."""
        if game is None or status != "playing" or game.over:
            return None
        entry = self.entries.get(table_id)
        if entry is not None and entry.committed == game.seq == entry.seq:
            return entry.clock()
        return clocks.clock(game.pending_seats, {s.seat for s in seats if s.bot}, turn_timer,
                            game.waiting_since)

    # --- hints ------------------------------------------------------------------------------

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

    def publish(self, kind: str, table_id: str, seq: int = 0) -> None:
        """Wake this process's viewers (other processes hear the NOTIFY sent on commit)."""
        self.hub.hint(kind, table_id, seq)

    def _table_and_seats(self, table_id: str) -> tuple[Any, list[Any]]:
        with reading(self.engine) as conn:
            return store.table(conn, table_id), store.seats(conn, table_id)

    # --- the games in memory -------------------------------------------------------------

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
                     bot_kinds={s.seat: s.bot_kind for s in seat_rows if s.bot_kind},
                     turn_since=clocks.aware(row.waiting_since))

    async def entry(self, game_id: str) -> Entry | None:
        """The cached game, loading it (once, however many ask at the same time)."""
        entry = self.entries.get(game_id)
        if entry is not None:
            entry.used = time.monotonic()
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

    def evict_idle(self, idle: float = IDLE_FINISHED) -> list[str]:
        """Let go of finished games nobody asked for in ``idle`` seconds (nothing of theirs
        changes any more; a later reader loads them again from the database), so a server's
        memory follows the games being played, not every game played since it started."""
        now = time.monotonic()
        gone = [gid for gid, e in self.entries.items()
                if e.finished and now - e.used >= idle and not e.lock.locked()
                and (e.bot_task is None or e.bot_task.done())]
        for gid in gone:
            self.evict(gid)
        return gone

    def evict(self, game_id: str) -> None:
        """Let go of a game in memory, and of what is kept of it elsewhere: the frames of
        its last seq (``frames.forget``) and whatever ``on_evict`` holds (a replay's
        timeline); a later reader loads it again from the database."""
        entry = self.entries.pop(game_id, None)
        if entry is None:
            return
        if entry.bot_task is not None:
            entry.bot_task.cancel()
        frames.forget(entry)
        for forget in self.on_evict:
            forget(game_id)

    async def catch_up(self, entry: Entry) -> Entry:
        """Bring a cached game up to the database's head (another process moved it)."""
        async with entry.lock:
            return await self._catch_up_locked(entry)

    async def _catch_up_locked(self, entry: Entry) -> Entry:
        def tail() -> tuple[list[Event], Any, Any]:
            with reading(self.engine) as conn:
                evs = store.events(conn, entry.hosted.ruleset.id, entry.game_id, after=entry.seq)
                return evs, store.table(conn, entry.game_id), store.game(conn, entry.game_id)

        evs, t, g = await self.db(tail)
        try:
            entry.game.append(evs)
            entry.committed = entry.game.seq
            if g is not None and g.seq == entry.committed:
                entry.turn_since = clocks.aware(g.waiting_since)
            self.arm_countdown(entry)
        except ValueError:  # not contiguous: start over from the database
            self.evict(entry.game_id)
            fresh = await self.entry(entry.game_id)
            return fresh if fresh is not None else entry
        if t is not None:
            entry.status = t.status
        return entry

    def _head(self, game_id: str) -> int:
        with reading(self.engine) as conn:
            return store.head(conn, game_id)

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
