"""One look at a state held still: what several questions about it ask alike, made once.

The server makes the acting seat's legal commands and its extras (reachable destinations,
the market panel) back to back for each seq, on a state nothing changes meanwhile. Inside
``with one_look(state, seat):`` the Mover of the turn (``Mover.for_turn``) and the trading
seat's ``Shop`` (the Culture's prices and each item's buy check, ``trading.shop``) are made
once for all of them. Outside a look (``decide``, the bots, the tests) every ask makes or
checks its own, as before. The look is per thread and task (a ``ContextVar``), and only for
the state object it was opened on.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from .state import VenusState


class Look:
    __slots__ = ("mover", "seat", "shop", "state")

    def __init__(self, state: VenusState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.shop: Any = None  # trading.Shop
        self.mover: Any = None  # movement.Mover


_LOOK: ContextVar[Look | None] = ContextVar("venus_look", default=None)


def held(state: VenusState) -> Look | None:
    """The look open on ``state``, if any."""
    look = _LOOK.get()
    return look if look is not None and look.state is state else None


class one_look:  # noqa: N801 (a context manager, named like ``contextlib``'s)
    """``with one_look(state, seat):`` while ``state`` is held still (nothing changes it
    inside), its turn's Mover and ``seat``'s Shop are made once (module docstring)."""

    __slots__ = ("_look", "_token")

    def __init__(self, state: VenusState, seat: int) -> None:
        self._look = Look(state, seat)

    def __enter__(self) -> None:
        self._token = _LOOK.set(self._look)

    def __exit__(self, *exc: object) -> None:
        _LOOK.reset(self._token)
