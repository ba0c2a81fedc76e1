"""The Movement Dots: one addressable group per dot, with its shape (navigation circles carry
their exit arrows and Pilot Number badges)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from xml.sax.saxutils import escape

from engine.venus.board import Board, Dot, DotColor, DotKind
from engine.venus.board_svg.svg import (
    DOT_EDGE,
    DOT_FILL,
    GOLD,
    INK,
    UNCOLORED_EDGE,
    UNCOLORED_FILL,
    attr,
    fmt,
    svg_text,
    unit,
)


def dot(board: Board, d: Dot) -> str:
    x, y = d.at.x, d.at.y
    head = attr(
        id=f"dot-{d.id}",
        class_=f"dot dot-{d.kind.value}",
        data_dot=d.id,
        data_kind=d.kind.value,
        data_color=d.color.value if d.color else None,
        data_orbit=d.orbit,
        data_x=fmt(x),
        data_y=fmt(y),
        transform=f"translate({fmt(x)} {fmt(y)})",
    )
    body = _shape(board, d)
    title = d.name or d.orbit or _kind_title(d)
    return f"<g {head}><title>{escape(title)}</title>{body}</g>"


def _kind_title(d: Dot) -> str:
    if d.kind is DotKind.PENALTY:
        return f"{d.color.value if d.color else ''} penalty {d.penalty}".strip()
    if d.kind is DotKind.SPACE:
        return f"{d.color.value} space dot" if d.color else "space dot"
    return {
        DotKind.ASTEROID: "asteroid",
        DotKind.QBOX: '"?" box',
        DotKind.CIRCLE: "navigation circle",
    }.get(d.kind, d.kind.value)


def _shape(board: Board, d: Dot) -> str:
    k = d.kind
    if k is DotKind.SPACE and d.orbit:
        return (
            '<rect x="-17" y="-12" width="34" height="24" rx="5" fill="#eef3ff" '
            f'stroke="{GOLD}" stroke-width="3"/>'
            '<rect x="-11" y="-6" width="22" height="12" rx="2" fill="none" stroke="#8a96b5" '
            'stroke-width="1.2"/>'
        )
    if k is DotKind.SPACE:
        fill = DOT_FILL[d.color] if d.color else UNCOLORED_FILL
        edge = DOT_EDGE[d.color] if d.color else UNCOLORED_EDGE
        return (
            f'<circle r="11" fill="{fill}" stroke="{edge}" stroke-width="2.5"/>'
            '<circle cx="-3.5" cy="-3.5" r="3.2" fill="#ffffff" opacity="0.45"/>'
        )
    if k is DotKind.PENALTY:
        fill = DOT_FILL[d.color] if d.color else DOT_FILL[DotColor.BLUE]
        ink = "#1b1400" if d.color is DotColor.YELLOW else "#ffffff"
        return (
            f'<ellipse rx="21" ry="14" fill="{fill}" stroke="#ffffff" stroke-width="2.5"/>'
            '<ellipse rx="17" ry="10" fill="none" stroke="#000000" stroke-opacity="0.35" '
            'stroke-width="1.2"/>'
            + svg_text(0, 5, str(d.penalty), size=14, fill=ink, weight="bold", halo=0)
        )
    if k is DotKind.ASTEROID:
        return asteroid(d.id)
    if k is DotKind.QBOX:
        return (
            '<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#241c3a" '
            f'stroke="{GOLD}" stroke-width="2.5"/>'
            + svg_text(0, 6.5, "?", size=19, fill=GOLD, weight="bold", halo=0)
        )
    if k is DotKind.CIRCLE:
        return _circle(board, d)
    if k is DotKind.SURFACE_CITY:
        return (
            '<circle r="12" fill="#fff3cf" stroke="#b8741a" stroke-width="2.5"/>'
            '<path d="M-7 5V-1H-4V-5H-1V1H2V-3H5V5Z" fill="#5a3400"/>'
        )
    if d.id == board.galactic_base:
        return galactic_base()
    # other Space Cities: a station hexagon
    pts = " ".join(
        f"{fmt(15 * math.cos(a))},{fmt(15 * math.sin(a))}"
        for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))
    )
    return (
        f'<polygon points="{pts}" fill="#c6f1ff" stroke="#2f8fc0" stroke-width="3"/>'
        '<circle r="5" fill="#2f8fc0"/>'
    )


def galactic_base() -> str:
    spikes = []
    for i in range(16):
        a = i * math.pi / 8
        r = 30 if i % 2 == 0 else 20
        spikes.append(f"{fmt(r * math.cos(a))},{fmt(r * math.sin(a))}")
    return (
        '<circle r="44" fill="#ffd27a" opacity="0.18"/>'
        f'<polygon points="{" ".join(spikes)}" fill="#ffe6a8" stroke="#b07a12" '
        'stroke-width="2.5"/>'
        '<circle r="13" fill="#fff8e6" stroke="#b07a12" stroke-width="2.5"/>'
        '<circle r="5" fill="#b07a12"/>'
    )


def asteroid(seed: str) -> str:
    rng = random.Random(seed)
    pts = []
    for i in range(9):
        a = i * 2 * math.pi / 9
        r = rng.uniform(10, 14.5)
        pts.append(f"{fmt(r * math.cos(a))},{fmt(r * math.sin(a))}")
    return (
        f'<polygon points="{" ".join(pts)}" fill="#8b7b66" stroke="#d8c6a6" stroke-width="2"/>'
        '<circle cx="-3" cy="-2" r="2.6" fill="#5e5142"/>'
        '<circle cx="4" cy="4" r="1.8" fill="#5e5142"/>'
    )


def exit_badges(
    board: Board, d: Dot
) -> list[tuple[float, float, float, float, str, float, float, float]]:
    """Per exit arrow: direction, arrow base/tip radii, numbers, badge centre and width."""
    r = 19.0
    out = []
    for target, numbers in d.exits.items():
        if target not in board.dots:
            continue
        t = board.dots[target]
        ux, uy = unit(t.at.x - d.at.x, t.at.y - d.at.y)
        base = r + (7 if d.orbit else 2)
        tip = base + 13
        label = " ".join(str(n) for n in numbers)
        w = 10 + 8.2 * len(label)
        dist = tip + 2 + abs(ux) * w / 2 + abs(uy) * 10  # the badge just clears the arrow tip
        out.append((ux, uy, base, tip, label, ux * dist, uy * dist, w))
    return out


def _circle(board: Board, d: Dot) -> str:
    """A Navigation Circle with an arrow per exit, carrying its Pilot Numbers (6.4)."""
    r = 19.0
    out = [
        f'<circle r="{fmt(r)}" fill="#1a2040" stroke="#e8eeff" stroke-width="3"/>',
        f'<circle r="{fmt(r - 6)}" fill="none" stroke="#7f8fc8" stroke-width="1.2" '
        'stroke-dasharray="3 3"/>',
    ]
    if d.orbit:
        out.insert(0, f'<circle r="{fmt(r + 5)}" fill="none" stroke="{GOLD}" stroke-width="3"/>')
    for ux, uy, base, tip, label, bx, by, w in exit_badges(board, d):
        px, py = -uy, ux
        arrow = (
            f"{fmt(ux * tip)},{fmt(uy * tip)} "
            f"{fmt(ux * base + px * 7)},{fmt(uy * base + py * 7)} "
            f"{fmt(ux * base - px * 7)},{fmt(uy * base - py * 7)}"
        )
        out.append(f'<polygon points="{arrow}" fill="{GOLD}" stroke="{INK}" stroke-width="1"/>')
        out.append(
            f'<rect x="{fmt(bx - w / 2)}" y="{fmt(by - 10)}" width="{fmt(w)}" height="20" rx="9" '
            f'fill="#141a33" stroke="{GOLD}" stroke-width="1.5"/>'
        )
        out.append(
            svg_text(
                bx,
                by + 5,
                label,
                size=14,
                fill="#ffe9a6",
                weight="bold",
                halo=0,
                cls="pilot-numbers",
            )
        )
    return "".join(out)


def ordered_dots(board: Board) -> Iterable[Dot]:
    # big shapes first so small dots stay clickable on top
    order = {DotKind.CIRCLE: 0, DotKind.SPACE_CITY: 1, DotKind.SURFACE_CITY: 2}
    return sorted(board.dots.values(), key=lambda d: order.get(d.kind, 3))
