"""A cluster's spaces as an undirected graph with a movement cost on every line.

Shared by both boards for what is only graph work: neighbours with their cost, what a
space reaches, the cheapest cost between spaces (Dijkstra) and one cheapest path. Rules
that change costs while moving (drives skipping spaces, no backtracking, navigation exits)
belong to each ruleset's movement; ``distances`` takes a ``step_cost`` hook for the simple
ones (a drive's skipped spaces).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping

StepCost = Callable[[str, str, int], int]
"""``step_cost(from_space, to_space, line_cost) -> cost`` of one move along a line."""


class Graph:
    """Spaces and lines with costs; lines are undirected, a pair has at most one line."""

    def __init__(self, spaces: Iterable[str], lines: Iterable[tuple[str, str, int]]) -> None:
        self._adjacent: dict[str, dict[str, int]] = {s: {} for s in spaces}
        for a, b, cost in lines:
            if a not in self._adjacent or b not in self._adjacent:
                missing = a if a not in self._adjacent else b
                raise ValueError(f"line {a}-{b}: unknown space {missing}")
            if a == b:
                raise ValueError(f"line {a}-{b}: a line joins two different spaces")
            self._adjacent[a][b] = cost
            self._adjacent[b][a] = cost

    @property
    def adjacency(self) -> Mapping[str, dict[str, int]]:
        """Every space -> its neighbours with the line's cost."""
        return self._adjacent

    def __contains__(self, space: object) -> bool:
        return space in self._adjacent

    def neighbours(self, space: str) -> dict[str, int]:
        """The spaces one line away from ``space``, with that line's cost."""
        return self._adjacent[space]

    def reachable(self, start: str) -> set[str]:
        """Every space joined to ``start`` by some chain of lines (``start`` included)."""
        seen = {start}
        todo = [start]
        while todo:
            for n in self._adjacent[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def distances(self, start: str, *, step_cost: StepCost | None = None) -> dict[str, int]:
        """The cheapest cost from ``start`` to every reachable space (Dijkstra)."""
        return self._search(start, step_cost)[0]

    def shortest_path(
        self, start: str, goal: str, *, step_cost: StepCost | None = None
    ) -> list[str] | None:
        """One cheapest chain of spaces from ``start`` to ``goal`` (both included), or None.
        Ties are broken by space id, so the answer is deterministic."""
        dist, parent = self._search(start, step_cost)
        if goal not in dist:
            return None
        path = [goal]
        while path[-1] != start:
            path.append(parent[path[-1]])
        return path[::-1]

    def path_cost(self, path: list[str], *, step_cost: StepCost | None = None) -> int:
        """The cost of moving along ``path`` (consecutive spaces must share a line)."""
        total = 0
        for a, b in zip(path, path[1:], strict=False):
            if b not in self._adjacent[a]:
                raise ValueError(f"no line between {a} and {b}")
            cost = self._adjacent[a][b]
            total += step_cost(a, b, cost) if step_cost else cost
        return total

    def _search(
        self, start: str, step_cost: StepCost | None
    ) -> tuple[dict[str, int], dict[str, str]]:
        if start not in self._adjacent:
            raise KeyError(f"unknown space {start!r}")
        dist = {start: 0}
        parent: dict[str, str] = {}
        heap = [(0, start)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > dist[here]:
                continue
            for there in sorted(self._adjacent[here]):
                cost = self._adjacent[here][there]
                nd = d + (step_cost(here, there, cost) if step_cost else cost)
                if there not in dist or nd < dist[there]:
                    dist[there] = nd
                    parent[there] = here
                    heapq.heappush(heap, (nd, there))
        return dist, parent
