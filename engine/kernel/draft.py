"""A draft of the events one command causes, applied to a private copy of the state as they
are written, so the later steps of the same command see the effects of the earlier ones.

Ruleset-agnostic: a ruleset gives its own ``apply`` (one event onto a state, in place) and
``clone`` (a deep copy); a game whose later rules must see its earlier events builds on it.
With a ``Numbering`` the draft works on the live state instead of a copy, for a ruleset that
``DecidesInPlace`` (``ruleset.py``): no copy of the state per command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, NamedTuple, TypeVar

from .dice import Randomness
from .events import PUBLIC, Audience, Event, event
from .ruleset import HalfDone, number

S = TypeVar("S")


class Numbering(NamedTuple, Generic[S]):
    """How a draft writes events when it works on the live state (``decide_in_place``):
    numbered after ``base`` (the first naming ``actor``) as ``Game.decide`` numbers them, and
    applied with the ruleset's whole ``apply`` (the take-back record included)."""

    base: int
    actor: int
    apply: Callable[[S, Event], None]


class Draft(Generic[S]):
    """``state`` is a private copy (the caller's state is never touched) or, with a
    ``numbering``, the live state itself; ``events`` are the events written so far, in
    order; ``rng`` is the command's randomness."""

    def __init__(self, state: S, rng: Randomness, *, apply: Callable[[S, Event], None],
                 clone: Callable[[S], S], numbering: Numbering[S] | None = None) -> None:
        self.state = clone(state) if numbering is None else state
        self.rng = rng
        self.events: list[Event] = []
        self._apply = apply
        self._numbering = numbering

    def emit(self, type_: str, audience: Audience = PUBLIC, *, type_public: bool = True,
             **data: Any) -> Event:
        """Write one event and apply it to the draft's state at once."""
        ev = event(type_, audience, type_public=type_public, **data)
        numbering = self._numbering
        if numbering is None:
            self._apply(self.state, ev)
            self.events.append(ev)
            return ev
        ev = number(ev, numbering.base, len(self.events), numbering.actor)
        self.events.append(ev)  # first: an apply that fails has touched the live state
        numbering.apply(self.state, ev)
        return ev

    @contextmanager
    def refusals(self) -> Iterator[None]:
        """Around a command's rules: a refusal (or failure) after the live state took an
        event is raised as ``HalfDone`` (the kernel rebuilds the state from the log); on a
        copy, or before the first event, as it is."""
        try:
            yield
        except Exception as exc:
            if self._numbering is not None and self.events:
                raise HalfDone(exc) from exc
            raise
