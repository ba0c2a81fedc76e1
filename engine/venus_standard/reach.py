"""Where a ship's Move step can end, from its space, helm and dice: the client's highlights.

A depth-first search over :func:`movement.steps` (the skeleton shared with the classic
game's search through ``engine.kernel.paths``), assuming every hazard check passes. A
destination says how the move would end there:

- ``land``: a surface city, spaceport, Galactic Base or asteroid (End Movement);
- ``spent``: the last movement point is spent there;
- ``stop``: the ship must stop to resolve something the dice cannot foresee: an encounter
  space or pirates (the cards decide), a telegate without a navigation value (the purple
  die), a navigation space without one (the player to the left chooses the exit), or a
  navigation exit pointing back (the move ends there). With a navigation value a telegate
  is followed: the path lists the destination telegate after the one entered;
- ``hazard``: a hazard space where a failed check would end the move (listed so the client
  can show the risk; the search goes on past it as if the check passed).

States are merged on (space, the space departed, movement points left), so the search is
linear in the board's size times the movement value. One path per destination and kind
(the one found with the most movement points left).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from engine.kernel.paths import Trail, no_cycle_collection, trail_spaces

from . import hazards
from .movement import (
    ENCOUNTER,
    LANDABLE,
    NAVIGATION,
    TELEGATE,
    Helm,
    Ship,
    Step,
    Terrain,
    after,
    steps,
)
from .navigation import telegate_jump

STOPS = frozenset({ENCOUNTER, "pirate"})


@dataclass(frozen=True)
class Destination:
    space: str
    end: str  # "land", "spent", "stop" or "hazard"
    path: tuple[str, ...]  # the spaces passed, in order (with those a drive skips)
    mp_left: int

    def as_dict(self) -> dict[str, object]:
        return {"space": self.space, "end": self.end, "path": list(self.path),
                "mp_left": self.mp_left}


# searches kept by their inputs: the mover's view makes one at every seq of a Move step, and
# a search bot's playouts reach the same positions from the worlds of one decision. The
# terrain is keyed by identity (``terrain.terrain_of`` keeps one per set of tokens); the
# entry holds it weakly, so an entry never keeps a terrain alive, and a new terrain that
# takes a dead one's identity finds the entry's reference dead and is searched anew.
_KEPT: dict[tuple[int, Ship, Helm, int | None, frozenset[str]],
            tuple[weakref.ref[Terrain], tuple[Destination, ...]]] = {}
_KEPT_MAX = 512


def reachable(terrain: Terrain, ship: Ship, helm: Helm, navigation: int | None,
              ignoring: frozenset[str] = frozenset()) -> list[Destination]:
    """Every space where this Move step can end (see the module docstring)."""
    key = (id(terrain), ship, helm, navigation, ignoring)
    found = _KEPT.get(key)
    if found is None or found[0]() is not terrain:
        if len(_KEPT) >= _KEPT_MAX:
            _KEPT.clear()
        with no_cycle_collection():
            found = _KEPT[key] = (weakref.ref(terrain),
                                  tuple(_search(terrain, ship, helm, navigation, ignoring)))
    return list(found[1])


def _search(terrain: Terrain, ship: Ship, helm: Helm, navigation: int | None,
            ignoring: frozenset[str]) -> list[Destination]:
    best: dict[tuple[str, str], tuple[int, Trail]] = {}
    seen: set[tuple[str, str | None, int]] = set()

    def record(space: str, end: str, mp: int, trail: Trail) -> None:
        old = best.get((space, end))
        if old is None or mp > old[0]:
            best[(space, end)] = (mp, trail)

    def visit(h: Helm, trail: Trail, jumped: bool = False) -> None:
        key = (h.at, h.came_from, h.mp)
        if key in seen:
            return
        seen.add(key)
        kind = terrain.kind(h.at)
        if trail is not None:
            if kind in LANDABLE:
                record(h.at, "land", h.mp, trail)
            if kind == TELEGATE and not jumped:
                if navigation is None:  # the purple die (or a die assigned there) decides
                    record(h.at, "stop", h.mp, trail)
                    return
                to = telegate_jump(terrain, h.at, navigation)
                if to is not None:  # Telegates 2: the navigation value's telegate, free
                    jump = Helm(to, h.mp, None, None, True)
                    visit(jump, (trail, Step(to, 0)), True)  # noqa: F821 (deleted after)
                    return
            if kind in STOPS:
                record(h.at, "stop", h.mp, trail)
                return
            if hazards.checks(kind, ignoring) is not None:
                record(h.at, "hazard", h.mp, trail)
            if kind == NAVIGATION and navigation is None:
                record(h.at, "stop", h.mp, trail)  # the player to the left chooses the exit
                return
        nexts = steps(terrain, ship, h, navigation)
        if not nexts and trail is not None and kind not in LANDABLE:
            record(h.at, "spent" if h.mp == 0 else "stop", h.mp, trail)
        for step in nexts:
            visit(after(h, step), (trail, step))  # noqa: F821 (deleted after the search)

    visit(helm, None)
    # ``visit`` calls itself through its closure cell: a reference cycle holding every search
    # state until the cycle collector runs; clearing the cell frees them now (as in
    # engine/venus/reach.py)
    del visit
    found = [Destination(space, end, trail_spaces(trail), mp)
             for (space, end), (mp, trail) in best.items()]
    return sorted(found, key=lambda d: (d.space, d.end))
