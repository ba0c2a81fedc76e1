"""The trader's routes (Movement): a jumpline's cost is the expected number of attempts of
a jump along it (1 / chance of success: Regular Jumps' table, the Navigator's +1); a station
jump at one's own station succeeds but on a green line, where it needs a 3 (Station Jumps)."""

from __future__ import annotations

import heapq
from functools import cache
from typing import Any

from .galaxy import LineColor, load_galaxy


def _chance(color: LineColor, navigator: bool) -> float:
    need = color.minimum - (1 if navigator and color != LineColor.ORANGE else 0)
    return (7 - need) / 6


@cache
def edges(navigator: bool) -> dict[int, list[tuple[int, float, float]]]:
    """Each world's jumplines: (the world reached, the expected attempts of a regular jump,
    of a jump to an own station)."""
    return {here: [(nxt, 1 / _chance(color, navigator),
                    1.0 if color != LineColor.GREEN else 1.5)
                   for nxt, color in lines.items()]
            for here, lines in load_galaxy().neighbours.items()}


def route_costs(view: dict[str, Any], seat: int, start: int) -> tuple[dict[int, float],
                                                                      dict[int, int]]:
    """Dijkstra from ``start``: expected attempts to each world and each world's first hop."""
    me = view["players"][seat]
    lines = edges(me["personality"] == "navigator")
    mine = {int(w) for w, s in view["stations"].items() if s == seat}
    dist: dict[int, float] = {start: 0.0}
    first: dict[int, int] = {}
    todo: list[tuple[float, int, int]] = [(0.0, start, start)]
    while todo:
        d, here, hop = heapq.heappop(todo)
        if d > dist.get(here, float("inf")):
            continue
        for nxt, regular, own in lines[here]:
            nd = d + (own if nxt in mine else regular)
            if nd < dist.get(nxt, float("inf")):
                dist[nxt] = nd
                first[nxt] = nxt if here == start else hop
                heapq.heappush(todo, (nd, nxt, first[nxt]))
    return dist, first
