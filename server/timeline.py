"""A game's timeline for the replay endpoints: the state after any event, cheaply.

``GET /replay`` (the board after event N) and ``GET /history`` (the scores chart) used to
fold the whole log from the first event on every request. A ``Timeline`` folds each event
once, as the game grows, keeping a copy of the state every ``EVERY`` events (a checkpoint)
and the history points on the way. The state after event N is then a checkpoint plus fewer
than ``EVERY`` events, whatever the game's length (``docs/architecture.md``, The path of a command:
no read a client can repeat costs work proportional to a game's length).

A timeline belongs to one cached ``Entry``: when the server reloads a game (another entry),
its timeline is built again. Only the last ``KEEP`` games replayed are kept.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine.kernel import Event, upgrades_of

from .entries import Entry
from .service import Service

EVERY = 64  # events between two checkpoints
KEEP = 32  # games whose timeline is kept in memory


@dataclass
class Timeline:
    entry: Entry
    state: Any  # the state after event ``upto``
    upto: int = 0
    events: list[Event] = field(default_factory=list)  # upgraded, events[i].seq == i + 1
    checkpoints: list[Any] = field(default_factory=list)  # [k]: the state after k * EVERY
    points: list[dict[str, Any]] = field(default_factory=list)  # history points so far
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def take(self, events: list[Event]) -> None:
        """Fold new events (each once), checkpointing and recording history points."""
        ruleset = self.entry.hosted.ruleset
        upgrades = upgrades_of(ruleset)
        point_of = self.entry.hosted.history_point
        for ev in events:
            if ev.seq != self.upto + 1:
                raise ValueError(f"event {ev.seq} does not follow {self.upto}")
            ev = upgrades.upgrade(ev)
            ruleset.apply(self.state, ev)
            self.events.append(ev)
            self.upto = ev.seq
            if self.upto % EVERY == 0:
                self.checkpoints.append(ruleset.clone(self.state))
            point = point_of(self.state, ev)
            if point is not None:
                self.points.append({"seq": ev.seq, **point})

    def state_at(self, seq: int) -> Any:
        """A fresh copy of the state after event ``seq`` (0: before the first)."""
        ruleset = self.entry.hosted.ruleset
        k = min(seq // EVERY, len(self.checkpoints))
        state = ruleset.clone(self.checkpoints[k - 1]) if k else ruleset.initial_state()
        for ev in self.events[k * EVERY:seq]:
            ruleset.apply(state, ev)
        return state

    def after(self, seq: int) -> list[Event]:
        """The events after ``seq`` folded so far."""
        return self.events[seq:]


class Timelines:
    """The timelines of the games replayed lately (least recently used dropped first)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self.lines: OrderedDict[str, Timeline] = OrderedDict()

    def forget(self, game_id: str) -> None:
        """Drop a game's timeline (the game let go: ``entries.GameCache.evict``): it holds
        the game and its checkpoints, which would otherwise stay until ``keep`` other games
        were replayed."""
        self.lines.pop(game_id, None)

    async def of(self, service: Service, entry: Entry) -> Timeline:
        """The timeline of ``entry`` folded up to its committed head."""
        line = self.lines.get(entry.game_id)
        if line is None or line.entry is not entry or line.upto > entry.committed:
            line = Timeline(entry, entry.hosted.ruleset.initial_state())
            self.lines[entry.game_id] = line
        self.lines.move_to_end(entry.game_id)
        while len(self.lines) > self.keep:
            self.lines.popitem(last=False)
        if line.upto < entry.committed:
            async with line.lock:  # two requests at once fold the new events once
                if line.upto < entry.committed:
                    line.take(await service.events_after(entry, line.upto))
        return line
