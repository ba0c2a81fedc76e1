"""Draw the Star Traders galaxy as one standalone SVG (``starport board star-traders --svg``).

Same approach as Merchant of Venus's board: the picture is computed from the data file alone.
Every world is a ``<g id="world-<number>" data-world=... data-x=... data-y=...>`` and every
jumpline a ``<line id="line-<low>-<high>" data-color=...>``, so a client can find them.
Starred start worlds carry a star, shipyards a ring; the legend lists the colours' minimum
rolls (Movement).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from .galaxy import Galaxy, LineColor, World

SIZE = 1000
VIEW = f"-10 -10 {SIZE + 20} {SIZE + 20}"  # a margin for the labels of the outer worlds
FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif"
LINE_INK = {
    LineColor.ORANGE: "#f08a24",
    LineColor.RED: "#e0403a",
    LineColor.VIOLET: "#a463f2",
    LineColor.BLUE: "#3b82f6",
    LineColor.GREEN: "#22c55e",
}
ARM_INK = {1: "#7dd3fc", 2: "#fca5a5", 3: "#fcd34d", 4: "#86efac", 5: "#c4b5fd", 6: "#f5f5f4"}


def _a(**kw: object) -> str:
    return " ".join(f"{k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}"
                    for k, v in kw.items())


def _line(galaxy: Galaxy, a: int, b: int, color: LineColor, line_id: str) -> str:
    p, q = galaxy.worlds[a], galaxy.worlds[b]
    dash = "8 5" if color == LineColor.GREEN else None
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f"<line {_a(id=line_id, x1=p.x, y1=p.y, x2=q.x, y2=q.y, stroke=LINE_INK[color])}"
            f' stroke-width="4" stroke-linecap="round" data-color="{color.value}"'
            f' data-a="{a}" data-b="{b}"{extra}/>')


def _star(x: float, y: float) -> str:
    pts = []
    for i in range(10):
        r = 9 if i % 2 == 0 else 4
        ang = math.radians(-90 + 36 * i)
        pts.append(f"{x + r * math.cos(ang):.1f},{y + r * math.sin(ang):.1f}")
    return f'<polygon class="star" points="{" ".join(pts)}" fill="#fde047"/>'


def _world(w: World) -> str:
    big = 22 if w.number == 66 else 16
    parts = [f"<g {_a(id=f'world-{w.number}', class_='world')} data-world=\"{w.number}\" "
             f'data-x="{w.x}" data-y="{w.y}" data-starred="{str(w.starred).lower()}" '
             f'data-shipyard="{str(w.shipyard).lower()}">']
    if w.shipyard:
        parts.append(f'<circle class="shipyard" cx="{w.x}" cy="{w.y}" r="{big + 6}" '
                     'fill="none" stroke="#facc15" stroke-width="3" stroke-dasharray="4 3"/>')
    parts.append(f'<circle cx="{w.x}" cy="{w.y}" r="{big}" fill="{ARM_INK[w.arm]}" '
                 'stroke="#0b1020" stroke-width="2"/>')
    parts.append(f'<text x="{w.x}" y="{w.y + 5}" text-anchor="middle" font-size="14" '
                 f'font-weight="bold" fill="#0b1020">{w.number}</text>')
    label_y = w.y + big + 16
    parts.append(f'<text x="{w.x}" y="{label_y}" text-anchor="middle" font-size="13" '
                 f'fill="#e5e7eb" stroke="#05070f" stroke-width="3" paint-order="stroke">'
                 f"{escape(w.name)}</text>")
    if w.starred:
        parts.append(_star(w.x + big * 0.8, w.y - big * 0.8))
    parts.append("</g>")
    return "".join(parts)


def _legend() -> str:
    rows = ['<g id="legend" font-size="14" fill="#e5e7eb" transform="translate(790 770)">',
            '<text x="20" y="30" font-size="18" font-weight="bold">Star Traders</text>']
    for i, color in enumerate(LineColor):
        y = 55 + 22 * i
        rows.append(f'<line x1="20" y1="{y}" x2="60" y2="{y}" stroke="{LINE_INK[color]}" '
                    'stroke-width="4"/>')
        rows.append(f'<text x="70" y="{y + 5}">{color.value} {color.minimum}+</text>')
    rows.append('<text x="20" y="180">ring: shipyard</text>')
    rows.append('<text x="20" y="200">star: start world</text>')
    rows.append("</g>")
    return "\n".join(rows)


def render_galaxy_svg(galaxy: Galaxy, *, width: int | None = None) -> str:
    """The galaxy as a standalone SVG document (a string); deterministic."""
    w = width or SIZE
    lines = sorted(galaxy.data.jumplines, key=lambda ln: ln.id)
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEW}" width="{w}" '
        f'height="{w}" font-family={quoteattr(FONT)} data-game="star-traders">',
        f"<title>{escape(galaxy.data.name)}</title>",
        "<desc>Worlds are groups with id world-NN; jumplines are lines with id "
        "line-LOW-HIGH.</desc>",
        f'<rect x="-20" y="-20" width="{SIZE + 40}" height="{SIZE + 40}" fill="#070b1a"/>',
        '<g id="jumplines">',
        *(_line(galaxy, ln.a, ln.b, ln.color, ln.id) for ln in lines),
        "</g>",
        '<g id="worlds">',
        *(_world(galaxy.worlds[n]) for n in sorted(galaxy.worlds)),
        "</g>",
        _legend(),
        "</svg>",
    ]) + "\n"
