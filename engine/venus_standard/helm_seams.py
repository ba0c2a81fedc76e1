"""Where the Movement phase meets the other parts of the game (one place to read them).

- the phase machine (``rounds``, ``vscore``): a landing leads to the First Contact phase, a
  move ending elsewhere ends the turn, skipping movement on a port leads to the Transaction
  phase (Movement Phase; End Movement);
- encounter spaces and pirates (``encounters.resolve_space``, ``vsenc``);
- the culture discovered at a space (``vscore`` / ``vstrade``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def _module(name: str) -> Any:
    return import_module(f"{__package__}.{name}")


def landed(draft: Any, seat: int, space: str) -> None:
    """End Movement: a landing leads to the First Contact phase (or ends the turn on an
    asteroid): the phase machine's ``rounds.end_movement``."""
    _module("rounds").end_movement(draft, space)


def end_turn(draft: Any, seat: int) -> None:
    """End Movement: the whole movement value spent (or the ship stopped): the turn ends."""
    _module("rounds").end_movement(draft, None)


def resolve_space(draft: Any, seat: int, space: str) -> None:
    """Encounters / Pirates: the cards of ``vsenc`` (``encounters.resolve_space``). Until
    that module exists on a branch, an encounter space or pirate token does nothing."""
    try:
        encounters = _module("encounters")
    except ModuleNotFoundError:
        return
    encounters.resolve_space(draft, seat, space)


def home_culture_here(state: Any, seat: int) -> bool:
    """Pilots > Upgrading Pilots: is the ship on a surface city or spaceport of the system
    where its pilot's home culture was discovered?"""
    from .pilots import face_of
    from .places import system_of

    player = state.players[seat]
    system = system_of(player.space)
    culture = state.discovered.get(system) if system is not None else None
    face = face_of(player)
    return culture is not None and str(culture) in (face.culture, face.pilot)


def has_tech(player: Any, key: str) -> bool:
    """Does the player own racial technology ``key`` (``vstrade``'s ``technology.has``)?
    False while that module is not on this branch."""
    try:
        technology = _module("technology")
    except ModuleNotFoundError:
        return False
    return bool(technology.has(player, key))


DRILL_TOKENS = 12  # 48 merchant spaceport/drill tokens, 12 of each player colour (Components)


def drill_free(state: Any, seat: int, space: str) -> bool:
    """Drills: a player with the License to Drill places a drill token on an asteroid he
    passes over or lands on, if none lies there and he has a token left (the tokens are
    also his merchant spaceports)."""
    player = state.players[seat]
    if not has_tech(player, "license_to_drill"):
        return False
    if any(space in p.drills for p in state.players):
        return False
    return len(player.drills) + len(player.spaceports) < DRILL_TOKENS
