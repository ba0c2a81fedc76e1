"""Draw the standard board (our design) as one standalone SVG.

``render_board_svg(board)`` returns an SVG document in the board's own coordinates. Every
space is ``<g id="space-<id>" class="space kind-<kind>" data-space="<id>" data-kind=...
data-x=... data-y=...>`` so the client can find it and put ships, tokens and highlights on it;
markets are ``data-market="<system>"`` and mission token areas ``data-mission-area="<id>"``.
Lines: solid gray (1 movement point), solid green (2), dashed gray (trade routes), as the
book's "Move" step describes them. Navigation spaces show the value of each exit next to
its line; telegate spaces their number. A legend names every kind of the book's "Game Board
Legend"; the title block says the layout is ours.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from engine.cluster.svg import INK, attr, fmt, starfield, svg_text
from engine.venus_standard.board import (
    Line,
    LineColour,
    LineStyle,
    Space,
    SpaceKind,
    StandardBoard,
    System,
    SystemKind,
)

__all__ = ["KIND_NAMES", "render_board_svg"]

FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif"
SEED = 5632  # the cluster's number in the 2012 book
R = 17  # radius of an ordinary space

KIND_NAMES: dict[SpaceKind, str] = {  # the legend's words
    SpaceKind.BLUE: "Blue Space",
    SpaceKind.YELLOW: "Yellow Space (yellow, combo drives skip)",
    SpaceKind.RED: "Red Space (red, combo drives skip)",
    SpaceKind.LASER_HAZARD: "Laser Hazard",
    SpaceKind.SHIELD_HAZARD: "Shield Hazard",
    SpaceKind.PILOTING_HAZARD: "Piloting Hazard",
    SpaceKind.ASTEROID: "Asteroid",
    SpaceKind.ENCOUNTER: "Encounter",
    SpaceKind.NAVIGATION: "Navigation Space (exit values)",
    SpaceKind.TELEGATE: "Telegate",
    SpaceKind.ORBIT: "Orbit Space",
    SpaceKind.SURFACE_CITY: "Surface City",
    SpaceKind.NEUTRAL_SPACEPORT: "Neutral Spaceport",
    SpaceKind.GALACTIC_BASE: "Galactic Base",
}

PLAIN = {SpaceKind.BLUE: ("#2f7de1", "#0d3f85"), SpaceKind.YELLOW: ("#f4c531", "#8a6400"),
         SpaceKind.RED: ("#e0403a", "#7c1410")}
HAZARD = {SpaceKind.LASER_HAZARD: ("#ff6b3d", "L"), SpaceKind.SHIELD_HAZARD: ("#39b6ff", "S"),
          SpaceKind.PILOTING_HAZARD: ("#c77dff", "P")}
PLANET = ["#6fbf4f", "#4a9be8", "#e6c48a", "#b9a072", "#9a9a52", "#c0704f", "#e8f4ff",
          "#9fc79a", "#e8a86a", "#6fb3a8", "#c7ccd8", "#8a8fa8", "#d9a0c8", "#a0d9c8"]


def render_board_svg(board: StandardBoard, *, width: int | None = None) -> str:
    """The standard board as a standalone SVG document (a string)."""
    w_box, h_box = board.data.width, board.data.height
    w = width or w_box
    h = round(w * h_box / w_box)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w_box} {h_box}" width="{w}" '
        f'height="{h}" font-family={quoteattr(FONT)} data-ruleset="venus-standard" '
        'data-ours="true">',
        "<title>Merchant of Venus: the galactic cluster, standard game side (our design)"
        "</title>",
        "<desc>Every space is a group with data-space=&lt;space id&gt;.</desc>",
        _defs(),
        f'<rect width="{w_box}" height="{h_box}" fill="url(#bg)"/>',
        starfield(w_box, h_box, SEED),
        _panels(board),
        _bodies(board),
        _lines(board),
        _markets(board),
        '<g id="spaces">',
        *(_space(board, s) for s in board.spaces.values()),
        "</g>",
        _labels(board),
        _title(board),
        _legend(board),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _defs() -> str:
    return (
        "<defs>"
        '<radialGradient id="bg" cx="50%" cy="45%" r="75%">'
        '<stop offset="0" stop-color="#16203d"/><stop offset="1" stop-color="#05070f"/>'
        "</radialGradient>"
        '<radialGradient id="halo"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/>'
        '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>'
        '<radialGradient id="nova"><stop offset="0" stop-color="#fff4d0"/>'
        '<stop offset="0.35" stop-color="#ffb35c"/><stop offset="1" stop-color="#ff5a1f" '
        'stop-opacity="0"/></radialGradient>'
        '<radialGradient id="giant"><stop offset="0" stop-color="#ffffff"/>'
        '<stop offset="0.4" stop-color="#8fb8ff"/><stop offset="1" stop-color="#3d6bff" '
        'stop-opacity="0"/></radialGradient>'
        "</defs>"
    )


# --------------------------------------------------------------------------- panels


def _panels(board: StandardBoard) -> str:
    """The folds between the board's six panels, faint, each panel's number in its corner
    (Mission cards name a panel: "Board Panel Indicator")."""
    cols, rows = board.PANELS
    w, h = board.data.width, board.data.height - 160
    out = ['<g id="panels" stroke="#8fa0d0" stroke-opacity="0.18" stroke-width="2">']
    for c in range(1, cols):
        out.append(f'<line x1="{fmt(w * c / cols)}" y1="0" x2="{fmt(w * c / cols)}" '
                   f'y2="{fmt(h)}"/>')
    for r in range(1, rows):
        out.append(f'<line x1="0" y1="{fmt(h * r / rows)}" x2="{fmt(w)}" '
                   f'y2="{fmt(h * r / rows)}"/>')
    spots = [(sp.at.x, sp.at.y) for sp in board.spaces.values()]
    for r in range(rows):
        for c in range(cols):
            x0, y0, x1, y1 = w * c / cols, h * r / rows, w * (c + 1) / cols, h * (r + 1) / rows
            corners = [(x0 + 12, y0 + 24, "start"), (x1 - 12, y0 + 24, "end"),
                       (x0 + 12, y1 - 12, "start"), (x1 - 12, y1 - 12, "end")]
            # the corner farthest from any space, so the number never sits on one
            x, y, anchor = max(corners, key=lambda k: min(
                math.dist((k[0] + (30 if k[2] == "start" else -30), k[1]), p) for p in spots))
            out.append(f'<g {attr(data_panel=r * cols + c + 1)}>'
                       + svg_text(x, y, f"panel {r * cols + c + 1}", size=13,
                                  fill="#8fa0d0", anchor=anchor, halo=0) + "</g>")
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------- bodies


def _bodies(board: StandardBoard) -> str:
    out = ['<g id="bodies">']
    for k, system in enumerate(board.data.systems):
        x, y = system.centre.x, system.centre.y
        if system.kind is SystemKind.SYSTEM:
            out.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="150" fill="url(#halo)"/>')
            if system.id == "asteroid-system":
                out.append(_rocks(x, y))
                continue
            colour = PLANET[k % len(PLANET)]
            out.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="30" fill="{colour}" '
                       'opacity="0.55" stroke="#ffffff" stroke-opacity="0.25"/>')
        elif system.kind is SystemKind.ANOMALY:
            grad = "nova" if system.id == "supernova" else "giant"
            out.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="62" fill="url(#{grad})"/>')
    out.append("</g>")
    return "".join(out)


def _rocks(x: float, y: float) -> str:
    pts = [(-210, -40), (-120, 30), (-40, -70), (60, 20), (150, -50), (220, 30), (0, 90)]
    return "".join(
        f'<circle cx="{fmt(x + dx)}" cy="{fmt(y + dy)}" r="{4 + (i % 3) * 2}" '
        'fill="#8a7a66" opacity="0.6"/>' for i, (dx, dy) in enumerate(pts))


# --------------------------------------------------------------------------- lines


def _lines(board: StandardBoard) -> str:
    out = ['<g id="lines" stroke-linecap="round">']
    for line in board.lines:
        out.append(_line(board, line))
    out.append("</g>")
    return "".join(out)


def _line(board: StandardBoard, line: Line) -> str:
    a, b = board.spaces[line.a].at, board.spaces[line.b].at
    common = attr(x1=fmt(a.x), y1=fmt(a.y), x2=fmt(b.x), y2=fmt(b.y),
                  data_line=f"{line.a}|{line.b}", data_colour=line.colour.value,
                  data_style=line.style.value)
    if line.colour is LineColour.GREEN:
        return f'<line {common} stroke="#35d05a" stroke-width="7"/>'
    if line.style is LineStyle.DASHED:
        return (f'<line {common} stroke="#aab4cc" stroke-width="4" '
                'stroke-dasharray="9 9"/>')
    return f'<line {common} stroke="#c4ccdc" stroke-width="5"/>'


# --------------------------------------------------------------------------- spaces


def _space(board: StandardBoard, s: Space) -> str:
    head = attr(id=f"space-{s.id}", class_=f"space kind-{s.kind.value}", data_space=s.id,
                data_kind=s.kind.value, data_system=s.system, data_route=s.route,
                data_telegate=s.telegate, data_name=s.name, data_x=fmt(s.at.x),
                data_y=fmt(s.at.y), transform=f"translate({fmt(s.at.x)} {fmt(s.at.y)})")
    title = space_title(board, s)
    badges = _exit_badges(board, s) if s.kind is SpaceKind.NAVIGATION else ""
    return f"<g {head}><title>{escape(title)}</title>{symbol(s.kind, s.telegate)}{badges}</g>"


def space_title(board: StandardBoard, s: Space) -> str:
    """The hover text of a space: what it is and where ("Encounter, Jungle World"); a
    navigation space lists its exits ("2: blue space towards Jungle World")."""
    what = s.name or KIND_NAMES[s.kind].split(" (")[0]
    if s.telegate is not None:
        what = f"Telegate {s.telegate}"
    if s.exits:
        where = "; ".join(f"{'/'.join(map(str, ns))}: {_towards(board, s, t)}"
                          for t, ns in sorted(s.exits.items(), key=lambda kv: min(kv[1])))
        return f"{what}, {board.systems[s.system].name} (exits {where})" if s.system \
            else f"{what} (exits {where})"
    if s.system is not None and s.kind is not SpaceKind.GALACTIC_BASE and not s.name:
        what += f", {board.systems[s.system].name}"
    elif s.route is not None:
        what += f", {board.routes[s.route].name}"
    return what


def _towards(board: StandardBoard, nav: Space, target: str) -> str:
    """An exit of a navigation space in words: the first space's kind and where it leads."""
    t = board.spaces[target]
    kind = KIND_NAMES[t.kind].split(" (")[0].lower()
    if t.system is not None and t.system == nav.system:
        return f"{kind} of the ring"
    if t.system is not None:
        return f"{kind} of {board.systems[t.system].name}"
    ends = board.routes[t.route].ends if t.route else ()
    far = [e for e in ends if e not in (nav.id, nav.system)]
    name = far[0] if far else ""
    name = board.systems[name].name if name in board.systems else name
    return f"{kind} towards {name}" if name else kind


def symbol(kind: SpaceKind, telegate: int | None = None) -> str:
    """The drawing of a space of ``kind`` centred on (0, 0) (also used by the legend)."""
    if kind in PLAIN:
        fill, edge = PLAIN[kind]
        return (f'<circle r="{R}" fill="{fill}" stroke="{edge}" stroke-width="3"/>'
                f'<circle cx="-5" cy="-5" r="4.5" fill="#ffffff" opacity="0.4"/>')
    if kind in HAZARD:
        fill, letter = HAZARD[kind]
        return (f'<path d="M0 -21L21 0L0 21L-21 0Z" fill="{INK}" stroke="{fill}" '
                'stroke-width="4" stroke-linejoin="round"/>'
                + svg_text(0, 6, letter, size=17, fill=fill, weight="bold", halo=0))
    if kind is SpaceKind.ASTEROID:
        return ('<path d="M-16 -6L-9 -16L4 -17L15 -9L17 4L9 15L-5 16L-16 8Z" fill="#8c7a63" '
                'stroke="#e0d2bc" stroke-width="2.5"/>'
                '<circle cx="-4" cy="-3" r="3.5" fill="#5e5040"/>'
                '<circle cx="6" cy="6" r="2.5" fill="#5e5040"/>')
    if kind is SpaceKind.ENCOUNTER:
        return (f'<circle r="{R}" fill="#5b2a86" stroke="#e3c6ff" stroke-width="3"/>'
                + svg_text(0, 7, "?", size=21, fill="#ffffff", weight="bold", halo=0))
    if kind is SpaceKind.NAVIGATION:
        return ('<circle r="20" fill="#0f1a33" stroke="#ffffff" stroke-width="3"/>'
                '<path d="M0 -14L4 -4L14 0L4 4L0 14L-4 4L-14 0L-4 -4Z" fill="#ffe27a"/>')
    if kind is SpaceKind.TELEGATE:
        number = "" if telegate is None else str(telegate)
        return ('<circle r="20" fill="#062f33" stroke="#3ff0e0" stroke-width="3"/>'
                '<circle r="14" fill="none" stroke="#3ff0e0" stroke-width="1.5" '
                'stroke-dasharray="4 3"/>'
                + svg_text(0, 7, number, size=19, fill="#ffffff", weight="bold", halo=0))
    if kind is SpaceKind.ORBIT:
        return (f'<circle r="{R}" fill="#dfe7f7" stroke="#f1d27a" stroke-width="3"/>'
                '<ellipse rx="12" ry="5" fill="none" stroke="#56617d" stroke-width="2" '
                'transform="rotate(-25)"/><circle r="4" fill="#56617d"/>')
    if kind is SpaceKind.SURFACE_CITY:
        return ('<rect x="-18" y="-18" width="36" height="36" rx="6" fill="#f1d27a" '
                'stroke="#6b4e12" stroke-width="3"/>'
                '<path d="M-11 10V-2H-5V-9H1V-4H6V3H11V10Z" fill="#6b4e12"/>')
    if kind is SpaceKind.NEUTRAL_SPACEPORT:
        return ('<path d="M-10 -19H10L20 0L10 19H-10L-20 0Z" fill="#d7dce8" stroke="#3d4660" '
                'stroke-width="3"/><circle r="6" fill="none" stroke="#3d4660" '
                'stroke-width="2.5"/>')
    return ('<path d="M0 -34L10 -12L34 -10L15 5L22 30L0 17L-22 30L-15 5L-34 -10L-10 -12Z" '
            'fill="#f1d27a" stroke="#ffffff" stroke-width="3"/>'
            '<circle r="9" fill="#6b4e12"/>')


def _exit_badges(board: StandardBoard, s: Space) -> str:
    """Each exit's navigation values, written a little way along its line."""
    out = []
    for target, numbers in sorted(s.exits.items()):
        t = board.spaces[target].at
        dx, dy = t.x - s.at.x, t.y - s.at.y
        n = math.hypot(dx, dy) or 1.0
        bx, by = dx / n * 36 - dy / n * 14, dy / n * 36 + dx / n * 14
        out.append(svg_text(bx, by + 5, "".join(str(v) for v in numbers), size=14,
                            fill="#ffe27a", weight="bold", halo=3,
                            cls="exit-values"))
    return "".join(out)


# --------------------------------------------------------------------------- markets


def _markets(board: StandardBoard) -> str:
    out = ['<g id="markets">']
    for system in board.data.systems:
        if system.market is not None:
            out.append(_market(system))
        if system.mission_area is not None:
            m = system.mission_area
            out.append(f'<g {attr(data_mission_area=system.id)}>'
                       f'<circle cx="{fmt(m.x)}" cy="{fmt(m.y)}" r="11" fill="none" '
                       'stroke="#f1d27a" stroke-width="2" stroke-dasharray="3 3"/>'
                       + svg_text(m.x, m.y + 4, "M", size=10, fill="#f1d27a", halo=0)
                       + "</g>")
    out.append("</g>")
    return "".join(out)


def _market(system: System) -> str:
    assert system.market is not None
    x, y = system.market.x, system.market.y
    slots = "".join(
        f'<rect x="{fmt(x - 54 + 38 * i)}" y="{fmt(y - 12)}" width="32" height="24" rx="4" '
        f'fill="#0b1328" stroke="#6f7ea6" stroke-width="1.5"/>' for i in range(3))
    return (f'<g {attr(data_market=system.id)}>'
            f'<rect x="{fmt(x - 62)}" y="{fmt(y - 20)}" width="124" height="40" rx="8" '
            'fill="#1a2544" fill-opacity="0.85" stroke="#9aa8cc" stroke-width="2"/>'
            f"{slots}</g>")


# --------------------------------------------------------------------------- text


def _labels(board: StandardBoard) -> str:
    out = ['<g id="labels">']
    for system in board.data.systems:
        if system.kind is SystemKind.BASE:
            out.append(svg_text(system.label.x, system.label.y, system.name.upper(), size=20,
                                fill="#f1d27a", weight="bold", spacing=1.5))
            continue
        colour = "#ffffff" if system.kind is SystemKind.SYSTEM else "#ffd7a0"
        out.append(svg_text(system.label.x, system.label.y, system.name.upper(), size=22,
                            fill=colour, weight="bold", spacing=1.5, cls="system-name"))
    out.append("</g>")
    return "".join(out)


def _title(board: StandardBoard) -> str:
    x, y = board.data.width - 30, 60
    return ('<g id="title">'
            + svg_text(x, y, "MERCHANT OF VENUS", size=34, fill="#f7ecc8", anchor="end",
                       weight="bold", halo=0, spacing=5)
            + svg_text(x, y + 30, "Standard game side", size=18, fill="#b9c6ea", anchor="end",
                       halo=0, style="italic")
            + svg_text(x, y + 52, "Layout: Starport's own design (the book prints this side "
                       "only as a picture)", size=12, fill="#8f9cc4", anchor="end", halo=0)
            + "</g>")


def _legend(board: StandardBoard) -> str:
    """The book's "Game Board Legend" and the three kinds of line, in the bottom strip."""
    top = board.data.height - 140
    cols, col_w, row = 6, (board.data.width - 60) / 6, 34
    items: list[tuple[str, str]] = [
        (f'<g transform="scale(0.7)">{symbol(k, 2 if k is SpaceKind.TELEGATE else None)}</g>',
         name) for k, name in KIND_NAMES.items()]
    samples = [("#c4ccdc", "5", "", "Gray line: 1 movement point"),
               ("#35d05a", "7", "", "Green line: 2 movement points"),
               ("#aab4cc", "4", ' stroke-dasharray="9 9"', "Dashed line: trade route")]
    items += [(f'<line x1="-16" y1="0" x2="16" y2="0" stroke="{c}" stroke-width="{w}"{d}/>',
               name) for c, w, d, name in samples]
    out = ['<g id="legend">',
           f'<rect x="10" y="{top - 12}" width="{board.data.width - 20}" height="150" rx="10" '
           f'fill="{INK}" fill-opacity="0.85" stroke="#6f7ea6" stroke-width="1.5"/>',
           svg_text(30, top + 12, "GAME BOARD LEGEND", size=15, fill="#f1d27a",
                    anchor="start", weight="bold", halo=0, spacing=1)]
    for i, (drawing, name) in enumerate(items):
        col, line = i % cols, i // cols
        x, y = 30 + col * col_w + 18, top + 42 + line * row
        out.append(f'<g transform="translate({fmt(x)} {fmt(y)})">{drawing}</g>')
        out.append(svg_text(x + 28, y + 5, name, size=15, fill="#e6ebfa", anchor="start",
                            halo=0))
    out.append("</g>")
    return "".join(out)
