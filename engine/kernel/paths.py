"""Helpers shared by the reachable-destination searches of the cluster rulesets.

A search over single moves (depth-first, one recorded path per end) builds many small
acyclic objects; a path is kept as a linked list of steps (:data:`Trail`) and built into a
tuple only when it is recorded, and the cycle collector is paused for the duration of one
query (:func:`no_cycle_collection`). Used by ``engine.venus.reach`` (classic) and
``engine.venus_standard.reach`` (standard).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class PathStep(Protocol):
    @property
    def to(self) -> str: ...

    @property
    def skipped(self) -> tuple[str, ...]: ...


# A path: (the path so far, the last step), or None for the empty path.
Trail = tuple["Trail | None", PathStep] | None


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """The search makes tens of thousands of small acyclic objects, freed by reference
    counting; letting them trigger the cycle collector over a server's whole heap (every
    loaded game) made the p99 five times slower. Pause it for the duration of one query."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def trail_spaces(trail: Trail) -> tuple[str, ...]:
    """The spaces a trail passes, in order, including those a drive skipped."""
    out: list[str] = []
    while trail is not None:
        trail, step = trail
        out.append(step.to)
        out.extend(reversed(step.skipped))
    return tuple(reversed(out))
