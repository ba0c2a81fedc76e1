"""Where the Movement phase meets the other parts of the game (one place to read them).

- the phase machine (``rounds``, ``vscore``): a landing leads to the First Contact phase, a
  move ending elsewhere ends the turn, skipping movement on a port leads to the Transaction
  phase (Movement Phase; End Movement);
- encounter spaces and pirates (``encounters.resolve_space``, ``vsenc``);
- money (credits) and the culture at a space (``vscore`` / ``vstrade``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def _module(name: str) -> Any:
    return import_module(f"{__package__}.{name}")


def landed(draft: Any, seat: int, space: str) -> None:
    _module("rounds").end_phase(draft)


def end_turn(draft: Any, seat: int) -> None:
    _module("rounds").end_turn(draft)


def skip_movement(draft: Any, seat: int, on_port: bool) -> None:
    rounds = _module("rounds")
    if on_port:
        rounds.skip_to_transaction(draft)
    else:
        rounds.end_turn(draft)


def resolve_space(draft: Any, seat: int, space: str) -> None:
    """Encounters / Pirates: the cards of ``vsenc``."""
    _module("encounters").resolve_space(draft, seat, space)


def credits(state: Any, seat: int) -> int:
    return int(state.players[seat].credits)


def pay(draft: Any, seat: int, amount: int, reason: str) -> None:
    draft.emit("CreditsChanged", seat=seat, delta=-amount, reason=reason)


def home_culture_here(state: Any, seat: int) -> bool:
    """Is the ship on a surface city or spaceport of its pilot's home culture's system?"""
    return False
