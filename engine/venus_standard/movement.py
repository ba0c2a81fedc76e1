"""Moving a ship through the cluster: the legal next steps from where it is.

Book headings: "Movement Phase" (1. Declare Heading, 3. Move: gray lines cost one movement
point, green lines two; 4. End Movement: landing on a surface city, spaceport or asteroid),
"Additional Movement Rules" (no backtracking), "Drives" (skipping yellow / red spaces; the
Drive Movement Example), "Bumps Along the Way > Branching Paths", "> Navigation Spaces"
(the exit by navigation value), "> Telegates", "> Asteroids".

Everything here is pure. A :class:`Terrain` is the board as movement reads it (the printed
spaces plus the tokens the game placed: pirates, asteroids, telegate tokens, merchant
spaceports); a :class:`Helm` is the moving part of one Movement phase. The rules module
(``helm_rules``) turns the chosen :class:`Step` into events.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from engine.kernel import RuleError

# Space kinds, as the board's legend names them ("The Galactic Cluster > Spaces").
BLUE, YELLOW, RED = "blue", "yellow", "red"
LASER, SHIELD, PILOTING = "laser_hazard", "shield_hazard", "piloting_hazard"
HAZARDS = {LASER: "laser", SHIELD: "shield", PILOTING: "piloting"}
ASTEROID, ENCOUNTER, NAVIGATION, TELEGATE = "asteroid", "encounter", "navigation", "telegate"
ORBIT, SURFACE_CITY = "orbit", "surface_city"
SPACEPORT, GALACTIC_BASE = "neutral_spaceport", "galactic_base"
MERCHANT_SPACEPORT = "merchant_spaceport"  # a player's spaceport token on an orbit space
PORTS = frozenset({SURFACE_CITY, SPACEPORT, MERCHANT_SPACEPORT, GALACTIC_BASE})
LANDABLE = PORTS | {ASTEROID}  # End Movement: surface city, spaceport or asteroid

# Drives: the space colours each drive skips.
DRIVE_SKIPS: dict[str, frozenset[str]] = {
    "yellow": frozenset({YELLOW}),
    "red": frozenset({RED}),
    "combo": frozenset({YELLOW, RED}),
}

GRAY_COST, GREEN_COST = 1, 2  # Movement Phase > Move


@dataclass(frozen=True)
class Terrain:
    """The cluster as movement reads it: kind of each space, lines (neighbour, cost),
    navigation exits (die value -> neighbour) and telegates (number -> space)."""

    kinds: Mapping[str, str]
    lines: Mapping[str, tuple[tuple[str, int], ...]]
    exits: Mapping[str, Mapping[int, str]] = field(default_factory=dict)
    telegates: Mapping[int, str] = field(default_factory=dict)
    # the forward steps from a space, per (space, came from, drive skips, green cost): the
    # board does not change while a terrain lives, so they are worked out once
    forward: dict[tuple[str, str | None, frozenset[str], int], tuple[Step, ...]] = field(
        default_factory=dict, compare=False, repr=False)

    def kind(self, space: str) -> str:
        try:
            return self.kinds[space]
        except KeyError:
            raise RuleError("Movement Phase > Move", f"no space {space!r} on the board") from None

    def neighbours(self, space: str) -> tuple[tuple[str, int], ...]:
        return self.lines.get(space, ())

    def telegate_number(self, space: str) -> int | None:
        for number, where in self.telegates.items():
            if where == space:
                return number
        return None

    def with_tokens(self, tokens: Mapping[str, str]) -> Terrain:
        """The terrain with tokens placed by the game: ``space -> "pirate" | "asteroid" |
        "blue" | "telegate:<n>" | "merchant_spaceport"``. A token replaces the space it lies on
        (Encounters: "This token remains on the space ... replacing the encounter space")."""
        if not tokens:
            return self
        kinds = dict(self.kinds)
        telegates = dict(self.telegates)
        lines = dict(self.lines)
        for space, token in tokens.items():
            if token.startswith("telegate:"):
                kinds[space] = TELEGATE
                telegates[int(token.partition(":")[2])] = space
            elif token in (ASTEROID, MERCHANT_SPACEPORT, BLUE):
                kinds[space] = token
            elif token == "pirate":
                kinds[space] = "pirate"
            if token == MERCHANT_SPACEPORT:
                # Trading on Merchant Spaceports: "players can no longer move from the space
                # containing the merchant spaceport to the connected surface city"
                lines[space] = tuple((to, cost) for to, cost in lines.get(space, ())
                                     if self.kinds.get(to) != SURFACE_CITY)
        return Terrain(kinds, lines, self.exits, telegates)


@dataclass(frozen=True, slots=True)
class Ship:
    """The facts of one ship that stay fixed while it moves this turn."""

    drive: str | None = None  # "yellow" | "red" | "combo" (Drives), None without one
    use_drive: bool = True  # Drives: he may announce at Declare Heading not to use it
    green_cost: int = GREEN_COST  # a pilot ability may make green lines cost one (ours)
    nav_spread: int = 0  # a pilot ability: the navigation value read one higher or lower

    @property
    def skips(self) -> frozenset[str]:
        if self.drive is None or not self.use_drive:
            return frozenset()
        return DRIVE_SKIPS[self.drive]


@dataclass(frozen=True, slots=True)
class Helm:
    """Where the ship is in its Move step.

    ``came_from`` is the space it last departed (no backtracking); None at the start of the
    turn and after a telegate jump (a new heading is declared). ``heading`` is the first
    space the ship must move to (Declare Heading; None = any path). ``entered`` is True
    when the ship entered its current space this turn (Navigation Spaces)."""

    at: str
    mp: int
    came_from: str | None = None
    heading: str | None = None
    entered: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """One move to the next space the ship stops on, over any spaces its drive skips."""

    to: str
    mp: int
    skipped: tuple[str, ...] = ()


def line_cost(cost: int, ship: Ship) -> int:
    return ship.green_cost if cost == GREEN_COST else cost


def _forward(terrain: Terrain, at: str, came_from: str | None) -> Iterator[tuple[str, int]]:
    for to, cost in terrain.neighbours(at):
        if to != came_from:  # Additional Movement Rules: no backtracking
            yield to, cost


def _through(terrain: Terrain, ship: Ship, at: str, to: str, cost: int,
             skipped: tuple[str, ...]) -> Iterator[Step]:
    """Drives: a skipped space costs nothing to cross; the step ends on the first space the
    drive does not skip, paying the line into it (Drive Movement Example: 11 -> 8)."""
    if terrain.kind(to) in ship.skips and to not in skipped:
        for nxt, nxt_cost in _forward(terrain, to, at):
            if nxt not in skipped:
                yield from _through(terrain, ship, to, nxt, nxt_cost, skipped + (to,))
        return
    yield Step(to, line_cost(cost, ship), skipped)


def exit_by_navigation(terrain: Terrain, space: str, value: int) -> str | None:
    """Navigation Spaces: the path that matches the navigation value."""
    return terrain.exits.get(space, {}).get(value)


def navigation_targets(terrain: Terrain, helm: Helm, navigation: int,
                       spread: int = 0) -> list[str]:
    """Navigation Spaces: the exit matching the navigation value (with a pilot's spread, the
    values one lower and higher too), never the path entered by this turn."""
    values = range(max(1, navigation - spread), min(6, navigation + spread) + 1)
    out: list[str] = []
    for value in values:
        to = exit_by_navigation(terrain, helm.at, value)
        if to is not None and to not in out and not (helm.entered and to == helm.came_from):
            out.append(to)
    return out


def first_spaces(terrain: Terrain, helm: Helm) -> list[str]:
    """Declare Heading: the paths connected to the ship's space."""
    return sorted({to for to, _ in terrain.neighbours(helm.at)})


def steps(terrain: Terrain, ship: Ship, helm: Helm, navigation: int | None) -> list[Step]:
    """The single moves the ship may make next, with the movement points each costs.

    On a navigation space only the exit matching ``navigation`` is offered (none when it
    points back the way the ship came in this turn: the ship's move ends there; none
    either when there is no navigation value: :func:`navigation_exits` decides)."""
    at = helm.at
    if terrain.kind(at) == SURFACE_CITY and (helm.entered or helm.came_from is not None):
        # a surface city entered is landed on ("End Movement"): with several orbit spaces
        # joined to it (our board), a ship does not fly on through it (docs/rulings.md)
        return []
    if terrain.kind(at) == NAVIGATION:
        if navigation is None:
            return []
        costs = dict(terrain.neighbours(at))
        found: list[Step] = []
        for to in navigation_targets(terrain, helm, navigation, ship.nav_spread):
            found.extend(s for s in _through(terrain, ship, at, to, costs.get(to, GRAY_COST), ())
                         if s.mp <= helm.mp)
        return found
    key = (at, helm.came_from, ship.skips, ship.green_cost)
    ahead = terrain.forward.get(key)
    if ahead is None:
        ahead = terrain.forward[key] = tuple(
            s for to, cost in _forward(terrain, at, helm.came_from)
            for s in _through(terrain, ship, at, to, cost, ()))
    heading = helm.heading
    return [s for s in ahead if s.mp <= helm.mp
            and (heading is None or (s.skipped[0] if s.skipped else s.to) == heading)]


def after(helm: Helm, step: Step) -> Helm:
    """The helm once the ship has made ``step``."""
    came = step.skipped[-1] if step.skipped else helm.at
    return Helm(step.to, helm.mp - step.mp, came, None, True)


def find_step(terrain: Terrain, ship: Ship, helm: Helm, navigation: int | None,
              to: str) -> Step:
    """The legal step to ``to``, or a RuleError saying which rule forbids it."""
    for s in steps(terrain, ship, helm, navigation):
        if s.to == to:
            return s
    if terrain.kind(helm.at) == NAVIGATION and navigation is not None:
        raise RuleError("Bumps Along the Way > Navigation Spaces",
                        f"navigation value {navigation} leaves {helm.at} by "
                        f"{exit_by_navigation(terrain, helm.at, navigation)}, not {to}")
    if to == helm.came_from:
        raise RuleError("Additional Movement Rules", "a ship cannot backtrack")
    if helm.heading is not None and to != helm.heading:
        raise RuleError("Movement Phase > Declare Heading",
                        f"the declared heading is {helm.heading}, not {to}")
    near = {n for n, _ in terrain.neighbours(helm.at)}
    if to not in near:
        skippable = any(s.to == to for s in _all_steps(terrain, ship, helm))
        if not skippable:
            raise RuleError("Movement Phase > Move", f"{to} is not next to {helm.at}")
    raise RuleError("Movement Phase > Move",
                    f"not enough movement points to reach {to} ({helm.mp} left)")


def _all_steps(terrain: Terrain, ship: Ship, helm: Helm) -> Iterable[Step]:
    for to, cost in _forward(terrain, helm.at, helm.came_from):
        yield from _through(terrain, ship, helm.at, to, cost, ())


def landable(terrain: Terrain, space: str) -> bool:
    """End Movement: a surface city, spaceport (Galactic Base acts as one) or asteroid."""
    return terrain.kind(space) in LANDABLE
