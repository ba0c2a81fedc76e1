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
from collections.abc import Iterable
from functools import lru_cache

from . import navigation
from .movement import (
    MERCHANT_SPACEPORT,
    NAVIGATION,
    Helm,
    Ship,
    Step,
    Terrain,
    after,
    navigation_targets,
    steps,
)
from .terrain import board_terrain

UNLIMITED = 1 << 10  # movement points enough for any course on the board
NAVIGATION_VALUES = range(1, 7)  # "Navigation Spaces": the exits a die can pick
FAR = 99  # a space out of the course's reach, for the callers' sums
COURSES_MAX = 256  # courses kept (a dict of the board's spaces each)
CHARTS_MAX = 16  # charts kept (one a ship and set of merchant spaceports)
PLAIN = Ship()  # no drive, green lines at two points

Move = tuple[str, str | None, int]  # the space reached, the space departed, points spent


def _next_steps(terrain: Terrain, ship: Ship, helm: Helm) -> list[Step]:
    if terrain.kind(helm.at) != NAVIGATION:
        return steps(terrain, ship, helm, None)
    found: dict[str, Step] = {}
    for value in NAVIGATION_VALUES:
        for s in steps(terrain, ship, helm, value):
            found.setdefault(s.to, s)
    return list(found.values())


def _moves(terrain: Terrain, ship: Ship, helm: Helm) -> tuple[Move, ...]:
    return tuple((s.to, after(helm, s).came_from, s.mp) for s in _next_steps(terrain, ship, helm))


class Chart:
    """One ship's moves on the board with its merchant spaceports built, out of each space
    and the space departed, worked out once each (the board and the ship stay the same from
    one decision to the next)."""

    def __init__(self, ship: Ship, spaceports: frozenset[str]) -> None:
        self.ship = ship
        self.terrain = board_terrain().with_tokens(
            dict.fromkeys(spaceports, MERCHANT_SPACEPORT))
        self._out: dict[tuple[str, str | None], tuple[Move, ...]] = {}

    def moves(self, at: str, came_from: str | None, entered: bool = True) -> tuple[Move, ...]:
        """The single moves out of ``at`` (``entered`` in this Move step, as
        ``Helm.entered``; a space departed means one entered)."""
        entered = entered and came_from is not None
        if not entered and came_from is not None:  # a turn's start facing a way: seldom
            return _moves(self.terrain, self.ship, Helm(at, UNLIMITED, came_from, None, False))
        key = (at, came_from)
        found = self._out.get(key)
        if found is None:
            found = self._out[key] = _moves(self.terrain, self.ship,
                                            Helm(at, UNLIMITED, came_from, None, entered))
        return found

    def search(self, at: str, first: Iterable[Move]) -> dict[str, int]:
        """Dijkstra's search over space and the space departed, from the moves ``first``
        out of ``at``: the fewest movement points to each space."""
        best: dict[str, int] = {at: 0}
        done: set[tuple[str, str | None]] = set()
        queue = [(mp, i, to, came) for i, (to, came, mp) in enumerate(first)]
        heapq.heapify(queue)
        order = len(queue)  # ties broken by insertion, never by comparing spaces with None
        while queue:
            spent, _, here, came = heapq.heappop(queue)
            if (here, came) in done:
                continue
            done.add((here, came))
            if spent < best.get(here, UNLIMITED):
                best[here] = spent
            for to, back, mp in self.moves(here, came):
                if (to, back) not in done:
                    heapq.heappush(queue, (spent + mp, order, to, back))
                    order += 1
        return best


@lru_cache(maxsize=CHARTS_MAX)
def chart(ship: Ship = PLAIN, spaceports: frozenset[str] = frozenset()) -> Chart:
    return Chart(ship, spaceports)


@lru_cache(maxsize=COURSES_MAX)
def from_space(at: str, came_from: str | None, ship: Ship = PLAIN,
               spaceports: frozenset[str] = frozenset(), entered: bool = True
               ) -> dict[str, int]:
    """Movement points from a ship on ``at`` that last departed ``came_from`` (None: free to
    take any path; ``entered``: in this Move step, as ``Helm.entered``) to every space it
    can reach, over any number of turns flown on without a new heading."""
    found = chart(ship, spaceports)
    return found.search(at, found.moves(at, came_from, entered))


@lru_cache(maxsize=COURSES_MAX)
def after_step(at: str, came_from: str | None, to: str, ship: Ship = PLAIN,
               spaceports: frozenset[str] = frozenset(), entered: bool = True
               ) -> dict[str, int]:
    """The course once the ship on ``at`` (last departed ``came_from``; ``entered`` as in
    :func:`from_space`) has stepped to ``to``, the step's own movement points included;
    empty if no such step is legal. Kept, as :func:`from_space` is: read it, never change
    it (a bot weighs each step of its course again in every playout)."""
    for reached, came, mp in chart(ship, spaceports).moves(at, came_from, entered):
        if reached == to:
            rest = from_space(to, came, ship, spaceports)
            return {space: mp + d for space, d in rest.items()}
    return {}


def exits_by_value(at: str, came_from: str | None, value: int, ship: Ship = PLAIN,
                   spaceports: frozenset[str] = frozenset(), entered: bool = True
                   ) -> list[str]:
    """Navigation Spaces: the exits a navigation value takes out of the navigation space
    ``at`` (with a pilot's spread, the values one lower and higher too), never back the way
    the ship came this turn (``entered`` as in :func:`from_space`); none: the move ends
    there."""
    helm = Helm(at, UNLIMITED, came_from, None, entered and came_from is not None)
    return navigation_targets(chart(ship, spaceports).terrain, helm, value, ship.nav_spread)


def chosen_exits(at: str, came_from: str | None, ship: Ship = PLAIN,
                 spaceports: frozenset[str] = frozenset(), entered: bool = True) -> list[str]:
    """Navigation Spaces: the exits the player to the left may choose for a ship leaving
    ``at`` without a navigation die (all but the path it entered by this turn)."""
    helm = Helm(at, UNLIMITED, came_from, None, entered and came_from is not None)
    return navigation.navigation_exits(chart(ship, spaceports).terrain, helm)
