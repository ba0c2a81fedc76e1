"""The standard side of the Merchant of Venus board (2012 standard rulebook, "The Galactic
Cluster"): 14 systems joined by trade routes, Galactic Base, the two anomalies, and every
kind of space of the "Game Board Legend".

The book prints this side only as a picture, so the map is ours (``data/board.json``, every
space and line marked ``"ours": true``; how it was designed and how the book's worked examples
fit it: ``docs/venus-standard.md``, "The board"). What the book fixes and this module checks
at load:

- "Systems and Routes": a system is the spaces joined by contiguous solid lines (gray or
  green) and a market; trade routes are spaces joined by dashed lines; a space with both a
  solid and a dashed line belongs to the system.
- "Move": a gray line (solid or dashed) costs 1 movement point, a solid green line 2.
- "The Asteroid System": a web of solid lines with an orbit space at either end; each of its
  neutral spaceports is joined to an orbit space by three contiguous green lines ("Merchant
  Spaceports in the Asteroid System").
- "Transaction Phase" note: the Nebula Habitat, the Asteroid System and the
  Multi-Generational Ship have spaceports instead of surface cities.
- "Merchant Spaceport Phase": an orbit space is joined to a surface city by a single green line.
- "Anomalies": the Supernova and the Supergiant are not systems; the spaces around them are
  trade route spaces; each has a name and a mission token area.
- "Navigation Spaces": each exit of a navigation space is chosen by a navigation value 1-6.
- "Telegates": telegate spaces carry the numbers of the telegates.
- "Galactic Base": not a system, a neutral spaceport, and every ship's starting space.
- Every space can be reached from Galactic Base.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cache, cached_property
from importlib import resources

from pydantic import Field, model_validator

from engine.cluster import FrozenModel, Graph, Point
from engine.cluster.graph import StepCost

__all__ = [
    "DRIVE_SKIPS",
    "Drive",
    "Line",
    "LineColour",
    "LineStyle",
    "Space",
    "SpaceKind",
    "StandardBoard",
    "StandardBoardData",
    "System",
    "SystemKind",
    "load_board",
    "load_board_data",
]


class SpaceKind(StrEnum):
    """The spaces of the "Game Board Legend", in its order."""

    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"
    LASER_HAZARD = "laser_hazard"
    SHIELD_HAZARD = "shield_hazard"
    PILOTING_HAZARD = "piloting_hazard"
    ASTEROID = "asteroid"
    ENCOUNTER = "encounter"
    NAVIGATION = "navigation"
    TELEGATE = "telegate"
    ORBIT = "orbit"
    SURFACE_CITY = "surface_city"
    NEUTRAL_SPACEPORT = "neutral_spaceport"
    GALACTIC_BASE = "galactic_base"


HAZARDS = (SpaceKind.LASER_HAZARD, SpaceKind.SHIELD_HAZARD, SpaceKind.PILOTING_HAZARD)
LANDING = (SpaceKind.SURFACE_CITY, SpaceKind.NEUTRAL_SPACEPORT, SpaceKind.GALACTIC_BASE)


class Drive(StrEnum):
    """The three drives ("Drives"): which coloured spaces a ship skips."""

    YELLOW = "yellow"
    RED = "red"
    COMBO = "combo"


DRIVE_SKIPS: dict[Drive, frozenset[SpaceKind]] = {
    Drive.YELLOW: frozenset({SpaceKind.YELLOW}),
    Drive.RED: frozenset({SpaceKind.RED}),
    Drive.COMBO: frozenset({SpaceKind.YELLOW, SpaceKind.RED}),
}


class LineColour(StrEnum):
    GRAY = "gray"  # 1 movement point ("Move")
    GREEN = "green"  # 2 movement points, always solid


class LineStyle(StrEnum):
    SOLID = "solid"  # inside a system
    DASHED = "dashed"  # a trade route


class SystemKind(StrEnum):
    SYSTEM = "system"  # one of the 14, with a market
    ANOMALY = "anomaly"  # Supernova, Supergiant: a name and a mission token area
    BASE = "base"  # Galactic Base


# The book's own facts about which systems trade at spaceports ("Transaction Phase", note).
SPACEPORT_SYSTEMS = frozenset({"nebula-habitat", "asteroid-system", "multi-generational-ship"})
GALACTIC_BASE = "galactic-base"


class System(FrozenModel):
    """A system, an anomaly or Galactic Base, with where its pieces are drawn."""

    id: str
    name: str
    kind: SystemKind
    centre: Point  # the planet, star or station drawn in the middle
    label: Point  # where the name is written
    market: Point | None = None  # market area: market, racial technology and goods tokens
    mission_area: Point | None = None  # mission token area (systems and anomalies)
    ours: bool = False  # True when the book does not name it: our name and our drawing


class RouteData(FrozenModel):
    """A trade route leg: a chain of dashed-line spaces. ``ends`` are system ids, or the id
    of the navigation space where legs meet."""

    id: str
    name: str
    ends: tuple[str, str]


class Space(FrozenModel):
    """One space of the board. ``system`` for a system's spaces (and Galactic Base),
    ``route`` for a trade route space; exactly one of them."""

    id: str  # stable: the SVG's data-space, the engine, scenarios and the client use it
    kind: SpaceKind
    at: Point
    system: str | None = None
    route: str | None = None
    name: str | None = None  # surface cities, spaceports and Galactic Base
    telegate: int | None = None  # the number printed on a telegate space
    # navigation space exits: neighbour space id -> the navigation values that take it
    exits: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    ours: bool = True

    @property
    def landing(self) -> bool:
        """A surface city or a spaceport ("End Movement"); asteroids are checked apart."""
        return self.kind in LANDING


class Line(FrozenModel):
    """A line between two spaces: gray costs 1, green costs 2 ("Move")."""

    a: str
    b: str
    colour: LineColour = LineColour.GRAY
    style: LineStyle = LineStyle.SOLID
    ours: bool = True

    @property
    def cost(self) -> int:
        return 2 if self.colour is LineColour.GREEN else 1


class StandardBoardData(FrozenModel):
    """The whole map as stored in ``data/board.json``."""

    name: str
    source: str
    ours: bool
    width: int
    height: int
    systems: list[System]
    routes: list[RouteData]
    spaces: list[Space]
    lines: list[Line]

    @model_validator(mode="after")
    def _check(self) -> StandardBoardData:
        problems = board_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _reference_problems(data: StandardBoardData) -> list[str]:
    out: list[str] = []
    systems = {s.id: s for s in data.systems}
    ids = [s.id for s in data.spaces]
    if len(ids) != len(set(ids)):
        out.append("duplicate space ids")
    known = set(ids)
    routes = {r.id for r in data.routes}
    for r in data.routes:
        for end in r.ends:
            if end not in systems and end not in known:
                out.append(f"route {r.id}: end {end} is neither a system nor a space")
    for s in data.spaces:
        if (s.system is None) == (s.route is None):
            out.append(f"space {s.id}: needs exactly one of system or route")
        if s.system is not None and s.system not in systems:
            out.append(f"space {s.id}: unknown system {s.system}")
        if s.route is not None and s.route not in routes:
            out.append(f"space {s.id}: unknown route {s.route}")
    pairs: set[frozenset[str]] = set()
    for line in data.lines:
        for end in (line.a, line.b):
            if end not in known:
                out.append(f"line {line.a}-{line.b}: unknown space {end}")
        pair = frozenset((line.a, line.b))
        if pair in pairs or len(pair) != 2:
            out.append(f"line {line.a}-{line.b}: duplicate or a loop")
        pairs.add(pair)
        if line.colour is LineColour.GREEN and line.style is not LineStyle.SOLID:
            out.append(f"line {line.a}-{line.b}: green lines are solid (Move)")
    return out


def _kind_problems(data: StandardBoardData, board_lines: dict[str, list[Line]]) -> list[str]:
    """Each space's kind against its lines and fields (the legend's rules)."""
    out: list[str] = []
    spaces = {s.id: s for s in data.spaces}
    for s in data.spaces:
        lines = board_lines[s.id]
        if s.kind is SpaceKind.NAVIGATION:
            numbers = sorted(n for ns in s.exits.values() for n in ns)
            if numbers != [1, 2, 3, 4, 5, 6]:
                out.append(f"navigation space {s.id}: exits must use 1-6 once each")
            others = {ln.b if ln.a == s.id else ln.a for ln in lines}
            if set(s.exits) != others:
                out.append(f"navigation space {s.id}: exits must be exactly its neighbours")
        elif s.exits:
            out.append(f"space {s.id}: only navigation spaces have exits")
        if (s.kind is SpaceKind.TELEGATE) != (s.telegate is not None):
            out.append(f"space {s.id}: a telegate space and only it carries a number")
        if s.telegate is not None and not 1 <= s.telegate <= 6:
            out.append(f"telegate space {s.id}: numbers are 1-6 (Telegates)")
        greens = [ln for ln in lines if ln.colour is LineColour.GREEN]
        if s.kind is SpaceKind.SURFACE_CITY:
            # "an orbit space ... connected by a single green line to the surface city"; a
            # city may have several ("if all of a system's orbit spaces contain merchant
            # spaceports"), joined by nothing else
            ends = {spaces[ln.b if ln.a == s.id else ln.a].kind for ln in lines}
            if not lines or len(greens) != len(lines) or ends != {SpaceKind.ORBIT}:
                out.append(f"surface city {s.id}: green lines to orbit spaces only")
        if s.kind is SpaceKind.ORBIT and s.system != "asteroid-system":
            cities = [ln for ln in greens
                      if spaces[ln.b if ln.a == s.id else ln.a].kind is SpaceKind.SURFACE_CITY]
            if len(cities) != 1:
                out.append(f"orbit space {s.id}: one green line to a surface city")
    numbers = [s.telegate for s in data.spaces if s.telegate is not None]
    if len(numbers) != len(set(numbers)):
        out.append("two telegate spaces share a number")
    return out


def _system_problems(data: StandardBoardData, board_lines: dict[str, list[Line]]) -> list[str]:
    """Systems and routes as "Systems and Routes" defines them."""
    out: list[str] = []
    spaces = {s.id: s for s in data.spaces}
    for line in data.lines:
        a, b = spaces.get(line.a), spaces.get(line.b)
        if a is None or b is None:
            continue
        if line.style is LineStyle.SOLID and (a.system is None or a.system != b.system):
            out.append(f"solid line {a.id}-{b.id}: joins spaces of one system")
        if line.style is LineStyle.DASHED and a.route is None and b.route is None:
            out.append(f"dashed line {a.id}-{b.id}: a trade route line needs a route space")
    for s in data.spaces:
        styles = {ln.style for ln in board_lines[s.id]}
        if s.route is not None and LineStyle.SOLID in styles:
            out.append(f"route space {s.id}: has a solid line, so it belongs to a system")
    for system in data.systems:
        members = [s for s in data.spaces if s.system == system.id]
        kinds = {s.kind for s in members}
        if system.kind is SystemKind.BASE:
            if [s.kind for s in members] != [SpaceKind.GALACTIC_BASE]:
                out.append("Galactic Base is one galactic base space")
            continue
        if system.mission_area is None:
            out.append(f"{system.id}: no mission token area")
        if system.kind is SystemKind.ANOMALY:
            if members:
                out.append(f"anomaly {system.id}: not a system, its spaces are route spaces")
            continue
        if system.market is None:
            out.append(f"system {system.id}: no market (Systems and Routes)")
        if system.id in SPACEPORT_SYSTEMS:
            if SpaceKind.SURFACE_CITY in kinds or SpaceKind.NEUTRAL_SPACEPORT not in kinds:
                out.append(f"system {system.id}: spaceports instead of surface cities")
        elif SpaceKind.SURFACE_CITY not in kinds:
            out.append(f"system {system.id}: no surface city")
        needs_orbit = SpaceKind.SURFACE_CITY in kinds or system.id == "asteroid-system"
        if needs_orbit and SpaceKind.ORBIT not in kinds:
            out.append(f"system {system.id}: no orbit space")
        if system.id != "asteroid-system" and not _has_cycle(members, board_lines):
            out.append(f"system {system.id}: its spaces form no closed solid path")
    return out


def _has_cycle(members: list[Space], board_lines: dict[str, list[Line]]) -> bool:
    """Whether the gray solid lines among ``members`` contain a closed path."""
    ids = {s.id for s in members}
    edges = {frozenset((ln.a, ln.b)) for s in members for ln in board_lines[s.id]
             if ln.style is LineStyle.SOLID and ln.a in ids and ln.b in ids}
    parent = {i: i for i in ids}

    def root(i: str) -> str:
        while parent[i] != i:
            i = parent[i]
        return i

    for edge in edges:
        a, b = sorted(edge)
        ra, rb = root(a), root(b)
        if ra == rb:
            return True
        parent[ra] = rb
    return False


def board_problems(data: StandardBoardData) -> list[str]:
    """Everything wrong with a board file, as sentences naming the space and the rule."""
    out = _reference_problems(data)
    if out:
        return out
    board_lines: dict[str, list[Line]] = {s.id: [] for s in data.spaces}
    for line in data.lines:
        board_lines[line.a].append(line)
        board_lines[line.b].append(line)
    out += _kind_problems(data, board_lines)
    out += _system_problems(data, board_lines)
    bases = [s.id for s in data.spaces if s.kind is SpaceKind.GALACTIC_BASE]
    if len(bases) != 1:
        out.append("the board needs exactly one Galactic Base space")
    else:
        graph = Graph([s.id for s in data.spaces], ((ln.a, ln.b, ln.cost) for ln in data.lines))
        cut_off = sorted(set(graph.adjacency) - graph.reachable(bases[0]))
        if cut_off:
            out.append(f"not reachable from Galactic Base: {', '.join(cut_off[:8])}")
    return out


class StandardBoard:
    """The standard board indexed for movement and for the rules that name spaces."""

    def __init__(self, data: StandardBoardData) -> None:
        self.data = data
        self.systems: dict[str, System] = {s.id: s for s in data.systems}
        self.routes: dict[str, RouteData] = {r.id: r for r in data.routes}
        self.spaces: dict[str, Space] = {s.id: s for s in data.spaces}
        self.graph = Graph(self.spaces, ((ln.a, ln.b, ln.cost) for ln in data.lines))
        self._lines: dict[frozenset[str], Line] = {
            frozenset((ln.a, ln.b)): ln for ln in data.lines
        }
        self.by_system: dict[str, list[str]] = {}
        # a system's spaces of each kind, asked at every landing a bot weighs
        self._by_kind: dict[tuple[str, SpaceKind], list[str]] = {}
        for s in data.spaces:
            if s.system is not None:
                self.by_system.setdefault(s.system, []).append(s.id)
                self._by_kind.setdefault((s.system, s.kind), []).append(s.id)
        self.telegates: dict[int, str] = {
            s.telegate: s.id for s in data.spaces if s.telegate is not None
        }

    # --- the graph -------------------------------------------------------------------

    def neighbours(self, space: str) -> dict[str, int]:
        """The spaces one line away, with the line's movement cost ("Move": green is 2)."""
        return self.graph.neighbours(space)

    def line(self, a: str, b: str) -> Line:
        """The line between two neighbouring spaces."""
        try:
            return self._lines[frozenset((a, b))]
        except KeyError:
            raise KeyError(f"no line between {a} and {b}") from None

    @property
    def lines(self) -> list[Line]:
        return self.data.lines

    # --- systems, landing places ------------------------------------------------------

    def system_of(self, space: str) -> str | None:
        """The system a space belongs to (None for a trade route space)."""
        return self.spaces[space].system

    def spaces_of(self, system: str) -> list[str]:
        return list(self.by_system.get(system, []))

    @cached_property
    def galactic_base(self) -> str:
        """The Galactic Base space: every ship's start ("Setup" step 15)."""
        return next(s.id for s in self.spaces.values() if s.kind is SpaceKind.GALACTIC_BASE)

    @property
    def cultured_systems(self) -> list[str]:
        """The 14 systems, each with a market (and, at setup, a First Contact card)."""
        return [s.id for s in self.data.systems if s.kind is SystemKind.SYSTEM]

    @property
    def anomalies(self) -> list[str]:
        return [s.id for s in self.data.systems if s.kind is SystemKind.ANOMALY]

    def _of_kind(self, system: str, kind: SpaceKind) -> list[str]:
        return list(self._by_kind.get((system, kind), ()))

    def surface_cities(self, system: str) -> list[str]:
        return self._of_kind(system, SpaceKind.SURFACE_CITY)

    def spaceports(self, system: str) -> list[str]:
        """The neutral spaceports printed in a system (Nebula Habitat, Asteroid System,
        Multi-Generational Ship)."""
        return self._of_kind(system, SpaceKind.NEUTRAL_SPACEPORT)

    def landing_places(self, system: str) -> list[str]:
        """Where a ship lands to trade in a system: its surface cities or spaceports."""
        return self.surface_cities(system) + self.spaceports(system)

    def orbits(self, system: str) -> list[str]:
        return self._of_kind(system, SpaceKind.ORBIT)

    def city_of_orbit(self, orbit: str) -> str | None:
        """The surface city an orbit space is joined to by its green line, if any."""
        for n in self.neighbours(orbit):
            if self.spaces[n].kind is SpaceKind.SURFACE_CITY:
                return n
        return None

    def orbits_of_city(self, city: str) -> list[str]:
        """The orbit spaces joined to a surface city by a single green line (a merchant
        spaceport can be built on one of them: "Merchant Spaceport Phase")."""
        return [n for n in self.neighbours(city) if self.spaces[n].kind is SpaceKind.ORBIT]

    def asteroid_spaceport_orbit(self, spaceport: str) -> str:
        """The orbit space joined to an Asteroid System neutral spaceport by three
        contiguous green lines ("Merchant Spaceports in the Asteroid System")."""
        here, came = spaceport, ""
        for _ in range(3):
            greens = [n for n in self.neighbours(here) if n != came
                      and self.line(here, n).colour is LineColour.GREEN]
            if len(greens) != 1:
                raise ValueError(f"{spaceport}: not at the end of a green chain")
            came, here = here, greens[0]
        if self.spaces[here].kind is not SpaceKind.ORBIT:
            raise ValueError(f"{spaceport}: its green chain does not end on an orbit space")
        return here

    # --- special spaces ---------------------------------------------------------------

    def kind(self, space: str) -> SpaceKind:
        return self.spaces[space].kind

    def exits(self, navigation_space: str) -> dict[int, str]:
        """A navigation space's exits: navigation value -> the neighbour it leads to."""
        space = self.spaces[navigation_space]
        if space.kind is not SpaceKind.NAVIGATION:
            raise ValueError(f"{navigation_space} is not a navigation space")
        return {n: target for target, ns in space.exits.items() for n in ns}

    def telegate(self, number: int) -> str | None:
        """The space of the printed telegate with that number, or None ("Telegates": a
        number with no telegate on the board leaves the ship where it is)."""
        return self.telegates.get(number)

    def anomaly_spaces(self, anomaly: str) -> list[str]:
        """The trade route spaces around an anomaly (a mission's destination)."""
        ring = {r.id for r in self.data.routes if r.ends == (anomaly, anomaly)}
        return [s.id for s in self.data.spaces if s.route in ring]

    def anomaly_of(self, space: str) -> str | None:
        """The anomaly a space lies around (a mission destination), or None."""
        route = self.spaces[space].route
        if route is None:
            return None
        ends = self.routes[route].ends
        return ends[0] if ends[0] == ends[1] and ends[0] in self.systems else None

    def destination_of(self, space: str) -> str | None:
        """The system or anomaly a space counts for as a mission destination ("Missions":
        "the designated system"; "Anomalies": their surrounding spaces)."""
        return self.spaces[space].system or self.anomaly_of(space)

    PANELS = (3, 2)  # columns, rows: the folding board's six panels (ours)

    def panel(self, system: str) -> int:
        """The board panel (1-6, left to right, top row first) a system or anomaly is drawn
        on: the "Board Panel Indicator" of Mission cards ("Mission Card Anatomy")."""
        centre = self.systems[system].centre
        cols, rows = self.PANELS
        play_height = self.data.height - 160  # the legend strip is below the panels
        col = min(cols - 1, int(centre.x * cols / self.data.width))
        row = min(rows - 1, int(centre.y * rows / play_height))
        return row * cols + col + 1

    def of_kind(self, *kinds: SpaceKind) -> list[str]:
        """Every space of the given kinds, in board order."""
        return [s.id for s in self.data.spaces if s.kind in kinds]

    @cached_property
    def asteroid_telegate_space(self) -> str:
        """The leftmost encounter space of the Asteroid System, where the optional rule
        "Asteroid System Telegate" puts the telegate "1" token at the start."""
        encounters = self._of_kind("asteroid-system", SpaceKind.ENCOUNTER)
        return min(encounters, key=lambda i: (self.spaces[i].at.x, i))

    @property
    def asteroid_telegate(self) -> str:
        """The same space, by the name the encounter cards' setup asks for."""
        return self.asteroid_telegate_space

    # --- costs ------------------------------------------------------------------------

    def step_cost(self, drive: Drive | None = None, *, flat: bool = False) -> StepCost:
        """The cost of one move along a line: green 2, gray 1 ("Move"); with a drive,
        entering one of the coloured spaces it skips costs nothing ("Drives"); ``flat``
        counts every line as 1 (the Shuttle: "green lines cost the Shuttle one movement
        point instead of the usual two")."""
        skipped = DRIVE_SKIPS[drive] if drive is not None else frozenset()

        def cost(_here: str, there: str, line_cost: int) -> int:
            if self.spaces[there].kind in skipped:
                return 0
            return 1 if flat else line_cost

        return cost

    def path_cost(self, path: Iterable[str], *, drive: Drive | None = None) -> int:
        """Movement points to move along ``path`` (its first space is where the ship is)."""
        return self.graph.path_cost(list(path), step_cost=self.step_cost(drive))

    def distances(self, start: str, *, drive: Drive | None = None,
                  flat: bool = False) -> dict[str, int]:
        """The cheapest movement cost from ``start`` to every space. Only line costs and a
        drive count: no heading, navigation exits, hazards or tokens (those are the Move
        step's, ``movement``), so this is a lower bound a bot can plan with."""
        return self.graph.distances(start, step_cost=self.step_cost(drive, flat=flat))

    def distance(self, start: str, goal: str, *, drive: Drive | None = None) -> int:
        return self.distances(start, drive=drive)[goal]

    def shortest_path(self, start: str, goal: str, *,
                      drive: Drive | None = None) -> list[str] | None:
        """One cheapest chain of spaces from ``start`` to ``goal`` (both included)."""
        return self.graph.shortest_path(start, goal, step_cost=self.step_cost(drive))

    def landing_distances(self, start: str, *, drive: Drive | None = None,
                          flat: bool = False) -> dict[str, int]:
        """For every system (and Galactic Base): the cheapest cost from ``start`` to one of
        its landing places (surface cities, spaceports; Galactic Base itself)."""
        d = self.distances(start, drive=drive, flat=flat)
        out: dict[str, int] = {}
        for s in self.spaces.values():
            if s.landing and s.system is not None and s.id in d:
                out[s.system] = min(out.get(s.system, d[s.id]), d[s.id])
        return out

    def within(self, start: str, points: int, *, flat: bool = False) -> set[str]:
        """The spaces at most ``points`` away (the Shuttle counts with ``flat``)."""
        return {s for s, c in self.distances(start, flat=flat).items() if c <= points}


def load_board_data(text: str | None = None) -> StandardBoardData:
    """Parse and validate a board file (default: the packaged standard board)."""
    if text is None:
        text = (resources.files("engine.venus_standard")
                .joinpath("data/board.json").read_text("utf-8"))
    return StandardBoardData.model_validate_json(text)


@cache
def load_board() -> StandardBoard:
    """The packaged standard board, loaded and validated once per process."""
    return StandardBoard(load_board_data())
