"""The bots' distance tables (``engine.venus.bots.navigation``): the lazy search gives the whole
search's answers, whatever is asked first."""

from __future__ import annotations

import heapq
import random

from engine.venus.board import DotColor
from engine.venus.bots.navigation import _indexed, distances


def _full(edition: str, origin: str, *key: object) -> dict[str, float]:
    """The plain Dijkstra search to the end (the reference)."""
    names, index, graph = _indexed(edition, *key)
    dist = [float("inf")] * len(names)
    dist[index[origin]] = 0.0
    heap = [(0.0, index[origin])]
    while heap:
        d, dot = heapq.heappop(heap)
        if d > dist[dot]:
            continue
        for nxt, step in graph[dot]:
            if d + step < dist[nxt]:
                dist[nxt] = d + step
                heapq.heappush(heap, (d + step, nxt))
    return {n: d for n, d in zip(names, dist, strict=True) if d != float("inf")}


def test_lazy_distances_equal_the_whole_search_in_any_order() -> None:
    rng = random.Random(7)
    markers = (("galactic-base", 30, DotColor.YELLOW),)
    for edition in ("avalon-hill", "classic-2012"):
        for reverse in (False, True):
            key = (frozenset({DotColor.YELLOW}), False, 1, reverse, 3, markers, 20)
            names = _indexed(edition, *key)[0]
            for origin in rng.sample(names, 5):
                want = _full(edition, origin, *key)
                table = distances.__wrapped__(edition, origin, *key)
                asked = rng.sample(names, len(names))
                assert {d: table.get(d) for d in asked} == {d: want.get(d) for d in asked}
                assert dict(table) == want
                assert table.get("nowhere", 99.0) == 99.0
