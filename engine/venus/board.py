"""The Merchant of Venus cluster map: movement dots, paths, systems and trade routes.

The data lives in ``data/board.json`` (our own format, built from the public transcription
credited in ``data/NOTICE.md``) and is validated by the pydantic models below at load.
Rule references are to the 1988 manual (1.1-1.5, 5.21, 6.4) unless a 2012 heading is named.

Editions: a dot or link may list the editions it exists in (``editions``); an empty list
means every edition. The 2012 classic book adds the Colony World navigation space
("Differences from the original rules"), which is such an edition switch.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib import resources

from pydantic import Field, model_validator

from engine.cluster import FrozenModel, Graph, Point, Route

__all__ = ["EDITIONS", "Board", "BoardData", "Dot", "DotColor", "DotKind", "Link", "LinkKind",
           "Point", "Route", "System", "load_board", "load_board_data"]

EDITIONS = ("avalon-hill", "classic-2012")


class DotKind(StrEnum):
    """Kinds of Movement Dots (1.3)."""

    SPACE = "space"  # space dot (an Orbit box is a space dot with ``orbit`` set)
    PENALTY = "penalty"  # printed Penalty Oval
    ASTEROID = "asteroid"
    QBOX = "qbox"  # "?" box
    CIRCLE = "circle"  # Navigation Circle (2012: navigation space)
    SURFACE_CITY = "surface_city"
    SPACE_CITY = "space_city"  # includes the Galactic Base


class DotColor(StrEnum):
    """Colors of Space Dots and Penalty Ovals; they decide what a Drive skips (8.2)."""

    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"


class LinkKind(StrEnum):
    PATH = "path"  # an ordinary path between two dots
    AIRFOIL = "airfoil"  # city to city on one planet: usable only with the Air Foil (8.41)
    INVISIBLE = "invisible"  # the Cloud's Body/Wing jump, only by Pilot Number (6.4)


class System(FrozenModel):
    """A Star System (1.2). ``has_culture`` is False for Supergiant, Supernova, Galactic Base."""

    id: str
    name: str
    has_culture: bool
    culture_box: Point | None = None  # where the Culture Box / culture marker is drawn
    sun: Point | None = None  # where bartered Relics sit (9.322); drawn as the star
    planet: Point | None = None  # centre of the planet carrying Surface Cities
    planet_radius: float | None = None
    label: Point  # where the system's name is drawn


class Dot(FrozenModel):
    """One Movement Dot (1.3)."""

    id: str  # stable id, used by the SVG, the engine, scenarios and the web client
    kind: DotKind
    at: Point
    system: str | None = None  # system id, or None for a dot of a trade route
    route: str | None = None  # route id for dots between systems
    color: DotColor | None = None  # Space Dots and Penalty Ovals only; None = uncolored
    penalty: int | None = None  # printed amount of a Penalty Oval (6.3)
    orbit: str | None = None  # Orbit name = the Spaceport that can be built there (1.4)
    name: str | None = None  # city name (Surface and Space Cities)
    # Navigation Circle exits (6.4): neighbour dot id -> the Pilot Numbers of its arrow.
    exits: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    editions: tuple[str, ...] = ()

    @property
    def is_city(self) -> bool:
        return self.kind in (DotKind.SURFACE_CITY, DotKind.SPACE_CITY)


class Link(FrozenModel):
    """A path between two dots; MP cost 2 to or from a Surface City, else 1 (5.21)."""

    a: str
    b: str
    kind: LinkKind = LinkKind.PATH
    mp: int = 1
    editions: tuple[str, ...] = ()


class BoardData(FrozenModel):
    """The whole map as stored in ``data/board.json``."""

    name: str
    source: str
    systems: list[System]
    routes: list[Route]
    dots: list[Dot]
    links: list[Link]

    @model_validator(mode="after")
    def _check_references(self) -> BoardData:
        system_ids = {s.id for s in self.systems}
        route_ids = {r.id for r in self.routes}
        dot_ids = [d.id for d in self.dots]
        if len(set(dot_ids)) != len(dot_ids):
            raise ValueError("duplicate dot ids")
        known = set(dot_ids)
        for d in self.dots:
            if d.system is not None and d.system not in system_ids:
                raise ValueError(f"dot {d.id}: unknown system {d.system}")
            if d.route is not None and d.route not in route_ids:
                raise ValueError(f"dot {d.id}: unknown route {d.route}")
            if (d.system is None) == (d.route is None):
                raise ValueError(f"dot {d.id}: needs exactly one of system or route")
            for n in d.exits:
                if n not in known:
                    raise ValueError(f"dot {d.id}: exit to unknown dot {n}")
            if d.exits and d.kind is not DotKind.CIRCLE:
                raise ValueError(f"dot {d.id}: only Navigation Circles have exits")
            numbers = [n for ns in d.exits.values() for n in ns]
            if len(numbers) != len(set(numbers)) or not set(numbers) <= set(range(1, 7)):
                raise ValueError(f"dot {d.id}: Pilot Numbers must be distinct, 1-6 (6.4)")
        orbits = [d.orbit for d in self.dots if d.orbit]
        if len(orbits) != len(set(orbits)):
            raise ValueError("two Orbits share a Spaceport name (1.4)")
        kinds = {d.id: d.kind for d in self.dots}
        for link in self.links:
            for end in (link.a, link.b):
                if end not in known:
                    raise ValueError(f"link {link.a}-{link.b}: unknown dot {end}")
            surface = DotKind.SURFACE_CITY in (kinds[link.a], kinds[link.b])
            if link.mp != (2 if surface and link.kind is LinkKind.PATH else 1):
                raise ValueError(f"link {link.a}-{link.b}: MP cost {link.mp} (5.21, 8.41)")
        for r in self.routes:
            for s in r.ends:
                if s not in system_ids:
                    raise ValueError(f"route {r.id}: unknown system {s}")
        return self


class Board:
    """The map of one edition, indexed for movement: neighbours, link kinds and costs."""

    def __init__(self, data: BoardData, edition: str) -> None:
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; expected one of {EDITIONS}")
        self.data = data
        self.edition = edition
        self.systems: dict[str, System] = {s.id: s for s in data.systems}
        self.routes: dict[str, Route] = {r.id: r for r in data.routes}
        self.dots: dict[str, Dot] = {
            d.id: d for d in data.dots if not d.editions or edition in d.editions
        }
        # neighbours along ordinary paths, with MP cost; airfoil and invisible links apart
        self.airfoil: dict[str, dict[str, int]] = {d: {} for d in self.dots}
        self.invisible: dict[str, set[str]] = {d: set() for d in self.dots}
        path_lines: list[tuple[str, str, int]] = []
        for link in data.links:
            if link.editions and edition not in link.editions:
                continue
            if link.a not in self.dots or link.b not in self.dots:
                continue
            if link.kind is LinkKind.PATH:
                path_lines.append((link.a, link.b, link.mp))
            elif link.kind is LinkKind.AIRFOIL:
                self.airfoil[link.a][link.b] = link.mp
                self.airfoil[link.b][link.a] = link.mp
            else:
                self.invisible[link.a].add(link.b)
                self.invisible[link.b].add(link.a)
        self.graph = Graph(self.dots, path_lines)  # the ordinary paths (engine.cluster)
        self.paths: dict[str, dict[str, int]] = {d: self.graph.neighbours(d) for d in self.dots}
        # Navigation Circle exits, only those of this edition's dots
        self.exits: dict[str, dict[int, str]] = {}
        for d in self.dots.values():
            if d.kind is DotKind.CIRCLE:
                by_number: dict[int, str] = {}
                for target, numbers in d.exits.items():
                    if target in self.dots:
                        for n in numbers:
                            by_number[n] = target
                self.exits[d.id] = by_number
        self.orbits: dict[str, str] = {d.orbit: d.id for d in self.dots.values() if d.orbit}
        self.by_system: dict[str, list[str]] = {}
        for d in self.dots.values():
            if d.system is not None:
                self.by_system.setdefault(d.system, []).append(d.id)

    def system_of(self, dot: str) -> str | None:
        return self.dots[dot].system

    def neighbours(self, dot: str) -> dict[str, int]:
        """Dots joined to ``dot`` by an ordinary path, with the path's MP cost (5.21)."""
        return self.paths[dot]

    def adjacent_dots(self, dot: str) -> set[str]:
        """Every dot next to ``dot`` by any link (Spy Eye looks at these, 8.45)."""
        return set(self.paths[dot]) | set(self.airfoil[dot]) | self.invisible[dot]

    @property
    def galactic_base(self) -> str:
        for d in self.dots.values():
            if d.kind is DotKind.SPACE_CITY and d.system == "galactic-base":
                return d.id
        raise LookupError("the map has no Galactic Base")


def load_board_data(text: str | None = None) -> BoardData:
    """Parse and validate a board file (default: the packaged 1988 cluster)."""
    if text is None:
        text = resources.files("engine.venus").joinpath("data/board.json").read_text("utf-8")
    return BoardData.model_validate_json(text)


@cache
def load_board(edition: str = "avalon-hill") -> Board:
    """The packaged map for an edition, loaded once per process."""
    return Board(load_board_data(), edition)
