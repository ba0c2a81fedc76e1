"""What applying any event of the ``venus`` ruleset needs: the table of handlers by event
type, filled by ``evolve`` (the basic game) and ``evolve_combat`` (the optional rules 15-17),
and the helpers both use. ``evolve.apply`` reads the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import Turn, VenusState

Handler = Callable[[VenusState, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def current_turn(state: VenusState) -> Turn:
    assert state.turn is not None, "event needs a turn in progress"
    return state.turn


def to_bank(state: VenusState, amount: int) -> None:
    """Money into (positive) or out of (negative) the Bank, when it is counted."""
    if state.bank is not None:
        state.bank += amount


def receive(state: VenusState, seat: int, amount: int) -> None:
    state.players[seat].cash += amount
    to_bank(state, -amount)
