"""The drawing of our standard board is readable: no two lines cross, no two spaces touch,
no system name or market box sits on a space or a line (checked on the board's own
coordinates, the same the SVG uses)."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.venus_standard.board import StandardBoard, SystemKind, load_board
from engine.venus_standard.board_svg import R

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@pytest.fixture(scope="module")
def board() -> StandardBoard:
    return load_board()


def _cross(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float],
           s: tuple[float, float]) -> bool:
    """Whether segments pq and rs cross at a point inside both."""
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(r, s, p), orient(r, s, q)
    d3, d4 = orient(p, q, r), orient(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def _segments(board: StandardBoard) -> list[tuple[str, str, tuple[float, float],
                                                   tuple[float, float]]]:
    out = []
    for line in board.lines:
        a, b = board.spaces[line.a].at, board.spaces[line.b].at
        out.append((line.a, line.b, (a.x, a.y), (b.x, b.y)))
    return out


def _box_hits_segment(box: Box, p: tuple[float, float], q: tuple[float, float]) -> bool:
    x0, y0, x1, y1 = box
    for k in range(41):
        t = k / 40
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if x0 <= x <= x1 and y0 <= y <= y1:
            return True
    return False


def _box_hits_space(box: Box, x: float, y: float, r: float) -> bool:
    x0, y0, x1, y1 = box
    nx, ny = min(max(x, x0), x1), min(max(y, y0), y1)
    return math.hypot(x - nx, y - ny) < r


def _label_boxes(board: StandardBoard) -> dict[str, Box]:
    boxes = {}
    for s in board.data.systems:
        size = 20 if s.kind is SystemKind.BASE else 22
        width = 0.74 * size * len(s.name) + 1.5 * len(s.name)  # bold capitals, spaced
        boxes[f"label {s.id}"] = (s.label.x - width / 2, s.label.y - size * 0.72,
                                  s.label.x + width / 2, s.label.y + size * 0.2)
        if s.market is not None:
            m = s.market
            boxes[f"market {s.id}"] = (m.x - 62, m.y - 20, m.x + 62, m.y + 20)
        if s.mission_area is not None and s.kind is SystemKind.SYSTEM:
            m = s.mission_area
            boxes[f"mission area {s.id}"] = (m.x - 11, m.y - 11, m.x + 11, m.y + 11)
    return boxes


def test_no_two_lines_cross(board: StandardBoard) -> None:
    crossing = [(a1, b1, a2, b2)
                for (a1, b1, p1, q1), (a2, b2, p2, q2) in itertools.combinations(
                    _segments(board), 2)
                if not {a1, b1} & {a2, b2} and _cross(p1, q1, p2, q2)]
    assert crossing == []


def test_no_two_spaces_touch(board: StandardBoard) -> None:
    spaces = list(board.spaces.values())
    close = [(a.id, b.id) for a, b in itertools.combinations(spaces, 2)
             if math.hypot(a.at.x - b.at.x, a.at.y - b.at.y) < 2 * R + 4]
    assert close == []


def test_no_label_or_market_sits_on_a_space_or_a_line(board: StandardBoard) -> None:
    boxes = _label_boxes(board)
    hits = []
    for name, box in boxes.items():
        for s in board.spaces.values():
            if _box_hits_space(box, s.at.x, s.at.y, R + 2):
                hits.append((name, s.id))
        for a, b, p, q in _segments(board):
            if _box_hits_segment(box, p, q):
                hits.append((name, f"{a}|{b}"))
    assert hits == []


def test_labels_and_markets_do_not_overlap_each_other(board: StandardBoard) -> None:
    boxes = _label_boxes(board)

    def overlap(u: Box, v: Box) -> bool:
        return u[0] < v[2] and v[0] < u[2] and u[1] < v[3] and v[1] < u[3]

    clashes = [(a, b) for (a, u), (b, v) in itertools.combinations(boxes.items(), 2)
               if overlap(u, v)]
    assert clashes == []


def test_everything_is_inside_the_board(board: StandardBoard) -> None:
    w, h = board.data.width, board.data.height - 160  # the legend strip below
    for s in board.spaces.values():
        assert R <= s.at.x <= w - R and R <= s.at.y <= h - R, s.id
    for name, (x0, y0, x1, y1) in _label_boxes(board).items():
        assert x0 >= 0 and x1 <= w and y0 >= 0 and y1 <= h, name
