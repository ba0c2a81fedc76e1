"""Upgrading stored events whose payload schema is older than the ruleset's current one.

Every event carries ``v``, the payload schema version it was written with. When a ruleset
changes an event's payload, it raises its ``event_version`` and registers a function that
turns the old payload into the new one; events are upgraded as they are read, so stored
logs are never rewritten and old games replay with new code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import Event

PayloadUpgrade = Callable[[dict[str, Any]], dict[str, Any]]


class EventUpgrades:
    """The upgrade functions of one ruleset: (event type, from version) -> function."""

    def __init__(self, current: int, steps: dict[tuple[str, int], PayloadUpgrade]) -> None:
        self.current = current
        self.steps = steps

    def upgrade(self, ev: Event) -> Event:
        """``ev`` at the current version (the same object when it already is)."""
        if ev.v >= self.current:
            return ev
        data = dict(ev.data)
        for version in range(ev.v, self.current):
            step = self.steps.get((ev.type, version))
            if step is not None:
                data = step(data)
        return ev.model_copy(update={"data": data, "v": self.current})


NO_UPGRADES = EventUpgrades(1, {})


def upgrades_of(ruleset: object) -> EventUpgrades:
    """A ruleset's upgrades (an ``event_upgrades`` attribute), or none."""
    found = getattr(ruleset, "event_upgrades", None)
    return found if isinstance(found, EventUpgrades) else NO_UPGRADES
