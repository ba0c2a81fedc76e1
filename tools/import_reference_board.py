"""One-off converter: the public 1988 board transcription -> ``engine/venus/data/board.json``.

Usage::

    .venv/bin/python tools/import_reference_board.py ../shared/reference/venus-1988/board-map.xml

The transcription (MIT licence, credited in ``engine/venus/data/NOTICE.md``) is read as a
graph; the result is written in Starport's own schema (``engine.venus.board.BoardData``) with
our own stable ids, the 1988 gazetteer's system names, our city names where the transcriber's
were jokes, and the corrections the rulebook demands. Every decision taken here is listed in
``docs/rulings.d/board.md``. This script is kept for provenance; nothing imports it at run time.

Transcription conventions (see the reference README): spaces named ``X_loop_N`` are joined to
``X_loop_N-1``, ``X_loop_N+1`` and the last to the first; ``<line>`` elements are trade routes
from ``begin`` to ``end`` through the listed spaces in order; ``flyable`` marks an Air Foil link,
``invisible`` the Cloud's Body/Wing jump, ``pnumbers`` the Pilot Numbers of a circle's arrow.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(REPO))

from engine.venus.board import (  # noqa: E402
    BoardData,
    Dot,
    DotColor,
    DotKind,
    Link,
    LinkKind,
    Point,
    Route,
    System,
)

DEFAULT_OUT = REPO / "engine" / "venus" / "data" / "board.json"
LOOP_RE = re.compile(r"^(?P<prefix>.+)_loop_0*(?P<n>\d+)$")


# --------------------------------------------------------------------------- raw XML model


@dataclass(frozen=True)
class RawAdjacent:
    dest: str
    flyable: bool
    invisible: bool
    pnumbers: tuple[int, ...]


@dataclass
class RawSpace:
    name: str
    type: str  # dot, penalty, asteroid, qbox, city, station
    x: float
    y: float
    color: str | None
    cost: int | None
    orbit: str | None
    system: str | None  # transcription system name, None for a space of a <line>
    line: str | None
    adjacent: list[RawAdjacent] = field(default_factory=list)

    @property
    def is_circle(self) -> bool:
        return self.type == "dot" and any(a.pnumbers for a in self.adjacent)


@dataclass
class RawLine:
    name: str
    begin: str
    spaces: list[str]
    end: str


@dataclass
class RawBoard:
    spaces: dict[str, RawSpace]  # in document order
    lines: list[RawLine]
    systems: dict[str, ET.Element]


def _space(el: ET.Element, system: str | None, line: str | None) -> RawSpace:
    orbit_el = el.find("orbit")
    cost = el.get("cost")
    adjacent = [
        RawAdjacent(
            dest=a.attrib["dest"],
            flyable=a.get("flyable") == "y",
            invisible=a.get("invisible") == "y",
            pnumbers=tuple(int(n) for n in a.get("pnumbers", "").split(",") if n),
        )
        for a in el.findall("adjacent")
    ]
    return RawSpace(
        name=el.attrib["name"],
        type=el.attrib["type"],
        x=float(el.attrib["x"]),
        y=float(el.attrib["y"]),
        color=el.get("color"),
        cost=int(cost) if cost is not None else None,
        orbit=orbit_el.attrib["name"] if orbit_el is not None else None,
        system=system,
        line=line,
        adjacent=adjacent,
    )


def parse_reference(path: Path) -> RawBoard:
    root = ET.parse(path).getroot()
    spaces: dict[str, RawSpace] = {}
    lines: list[RawLine] = []
    systems: dict[str, ET.Element] = {}
    for child in root:
        if child.tag == "solarsystem":
            sname = " ".join(child.attrib["name"].split())
            systems[sname] = child
            for el in child.findall("space"):
                sp = _space(el, sname, None)
                spaces[sp.name] = sp
        elif child.tag == "line":
            lname = child.attrib["name"]
            begin = child.find("begin")
            end = child.find("end")
            assert begin is not None and end is not None, lname
            names = []
            for el in child.findall("space"):
                sp = _space(el, None, lname)
                spaces[sp.name] = sp
                names.append(sp.name)
            lines.append(RawLine(lname, begin.attrib["name"], names, end.attrib["name"]))
    return RawBoard(spaces, lines, systems)


def raw_links(raw: RawBoard) -> dict[frozenset[str], LinkKind]:
    """Every undirected link of the transcription, with its kind."""
    links: dict[frozenset[str], LinkKind] = {}

    def add(a: str, b: str, kind: LinkKind = LinkKind.PATH) -> None:
        if a not in raw.spaces or b not in raw.spaces:
            raise ValueError(f"link {a}-{b}: unknown space")
        key = frozenset((a, b))
        if links.get(key, LinkKind.PATH) is LinkKind.PATH:
            links[key] = kind

    loops: dict[str, dict[int, str]] = {}
    for name in raw.spaces:
        m = LOOP_RE.match(name)
        if m:
            loops.setdefault(m["prefix"], {})[int(m["n"])] = name
    for members in loops.values():
        order = [members[n] for n in sorted(members)]
        if sorted(members) != list(range(1, len(order) + 1)):
            raise ValueError(f"loop with a gap: {order}")
        for a, b in zip(order, order[1:] + order[:1], strict=True):
            add(a, b)
    for ln in raw.lines:
        chain = [ln.begin, *ln.spaces, ln.end]
        for a, b in zip(chain, chain[1:], strict=False):
            add(a, b)
    for sp in raw.spaces.values():
        for adj in sp.adjacent:
            if adj.flyable:
                kind = LinkKind.AIRFOIL
            elif adj.invisible:
                kind = LinkKind.INVISIBLE
            else:
                kind = LinkKind.PATH
            add(sp.name, adj.dest, kind)
    return links


# --------------------------------------------------------------------------- our decisions


@dataclass(frozen=True)
class SystemSpec:
    """Our id and gazetteer name for a transcription system, and its drawing points."""

    id: str
    name: str
    has_culture: bool
    label: tuple[float, float]
    culture_box: tuple[float, float] | None = None
    sun: tuple[float, float] | None = None
    planet: tuple[float, float] | None = None
    planet_radius: float | None = None


# Names from the 1988 gazetteer ("ATLAS OF THE MAP"). Points: the transcription's system x/y
# and icon positions where it has them (label, sun, planet), ours otherwise.
SYSTEMS: dict[str, SystemSpec] = {
    "Trapped Rogue Planet": SystemSpec(
        "trapped-rogue",
        "Trapped Rogue",
        True,
        label=(640, 400),
        culture_box=(640, 432),
        sun=(590, 262),
        planet=(484, 170),
        planet_radius=46,
    ),
    "Desert World": SystemSpec(
        "desert-planet",
        "Desert Planet",
        True,
        label=(1010, 55),
        culture_box=(1010, 87),
        sun=(1275, 215),
        planet=(1265, 116),
        planet_radius=42,
    ),
    "Interstellar Biosphere": SystemSpec(
        "interstellar-biosphere",
        "Interstellar Biosphere",
        True,
        label=(880, 590),
        culture_box=(880, 622),
        sun=(1035, 375),
        planet=(1125, 498),
        planet_radius=14,
    ),
    "Galactic Base": SystemSpec(
        "galactic-base",
        "Galactic Base",
        False,
        label=(1108, 945),
    ),
    "Jungle World": SystemSpec(
        "jungle-planet",
        "Jungle Planet",
        True,
        label=(590, 1265),
        culture_box=(590, 1297),
        sun=(560, 1098),
        planet=(462, 1103),
        planet_radius=44,
    ),
    "Ice Planet": SystemSpec(
        "ice-planet",
        "Ice Planet",
        True,
        label=(800, 1660),
        culture_box=(800, 1692),
        sun=(590, 1672),
        planet=(480, 1752),
        planet_radius=34,
    ),
    "Colony World": SystemSpec(
        "colony-world",
        "Colony World",
        True,
        label=(945, 700),  # right of the 2012 navigation space
        culture_box=(945, 732),
        sun=(745, 808),
        planet=(668, 804),
        planet_radius=38,
    ),
    "Supergiant": SystemSpec(
        "supergiant",
        "Supergiant",
        False,
        label=(815, 1530),
        sun=(842, 1380),
    ),
    "Space Station Planet": SystemSpec(
        "space-station-planet",
        "Space Station Planet",
        True,
        label=(1400, 1000),
        culture_box=(1400, 1032),
        sun=(1390, 720),
        planet=(1466, 872),
        planet_radius=30,
    ),
    "War-Torn System": SystemSpec(
        "war-torn-system",
        "War-Torn System",
        True,
        label=(2300, 1450),
        culture_box=(2300, 1492),
        sun=(2110, 1650),
        planet=(2222, 1705),
        planet_radius=44,
    ),
    "Polluted Planet": SystemSpec(
        "polluted-planet",
        "Polluted Planet",
        True,
        label=(2290, 1075),
        culture_box=(2290, 1115),
        sun=(2125, 905),
        planet=(2256, 925),
        planet_radius=38,
    ),
    "Inhabited Moon": SystemSpec(
        "inhabited-moon",
        "Inhabited Moon",
        True,
        label=(2310, 330),
        culture_box=(2310, 372),
        sun=(2055, 262),
        planet=(2198, 122),
        planet_radius=36,
    ),
    "Supernova": SystemSpec(
        "supernova",
        "Supernova",
        False,
        label=(1684, 265),
        sun=(1684, 128),
    ),
    "Water World": SystemSpec(
        "water-world",
        "Water World",
        True,
        label=(1900, 300),
        culture_box=(1900, 332),
        sun=(1765, 545),
        planet=(1856, 482),
        planet_radius=46,
    ),
    "Multi- Generation Ship": SystemSpec(
        "multi-generation-ship",
        "Multi-Generation Ship",
        True,
        label=(2000, 1190),
        culture_box=(2000, 1222),
        sun=(1822, 1200),
    ),
    "Giant Planet": SystemSpec(
        "giant-planet",
        "Giant Planet",
        True,
        label=(1490, 1110),
        culture_box=(1490, 1142),
        sun=(1345, 1200),
        planet=(1338, 1322),
        planet_radius=60,
    ),
    "Asteroid System": SystemSpec(
        "asteroid-system",
        "Asteroid System",
        True,
        label=(1150, 1800),
        culture_box=(1150, 1832),
        sun=(1440, 1500),
    ),
}

# City names that were the transcriber's jokes -> ours, fitting the gazetteer.
CITY_RENAMES: dict[str, str] = {
    "Hoth Base": "Hearthkeep",  # film borrowing; Ice Planet: folkways to conserve heat
    "Shoemaker Levee": "Cobble Caves",  # comet pun; Colony World: cave cities (Cobbleport)
    "Southern Comfort": "Comfort Caverns",  # liquor brand; cave cities (Comfort Station)
    "Wet Willy": "Great Lilypad",  # prank; Water World: people live on giant lily pads
    "Grand Jetee": "Grand Expanse",  # ballet pun; Giant Planet: enormous surface area
    "Great Scott": "Greatmeadow",  # film catchphrase; Giant Planet's habitable areas
    "Levitown": "Goliath Reach",  # real-town pun; below the Goliath orbit
    "Minyan": "Giantshine",  # pun on Minion; Inhabited Moon: warmed by its gas giant
    "Smoke Ring": "Air Torus",  # novel title; Interstellar Biosphere: a doughnut of air
}

# Space Cities the transcription leaves unnamed (or names with its own raw id).
SPACE_CITY_NAMES: dict[str, str] = {
    "Galactic Base": "Galactic Base",
    "cloud_body_3": "Space Station Planet",  # gazetteer: "the Space Station planet"
    "MGS_loop_3": "Multi-Generation Ship",  # gazetteer: "one city (the giant ship)"
    "AS_3_1": "East Dome",  # gazetteer: the civilization retreated to the central domes
    "AS_6_3": "West Dome",
}

CLOUD = "Space Station Planet"
GALACTIC_BASE = "Galactic Base"

# 2012 classic book, "Differences from the original rules": the Colony World's navigation
# space joined to the outer trade route (Trapped Rogue - Jungle Planet) by a blue 30 penalty.
# Placed north-east of the loop, on its two dots there, so that both 2012 examples fit (the
# Movement Example and the Drive Movement Example; see the rulings).
EDITION_2012 = "classic-2012"
CW_CIRCLE_AT = (830.0, 705.0)
CW_PENALTY_AT = (640.0, 645.0)


# --------------------------------------------------------------------------- conversion


def _loop_index(name: str) -> int | None:
    m = LOOP_RE.match(name)
    return int(m["n"]) if m else None


def _absorb_cloud_dots(raw: RawBoard, links: dict[frozenset[str], LinkKind]) -> list[str]:
    """Move the Cloud's colored space dots onto the trade routes that reach the Cloud.

    Gazetteer (CLOUD): "The Cloud does not contain any colored space dots." The transcription
    files some route dots under the Space Station Planet; each route is extended along them
    until it reaches a Cloud Movement Dot proper. Returns the names of the moved spaces.
    """
    neighbours: dict[str, set[str]] = {n: set() for n in raw.spaces}
    for key, kind in links.items():
        if kind is LinkKind.PATH:
            a, b = tuple(key)
            neighbours[a].add(b)
            neighbours[b].add(a)

    def stray(name: str) -> bool:
        sp = raw.spaces[name]
        return sp.system == CLOUD and sp.type == "dot" and sp.color is not None

    moved: list[str] = []
    for ln in raw.lines:
        for attr in ("begin", "end"):
            walk_from = getattr(ln, attr)
            chain = ln.spaces if attr == "end" else list(reversed(ln.spaces))
            while stray(walk_from):
                prev = chain[-1] if chain else (ln.begin if attr == "end" else ln.end)
                nxt = [n for n in neighbours[walk_from] if n != prev]
                if len(nxt) != 1:
                    raise ValueError(f"cannot extend {ln.name} past {walk_from}")
                chain.append(walk_from)
                moved.append(walk_from)
                walk_from = nxt[0]
            if attr == "end":
                ln.spaces, ln.end = chain, walk_from
            else:
                ln.spaces, ln.begin = list(reversed(chain)), walk_from
    for name in [n for n in raw.spaces if stray(n) and n not in moved]:
        # a colored dot joining another system directly to the Cloud: a route of its own
        outside = [n for n in neighbours[name] if raw.spaces[n].system != CLOUD]
        inside = [n for n in neighbours[name] if raw.spaces[n].system == CLOUD]
        if len(outside) != 1 or len(inside) != 1:
            raise ValueError(f"cannot place the Cloud's colored dot {name}")
        raw.lines.append(RawLine(f"{outside[0]}~cloud", outside[0], [name], inside[0]))
        moved.append(name)
    for name in moved:
        sp = raw.spaces[name]
        sp.system = None
    return moved


def convert(raw: RawBoard) -> BoardData:
    links = raw_links(raw)
    _absorb_cloud_dots(raw, links)
    missing = set(raw.systems) - set(SYSTEMS)
    if missing:
        raise ValueError(f"systems without a spec: {missing}")

    ids: dict[str, str] = {}
    system_of: dict[str, str | None] = {}
    route_of: dict[str, str | None] = {}

    # systems: loop spaces first (by loop index), then the rest in document order
    for sname, spec in SYSTEMS.items():
        members = [sp for sp in raw.spaces.values() if sp.system == sname]
        if sname == GALACTIC_BASE:
            if [sp.name for sp in members] != [GALACTIC_BASE]:
                raise ValueError("the Galactic Base system must hold only the Galactic Base")
            ids[GALACTIC_BASE] = "galactic-base"
            system_of[GALACTIC_BASE] = spec.id
            route_of[GALACTIC_BASE] = None
            continue
        looped = sorted(
            (sp for sp in members if _loop_index(sp.name) is not None),
            key=lambda sp: _loop_index(sp.name) or 0,
        )
        rest = [sp for sp in members if _loop_index(sp.name) is None]
        for n, sp in enumerate([*looped, *rest], start=1):
            ids[sp.name] = f"{spec.id}.{n}"
            system_of[sp.name] = spec.id
            route_of[sp.name] = None

    def system_id_of(space: str) -> str:
        sid = system_of.get(space)
        if sid is None:
            raise ValueError(f"route end {space} is not in a system")
        return sid

    routes: list[Route] = []
    for ln in raw.lines:
        a, b = system_id_of(ln.begin), system_id_of(ln.end)
        rid = f"{a}--{b}"
        names = {s.id: s.name for s in SYSTEMS.values()}
        routes.append(Route(id=rid, name=f"{names[a]} - {names[b]}", ends=(a, b)))
        for n, space in enumerate(ln.spaces, start=1):
            ids[space] = f"{rid}.{n}"
            system_of[space] = None
            route_of[space] = rid
    if len({r.id for r in routes}) != len(routes):
        raise ValueError("two trade routes join the same pair of systems")

    dots: list[Dot] = []
    for sp in raw.spaces.values():
        dots.append(_dot(sp, ids[sp.name], system_of[sp.name], route_of[sp.name], ids))
    link_list = [_link(key, kind, raw, ids) for key, kind in links.items()]

    systems = [
        System(
            id=spec.id,
            name=spec.name,
            has_culture=spec.has_culture,
            culture_box=_pt(spec.culture_box),
            sun=_pt(spec.sun),
            planet=_pt(spec.planet),
            planet_radius=spec.planet_radius,
            label=Point(x=spec.label[0], y=spec.label[1]),
        )
        for spec in SYSTEMS.values()
    ]
    _add_colony_world_circle(dots, link_list, ids)
    dots.sort(key=lambda d: _dot_order(d, systems, routes))
    link_list.sort(key=lambda lk: (lk.editions, lk.a, lk.b))
    return BoardData(
        name="Merchant of Venus: the Cluster (1988 board)",
        source=(
            "Starport's own data, built by tools/import_reference_board.py from the MIT-licensed "
            "transcription credited in NOTICE.md, corrected against the 1988 rules "
            "(docs/rulings.md)."
        ),
        systems=systems,
        routes=routes,
        dots=dots,
        links=link_list,
    )


def _pt(p: tuple[float, float] | None) -> Point | None:
    return None if p is None else Point(x=p[0], y=p[1])


def _dot(sp: RawSpace, did: str, system: str | None, route: str | None, ids: dict[str, str]) -> Dot:
    color: DotColor | None = None
    penalty: int | None = None
    name: str | None = None
    exits: dict[str, tuple[int, ...]] = {}
    orbit = sp.orbit
    if sp.type == "dot" and sp.is_circle:
        kind = DotKind.CIRCLE
        exits = {ids[a.dest]: a.pnumbers for a in sp.adjacent if a.pnumbers}
    elif sp.type == "dot":
        kind = DotKind.SPACE
        if orbit is None:
            # route dots: the transcription's default is blue; system loop dots without a
            # color are printed uncolored (ours; no rule effect, 8.2 skips red/yellow only)
            default = "blue" if route is not None else None
            c = sp.color or default
            color = DotColor(c) if c else None
    elif sp.type == "penalty":
        kind = DotKind.PENALTY
        color = DotColor(sp.color or "blue")
        penalty = sp.cost
    elif sp.type == "asteroid":
        kind = DotKind.ASTEROID
    elif sp.type == "qbox":
        kind = DotKind.QBOX
    elif sp.type == "city":
        kind = DotKind.SURFACE_CITY
        name = CITY_RENAMES.get(sp.name, sp.name)
    elif sp.type == "station":
        kind = DotKind.SPACE_CITY
        name = SPACE_CITY_NAMES.get(sp.name, CITY_RENAMES.get(sp.name, sp.name))
    else:
        raise ValueError(f"{sp.name}: unknown space type {sp.type}")
    return Dot(
        id=did,
        kind=kind,
        at=Point(x=sp.x, y=sp.y),
        system=system,
        route=route,
        color=color,
        penalty=penalty,
        orbit=orbit,
        name=name,
        exits=exits,
    )


def _link(key: frozenset[str], kind: LinkKind, raw: RawBoard, ids: dict[str, str]) -> Link:
    a, b = sorted(key, key=lambda n: ids[n])
    surface = any(raw.spaces[n].type == "city" for n in key)
    mp = 2 if surface and kind is LinkKind.PATH else 1  # 5.21; Air Foil links cost 1 (8.41)
    return Link(a=ids[a], b=ids[b], kind=kind, mp=mp)


def _add_colony_world_circle(dots: list[Dot], links: list[Link], ids: dict[str, str]) -> None:
    """The 2012 Colony World navigation space and its blue 30 penalty (see the rulings)."""
    by_id = {d.id: d for d in dots}
    cw = [d for d in dots if d.system == "colony-world"]
    n = len(cw)
    circle_id, penalty_id = f"colony-world.{n + 1}", f"colony-world.{n + 2}"
    # the loop dots north and north-east (the red one): the only placement on which the 2012
    # examples' route from the Colony World to Jewelburg crosses three red spaces in 11 MP
    north, red = ids["cw_loop_5"], ids["cw_loop_6"]
    route_dot = ids["trp_jw_4"]  # outer route Trapped Rogue - Jungle Planet, level with them
    assert by_id[route_dot].route == "trapped-rogue--jungle-planet"
    ed = (EDITION_2012,)
    dots.append(
        Dot(
            id=circle_id,
            kind=DotKind.CIRCLE,
            at=Point(x=CW_CIRCLE_AT[0], y=CW_CIRCLE_AT[1]),
            system="colony-world",
            exits={penalty_id: (2,), red: (3, 4, 5), north: (1, 6)},
            editions=ed,
        )
    )
    dots.append(
        Dot(
            id=penalty_id,
            kind=DotKind.PENALTY,
            at=Point(x=CW_PENALTY_AT[0], y=CW_PENALTY_AT[1]),
            system="colony-world",
            color=DotColor.BLUE,
            penalty=30,
            editions=ed,
        )
    )
    for a, b in (
        (circle_id, north),
        (circle_id, red),
        (circle_id, penalty_id),
        (penalty_id, route_dot),
    ):
        links.append(Link(a=a, b=b, editions=ed))


def _dot_order(d: Dot, systems: list[System], routes: list[Route]) -> tuple[int, int, int]:
    sys_pos = {s.id: i for i, s in enumerate(systems)}
    route_pos = {r.id: i for i, r in enumerate(routes)}
    num = int(d.id.rsplit(".", 1)[1]) if "." in d.id else 0
    if d.system is not None:
        return (0, sys_pos[d.system], num)
    assert d.route is not None
    return (1, route_pos[d.route], num)


# --------------------------------------------------------------------------- output


def check(data: BoardData) -> None:
    """Sanity checks the converter can make without the tests (connectivity, exits)."""
    adj: dict[str, set[str]] = {d.id: set() for d in data.dots if not d.editions}
    for lk in data.links:
        if not lk.editions:
            adj[lk.a].add(lk.b)
            adj[lk.b].add(lk.a)
    seen = {"galactic-base"}
    todo = deque(seen)
    while todo:
        for n in adj[todo.popleft()] - seen:
            seen.add(n)
            todo.append(n)
    if seen != set(adj):
        raise ValueError(f"not connected: {sorted(set(adj) - seen)}")
    for d in data.dots:
        if d.kind is DotKind.CIRCLE:
            numbers = sorted(n for ns in d.exits.values() for n in ns)
            if numbers != [1, 2, 3, 4, 5, 6]:
                raise ValueError(f"{d.id}: pilot numbers {numbers}")


def dump(data: BoardData) -> str:
    """JSON with one system, route, dot or link per line (readable diffs)."""
    doc: dict[str, Any] = data.model_dump(mode="json", exclude_defaults=True)
    out = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = doc[key]
        if isinstance(value, list):
            out.append(f"  {json.dumps(key)}: [")
            rows = [json.dumps(v, ensure_ascii=False) for v in value]
            out.extend(f"    {r}," for r in rows[:-1])
            out.append(f"    {rows[-1]}")
            out.append(f"  ]{comma}")
        else:
            out.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("xml", type=Path, help="the transcription's board-map.xml")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="board.json to write")
    args = parser.parse_args(argv)
    data = convert(parse_reference(args.xml))
    check(data)
    text = dump(data)
    BoardData.model_validate_json(text)  # round trip
    args.out.write_text(text, encoding="utf-8")
    kinds: dict[str, int] = {}
    for d in data.dots:
        if not d.editions:
            kinds[d.kind.value] = kinds.get(d.kind.value, 0) + 1
    print(f"wrote {args.out}: {len(data.dots)} dots {kinds}, {len(data.links)} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
