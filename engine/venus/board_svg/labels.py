"""Names on the board: greedy placement of dot names around the clutter, and system labels."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from engine.venus.board import Board, Dot, DotKind, System
from engine.venus.board_svg.dots import exit_badges
from engine.venus.board_svg.svg import (
    FONT,
    GOLD,
    HEIGHT,
    SUN_LOOK,
    WIDTH,
    centre,
    fmt,
    links_of,
    svg_text,
    unit,
)

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

LEGEND_BOX: Rect = (12, 1200, 378, 1830)
TITLE_BOX: Rect = (20, 20, 340, 180)
STACKED = {"polluted-planet", "war-torn-system", "inhabited-moon"}  # names on two lines

# Where a name goes relative to its dot when the automatic choice collides: (dx, dy, anchor).
LABEL_AT: dict[str, tuple[float, float, str]] = {}


def _text_box(x: float, y: float, s: str, size: float, anchor: str, bold: bool) -> Rect:
    """Estimated box of a text run whose baseline starts at (x, y)."""
    w = len(s) * size * (0.64 if bold else 0.58)
    x0 = x if anchor == "start" else x - w if anchor == "end" else x - w / 2
    return (x0, y - size * 0.8, x0 + w, y + size * 0.25)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(r: Rect, p: tuple[float, float], q: tuple[float, float]) -> bool:
    """Whether segment pq passes through rectangle r (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for pk, qk in ((-dx, p[0] - r[0]), (dx, r[2] - p[0]), (-dy, p[1] - r[1]), (dy, r[3] - p[1])):
        if pk == 0:
            if qk < 0:
                return False
        else:
            t = qk / pk
            if pk < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def _dot_box(board: Board, d: Dot) -> Rect:
    r = {
        DotKind.CIRCLE: 34.0,
        DotKind.PENALTY: 21.0,
        DotKind.SPACE_CITY: 16.0,
        DotKind.QBOX: 14.0,
    }.get(d.kind, 13.0)
    if d.id == board.galactic_base:
        r = 32.0
    ry = 15.0 if d.kind is DotKind.PENALTY else r
    if d.kind is DotKind.SPACE and d.orbit:
        r, ry = 18.0, 13.0
    return (d.at.x - r, d.at.y - ry, d.at.x + r, d.at.y + ry)


def _system_label_lines(s: System) -> list[str]:
    name = s.name.upper()
    return name.split(" ", 1) if s.id in STACKED and " " in name else [name]


class _Placer:
    """Greedy placement of dot names: the candidate spot that hides the least."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.dots = {d.id: _dot_box(board, d) for d in board.dots.values()}
        self.segments = [
            (
                (board.dots[lk.a].at.x, board.dots[lk.a].at.y),
                (board.dots[lk.b].at.x, board.dots[lk.b].at.y),
            )
            for lk in links_of(board)
        ]
        self.taken: list[Rect] = [LEGEND_BOX, TITLE_BOX]
        for d in board.dots.values():
            if d.kind is DotKind.CIRCLE:
                for *_, bx, by, w in exit_badges(board, d):
                    x, y = d.at.x + bx, d.at.y + by
                    self.taken.append((x - w / 2, y - 10, x + w / 2, y + 10))
        for s in board.systems.values():
            lines = _system_label_lines(s)
            for i, line in enumerate(lines):
                self.taken.append(
                    _text_box(s.label.x, s.label.y + 26 * i, line, 24 + 2, "middle", True)
                )
            if s.culture_box is not None:
                b = s.culture_box
                self.taken.append((b.x - 18, b.y - 5, b.x + 18, b.y + 31))
            if s.sun is not None:
                r = SUN_LOOK.get(s.id, ("", 14.0))[1] * 1.1
                self.taken.append((s.sun.x - r, s.sun.y - r, s.sun.x + r, s.sun.y + r))

    def place(
        self, d: Dot, s: str, size: float, gap: float, bold: bool, prefer: tuple[float, float]
    ) -> tuple[float, float, str]:
        x, y = d.at.x, d.at.y
        h = size
        candidates = [
            (x + gap, y + h * 0.35, "start", (1.0, 0.0)),
            (x - gap, y + h * 0.35, "end", (-1.0, 0.0)),
            (x, y - gap - 2, "middle", (0.0, -1.0)),
            (x, y + gap + h * 0.8, "middle", (0.0, 1.0)),
            (x + gap * 0.75, y - gap * 0.75, "start", (0.7, -0.7)),
            (x - gap * 0.75, y - gap * 0.75, "end", (-0.7, -0.7)),
            (x + gap * 0.75, y + gap * 0.75 + h * 0.6, "start", (0.7, 0.7)),
            (x - gap * 0.75, y + gap * 0.75 + h * 0.6, "end", (-0.7, 0.7)),
        ]
        best: tuple[float, float, float, str, Rect] | None = None
        for cx, cy, anchor, (ux, uy) in candidates:
            box = _text_box(cx, cy, s, size, anchor, bold)
            score = 3.0 * (1.0 - (ux * prefer[0] + uy * prefer[1]))  # prefer outward
            if box[0] < 4 or box[1] < 4 or box[2] > WIDTH - 4 or box[3] > HEIGHT - 4:
                score += 1000
            for oid, ob in self.dots.items():
                if oid != d.id:
                    area = _overlap(box, ob)
                    if area:
                        score += 40 + area / 4
            for ob in self.taken:
                area = _overlap(box, ob)
                if area:
                    score += 40 + area / 4
            for p, q in self.segments:
                if (p == (x, y) or q == (x, y)) and _crosses(box, p, q):
                    score += 6
                elif _crosses(box, p, q):
                    score += 12
            if best is None or score < best[0]:
                best = (score, cx, cy, anchor, box)
        assert best is not None
        self.taken.append(best[4])
        return best[1], best[2], best[3]


def labels(board: Board) -> str:
    out = ['<g id="labels" font-family=' + quoteattr(FONT) + ">"]
    placer = _Placer(board)
    for d in sorted(board.dots.values(), key=lambda d: (d.orbit is None, d.id)):
        if d.orbit:
            text, size, fill, cls, bold, style = d.orbit, 14.0, GOLD, "orbit-name", True, None
            gap = 30.0 if d.kind is DotKind.CIRCLE else 21.0
        elif d.is_city and d.name and d.id != board.galactic_base:
            system = board.systems[d.system] if d.system else None
            if system is not None and system.name == d.name:
                continue  # the system's own label names it
            text, size, fill, cls, bold = d.name, 13.0, "#fff3cf", "city-name", False
            style, gap = "italic", 16.0
        else:
            continue
        if d.id in LABEL_AT:
            dx, dy, anchor = LABEL_AT[d.id]
            x, y = d.at.x + dx, d.at.y + dy
        else:
            system = board.systems[d.system] if d.system else None
            cx, cy = centre(board, system) if system else (d.at.x, d.at.y + 1)
            x, y, anchor = placer.place(d, text, size, gap, bold, unit(d.at.x - cx, d.at.y - cy))
        out.append(
            svg_text(
                x,
                y,
                text,
                size=size,
                fill=fill,
                anchor=anchor,
                weight="bold" if bold else "normal",
                cls=cls,
                style=style,
            )
        )
    for s in board.systems.values():
        out.append(_system_label(s))
    out.append("</g>")
    return "".join(out)


def _system_label(s: System) -> str:
    x, y = s.label.x, s.label.y
    out = [
        svg_text(
            x,
            y + 26 * i,
            line,
            size=24,
            fill="#f7ecc8",
            weight="bold",
            halo=5,
            cls="system-name",
            spacing=2,
        )
        for i, line in enumerate(_system_label_lines(s))
    ]
    if s.culture_box is not None:
        bx, by = s.culture_box.x, s.culture_box.y
        out.append(
            f'<rect class="culture-box" x="{fmt(bx - 17)}" y="{fmt(by - 4)}" width="34" '
            f'height="34" rx="5" fill="#0c1024" fill-opacity="0.8" stroke="{GOLD}" '
            'stroke-width="2" stroke-dasharray="5 3"/>'
        )
    return "".join(out)
