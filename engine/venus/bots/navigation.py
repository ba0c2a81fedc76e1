"""Distances on the map as a bot estimates them, from public facts only.

The rules' own reachable query (``engine.venus.reach``) answers "where can this roll end";
a bot also needs "how far is that City from here" over several turns. This module gives an
estimate in Movement Points, from the printed board and the ship's kit:

- a move costs 2 MP to or from a Surface City, else 1 (5.21; the Air Foil makes every move 1
  and links a planet's cities, 8.41);
- a Drive skips Space Dots and Penalty Ovals of its colours (8.2), which then cost nothing;
- a Penalty Oval the ship does not skip costs its amount less $20 per Shield (6.3, 8.3),
  counted as MP at ``PENALTY_MP`` dollars per MP;
- a Navigation Circle is left by its arrows only (6.4), each counted as one MP plus the MP
  expected to be lost until the ship's dice show one of the arrow's numbers (6.41).

Face-up Penalty markers count like Penalty Ovals; a penalty the ship cannot pay with its
cash (``cash``) is a wall (it would have to stop there, 6.3). Face-down "?" boxes and Tele
Gates are ignored. Distances are cached per process, keyed by all of these. Every figure
is an estimate used to rank goals; the moves themselves always come from ``legal_actions``
or the reachable query.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TypeVar, overload

from engine.venus.board import Board, DotColor, DotKind, load_board

PENALTY_MP = 25  # dollars of penalty the bot treats as one MP of detour
CIRCLE_WAIT = 4.0  # MP lost, per failed try, waiting for an arrow's number (6.41)

Edge = tuple[str, int, int]  # (to, base MP, how many Pilot Numbers the arrow has; 0: a path)


@cache
def _graph(edition: str) -> tuple[dict[str, list[Edge]], dict[str, list[Edge]]]:
    """Forward and reverse adjacency of the board (paths, circle arrows)."""
    board = load_board(edition)
    fwd: dict[str, list[Edge]] = {d: [] for d in board.dots}
    for dot, info in board.dots.items():
        if info.kind is DotKind.CIRCLE:
            numbers: dict[str, int] = {}
            for target in board.exits.get(dot, {}).values():
                numbers[target] = numbers.get(target, 0) + 1
            for target in sorted(numbers):
                fwd[dot].append((target, 1, numbers[target]))
        else:
            for nxt, mp in sorted(board.paths[dot].items()):
                fwd[dot].append((nxt, mp, 0))
    rev: dict[str, list[Edge]] = {d: [] for d in board.dots}
    for dot, edges in fwd.items():
        for to, mp, arrow in edges:
            rev[to].append((dot, mp, arrow))
    return fwd, rev


@cache
def _airfoil(edition: str) -> dict[str, list[str]]:
    board = load_board(edition)
    return {d: sorted(board.airfoil[d]) for d in board.dots}


BROKE_MP = 40.0  # a penalty the ship cannot pay: it stops there (6.3), as good as a wall


def _penalty(board: Board, dot: str, markers: dict[str, tuple[int, DotColor | None]]
             ) -> tuple[int, DotColor | None] | None:
    """The printed amount and colour of a Penalty Oval or face-up Penalty marker."""
    info = board.dots[dot]
    if info.kind is DotKind.PENALTY and info.penalty:
        return info.penalty, info.color
    return markers.get(dot)


@dataclass(frozen=True)
class _Numbered:
    """The board of one edition with its dots numbered, for building weighted graphs fast.

    ``moves`` lists every move (a, b, base MP, arrow count) in the order the graphs list
    them (the dots in board order; a dot's paths or arrows, then its Air Foil links when
    the ship has one, 8.41)."""

    names: list[str]
    index: dict[str, int]
    surface: list[bool]  # a Surface City (5.21: 2 MP to or from it)
    color: list[DotColor | None]  # the colour a Drive skips (8.2): Space Dots and Ovals
    moves: list[tuple[int, int, int, int]]
    airfoil: list[list[int]]  # per dot, its Air Foil links (8.41)


@cache
def _numbered(edition: str) -> _Numbered:
    board = load_board(edition)
    fwd, _ = _graph(edition)
    names = list(board.dots)
    index = {d: i for i, d in enumerate(names)}
    infos = [board.dots[d] for d in names]
    return _Numbered(
        names=names,
        index=index,
        surface=[i.kind is DotKind.SURFACE_CITY for i in infos],
        color=[i.color if i.kind in (DotKind.SPACE, DotKind.PENALTY) else None
               for i in infos],
        moves=[(index[a], index[b], mp, arrow) for a in names for b, mp, arrow in fwd[a]],
        airfoil=[[index[b] for b in _airfoil(edition)[a]] for a in names],
    )


@lru_cache(maxsize=32)  # ~75 KiB each: 128 held ~10 MiB (``docs/operations.md``, The soak)
def _indexed(
    edition: str,
    colors: frozenset[DotColor],
    air_foil: bool,
    shields: int,
    reverse: bool,
    dice: int,
    markers: tuple[tuple[str, int, DotColor | None], ...],
    cash: int,
) -> tuple[list[str], dict[str, int], list[list[tuple[int, float]]]]:
    """The board's moves with their estimated cost for one ship (see the module doc), the
    dots numbered: per dot, its (next dot, cost) moves (``reverse``: the moves into it)."""
    board = load_board(edition)
    num = _numbered(edition)
    names, index = num.names, num.index
    penalty_markers = {d: (amount, color) for d, amount, color in markers}
    skipped = [c is not None and c in colors for c in num.color]
    for d, (_, color) in penalty_markers.items():
        if color is not None and color in colors:
            skipped[index[d]] = True
    extra: list[float] = [0.0] * len(names)
    for i, d in enumerate(names):
        found = _penalty(board, d, penalty_markers)
        if found is not None and not skipped[i]:
            due = max(0, found[0] - 20 * shields)  # 8.3
            extra[i] = BROKE_MP if due > cash else due / PENALTY_MP
    wait = [0.0] + [CIRCLE_WAIT * (1 / (1 - ((6 - n) / 6) ** dice) - 1) for n in range(1, 7)]
    surface = num.surface
    out: list[list[tuple[int, float]]] = [[] for _ in names]
    for a, b, mp, arrow in _with_airfoil(edition) if air_foil else num.moves:
        if skipped[b]:
            step = 0.0  # 8.2: the jump's MP is paid at the dot where the ship stops
        elif air_foil:
            step = 1.0
        else:
            step = float(mp if not surface[a] and not surface[b] else 2)
        step += extra[b]
        cost = step + (wait[arrow] if arrow else 0.0)
        if reverse:
            out[b].append((a, cost))
        else:
            out[a].append((b, cost))
    return names, index, out


@cache
def _with_airfoil(edition: str) -> list[tuple[int, int, int, int]]:
    """``moves`` with each dot's Air Foil links after its own moves (8.41)."""
    num = _numbered(edition)
    by_dot: list[list[tuple[int, int, int, int]]] = [[] for _ in num.names]
    for move in num.moves:
        by_dot[move[0]].append(move)
    return [m for a, own in enumerate(by_dot)
            for m in [*own, *((a, b, 1, 0) for b in num.airfoil[a])]]


# ~13 KiB each, and a bot game asks some 600: 8,192 held ~100 MiB, 2,048 hold ~26 MiB
# (``docs/operations.md``, The soak).
@lru_cache(maxsize=2048)
def distances(
    edition: str,
    origin: str,
    colors: frozenset[DotColor] = frozenset(),
    air_foil: bool = False,
    shields: int = 0,
    reverse: bool = False,
    dice: int = 3,
    markers: tuple[tuple[str, int, DotColor | None], ...] = (),
    cash: int = 10_000,
) -> Distances:
    """Estimated MP from ``origin`` to every dot (``reverse``: from every dot to ``origin``).

    The returned table is shared by the cache (read only); it searches lazily."""
    names, index, graph = _indexed(edition, colors, air_foil, shields, reverse, dice, markers,
                                   cash)
    return Distances(names, index, graph, index[origin])


_INF = float("inf")
_T = TypeVar("_T")


class Distances(Mapping[str, float]):
    """Dijkstra's search from one dot, run only as far as the dots asked for so far.

    The planner asks for a few dots (trading places) of many tables, so most searches stop
    early. A dot's distance is final once the search takes it off the heap (the costs are
    never negative), so every answer is the one the whole search would give; a dot the
    search never reaches is not in the table. The search state is kept: asking for a
    farther dot later goes on from where it stopped."""

    __slots__ = ("_names", "_index", "_graph", "_dist", "_done", "_heap")

    def __init__(self, names: list[str], index: dict[str, int],
                 graph: list[list[tuple[int, float]]], start: int) -> None:
        self._names = names
        self._index = index
        self._graph = graph
        self._dist = [_INF] * len(names)
        self._dist[start] = 0.0
        self._done = [False] * len(names)  # taken off the heap: final
        self._heap: list[tuple[float, int]] = [(0.0, start)]

    @overload
    def get(self, dot: str, /) -> float | None: ...

    @overload
    def get(self, dot: str, default: float | _T, /) -> float | _T: ...

    def get(self, dot: str, default: object = None, /) -> object:
        """The distance to ``dot`` (``default`` when the search never reaches it)."""
        i = self._index.get(dot)
        if i is None:
            return default
        if not self._done[i] and not self._search(i):
            return default
        return self._dist[i]

    def __getitem__(self, dot: str) -> float:
        found = self.get(dot)
        if found is None:
            raise KeyError(dot)
        return found

    def __iter__(self) -> Iterator[str]:
        self._search(-1)
        return (n for n, done in zip(self._names, self._done, strict=True) if done)

    def __len__(self) -> int:
        self._search(-1)
        return sum(self._done)

    def _search(self, target: int) -> bool:
        """Go on until ``target`` is final (-1: until the heap is empty); False if it is
        never reached."""
        dist, done, graph, heap = self._dist, self._done, self._graph, self._heap
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, dot = pop(heap)
            if done[dot]:
                continue
            done[dot] = True
            for nxt, step in graph[dot]:
                nd = d + step
                if nd < dist[nxt]:
                    dist[nxt] = nd
                    push(heap, (nd, nxt))
            if dot == target:
                return True
        return False
