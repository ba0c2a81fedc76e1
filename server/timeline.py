"""A game's past, indexed once and advanced with each new event, so that ``/history`` and
``/replay`` cost work proportional to what they answer, not to the game's length.

The timeline keeps its own state (the game replayed event by event), the history points
met on the way, and a copy of the state every ``KEYFRAME_EVERY`` events: the state after
event ``at`` is the nearest keyframe at or before it plus at most ``KEYFRAME_EVERY - 1``
events. Built on the first request for a cached game (the only time it replays the whole
log), it is then advanced by the events added since.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.kernel import Event, fold, upgrades_of

KEYFRAME_EVERY = 64

HistoryPoint = Callable[[Any, Event], "dict[str, Any] | None"]


class Timeline:
    def __init__(self, ruleset: Any, history_point: HistoryPoint) -> None:
        self.ruleset = ruleset
        self.history_point = history_point
        self.upgrades = upgrades_of(ruleset)
        self.state = ruleset.initial_state()
        self.seq = 0
        self.keyframes: dict[int, Any] = {0: ruleset.clone(self.state)}
        self.points: list[dict[str, Any]] = []
        self.applied = 0  # events applied since it was made (tests watch the cost)

    def advance(self, events: Sequence[Event]) -> None:
        """Take in the events after ``self.seq`` (older ones are skipped)."""
        for ev in events:
            if ev.seq != self.seq + 1:
                if ev.seq <= self.seq:
                    continue
                raise ValueError(f"timeline at {self.seq} cannot take event {ev.seq}")
            ev = self.upgrades.upgrade(ev)
            self.ruleset.apply(self.state, ev)
            self.applied += 1
            self.seq = ev.seq
            point = self.history_point(self.state, ev)
            if point is not None:
                self.points.append({"seq": ev.seq, **point})
            if ev.seq % KEYFRAME_EVERY == 0:
                self.keyframes[ev.seq] = self.ruleset.clone(self.state)

    @staticmethod
    def keyframe_before(at: int) -> int:
        return at - at % KEYFRAME_EVERY

    def state_at(self, at: int, events: Sequence[Event]) -> Any:
        """A fresh state after event ``at`` (``at <= self.seq``); ``events`` must hold the
        events after ``keyframe_before(at)`` up to ``at`` at least."""
        start = self.keyframe_before(at)
        needed = [ev for ev in events if start < ev.seq <= at]
        self.applied += len(needed)
        return fold(self.ruleset, needed, self.keyframes[start])
