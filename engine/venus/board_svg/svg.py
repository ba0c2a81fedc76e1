"""Shared drawing vocabulary of the board SVG: canvas size, colours, looks, and helpers.

Number formatting (``fmt``), attribute lists (``attr``), haloed text (``svg_text``) and the
geometry the other modules of the package share.
"""

from __future__ import annotations

import math

from engine.cluster.svg import INK, attr, fmt, svg_text
from engine.venus.board import Board, DotColor, Link, System

__all__ = ["FONT", "GOLD", "HEIGHT", "INK", "WIDTH", "attr", "centre", "fmt", "links_of",
           "svg_text", "unit"]

WIDTH, HEIGHT = 2400, 1900
FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif"
STAR_SEED = 5632  # the cluster's number in the 2012 book; any fixed seed would do

DOT_FILL = {DotColor.BLUE: "#2f7de1", DotColor.YELLOW: "#f4c531", DotColor.RED: "#e0403a"}
DOT_EDGE = {DotColor.BLUE: "#0d3f85", DotColor.YELLOW: "#8a6400", DotColor.RED: "#7c1410"}
UNCOLORED_FILL, UNCOLORED_EDGE = "#c9d0de", "#5b6478"
GOLD = "#f1d27a"

# Planet looks and halo tints by system (ornament only: 1.5, planets do not affect play).
PLANET_LOOK: dict[str, tuple[str, str]] = {
    "trapped-rogue": ("#6fb3a8", "#1d4b57"),
    "desert-planet": ("#e6c48a", "#8a5a2b"),
    "interstellar-biosphere": ("#8a8fa8", "#2a2d3d"),
    "jungle-planet": ("#6fbf4f", "#1f5a22"),
    "ice-planet": ("#e8f4ff", "#7fa3c4"),
    "colony-world": ("#b9a072", "#4f5b3a"),
    "space-station-planet": ("#c7ccd8", "#4a5063"),
    "war-torn-system": ("#c0704f", "#4b1f16"),
    "polluted-planet": ("#9a9a52", "#4a3b1e"),
    "inhabited-moon": ("#9fc79a", "#3e5a46"),
    "water-world": ("#4a9be8", "#0e3570"),
    "giant-planet": ("#e8a86a", "#8b4b23"),
}
SUN_LOOK: dict[str, tuple[str, float]] = {  # colour and radius of the star
    "trapped-rogue": ("#9cc6ff", 24),  # blue giant (gazetteer)
    "supergiant": ("#8fb8ff", 46),  # blue-spectrum supergiant
    "supernova": ("#ffb35c", 30),
    "multi-generation-ship": ("#e9f2ff", 7),  # neutron star
    "inhabited-moon": ("#ffd9a0", 11),  # distant sun
    "asteroid-system": ("#ffe08a", 15),
    "space-station-planet": ("#d9c7ff", 13),
}
HALO: dict[str, str] = {
    "trapped-rogue": "#4d8dff",
    "supergiant": "#5c8dff",
    "supernova": "#ff8a3d",
    "space-station-planet": "#9a6bff",
    "war-torn-system": "#ff6a4d",
    "polluted-planet": "#b4b04a",
    "galactic-base": "#ffd27a",
    "water-world": "#3d9bff",
    "jungle-planet": "#4fd16b",
    "ice-planet": "#a8d8ff",
    "desert-planet": "#ffc36b",
    "giant-planet": "#ff9d4d",
}


def links_of(board: Board) -> list[Link]:
    return [
        lk
        for lk in board.data.links
        if (not lk.editions or board.edition in lk.editions)
        and lk.a in board.dots
        and lk.b in board.dots
    ]


def centre(board: Board, s: System) -> tuple[float, float]:
    if s.planet is not None:
        return s.planet.x, s.planet.y
    if s.sun is not None:
        return s.sun.x, s.sun.y
    pts = [board.dots[i].at for i in board.by_system.get(s.id, [])]
    return sum(p.x for p in pts) / len(pts), sum(p.y for p in pts) / len(pts)


def unit(dx: float, dy: float) -> tuple[float, float]:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-9 else (0.0, 1.0)
