"""A draft of the events one command causes, applied to a private copy of the state as they
are written, so the later steps of the same command see the effects of the earlier ones.

Ruleset-agnostic: a ruleset gives its own ``apply`` (one event onto a state, in place) and
``clone`` (a deep copy); a game whose later rules must see its earlier events builds on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .dice import Randomness
from .events import PUBLIC, Audience, Event, event

S = TypeVar("S")


class Draft(Generic[S]):
    """``state`` is a private copy (the caller's state is never touched); ``events`` are the
    events written so far, in order; ``rng`` is the command's randomness."""

    def __init__(self, state: S, rng: Randomness, *, apply: Callable[[S, Event], None],
                 clone: Callable[[S], S]) -> None:
        self.state = clone(state)
        self.rng = rng
        self.events: list[Event] = []
        self._apply = apply

    def emit(self, type_: str, audience: Audience = PUBLIC, *, type_public: bool = True,
             **data: Any) -> Event:
        """Write one event and apply it to the draft's state at once."""
        ev = event(type_, audience, type_public=type_public, **data)
        self._apply(self.state, ev)
        self.events.append(ev)
        return ev
