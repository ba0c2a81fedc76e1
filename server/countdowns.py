"""Live countdowns: a game's prompts that run out (its reaction windows:
``GameDefinition.countdown``). The clock of the countdown pending now starts when the event
that opened it is appended here, or from that event's time in the log (a restart, another
process); when it runs out, every seat the prompt still waits for answers as the game says
silence answers (a pass)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from engine.kernel import CommandRejected

from . import store
from .db import reading
from .entries import Entry, GameCache, Stale


class Countdowns(GameCache):
    """The countdowns' part of the game service (a part of ``service.Service``)."""

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
                                      command.model_dump(mode="json"), by_bot=True,
                                      by="clock")
                except (Stale, CommandRejected):
                    break  # answered meanwhile: look again
