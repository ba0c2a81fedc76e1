"""Bots and timers: the seats a bot plays (a bot seat at the host's level or kind, or a seat
whose turn timed out, at the table's level: ``levels.py``), the bots' commands (thought out
off the event loop: an easy bot in a thread of its own, a searching one in a worker process,
``thinking.py``; a refused one played by the random stand-in), and the sweep that runs now
and then: turn timers that ran out, countdowns no append armed, and the "your turn" alerts
that are due."""

from __future__ import annotations

import asyncio
import logging
import pickle
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import select

from engine.bots import RandomBot, act
from engine.kernel import Command, CommandRejected

from . import alerts, store, thinking
from .clocks import warn_left
from .config import Settings
from .db import reading
from .entries import Entry, GameCache, Stale
from .levels import DEFAULT_LEVEL, level_kind, searching_kinds
from .models import GameRow, SeatRow, TableRow

log = logging.getLogger("starport.service")
T = TypeVar("T")
AGAIN = object()  # the game moved while a bot thought: think again


class Bots(GameCache):
    """The bots' and timers' part of the game service (a part of ``service.Service``)."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        # bots think off the event loop (a trader's plan can take tens of milliseconds)
        self.bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        # tells a seat its turn waits for it, or that its time runs out (``notify.Notifier``,
        # set by the app): (table, seq, seats, left=seconds left or None)
        self.notifier: Callable[..., Any] | None = None
        self.hub.on_reclaim_hint = self.reclaimed

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
            entry.turn_since = store.now()  # the time per move starts again (``reclaim_seat``)

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
            kind = entry.bot_kind(seat) if seat in entry.bots else await self.timeout_kind(entry)
            answer = await self.think(entry, seat, kind)
            if answer is AGAIN:
                continue
            seq, command, _ = answer
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

    async def timeout_kind(self, entry: Entry) -> str:
        """The bot kind that plays a timed-out turn: the level the host chose for the table
        (``tables.timeout_level``; easy by default)."""
        row = await self.db(self._reading, store.table, entry.game_id)
        level = getattr(row, "timeout_level", None) or DEFAULT_LEVEL
        return level_kind(entry.hosted, level)

    async def think(self, entry: Entry, seat: int, kind: str, *, seed: str | None = None
                    ) -> Any:
        """What the ``kind`` bot plays for ``seat`` now, and its one-line reason, from the
        seat's view, off the event loop: (the seq it was made at, command or None, reason or
        None), or ``AGAIN`` when the game moved meanwhile. The game holds still while the
        state is read (its lock): an easy bot thinks in the bot thread; a searching one
        (``levels.searching_kinds``) in the worker process from a snapshot of the state
        (the game may move meanwhile: the command is made at the snapshot's seq), within
        ``thinking.THINK_BUDGET`` (else the game's first bot plays, in the thread).
        ``seed``: a bot of its own (a hint), made for this decision; None: the table's bot
        of that kind."""
        loop = asyncio.get_running_loop()
        async with entry.lock:  # nothing moves the game while its bot reads the state
            if self.entries.get(entry.game_id) is not entry:
                return AGAIN
            seq = entry.seq
            if kind not in searching_kinds(entry.hosted):
                return await loop.run_in_executor(self.bot_pool, self._bot_answer, entry,
                                                  seat, seq, kind, seed)
            state = await loop.run_in_executor(self.bot_pool, pickle.dumps, entry.game.state)
        try:
            command, reason = await thinking.think_off(
                entry.hosted.id, kind, seed or store.digest(f"{kind}|{entry.game.seed}"),
                entry.hosted.bots[kind], state, seat, seq)
            return seq, command, reason
        except Exception:
            log.exception("the %s bot failed to think in its process in %s at seq %s; the "
                          "%s bot plays", kind, entry.game_id, seq, entry.hosted.default_bot)
        async with entry.lock:
            if entry.seq != seq or self.entries.get(entry.game_id) is not entry:
                return AGAIN
            return await loop.run_in_executor(self.bot_pool, self._bot_answer, entry, seat,
                                              seq, entry.hosted.default_bot, seed)

    def _bot_answer(self, entry: Entry, seat: int, seq: int, kind: str,
                    seed: str | None) -> tuple[int, Command | None, str | None]:
        """``_bot_command`` and the bot's reason (in the bot thread); with ``seed``, a bot
        made for this one decision."""
        if seed is None:
            return seq, self._bot_command(entry, seat, seq, kind), None
        bot = entry.hosted.make_bot(kind, seed)
        command = act(bot, entry.hosted, entry.game.state, seat, seq)
        reason = getattr(bot, "reason", None)
        return seq, command, reason if isinstance(reason, str) else None

    def _bot_command(self, entry: Entry, seat: int, seq: int,
                     kind: str | None = None) -> Command | None:
        """What the seat's bot (or the ``kind`` bot) plays now, from the seat's view (in the
        bot thread)."""
        ruleset = entry.hosted.ruleset
        name = kind or entry.bot_kind(seat)
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
        """Turn timers, their "time is running out" alerts and the "your turn" alerts for
        seats that have been waiting."""
        now = store.now()
        rows = await self.db(self._waiting, now)
        for row in rows:
            cached = self.entries.get(row.id)
            if cached is not None:
                self.arm_countdown(cached)  # a backstop: a countdown no append has armed
            waited = (now - _aware(row.waiting_since)).total_seconds()
            left = row.turn_timer - waited if row.turn_timer else None
            if left is not None and 0 < left <= warn_left(row.turn_timer) \
                    and row.notified_seq != row.seq:
                await self.alert_running_out(row, now, left)
            if row.turn_timer and waited >= row.turn_timer:
                entry = await self.fresh_entry(row.id)
                if entry is not None and entry.seq == row.seq:
                    timed_out = set(row.pending_seats) - entry.autoplay - entry.bots
                    entry.autoplay |= set(row.pending_seats)
                    if timed_out:  # the seat's tab shows "a bot plays your turn"
                        self.publish("t", row.id)
                    self.kick_bots(entry)
        await self.alert_waiting_seats(now)
        self.evict_idle()

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

    async def alert_running_out(self, row: Any, now: datetime, left: float) -> None:
        """One "time is running out" alert per move (docs/architecture.md, "Clocks"), on
        their alert channels, to the waited seats a player plays with no tab open here
        (an open tab warns on the page) and outside their quiet hours; claimed for the
        move's seq in the database (``store.claim_running_out``: once across processes)
        when at least one seat is told now (else a later sweep looks again)."""
        if self.notifier is None:
            return
        seats = await self.db(self._reading, store.seats, row.id)
        online = self.hub.seats_online(row.id)
        told = [s.seat for s in seats if s.seat in row.pending_seats and not s.bot
                and s.seat not in online and not _quiet(s, now)]
        if not told:
            return
        claimed = await self.write(partial(store.claim_running_out, game_id=row.id,
                                           seq=row.seq))
        if claimed:  # in its own task, as the "your turn" alerts
            self.spawn(self.notifier(row.id, row.seq, told, left=max(1, round(left))))

    def _reading(self, query: Callable[..., T], *args: Any) -> T:
        with reading(self.engine) as conn:
            return query(conn, *args)

    def _waiting(self, now: Any) -> list[Any]:
        with reading(self.engine) as conn:
            return store.waiting_games(conn, now - timedelta(seconds=1))


def _quiet(seat: Any, now: datetime) -> bool:
    """Whether the seat's quiet hours hold now."""
    quiet = alerts.quiet_hours(seat)
    return quiet is not None and quiet.holds(now)


def _aware(ts: Any) -> Any:
    return ts if ts.tzinfo is not None else ts.replace(tzinfo=UTC)
