"""A ship's course: the movement points from where it is, and the way it faces, to every
space, flying only as the movement rules let it (``movement.steps``, the rules' own legal
steps): no turning back along the line it came by ("Additional Movement Rules": no
backtracking during a Move step; a ship that starts its turn without declaring a heading
keeps facing the way it came, ``helm.helm_of``), a surface city entered is landed on
("End Movement"), a drive skips its spaces ("Drives"), a merchant spaceport closes its orbit's
line to the city ("Trading on Merchant Spaceports"). The bots' map of the standard game.

What the dice decide is taken at its best: a navigation space is left by any of its exits
but the path entered by ("Navigation Spaces": a navigation value picks one), a telegate is
crossed as if the navigation value matched it, hazards are passed, encounters flown through.

A course from a ship free to take any path (``came_from`` None) is what a declared heading
gives at the start of a turn ("Declare Heading": the ship points toward the space it
chooses).
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from .movement import MERCHANT_SPACEPORT, NAVIGATION, Helm, Ship, Step, Terrain, after, steps
from .terrain import board_terrain

UNLIMITED = 1 << 10  # movement points enough for any course on the board
NAVIGATION_VALUES = range(1, 7)  # "Navigation Spaces": the exits a die can pick
FAR = 99  # a space out of the course's reach, for the callers' sums
COURSES_MAX = 1024  # courses kept (a dict of the board's spaces each)
PLAIN = Ship()  # no drive, green lines at two points


@lru_cache(maxsize=64)
def _terrain(spaceports: frozenset[str]) -> Terrain:
    """The printed board with the merchant spaceports built (the tokens that change where
    a ship may go); kept, as the terrain keeps its forward steps."""
    return board_terrain().with_tokens(dict.fromkeys(spaceports, MERCHANT_SPACEPORT))


def _next_steps(terrain: Terrain, ship: Ship, helm: Helm) -> list[Step]:
    if terrain.kind(helm.at) != NAVIGATION:
        return steps(terrain, ship, helm, None)
    found: dict[str, Step] = {}
    for value in NAVIGATION_VALUES:
        for s in steps(terrain, ship, helm, value):
            found.setdefault(s.to, s)
    return list(found.values())


@lru_cache(maxsize=COURSES_MAX)
def from_space(at: str, came_from: str | None, ship: Ship = PLAIN,
               spaceports: frozenset[str] = frozenset(), entered: bool = True
               ) -> dict[str, int]:
    """Movement points from a ship on ``at`` that last departed ``came_from`` (None: free to
    take any path; ``entered``: in this Move step, as ``Helm.entered``) to every space it
    can reach, over any number of turns flown on without a new heading (a Dijkstra search
    over space and the way the ship faces)."""
    terrain = _terrain(spaceports)
    start = Helm(at, UNLIMITED, came_from, None, entered and came_from is not None)
    best: dict[str, int] = {at: 0}
    done: set[tuple[str, str | None]] = set()
    queue: list[tuple[int, int, Helm]] = [(0, 0, start)]
    order = 1  # ties in the queue are broken by insertion, never by comparing helms
    while queue:
        spent, _, helm = heapq.heappop(queue)
        key = (helm.at, helm.came_from)
        if key in done:
            continue
        done.add(key)
        for s in _next_steps(terrain, ship, helm):
            nxt = after(helm, s)
            cost = spent + s.mp
            if (nxt.at, nxt.came_from) in done:
                continue
            if cost < best.get(nxt.at, UNLIMITED):
                best[nxt.at] = cost
            heapq.heappush(queue, (cost, order, Helm(nxt.at, UNLIMITED, nxt.came_from,
                                                     None, True)))
            order += 1
    return best


def after_step(at: str, came_from: str | None, to: str, ship: Ship = PLAIN,
               spaceports: frozenset[str] = frozenset(), entered: bool = True
               ) -> dict[str, int]:
    """The course once the ship on ``at`` (last departed ``came_from``; ``entered`` as in
    :func:`from_space`) has stepped to ``to``, the step's own movement points included;
    empty if no such step is legal."""
    terrain = _terrain(spaceports)
    helm = Helm(at, UNLIMITED, came_from, None, entered and came_from is not None)
    for s in _next_steps(terrain, ship, helm):
        if s.to == to:
            rest = from_space(to, after(helm, s).came_from, ship, spaceports)
            return {space: s.mp + d for space, d in rest.items()}
    return {}
