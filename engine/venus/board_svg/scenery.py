"""The scenery under the dots: space, starfield, system halos, the Cloud, suns, planets, paths."""

from __future__ import annotations

import math

from engine.cluster.svg import starfield
from engine.venus.board import Board, Dot, DotKind, LinkKind, System
from engine.venus.board_svg.svg import (
    GOLD,
    HALO,
    HEIGHT,
    INK,
    PLANET_LOOK,
    STAR_SEED,
    SUN_LOOK,
    WIDTH,
    fmt,
    links_of,
    unit,
)

# --------------------------------------------------------------------------- background


def defs(board: Board) -> str:
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


def background() -> str:
    out = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>']
    # the main Galaxy behind the Cluster (gazetteer: "seen with the main Galaxy behind")
    out.append(
        '<ellipse cx="1200" cy="950" rx="1500" ry="380" fill="url(#galaxy)" '
        'transform="rotate(-24 1200 950)"/>'
    )
    return "".join(out) + starfield(WIDTH, HEIGHT, STAR_SEED, sparkles=26)


# --------------------------------------------------------------------------- systems


def halos(board: Board) -> str:
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
            f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="url(#{grad})" '
            f'data-system="{s.id}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _cloud(board: Board, dots: list[Dot]) -> str:
    """The Cloud: a nebula of charged particles over every dot of the Space Station system."""
    ids = {d.id for d in dots}
    pts = [(d.at.x, d.at.y) for d in dots]
    for lk in links_of(board):
        if lk.a in ids and lk.b in ids and lk.kind is LinkKind.PATH:
            a, b = board.dots[lk.a].at, board.dots[lk.b].at
            pts.append(((a.x + b.x) / 2, (a.y + b.y) / 2))
    blobs = "".join(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="78"/>' for x, y in pts)
    return (
        '<g data-system="space-station-planet" filter="url(#blur-lg)">'
        f'<g fill="#6b4fb8" opacity="0.30">{blobs}</g>'
        f'<g fill="#b48cff" opacity="0.10" transform="translate(14 -10)">{blobs}</g></g>'
    )


def bodies(board: Board) -> str:
    out = ['<g id="suns-and-planets">']
    for d in board.dots.values():
        if d.kind is DotKind.SPACE_CITY and d.system == "interstellar-biosphere":
            # gazetteer: "a vast doughnut of air" floating between its sun and planet
            out.append(
                f'<ellipse cx="{fmt(d.at.x)}" cy="{fmt(d.at.y)}" rx="46" ry="17" fill="none" '
                'stroke="#9fe3ff" stroke-opacity="0.35" stroke-width="9" '
                f'transform="rotate(-38 {fmt(d.at.x)} {fmt(d.at.y)})"/>'
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
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 2.6)}" fill="url(#sun-{s.id})" '
        'opacity="0.75"/>'
    )
    if s.id == "supernova":  # an exploded star: a ragged burst
        pts = []
        for i in range(24):
            a = i * math.pi / 12
            rr = r * (1.35 if i % 2 == 0 else 0.7)
            pts.append(f"{fmt(x + rr * math.cos(a))},{fmt(y + rr * math.sin(a))}")
        parts.append(f'<polygon points="{" ".join(pts)}" fill="#ffcf7a" opacity="0.85"/>')
    if s.id == "multi-generation-ship":  # a neutron star with its beams
        parts.append(
            f'<path d="M{fmt(x - 40)} {fmt(y + 26)}L{fmt(x + 40)} {fmt(y - 26)}" '
            'stroke="#cfe3ff" stroke-width="2" opacity="0.45"/>'
        )
    parts.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * 0.55)}" fill="#ffffff"/>')
    parts.append("</g>")
    return "".join(parts)


def _planet(s: System) -> str:
    assert s.planet is not None and s.planet_radius is not None
    x, y, r = s.planet.x, s.planet.y, s.planet_radius
    light, _ = PLANET_LOOK.get(s.id, ("#a0a8c0", "#30364a"))
    parts = [f'<g class="planet" data-system="{s.id}">']
    parts.append(
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r + 5)}" fill="none" stroke="{light}" '
        'stroke-opacity="0.25" stroke-width="6"/>'
    )
    parts.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="url(#planet-{s.id})"/>')
    if s.id == "giant-planet":  # bands
        for dy, w in ((-0.45, 5), (-0.1, 7), (0.3, 5)):
            half = r * math.sqrt(max(0.0, 1 - dy * dy)) * 0.96
            parts.append(
                f'<path d="M{fmt(x - half)} {fmt(y + dy * r)}H{fmt(x + half)}" '
                f'stroke="#5a2e14" stroke-opacity="0.35" stroke-width="{w}"/>'
            )
    parts.append("</g>")
    return "".join(parts)


# --------------------------------------------------------------------------- paths


def paths(board: Board) -> str:
    routes: list[str] = []
    tracks: list[str] = []
    surface: list[str] = []
    airfoil: list[str] = []
    invisible: list[str] = []
    for lk in links_of(board):
        a, b = board.dots[lk.a], board.dots[lk.b]
        seg = f"M{fmt(a.at.x)} {fmt(a.at.y)}L{fmt(b.at.x)} {fmt(b.at.y)}"
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
        ux, uy = unit(mx - s.planet.x, my - s.planet.y)
    else:
        ux, uy = unit(-(b.at.y - a.at.y), b.at.x - a.at.x)
    cx, cy = mx + ux * 22, my + uy * 22
    return f"M{fmt(a.at.x)} {fmt(a.at.y)}Q{fmt(cx)} {fmt(cy)} {fmt(b.at.x)} {fmt(b.at.y)}"
