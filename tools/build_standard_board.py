"""Build ``engine/venus_standard/data/board.json``: our design of the standard board side.

Usage::

    .venv/bin/python tools/build_standard_board.py

The 2012 standard rulebook prints this side of the board only as a picture, so the map is
ours. This script is its source: systems are rings of spaces ("a closed solid path"), trade
routes are chains of spaces along straight legs (optionally bent through waypoints), and the
Asteroid System is a hand-placed web. It writes the JSON that ``engine.venus_standard.board``
loads and validates. Every design choice (and how the book's worked examples fit) is listed
in ``docs/venus-standard.md`` ("The board"). Run it again after editing the tables below;
the tests in ``tests/engine/venus_standard/test_board*.py`` pin the examples.

Space codes: ``b`` blue, ``y`` yellow, ``r`` red, ``L``/``S``/``H`` laser, shield and
piloting hazards, ``A`` asteroid, ``E`` encounter, ``N`` navigation, ``T2``..``T6``
telegates, ``O`` orbit space, ``P`` neutral spaceport.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "engine/venus_standard/data/board.json"
WIDTH, HEIGHT = 2400, 2060  # the bottom strip holds the legend

CODES = {
    "b": "blue", "y": "yellow", "r": "red", "L": "laser_hazard", "S": "shield_hazard",
    "H": "piloting_hazard", "A": "asteroid", "E": "encounter", "N": "navigation",
    "O": "orbit", "P": "neutral_spaceport",
}
BOOK_NAMES = {  # systems the standard rulebook names; the others are ours
    "jungle-world", "colony-world", "water-world", "trapped-rogue-planet", "polluted-planet",
    "nebula-habitat", "asteroid-system", "multi-generational-ship",
}


@dataclass
class Ring:
    """A system drawn as an ellipse of spaces; index 1 is at the top, then clockwise."""

    id: str
    name: str
    centre: tuple[float, float]
    codes: list[str]
    rx: float = 95
    ry: float = 95
    cities: dict[int, str] = field(default_factory=dict)  # orbit index -> city name
    # more orbit spaces (ours: "an empty orbit space", "if all of a system's orbit spaces
    # contain merchant spaceports"): orbit index -> the orbit index of the city it joins
    more_orbits: dict[int, int] = field(default_factory=dict)
    green: list[tuple[int, int]] = field(default_factory=list)  # green ring segments
    market: tuple[float, float] = (0, 150)  # offset of the market area from the centre
    label: tuple[float, float] = (0, -125)  # offset of the name
    nav_exits: dict[int, dict[str, list[int]]] = field(default_factory=dict)


@dataclass
class Anomaly:
    id: str
    name: str
    centre: tuple[float, float]
    codes: list[str]
    r: float = 85
    mission: tuple[float, float] = (0, 0)
    label: tuple[float, float] = (0, -110)


SYSTEMS = [
    Ring("trapped-rogue-planet", "Trapped Rogue Planet", (250, 260),
         ["b", "y", "E", "b", "O", "b", "L", "b"], cities={5: "Trapped Rogue Planet city"},
         market=(205, -60), label=(0, -125)),
    Ring("desert-planet", "Desert Planet", (900, 190), ["b", "b", "y", "O", "O", "E", "r", "b"],
         cities={4: "Desert Planet city"}, more_orbits={5: 4}, market=(175, -95), label=(0, -120)),
    Ring("water-world", "Water World", (1620, 250), ["b", "E", "b", "y", "b", "O", "O", "S"],
         cities={6: "Water World city"}, more_orbits={7: 6}, market=(190, -108), label=(0, -120)),
    Ring("inhabited-moon", "Inhabited Moon", (2170, 260), ["b", "b", "E", "b", "H", "b", "O", "O"],
         cities={7: "Inhabited Moon city"}, more_orbits={8: 7}, market=(5, 175), label=(0, -120)),
    Ring("nebula-habitat", "Nebula Habitat", (640, 660), ["P", "b", "E", "b", "y", "b", "S", "b"],
         market=(-190, -70), label=(-45, 138)),
    Ring("giant-planet", "Giant Planet", (1640, 780),
         ["b", "E", "b", "b", "y", "O", "O", "b", "N", "r"], rx=125, ry=105,
         cities={6: "Giant Planet city"}, more_orbits={7: 6}, green=[(3, 4)],
         market=(0, -190), label=(0, 140),
         nav_exits={9: {"8": [1, 2], "10": [3, 4], "route": [5, 6]}}),
    Ring("polluted-planet", "Polluted Planet", (2160, 900),
         ["b", "y", "b", "E", "b", "O", "O", "b"],
         cities={6: "Polluted Planet city"}, more_orbits={7: 6}, market=(140, 165),
         label=(72, -189)),
    Ring("space-station-planet", "Space Station Planet", (185, 965),
         ["b", "E", "b", "O", "O", "y", "b", "r"], cities={4: "Space Station Planet city"},
         more_orbits={5: 4},
         market=(70, 180), label=(303, 35)),
    Ring("jungle-world", "Jungle World", (520, 1330), ["b", "b", "O", "b", "E", "b", "b", "b"],
         cities={3: "Jungle World city"}, market=(-190, -15), label=(255, 6)),
    Ring("colony-world", "Colony World", (1180, 1390),
         ["b", "y", "O", "O", "E", "b", "O", "O", "y", "b"], rx=125, ry=105,
         cities={3: "Colony World east city", 8: "Colony World west city"},
         more_orbits={4: 3, 7: 8},
         market=(215, 60), label=(-55, 142)),
    Ring("multi-generational-ship", "Multi-Generational Ship", (1800, 1360),
         ["b", "E", "b", "P", "b", "y", "b", "S"], market=(200, 10), label=(-128, -128)),
    Ring("ice-planet", "Ice Planet", (230, 1640), ["b", "b", "E", "b", "O", "O", "y", "b"],
         cities={5: "Ice Planet city"}, more_orbits={6: 5}, market=(190, 140), label=(0, 136)),
    Ring("war-torn-system", "War-Torn System", (2170, 1640),
         ["b", "r", "b", "O", "O", "E", "b", "H"], cities={4: "War-Torn System city"},
         more_orbits={5: 4},
         market=(160, -200), label=(0, 136)),
]

ANOMALIES = [
    Anomaly("supernova", "Supernova", (1270, 360), ["b", "E", "b", "y", "b", "A"]),
    Anomaly("supergiant", "Supergiant", (840, 1700), ["b", "A", "b", "E", "b", "y"],
            label=(0, 126)),
]

BASE = ("galactic-base", "Galactic Base", (1130, 900))

# The Asteroid System: a web with an orbit space at either end ("The Asteroid System") and
# two neutral spaceports, each three green lines from an orbit ("Merchant Spaceports in the
# Asteroid System"). id suffix -> (code, x, y)
ASTEROID_CENTRE = (1480, 1720)
ASTEROID_SPACES: dict[str, tuple[str, float, float]] = {
    "orbit-west": ("O", 1220, 1700), "orbit-east": ("O", 1740, 1700),
    "web-1": ("E", 1310, 1640), "web-2": ("A", 1420, 1615), "web-3": ("S", 1540, 1615),
    "web-4": ("A", 1650, 1640),
    "web-5": ("A", 1320, 1755), "web-6": ("E", 1480, 1730), "web-7": ("L", 1640, 1755),
    "chain-west-1": ("A", 1240, 1785), "chain-west-2": ("b", 1275, 1845),
    "spaceport-west": ("P", 1375, 1860),
    "chain-east-1": ("A", 1720, 1785), "chain-east-2": ("b", 1685, 1845),
    "spaceport-east": ("P", 1585, 1860),
}
ASTEROID_GRAY = [
    ("orbit-west", "web-1"), ("web-1", "web-2"), ("web-2", "web-3"), ("web-3", "web-4"),
    ("web-4", "orbit-east"), ("orbit-west", "web-5"), ("web-5", "web-6"), ("web-6", "web-7"),
    ("web-7", "orbit-east"), ("web-2", "web-6"), ("web-6", "web-3"),
]
ASTEROID_GREEN = [
    ("orbit-west", "chain-west-1"), ("chain-west-1", "chain-west-2"),
    ("chain-west-2", "spaceport-west"), ("orbit-east", "chain-east-1"),
    ("chain-east-1", "chain-east-2"), ("chain-east-2", "spaceport-east"),
]
ASTEROID_NAMES = {"spaceport-west": "Asteroid System west spaceport",
                  "spaceport-east": "Asteroid System east spaceport"}

# Navigation spaces where trade route legs meet: id -> (x, y)
JUNCTIONS: dict[str, tuple[float, float]] = {
    "nav-west": (900, 900),  # west of Galactic Base: Jungle World and Nebula Habitat
    "nav-east": (1990, 1120),  # Giant Planet, Polluted Planet, Multi-Generational Ship
    "nav-north": (1930, 540),  # Water World, Inhabited Moon, Giant Planet, Polluted Planet
    "nav-northwest": (580, 360),  # Trapped Rogue Planet, Desert Planet, Nebula Habitat
}


@dataclass
class Leg:
    """A trade route leg from ``a`` to ``b``: endpoints are ``system:index`` (a ring space),
    a system or anomaly id (the ring space facing the other end), a junction id, an
    Asteroid System space (``asteroid-system.<name>``) or ``galactic-base``."""

    id: str
    a: str
    b: str
    codes: list[str]
    via: list[tuple[float, float]] = field(default_factory=list)
    name: str | None = None  # when two legs join the same ends


LEGS = [
    # Galactic Base -> west navigation space: the movement and navigation examples start here
    Leg("base-west", "galactic-base", "nav-west", ["b", "y"]),
    Leg("west-jungle", "nav-west", "jungle-world:2", ["b", "y", "b", "b"]),
    Leg("west-jungle-rim", "nav-west", "jungle-world:1", ["H", "b", "r", "b"], via=[(705, 960)],
        name="West Nebula - Jungle World, the hazardous way"),
    Leg("west-nebula", "nav-west", "nebula-habitat:4", ["E", "b", "b"]),
    # Galactic Base -> Colony World: the throttling example (5 to the ring)
    Leg("base-colony", "galactic-base", "colony-world:1", ["b", "y", "b", "b"]),
    # Colony World -> Jungle World: the drive example (three red spaces)
    Leg("colony-jungle", "colony-world:7", "jungle-world:4", ["b", "r", "b", "r", "b", "r", "b"]),
    Leg("base-supernova", "galactic-base", "supernova", ["b", "b", "y", "E"]),
    Leg("base-giant", "galactic-base", "giant-planet:9", ["b", "L", "b", "b"]),
    Leg("colony-asteroid", "colony-world:5", "asteroid-system.web-1", ["b", "y"]),
    Leg("colony-ship", "colony-world:4", "multi-generational-ship", ["b", "b", "b", "y"]),
    Leg("jungle-ice", "jungle-world:7", "ice-planet", ["b", "y", "b"]),
    Leg("jungle-station", "jungle-world:8", "space-station-planet", ["T2", "E", "b"]),
    Leg("jungle-supergiant", "jungle-world:5", "supergiant", ["b", "S", "b"]),
    Leg("ice-supergiant", "ice-planet", "supergiant", ["b", "y", "b", "b"]),
    Leg("supergiant-asteroid", "supergiant", "asteroid-system.orbit-west", ["b", "r", "b"]),
    Leg("asteroid-wartorn", "asteroid-system.orbit-east", "war-torn-system", ["b", "T4", "E", "y"]),
    Leg("ship-asteroid", "multi-generational-ship", "asteroid-system.orbit-east",
        ["b", "L", "b"]),
    Leg("ship-wartorn", "multi-generational-ship", "war-torn-system", ["y", "b", "b"]),
    Leg("ship-east", "multi-generational-ship", "nav-east", ["b", "r"]),
    Leg("east-polluted", "nav-east", "polluted-planet", ["b", "E"]),
    Leg("giant-east", "giant-planet", "nav-east", ["b", "A", "b"]),
    Leg("giant-polluted", "giant-planet:3", "polluted-planet", ["b", "y", "b"]),
    Leg("water-north", "water-world", "nav-north", ["b", "r", "b"]),
    Leg("moon-north", "inhabited-moon", "nav-north", ["b", "y"]),
    Leg("north-giant", "nav-north", "giant-planet:2", ["b", "H", "b"]),
    Leg("north-polluted", "nav-north", "polluted-planet:1", ["b", "T5", "b"]),
    Leg("water-moon", "water-world:3", "inhabited-moon:7", ["y", "b", "r", "b"]),
    Leg("polluted-wartorn", "polluted-planet:5", "war-torn-system:1",
        ["b", "y", "b", "A", "b", "r"]),
    Leg("water-supernova", "water-world", "supernova", ["b", "b", "y"]),
    Leg("supernova-desert", "supernova", "desert-planet", ["T6", "b", "L"]),
    Leg("rogue-northwest", "trapped-rogue-planet", "nav-northwest", ["b", "E"]),
    Leg("desert-northwest", "desert-planet", "nav-northwest", ["b", "S", "b"]),
    Leg("nebula-northwest", "nebula-habitat:1", "nav-northwest", ["y", "b"]),
    Leg("rogue-station", "trapped-rogue-planet:5", "space-station-planet:1",
        ["b", "b", "A", "r", "b", "y"]),
    Leg("nebula-station", "nebula-habitat:7", "space-station-planet", ["b", "L", "b", "y"]),
    Leg("station-ice", "space-station-planet:6", "ice-planet:1", ["b", "H", "T3", "E", "b"]),
]

# Navigation exits of the junctions: leg id -> navigation values ("Navigation Spaces").
JUNCTION_EXITS: dict[str, dict[str, list[int]]] = {
    # movement example: 2 takes the safe way to Jungle World; 1 and 3 the piloting hazard;
    # navigation example: 4 takes the encounter space towards the Nebula Habitat.
    "nav-west": {"west-jungle": [2], "west-jungle-rim": [1, 3], "west-nebula": [4],
                 "base-west": [5, 6]},
    "nav-east": {"ship-east": [1, 2], "east-polluted": [3, 4], "giant-east": [5, 6]},
    "nav-north": {"water-north": [1], "moon-north": [2, 3], "north-giant": [4, 5],
                  "north-polluted": [6]},
    "nav-northwest": {"rogue-northwest": [1, 2], "desert-northwest": [3, 4],
                      "nebula-northwest": [5, 6]},
}

# Route legs are named by their ends; a navigation space where legs meet is named after the
# nebula it marks ("Navigation Spaces": "the nebulous routes through the galaxy").
ROUTE_NAMES = {"galactic-base": "Galactic Base", "nav-west": "West Nebula",
               "nav-east": "East Nebula", "nav-north": "North Nebula",
               "nav-northwest": "Northwest Nebula"}


class Builder:
    def __init__(self) -> None:
        self.spaces: dict[str, dict[str, Any]] = {}
        self.lines: list[dict[str, Any]] = []
        self.systems: list[dict[str, Any]] = []
        self.routes: list[dict[str, Any]] = []
        self.rings: dict[str, list[str]] = {}
        self.centres: dict[str, tuple[float, float]] = {}

    def space(self, sid: str, code: str, x: float, y: float, **where: Any) -> None:
        if sid in self.spaces:
            raise ValueError(f"duplicate space {sid}")
        rec: dict[str, Any] = {"id": sid, "kind": CODES[code[0]] if code[0] != "T" else
                               "telegate", "at": {"x": round(x, 1), "y": round(y, 1)}}
        rec.update(where)
        if code.startswith("T"):
            rec["telegate"] = int(code[1:])
        self.spaces[sid] = rec

    def line(self, a: str, b: str, colour: str = "gray", style: str = "solid") -> None:
        self.lines.append({"a": a, "b": b, "colour": colour, "style": style})

    def pos(self, sid: str) -> tuple[float, float]:
        at = self.spaces[sid]["at"]
        return at["x"], at["y"]

    def around(self, prefix: str, codes: list[str], centre: tuple[float, float],
               rx: float, ry: float, **where: Any) -> list[str]:
        """Spaces ``<prefix>.1``, ``<prefix>.2``... with ``codes`` evenly around an ellipse,
        the first at the top, clockwise; their ids."""
        cx, cy = centre
        ids = []
        for i, code in enumerate(codes, start=1):
            angle = math.radians(-90 + 360 * (i - 1) / len(codes))
            sid = f"{prefix}.{i}"
            self.space(sid, code, cx + rx * math.cos(angle), cy + ry * math.sin(angle), **where)
            ids.append(sid)
        return ids

    def ring(self, r: Ring) -> None:
        cx, cy = r.centre
        n = len(r.codes)
        ids = self.around(r.id, r.codes, r.centre, r.rx, r.ry, system=r.id)
        for i in range(n):
            j = (i + 1) % n
            green = (i + 1, j + 1) in r.green or (j + 1, i + 1) in r.green
            self.line(ids[i], ids[j], "green" if green else "gray")
        for k, (orbit, name) in enumerate(sorted(r.cities.items()), start=1):
            ox, oy = self.pos(ids[orbit - 1])
            sid = f"{r.id}.city" if len(r.cities) == 1 else f"{r.id}.city-{k}"
            self.space(sid, "O", cx + (ox - cx) * 0.42, cy + (oy - cy) * 0.42, system=r.id,
                       name=name)
            self.spaces[sid]["kind"] = "surface_city"
            self.line(ids[orbit - 1], sid, "green")
            for more, joins in sorted(r.more_orbits.items()):
                if joins == orbit:  # another orbit space joined to this city (ours)
                    if r.codes[more - 1] != "O":
                        raise ValueError(f"{r.id}.{more}: an extra orbit space is coded O")
                    self.line(ids[more - 1], sid, "green")
        for i in range(n):
            if r.codes[i] == "P":
                self.spaces[ids[i]]["name"] = f"{r.name} spaceport"
        self.rings[r.id] = ids
        self.centres[r.id] = r.centre
        self.systems.append({
            "id": r.id, "name": r.name, "kind": "system",
            "centre": {"x": cx, "y": cy},
            "label": {"x": cx + r.label[0], "y": cy + r.label[1]},
            "market": {"x": cx + r.market[0], "y": cy + r.market[1]},
            "mission_area": {"x": cx + r.market[0], "y": cy + r.market[1] + 38},
            "ours": r.id not in BOOK_NAMES,
        })

    def anomaly(self, a: Anomaly) -> None:
        cx, cy = a.centre
        n = len(a.codes)
        ids = self.around(a.id, a.codes, a.centre, a.r, a.r, route=a.id)
        for i in range(n):
            self.line(ids[i], ids[(i + 1) % n], style="dashed")
        self.rings[a.id] = ids
        self.centres[a.id] = a.centre
        self.routes.append({"id": a.id, "name": f"around the {a.name}", "ends": [a.id, a.id]})
        self.systems.append({
            "id": a.id, "name": a.name, "kind": "anomaly",
            "centre": {"x": cx, "y": cy},
            "label": {"x": cx + a.label[0], "y": cy + a.label[1]},
            "mission_area": {"x": cx + a.mission[0], "y": cy + a.mission[1]},
            "ours": False,
        })

    def asteroids(self) -> None:
        sid = "asteroid-system"
        for name, (code, x, y) in ASTEROID_SPACES.items():
            self.space(f"{sid}.{name}", code, x, y, system=sid)
            if name in ASTEROID_NAMES:
                self.spaces[f"{sid}.{name}"]["name"] = ASTEROID_NAMES[name]
        for a, b in ASTEROID_GRAY:
            self.line(f"{sid}.{a}", f"{sid}.{b}")
        for a, b in ASTEROID_GREEN:
            self.line(f"{sid}.{a}", f"{sid}.{b}", "green")
        cx, cy = ASTEROID_CENTRE
        self.centres[sid] = ASTEROID_CENTRE
        self.systems.append({
            "id": sid, "name": "Asteroid System", "kind": "system",
            "centre": {"x": cx, "y": cy}, "label": {"x": cx, "y": 1545},
            "market": {"x": 1900, "y": 1800}, "mission_area": {"x": 1900, "y": 1838},
            "ours": False,
        })

    def endpoint(self, ref: str, toward: tuple[float, float]) -> str:
        if ref in self.spaces:
            return ref
        if ":" in ref:
            system, index = ref.split(":")
            return self.rings[system][int(index) - 1]
        ids = self.rings[ref]
        cx, cy = self.centres[ref]
        want = math.atan2(toward[1] - cy, toward[0] - cx)

        def off(sid: str) -> float:
            x, y = self.pos(sid)
            d = abs(math.atan2(y - cy, x - cx) - want)
            return min(d, 2 * math.pi - d)

        return min(ids, key=off)

    def rough(self, ref: str) -> tuple[float, float]:
        if ref in self.spaces:
            return self.pos(ref)
        if ":" in ref:
            return self.pos(self.endpoint(ref, (0, 0)))
        return self.centres[ref]

    def leg(self, leg: Leg) -> list[str]:
        first = leg.via[0] if leg.via else self.rough(leg.b)
        last = leg.via[-1] if leg.via else self.rough(leg.a)
        a = self.endpoint(leg.a, first)
        b = self.endpoint(leg.b, last)
        points = [self.pos(a), *leg.via, self.pos(b)]
        seg = [math.dist(p, q) for p, q in zip(points, points[1:], strict=False)]
        total = sum(seg)
        chain = [a]
        n = len(leg.codes)
        for k, code in enumerate(leg.codes, start=1):
            x, y = _along(points, seg, total * k / (n + 1))
            sid = f"{leg.id}.{k}"
            self.space(sid, code, x, y, route=leg.id)
            chain.append(sid)
        chain.append(b)
        for p, q in zip(chain, chain[1:], strict=False):
            self.line(p, q, style="dashed")
        ends = [self._end_name(a, leg.a), self._end_name(b, leg.b)]
        self.routes.append({"id": leg.id,
                            "name": leg.name or " - ".join(_title(e) for e in ends),
                            "ends": ends})
        return chain

    def _end_name(self, sid: str, ref: str) -> str:
        if sid in JUNCTIONS or sid == "galactic-base":
            return sid
        rec = self.spaces[sid]
        return str(rec.get("system") or rec.get("route") or ref)


def _title(end: str) -> str:
    if end in ROUTE_NAMES:
        return ROUTE_NAMES[end]
    return " ".join(w.capitalize() for w in end.split("-")).replace("War Torn", "War-Torn")


def _along(points: list[tuple[float, float]], seg: list[float], d: float) -> tuple[float, float]:
    """The point at distance ``d`` along the polyline ``points``."""
    for k, length in enumerate(seg):
        p, q = points[k], points[k + 1]
        if d <= length or k == len(seg) - 1:
            t = d / length if length else 0.0
            return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        d -= length
    return points[-1]


def build() -> dict[str, Any]:
    b = Builder()
    gid, gname, (gx, gy) = BASE
    b.space(gid, "b", gx, gy, system=gid, name=gname)
    b.spaces[gid]["kind"] = "galactic_base"
    b.centres[gid] = (gx, gy)
    b.systems.append({"id": gid, "name": gname, "kind": "base", "centre": {"x": gx, "y": gy},
                      "label": {"x": gx + 135, "y": gy + 62}, "ours": False})
    for ring in SYSTEMS:
        b.ring(ring)
    b.asteroids()
    for anomaly in ANOMALIES:
        b.anomaly(anomaly)
    for jid, (x, y) in JUNCTIONS.items():
        b.space(jid, "N", x, y, route="")
    chains = {leg.id: b.leg(leg) for leg in LEGS}
    for jid in JUNCTIONS:  # a junction belongs to the first leg that names it
        first = next(leg for leg in LEGS if jid in (leg.a, leg.b))
        b.spaces[jid]["route"] = first.id
        exits: dict[str, list[int]] = {}
        for leg_id, numbers in JUNCTION_EXITS[jid].items():
            chain = chains[leg_id]
            exits[chain[1] if chain[0] == jid else chain[-2]] = numbers
        b.spaces[jid]["exits"] = exits
    for ring in SYSTEMS:
        for index, spec in ring.nav_exits.items():
            sid = b.rings[ring.id][index - 1]
            exits = {}
            for key, numbers in spec.items():
                if key == "route":
                    target = next(ln["a"] if ln["b"] == sid else ln["b"] for ln in b.lines
                                  if sid in (ln["a"], ln["b"]) and ln["style"] == "dashed")
                else:
                    target = b.rings[ring.id][int(key) - 1]
                exits[target] = numbers
            b.spaces[sid]["exits"] = exits
    for rec in b.spaces.values():
        rec["ours"] = True
    for ln in b.lines:
        ln["ours"] = True
    return {
        "name": "Merchant of Venus: the galactic cluster, standard game side (our design)",
        "source": "Starport's own design from the 2012 standard rulebook's text (the board is "
                  "printed only as a picture), with two orbit spaces per surface city where "
                  "the worked examples allow (ours: the spaceport race); built by "
                  "tools/build_standard_board.py; see docs/venus-standard.md, 'The board'.",
        "ours": True,
        "width": WIDTH,
        "height": HEIGHT,
        "systems": b.systems,
        "routes": b.routes,
        "spaces": list(b.spaces.values()),
        "lines": b.lines,
    }


def main() -> None:
    data = build()
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(data['spaces'])} spaces, {len(data['lines'])} lines)")


if __name__ == "__main__":
    main()
