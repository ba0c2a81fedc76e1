"""Helpers shared by the reachable-destination searches of rulesets played on a map of
spaces: where a ship or a pawn can end its move, and the path it takes there.

A search over single moves (depth-first, one recorded path per end) builds many small
acyclic objects; a path is kept as a linked list of steps (:data:`Trail`) and built into a
tuple only when it is recorded, and the cycle collector is paused for the duration of one
query (:func:`no_cycle_collection`). A game's search names its steps with any type that has
the :class:`PathStep` fields.
"""

from __future__ import annotations

import gc
from contextlib import AbstractContextManager
from typing import Protocol


class PathStep(Protocol):
    @property
    def to(self) -> str: ...

    @property
    def skipped(self) -> tuple[str, ...]: ...


# A path: (the path so far, the last step), or None for the empty path.
Trail = tuple["Trail | None", PathStep] | None


class _NoCycleCollection:
    """The context manager of :func:`no_cycle_collection` (a class: the generator-based
    ``contextmanager`` cost more than the pause itself, once per query)."""

    __slots__ = ("was_enabled",)

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


def no_cycle_collection() -> AbstractContextManager[None]:
    """The search makes tens of thousands of small acyclic objects, freed by reference
    counting; letting them trigger the cycle collector over a server's whole heap (every
    loaded game) made the p99 five times slower. Pause it for the duration of one query
    (as it was: nested pauses leave it off until the outermost ends)."""
    return _NoCycleCollection()


def trail_list(trail: Trail) -> list[str]:
    """``trail_spaces`` as a new list (what a destination sent as JSON holds)."""
    out: list[str] = []
    while trail is not None:
        trail, step = trail
        out.append(step.to)
        skipped = step.skipped
        if skipped:
            out.extend(reversed(skipped))
    out.reverse()
    return out


def trail_spaces(trail: Trail) -> tuple[str, ...]:
    """The spaces a trail passes, in order, including those a drive skipped."""
    return tuple(trail_list(trail))
