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

_MISSING: set[str] = set()


def _module(name: str) -> Any:
    """A module of the package; a missing one raises ModuleNotFoundError again without
    searching the disk each time (a failed import is not cached by Python)."""
    if name in _MISSING:
        raise ModuleNotFoundError(f"{__package__}.{name}")
    try:
        return import_module(f"{__package__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__package__}.{name}":
            _MISSING.add(name)
        raise


def landed(draft: Any, seat: int, space: str) -> None:
    """End Movement: a landing leads to the First Contact phase (or ends the turn on an
    asteroid): the phase machine's ``rounds.end_movement``."""
    _module("rounds").end_movement(draft, space)


def end_turn(draft: Any, seat: int) -> None:
    """End Movement: the whole movement value spent (or the ship stopped): the turn ends."""
    _module("rounds").end_movement(draft, None)


def resolve_space(draft: Any, seat: int, space: str) -> None:
    """Encounters / Pirates: the cards of ``vsenc`` (``encounters.resolve_space``; a pirate
    entered "by using his last movement point" ambushes). What the card does to the move
    comes back through :func:`after_encounter`. Until that module exists on a branch, an
    encounter space or pirate token does nothing."""
    try:
        encounters = _module("encounters")
    except ModuleNotFoundError:
        return
    f = draft.state.turn.flight
    encounters.resolve_space(draft, seat, space, last_point=f is not None and f.mp_left <= 0)


def after_encounter(draft: Any, seat: int, res: Any) -> None:
    """An encounter's outcome for the Move step (``encounters.Resolution``): movement points
    added or taken ("Winning a Pirate Engagement": up to the pilot's level), the Move step
    ended here (pirates lost, a card), or nothing; then the move goes on."""
    from . import helm

    if getattr(res, "waiting", False):
        return
    if res.movement:
        helm.add_movement(draft, seat, res.movement, res.reason or "encounter")
    if res.stop or res.end_turn:
        helm.end_move_here(draft, seat, res.reason or "encounter")
        return
    helm.resume(draft, seat)


def register_encounter_hook() -> None:
    """Hand ``encounters`` our :func:`after_encounter` (when that module is on the branch)."""
    try:
        encounters = _module("encounters")
    except ModuleNotFoundError:
        return
    encounters.after_encounter(after_encounter)


def home_culture_here(state: Any, seat: int) -> bool:
    """Pilots > Upgrading Pilots: is the ship on a surface city or spaceport of the system
    where its pilot's home culture was discovered?"""
    from .pilots import face_of
    from .places import system_of

    player = state.players[seat]
    system = system_of(player.space)
    culture = state.discovered.get(system) if system is not None else None
    face = face_of(player)
    return culture is not None and str(culture) in (face.culture, str(face.culture_number))


def has_tech(player: Any, key: str) -> bool:
    """Does the player own racial technology ``key`` (``vstrade``'s ``technology.has``)?
    False while that module is not on this branch."""
    try:
        technology = _module("technology")
    except ModuleNotFoundError:
        return False
    return bool(technology.has(player, key))


def drill(draft: Any, seat: int, space: str) -> None:
    """Asteroids / Drills: a ship entering an asteroid space may leave a drill token there
    (``vstrade``'s ``trading.drill_on``: the License to Drill, one drill per asteroid, the
    player's tokens left). Nothing while that module is not on this branch."""
    try:
        trading = _module("trading")
    except ModuleNotFoundError:
        return
    trading.drill_on(draft, seat, space)


def return_tech(draft: Any, seat: int, key: str) -> None:
    """A used-up racial technology token back to its culture (``trading.return_technology``:
    Hard Burn, Data Probe)."""
    _module("trading").return_technology(draft, seat, key)
