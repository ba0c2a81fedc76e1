"""Where the Movement phase meets the other parts of the game (one place to read them).

- the phase machine (``rounds``): a landing leads to the First Contact phase, a move ending
  elsewhere ends the turn (Movement Phase; End Movement);
- encounter spaces and pirates (``encounters.resolve_space``);
- the culture discovered at a space, the racial technologies (``technology``,
  ``tech_abilities``) and the drills (``merchant_spaceports``).

What an encounter's outcome does to the move comes back through ``helm.after_encounter``
(``Hooks.after_encounter``: the encounters do not import movement).
"""

from __future__ import annotations

from typing import Any

from . import encounters, merchant_spaceports, rounds, tech_abilities, technology
from .pilots import face_of
from .places import system_of


def landed(draft: Any, seat: int, space: str) -> None:
    """End Movement: a landing leads to the First Contact phase (or ends the turn on an
    asteroid): the phase machine's ``rounds.end_movement``."""
    rounds.end_movement(draft, space)


def end_turn(draft: Any, seat: int) -> None:
    """End Movement: the whole movement value spent (or the ship stopped): the turn ends."""
    rounds.end_movement(draft, None)


def resolve_space(draft: Any, seat: int, space: str) -> None:
    """Encounters / Pirates: the cards of the space entered (``encounters.resolve_space``; a
    pirate entered "by using his last movement point" ambushes)."""
    f = draft.state.turn.flight
    encounters.resolve_space(draft, seat, space, last_point=f is not None and f.mp_left <= 0)


def home_culture_here(state: Any, seat: int) -> bool:
    """Pilots > Upgrading Pilots: is the ship on a surface city or spaceport of the system
    where its pilot's home culture was discovered?"""
    player = state.players[seat]
    system = system_of(player.space)
    culture = state.discovered.get(system) if system is not None else None
    face = face_of(player)
    return culture is not None and str(culture) in (face.culture, str(face.culture_number))


def has_tech(player: Any, key: str) -> bool:
    """Does the player own racial technology ``key`` (``technology.has``)?"""
    return bool(technology.has(player, key))


def may_drill(state: Any, seat: int, space: str) -> bool:
    """Asteroids / Drills: could the ship leave a drill token on this asteroid space
    (``merchant_spaceports.may_drill``)? Then the move asks the player."""
    return merchant_spaceports.may_drill(state, seat, space)


def drill(draft: Any, seat: int, space: str) -> None:
    """Asteroids / Drills: the player chose to leave a drill token on the asteroid space
    entered (``merchant_spaceports.drill_on``: the License to Drill, one drill per asteroid,
    the player's tokens left)."""
    merchant_spaceports.drill_on(draft, seat, space)


def return_tech(draft: Any, seat: int, key: str) -> None:
    """A used-up racial technology token back to its culture
    (``tech_abilities.return_technology``: Hard Burn, Data Probe)."""
    tech_abilities.return_technology(draft, seat, key)
