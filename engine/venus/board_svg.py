"""Draw the whole Merchant of Venus cluster as one standalone SVG.

``render_board_svg(board)`` returns an SVG document (no external resources) in the board's
own pixel coordinates (the 1988 board scan, about 2400 x 1900). Every Movement Dot is a
``<g id="dot-<dot id>" data-dot=... data-kind=...>`` so the web client can find it and put
pieces on it; ``data-x``/``data-y`` give its centre. Only the dots and links of the board's
edition are drawn.

Drawing order: space and starfield, system halos, suns and planets, paths, dots, labels,
title and legend. The starfield is generated from a fixed seed, so the output is
deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from engine.venus.board import Board, Dot, DotColor, DotKind, Link, LinkKind, System

WIDTH, HEIGHT = 2400, 1900
FONT = "'Trebuchet MS', 'DejaVu Sans', Verdana, Arial, sans-serif"
STAR_SEED = 5632  # the cluster's number in the 2012 book; any fixed seed would do

DOT_FILL = {DotColor.BLUE: "#2f7de1", DotColor.YELLOW: "#f4c531", DotColor.RED: "#e0403a"}
DOT_EDGE = {DotColor.BLUE: "#0d3f85", DotColor.YELLOW: "#8a6400", DotColor.RED: "#7c1410"}
UNCOLORED_FILL, UNCOLORED_EDGE = "#c9d0de", "#5b6478"
INK = "#05070f"  # text halo and dark fills
GOLD = "#f1d27a"

# Planet looks and halo tints by system (ornament only: 1.5, planets do not affect play).
PLANET_LOOK: dict[str, tuple[str, str]] = {
    "trapped-rogue": ("#6fb3a8", "#1d4b57"),
    "desert-planet": ("#e6c48a", "#8a5a2b"),
    "interstellar-biosphere": ("#8a8fa8", "#2a2d3d"),
    "jungle-planet": ("#6fbf4f", "#1f5a22"),
    "ice-planet": ("#e8f4ff", "#7fa3c4"),
    "colony-world": ("#b9a072", "#4f5b3a"),
    "space-station-planet": ("#c7ccd8", "#4a5063"),
    "war-torn-system": ("#c0704f", "#4b1f16"),
    "polluted-planet": ("#9a9a52", "#4a3b1e"),
    "inhabited-moon": ("#9fc79a", "#3e5a46"),
    "water-world": ("#4a9be8", "#0e3570"),
    "giant-planet": ("#e8a86a", "#8b4b23"),
}
SUN_LOOK: dict[str, tuple[str, float]] = {  # colour and radius of the star
    "trapped-rogue": ("#9cc6ff", 24),  # blue giant (gazetteer)
    "supergiant": ("#8fb8ff", 46),  # blue-spectrum supergiant
    "supernova": ("#ffb35c", 30),
    "multi-generation-ship": ("#e9f2ff", 7),  # neutron star
    "inhabited-moon": ("#ffd9a0", 11),  # distant sun
    "asteroid-system": ("#ffe08a", 15),
    "space-station-planet": ("#d9c7ff", 13),
}
HALO: dict[str, str] = {
    "trapped-rogue": "#4d8dff",
    "supergiant": "#5c8dff",
    "supernova": "#ff8a3d",
    "space-station-planet": "#9a6bff",
    "war-torn-system": "#ff6a4d",
    "polluted-planet": "#b4b04a",
    "galactic-base": "#ffd27a",
    "water-world": "#3d9bff",
    "jungle-planet": "#4fd16b",
    "ice-planet": "#a8d8ff",
    "desert-planet": "#ffc36b",
    "giant-planet": "#ff9d4d",
}

# Where a name goes relative to its dot when the automatic choice collides: (dx, dy, anchor).
LABEL_AT: dict[str, tuple[float, float, str]] = {}


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _attr(**kw: object) -> str:
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        parts.append(f"{name}={quoteattr(str(v))}")
    return " ".join(parts)


def _text(
    x: float,
    y: float,
    s: str,
    *,
    size: float = 13,
    fill: str = "#eef2ff",
    anchor: str = "middle",
    weight: str = "normal",
    halo: float = 3.5,
    cls: str | None = None,
    spacing: float | None = None,
    style: str | None = None,
) -> str:
    a = _attr(
        x=_f(x),
        y=_f(y),
        class_=cls,
        font_size=_f(size),
        font_weight=weight,
        text_anchor=anchor,
        fill=fill,
        stroke=INK if halo else None,
        stroke_width=_f(halo) if halo else None,
        stroke_linejoin="round" if halo else None,
        paint_order="stroke" if halo else None,
        letter_spacing=_f(spacing) if spacing else None,
        font_style=style,
    )
    return f"<text {a}>{escape(s)}</text>"


def _links_of(board: Board) -> list[Link]:
    return [
        lk
        for lk in board.data.links
        if (not lk.editions or board.edition in lk.editions)
        and lk.a in board.dots
        and lk.b in board.dots
    ]


def _centre(board: Board, s: System) -> tuple[float, float]:
    if s.planet is not None:
        return s.planet.x, s.planet.y
    if s.sun is not None:
        return s.sun.x, s.sun.y
    pts = [board.dots[i].at for i in board.by_system.get(s.id, [])]
    return sum(p.x for p in pts) / len(pts), sum(p.y for p in pts) / len(pts)


def _unit(dx: float, dy: float) -> tuple[float, float]:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-9 else (0.0, 1.0)


# --------------------------------------------------------------------------- background


def _defs(board: Board) -> str:
    out = ["<defs>"]
    out.append(
        '<radialGradient id="bg" cx="50%" cy="45%" r="75%">'
        '<stop offset="0" stop-color="#121a33"/><stop offset="0.6" stop-color="#0a0f22"/>'
        '<stop offset="1" stop-color="#04060d"/></radialGradient>'
    )
    out.append(
        '<radialGradient id="galaxy" cx="50%" cy="50%" r="50%">'
        '<stop offset="0" stop-color="#c8b8ff" stop-opacity="0.16"/>'
        '<stop offset="0.45" stop-color="#7f6bd6" stop-opacity="0.07"/>'
        '<stop offset="1" stop-color="#7f6bd6" stop-opacity="0"/></radialGradient>'
    )
    out.append(
        '<filter id="blur-lg" x="-50%" y="-50%" width="200%" height="200%">'
        '<feGaussianBlur stdDeviation="28"/></filter>'
        '<filter id="blur-sm" x="-50%" y="-50%" width="200%" height="200%">'
        '<feGaussianBlur stdDeviation="3"/></filter>'
    )
    for sid, colour in HALO.items():
        out.append(
            f'<radialGradient id="halo-{sid}">'
            f'<stop offset="0" stop-color="{colour}" stop-opacity="0.20"/>'
            f'<stop offset="0.65" stop-color="{colour}" stop-opacity="0.07"/>'
            f'<stop offset="1" stop-color="{colour}" stop-opacity="0"/></radialGradient>'
        )
    out.append(
        '<radialGradient id="halo-default">'
        '<stop offset="0" stop-color="#7fa0ff" stop-opacity="0.15"/>'
        '<stop offset="0.65" stop-color="#7fa0ff" stop-opacity="0.05"/>'
        '<stop offset="1" stop-color="#7fa0ff" stop-opacity="0"/></radialGradient>'
    )
    for s in board.systems.values():
        colour = SUN_LOOK.get(s.id, ("#ffe7a3", 14.0))[0]
        out.append(
            f'<radialGradient id="sun-{s.id}">'
            '<stop offset="0" stop-color="#ffffff"/>'
            f'<stop offset="0.35" stop-color="{colour}"/>'
            f'<stop offset="0.7" stop-color="{colour}" stop-opacity="0.35"/>'
            f'<stop offset="1" stop-color="{colour}" stop-opacity="0"/></radialGradient>'
        )
        light, dark = PLANET_LOOK.get(s.id, ("#a0a8c0", "#30364a"))
        out.append(
            f'<radialGradient id="planet-{s.id}" cx="35%" cy="32%" r="75%">'
            f'<stop offset="0" stop-color="{light}"/><stop offset="0.7" stop-color="{dark}"/>'
            '<stop offset="1" stop-color="#05070f"/></radialGradient>'
        )
    out.append("</defs>")
    return "".join(out)


def _background() -> str:
    rng = random.Random(STAR_SEED)
    out = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>']
    # the main Galaxy behind the Cluster (gazetteer: "seen with the main Galaxy behind")
    out.append(
        '<ellipse cx="1200" cy="950" rx="1500" ry="380" fill="url(#galaxy)" '
        'transform="rotate(-24 1200 950)"/>'
    )
    stars = ['<g id="starfield">']
    for _ in range(900):
        x, y = rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT)
        r = rng.choice((0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5))
        o = rng.uniform(0.25, 0.85)
        tint = rng.choice(("#ffffff", "#ffffff", "#cfdcff", "#fff1d6", "#dcd0ff"))
        stars.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{tint}" opacity="{o:.2f}"/>')
    for _ in range(26):  # a few brighter ones with a sparkle
        x, y = rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT)
        s = rng.uniform(4, 8)
        stars.append(
            f'<path d="M{_f(x - s)} {_f(y)}H{_f(x + s)}M{_f(x)} {_f(y - s)}V{_f(y + s)}" '
            'stroke="#e8eeff" stroke-width="0.8" opacity="0.55"/>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="1.6" fill="#ffffff" opacity="0.9"/>'
        )
    stars.append("</g>")
    return "".join(out + stars)


# --------------------------------------------------------------------------- systems


def _halos(board: Board) -> str:
    out = ['<g id="system-halos">']
    cloud = "space-station-planet"
    for s in board.systems.values():
        dots = [board.dots[i] for i in board.by_system.get(s.id, [])]
        if not dots:
            continue
        if s.id == cloud:
            out.append(_cloud(board, dots))
            continue
        cx = sum(d.at.x for d in dots) / len(dots)
        cy = sum(d.at.y for d in dots) / len(dots)
        r = max(math.hypot(d.at.x - cx, d.at.y - cy) for d in dots) + 70
        grad = f"halo-{s.id}" if s.id in HALO else "halo-default"
        out.append(
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="url(#{grad})" '
            f'data-system="{s.id}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _cloud(board: Board, dots: list[Dot]) -> str:
    """The Cloud: a nebula of charged particles over every dot of the Space Station system."""
    ids = {d.id for d in dots}
    pts = [(d.at.x, d.at.y) for d in dots]
    for lk in _links_of(board):
        if lk.a in ids and lk.b in ids and lk.kind is LinkKind.PATH:
            a, b = board.dots[lk.a].at, board.dots[lk.b].at
            pts.append(((a.x + b.x) / 2, (a.y + b.y) / 2))
    blobs = "".join(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="78"/>' for x, y in pts)
    return (
        '<g data-system="space-station-planet" filter="url(#blur-lg)">'
        f'<g fill="#6b4fb8" opacity="0.30">{blobs}</g>'
        f'<g fill="#b48cff" opacity="0.10" transform="translate(14 -10)">{blobs}</g></g>'
    )


def _bodies(board: Board) -> str:
    out = ['<g id="suns-and-planets">']
    for d in board.dots.values():
        if d.kind is DotKind.SPACE_CITY and d.system == "interstellar-biosphere":
            # gazetteer: "a vast doughnut of air" floating between its sun and planet
            out.append(
                f'<ellipse cx="{_f(d.at.x)}" cy="{_f(d.at.y)}" rx="46" ry="17" fill="none" '
                'stroke="#9fe3ff" stroke-opacity="0.35" stroke-width="9" '
                f'transform="rotate(-38 {_f(d.at.x)} {_f(d.at.y)})"/>'
            )
    for s in board.systems.values():
        if s.sun is not None:
            out.append(_sun(s))
        if s.planet is not None and s.planet_radius:
            out.append(_planet(s))
    out.append("</g>")
    return "".join(out)


def _sun(s: System) -> str:
    assert s.sun is not None
    x, y = s.sun.x, s.sun.y
    _, r = SUN_LOOK.get(s.id, ("#ffe7a3", 14.0))
    parts = [f'<g class="sun" data-system="{s.id}">']
    parts.append(
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 2.6)}" fill="url(#sun-{s.id})" '
        'opacity="0.75"/>'
    )
    if s.id == "supernova":  # an exploded star: a ragged burst
        pts = []
        for i in range(24):
            a = i * math.pi / 12
            rr = r * (1.35 if i % 2 == 0 else 0.7)
            pts.append(f"{_f(x + rr * math.cos(a))},{_f(y + rr * math.sin(a))}")
        parts.append(f'<polygon points="{" ".join(pts)}" fill="#ffcf7a" opacity="0.85"/>')
    if s.id == "multi-generation-ship":  # a neutron star with its beams
        parts.append(
            f'<path d="M{_f(x - 40)} {_f(y + 26)}L{_f(x + 40)} {_f(y - 26)}" '
            'stroke="#cfe3ff" stroke-width="2" opacity="0.45"/>'
        )
    parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.55)}" fill="#ffffff"/>')
    parts.append("</g>")
    return "".join(parts)


def _planet(s: System) -> str:
    assert s.planet is not None and s.planet_radius is not None
    x, y, r = s.planet.x, s.planet.y, s.planet_radius
    light, _ = PLANET_LOOK.get(s.id, ("#a0a8c0", "#30364a"))
    parts = [f'<g class="planet" data-system="{s.id}">']
    parts.append(
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 5)}" fill="none" stroke="{light}" '
        'stroke-opacity="0.25" stroke-width="6"/>'
    )
    parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="url(#planet-{s.id})"/>')
    if s.id == "giant-planet":  # bands
        for dy, w in ((-0.45, 5), (-0.1, 7), (0.3, 5)):
            half = r * math.sqrt(max(0.0, 1 - dy * dy)) * 0.96
            parts.append(
                f'<path d="M{_f(x - half)} {_f(y + dy * r)}H{_f(x + half)}" '
                f'stroke="#5a2e14" stroke-opacity="0.35" stroke-width="{w}"/>'
            )
    parts.append("</g>")
    return "".join(parts)


# --------------------------------------------------------------------------- paths


def _paths(board: Board) -> str:
    routes: list[str] = []
    tracks: list[str] = []
    surface: list[str] = []
    airfoil: list[str] = []
    invisible: list[str] = []
    for lk in _links_of(board):
        a, b = board.dots[lk.a], board.dots[lk.b]
        seg = f"M{_f(a.at.x)} {_f(a.at.y)}L{_f(b.at.x)} {_f(b.at.y)}"
        if lk.kind is LinkKind.INVISIBLE:
            invisible.append(seg)
        elif lk.kind is LinkKind.AIRFOIL:
            airfoil.append(_arc(board, a, b))
        elif DotKind.SURFACE_CITY in (a.kind, b.kind):
            surface.append(seg)
        elif a.system is not None and a.system == b.system:
            tracks.append(seg)
        else:
            routes.append(seg)
    return (
        '<g id="paths" fill="none" stroke-linecap="round">'
        f'<path class="route" d="{"".join(routes)}" stroke="#8ea6d8" stroke-opacity="0.18" '
        'stroke-width="9"/>'
        f'<path class="route" d="{"".join(routes)}" stroke="#a9bce6" stroke-opacity="0.75" '
        'stroke-width="2.5"/>'
        f'<path class="track" d="{"".join(tracks)}" stroke="#d6e0f5" stroke-opacity="0.8" '
        'stroke-width="2.5"/>'
        f'<path class="surface" d="{"".join(surface)}" stroke="{GOLD}" stroke-width="4.5"/>'
        f'<path class="surface" d="{"".join(surface)}" stroke="{INK}" stroke-width="1.5"/>'
        f'<path class="airfoil" d="{"".join(airfoil)}" stroke="#7fe8ff" stroke-width="2.5" '
        'stroke-dasharray="7 5"/>'
        f'<path class="invisible" d="{"".join(invisible)}" stroke="#d8c8ff" '
        'stroke-opacity="0.5" stroke-width="2.5" stroke-dasharray="1 9"/>'
        "</g>"
    )


def _arc(board: Board, a: Dot, b: Dot) -> str:
    """An Air Foil hop: a curve skirting the planet surface between two cities."""
    mx, my = (a.at.x + b.at.x) / 2, (a.at.y + b.at.y) / 2
    s = board.systems[a.system] if a.system else None
    if s is not None and s.planet is not None:
        ux, uy = _unit(mx - s.planet.x, my - s.planet.y)
    else:
        ux, uy = _unit(-(b.at.y - a.at.y), b.at.x - a.at.x)
    cx, cy = mx + ux * 22, my + uy * 22
    return f"M{_f(a.at.x)} {_f(a.at.y)}Q{_f(cx)} {_f(cy)} {_f(b.at.x)} {_f(b.at.y)}"


# --------------------------------------------------------------------------- dots


def _dot(board: Board, d: Dot) -> str:
    x, y = d.at.x, d.at.y
    head = _attr(
        id=f"dot-{d.id}",
        class_=f"dot dot-{d.kind.value}",
        data_dot=d.id,
        data_kind=d.kind.value,
        data_color=d.color.value if d.color else None,
        data_orbit=d.orbit,
        data_x=_f(x),
        data_y=_f(y),
        transform=f"translate({_f(x)} {_f(y)})",
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
            + _text(0, 5, str(d.penalty), size=14, fill=ink, weight="bold", halo=0)
        )
    if k is DotKind.ASTEROID:
        return _asteroid(d.id)
    if k is DotKind.QBOX:
        return (
            '<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#241c3a" '
            f'stroke="{GOLD}" stroke-width="2.5"/>'
            + _text(0, 6.5, "?", size=19, fill=GOLD, weight="bold", halo=0)
        )
    if k is DotKind.CIRCLE:
        return _circle(board, d)
    if k is DotKind.SURFACE_CITY:
        return (
            '<circle r="12" fill="#fff3cf" stroke="#b8741a" stroke-width="2.5"/>'
            '<path d="M-7 5V-1H-4V-5H-1V1H2V-3H5V5Z" fill="#5a3400"/>'
        )
    if d.id == board.galactic_base:
        return _galactic_base()
    # other Space Cities: a station hexagon
    pts = " ".join(
        f"{_f(15 * math.cos(a))},{_f(15 * math.sin(a))}"
        for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))
    )
    return (
        f'<polygon points="{pts}" fill="#c6f1ff" stroke="#2f8fc0" stroke-width="3"/>'
        '<circle r="5" fill="#2f8fc0"/>'
    )


def _galactic_base() -> str:
    spikes = []
    for i in range(16):
        a = i * math.pi / 8
        r = 30 if i % 2 == 0 else 20
        spikes.append(f"{_f(r * math.cos(a))},{_f(r * math.sin(a))}")
    return (
        '<circle r="44" fill="#ffd27a" opacity="0.18"/>'
        f'<polygon points="{" ".join(spikes)}" fill="#ffe6a8" stroke="#b07a12" '
        'stroke-width="2.5"/>'
        '<circle r="13" fill="#fff8e6" stroke="#b07a12" stroke-width="2.5"/>'
        '<circle r="5" fill="#b07a12"/>'
    )


def _asteroid(seed: str) -> str:
    rng = random.Random(seed)
    pts = []
    for i in range(9):
        a = i * 2 * math.pi / 9
        r = rng.uniform(10, 14.5)
        pts.append(f"{_f(r * math.cos(a))},{_f(r * math.sin(a))}")
    return (
        f'<polygon points="{" ".join(pts)}" fill="#8b7b66" stroke="#d8c6a6" stroke-width="2"/>'
        '<circle cx="-3" cy="-2" r="2.6" fill="#5e5142"/>'
        '<circle cx="4" cy="4" r="1.8" fill="#5e5142"/>'
    )


def _exit_badges(
    board: Board, d: Dot
) -> list[tuple[float, float, float, float, str, float, float, float]]:
    """Per exit arrow: direction, arrow base/tip radii, numbers, badge centre and width."""
    r = 19.0
    out = []
    for target, numbers in d.exits.items():
        if target not in board.dots:
            continue
        t = board.dots[target]
        ux, uy = _unit(t.at.x - d.at.x, t.at.y - d.at.y)
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
        f'<circle r="{_f(r)}" fill="#1a2040" stroke="#e8eeff" stroke-width="3"/>',
        f'<circle r="{_f(r - 6)}" fill="none" stroke="#7f8fc8" stroke-width="1.2" '
        'stroke-dasharray="3 3"/>',
    ]
    if d.orbit:
        out.insert(0, f'<circle r="{_f(r + 5)}" fill="none" stroke="{GOLD}" stroke-width="3"/>')
    for ux, uy, base, tip, label, bx, by, w in _exit_badges(board, d):
        px, py = -uy, ux
        arrow = (
            f"{_f(ux * tip)},{_f(uy * tip)} "
            f"{_f(ux * base + px * 7)},{_f(uy * base + py * 7)} "
            f"{_f(ux * base - px * 7)},{_f(uy * base - py * 7)}"
        )
        out.append(f'<polygon points="{arrow}" fill="{GOLD}" stroke="{INK}" stroke-width="1"/>')
        out.append(
            f'<rect x="{_f(bx - w / 2)}" y="{_f(by - 10)}" width="{_f(w)}" height="20" rx="9" '
            f'fill="#141a33" stroke="{GOLD}" stroke-width="1.5"/>'
        )
        out.append(
            _text(
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


# --------------------------------------------------------------------------- labels

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

LEGEND_BOX: Rect = (12, 1200, 378, 1830)
TITLE_BOX: Rect = (20, 20, 340, 180)
STACKED = {"polluted-planet", "war-torn-system", "inhabited-moon"}  # names on two lines


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
            for lk in _links_of(board)
        ]
        self.taken: list[Rect] = [LEGEND_BOX, TITLE_BOX]
        for d in board.dots.values():
            if d.kind is DotKind.CIRCLE:
                for *_, bx, by, w in _exit_badges(board, d):
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


def _labels(board: Board) -> str:
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
            cx, cy = _centre(board, system) if system else (d.at.x, d.at.y + 1)
            x, y, anchor = placer.place(d, text, size, gap, bold, _unit(d.at.x - cx, d.at.y - cy))
        out.append(
            _text(
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
        _text(
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
            f'<rect class="culture-box" x="{_f(bx - 17)}" y="{_f(by - 4)}" width="34" '
            f'height="34" rx="5" fill="#0c1024" fill-opacity="0.8" stroke="{GOLD}" '
            'stroke-width="2" stroke-dasharray="5 3"/>'
        )
    return "".join(out)


# --------------------------------------------------------------------------- title, legend


def _title_block(board: Board) -> str:
    edition = (
        "Avalon Hill 1988 board"
        if board.edition == "avalon-hill"
        else "2012 edition, classic game board"
    )
    return (
        f'<g id="title" font-family={quoteattr(FONT)}>'
        + _text(
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
        + _text(
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
        + _text(
            38, 146, "The Cluster", size=20, fill="#b9c6ea", anchor="start", halo=0, style="italic"
        )
        + _text(38, 172, edition, size=13, fill="#8f9cc4", anchor="start", halo=0)
        + "</g>"
    )


def _legend(board: Board) -> str:
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
            + _text(0, 5, "20", size=14, fill="#fff", weight="bold", halo=0),
            "Penalty oval (amount)",
        ),
        (_asteroid("legend"), "Asteroid"),
        (
            '<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#241c3a" '
            f'stroke="{GOLD}" stroke-width="2.5"/>'
            + _text(0, 6.5, "?", size=19, fill=GOLD, weight="bold", halo=0),
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
        ('<g transform="scale(0.5)">' + _galactic_base() + "</g>", "Galactic Base (start)"),
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
        _text(
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
        out.append(_text(x0 + 66, y + 5, label, size=13, fill="#dfe6fb", anchor="start", halo=0))
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------- entry point


def _ordered_dots(board: Board) -> Iterable[Dot]:
    # big shapes first so small dots stay clickable on top
    order = {DotKind.CIRCLE: 0, DotKind.SPACE_CITY: 1, DotKind.SURFACE_CITY: 2}
    return sorted(board.dots.values(), key=lambda d: order.get(d.kind, 3))


def render_board_svg(board: Board, *, width: int | None = None) -> str:
    """The board of ``board.edition`` as a standalone SVG document (a string)."""
    w = width or WIDTH
    h = round(w * HEIGHT / WIDTH)
    edition = "1988 Avalon Hill" if board.edition == "avalon-hill" else "2012 classic"
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{w}" height="{h}" font-family={quoteattr(FONT)} '
        f'data-edition="{board.edition}">',
        f"<title>Merchant of Venus: the Cluster ({edition} board)</title>",
        "<desc>Every Movement Dot is a group with id dot-&lt;dot id&gt;.</desc>",
        _defs(board),
        _background(),
        _halos(board),
        _bodies(board),
        _paths(board),
        '<g id="dots">',
        *(_dot(board, d) for d in _ordered_dots(board)),
        "</g>",
        _labels(board),
        _title_block(board),
        _legend(board),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"
