"""The title block and the legend."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from engine.venus.board import Board
from engine.venus.board_svg.dots import asteroid, galactic_base
from engine.venus.board_svg.svg import FONT, GOLD, INK, UNCOLORED_EDGE, UNCOLORED_FILL, svg_text


def title_block(board: Board) -> str:
    edition = (
        "Avalon Hill 1988 board"
        if board.edition == "avalon-hill"
        else "2012 edition, classic game board"
    )
    return (
        f'<g id="title" font-family={quoteattr(FONT)}>'
        + svg_text(
            36,
            70,
            "MERCHANT",
            size=40,
            fill="#f7ecc8",
            anchor="start",
            weight="bold",
            halo=0,
            spacing=6,
        )
        + svg_text(
            36,
            112,
            "OF VENUS",
            size=40,
            fill="#f7ecc8",
            anchor="start",
            weight="bold",
            halo=0,
            spacing=6,
        )
        + svg_text(
            38, 146, "The Cluster", size=20, fill="#b9c6ea", anchor="start", halo=0, style="italic"
        )
        + svg_text(38, 172, edition, size=13, fill="#8f9cc4", anchor="start", halo=0)
        + "</g>"
    )


def legend(board: Board) -> str:
    x0, y0 = 26, 1240
    rows: list[tuple[str, str]] = [
        ('<circle r="11" fill="#2f7de1" stroke="#0d3f85" stroke-width="2.5"/>', "Blue space dot"),
        (
            '<circle r="11" fill="#f4c531" stroke="#8a6400" stroke-width="2.5"/>',
            "Yellow space dot (Yellow Drive skips)",
        ),
        (
            '<circle r="11" fill="#e0403a" stroke="#7c1410" stroke-width="2.5"/>',
            "Red space dot (Red Drive skips)",
        ),
        (
            f'<circle r="11" fill="{UNCOLORED_FILL}" stroke="{UNCOLORED_EDGE}" '
            'stroke-width="2.5"/>',
            "Uncolored space dot",
        ),
        (
            '<rect x="-17" y="-12" width="34" height="24" rx="5" fill="#eef3ff" '
            f'stroke="{GOLD}" stroke-width="3"/>',
            "Orbit box (Spaceport name)",
        ),
        (
            '<ellipse rx="21" ry="14" fill="#e0403a" stroke="#fff" stroke-width="2.5"/>'
            + svg_text(0, 5, "20", size=14, fill="#fff", weight="bold", halo=0),
            "Penalty oval (amount)",
        ),
        (asteroid("legend"), "Asteroid"),
        (
            '<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#241c3a" '
            f'stroke="{GOLD}" stroke-width="2.5"/>'
            + svg_text(0, 6.5, "?", size=19, fill=GOLD, weight="bold", halo=0),
            '"?" box',
        ),
        (
            '<circle r="16" fill="#1a2040" stroke="#e8eeff" stroke-width="3"/>'
            f'<polygon points="30,0 17,6 17,-6" fill="{GOLD}"/>',
            "Navigation circle (Pilot Number exits)",
        ),
        (
            '<circle r="12" fill="#fff3cf" stroke="#b8741a" stroke-width="2.5"/>'
            '<path d="M-7 5V-1H-4V-5H-1V1H2V-3H5V5Z" fill="#5a3400"/>',
            "Surface city (2 MP to enter or leave)",
        ),
        (
            '<rect x="-17" y="-17" width="34" height="34" rx="5" fill="#0c1024" '
            f'stroke="{GOLD}" stroke-width="2" stroke-dasharray="5 3"/>',
            "Culture box",
        ),
        (
            '<polygon points="13,7.5 0,15 -13,7.5 -13,-7.5 0,-15 13,-7.5" fill="#c6f1ff" '
            'stroke="#2f8fc0" stroke-width="3"/><circle r="5" fill="#2f8fc0"/>',
            "Space city",
        ),
        ('<g transform="scale(0.5)">' + galactic_base() + "</g>", "Galactic Base (start)"),
        ('<path d="M-24 0H24" stroke="#a9bce6" stroke-width="2.5"/>', "Trade route path"),
        (
            f'<path d="M-24 0H24" stroke="{GOLD}" stroke-width="4.5"/>'
            f'<path d="M-24 0H24" stroke="{INK}" stroke-width="1.5"/>',
            "Path to a surface city",
        ),
        (
            '<path d="M-24 4Q0 -10 24 4" fill="none" stroke="#7fe8ff" stroke-width="2.5" '
            'stroke-dasharray="7 5"/>',
            "Air Foil hop between cities",
        ),
        (
            '<path d="M-24 0H24" stroke="#d8c8ff" stroke-opacity="0.7" stroke-width="2.5" '
            'stroke-dasharray="1 9" stroke-linecap="round"/>',
            "Invisible Body-Wing path",
        ),
    ]
    h = 40 + 34 * len(rows)
    out = [
        f'<g id="legend" font-family={quoteattr(FONT)}>',
        f'<rect x="{x0 - 12}" y="{y0 - 36}" width="364" height="{h}" rx="12" '
        'fill="#0b1026" fill-opacity="0.85" stroke="#3b4672" stroke-width="1.5"/>',
        svg_text(
            x0 + 4,
            y0 - 8,
            "LEGEND",
            size=16,
            fill=GOLD,
            anchor="start",
            weight="bold",
            halo=0,
            spacing=3,
        ),
    ]
    for i, (icon, label) in enumerate(rows):
        y = y0 + 22 + 34 * i
        out.append(f'<g transform="translate({x0 + 28} {y})">{icon}</g>')
        out.append(svg_text(x0 + 66, y + 5, label, size=13, fill="#dfe6fb", anchor="start", halo=0))
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------- entry point
