"""SVG writing helpers shared by the board renderers of both Merchant of Venus boards:
number formatting, attribute lists, haloed text and a deterministic starfield."""

from __future__ import annotations

import random
from xml.sax.saxutils import escape, quoteattr

INK = "#05070f"  # text halo and dark fills


def fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def attr(**kw: object) -> str:
    """``name="value"`` pairs; a trailing ``_`` is dropped and ``_`` becomes ``-``; None is
    left out."""
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        parts.append(f"{name}={quoteattr(str(v))}")
    return " ".join(parts)


def svg_text(
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
    """A ``<text>`` with a dark halo (stroke painted first) so it reads on any background."""
    a = attr(
        x=fmt(x),
        y=fmt(y),
        class_=cls,
        font_size=fmt(size),
        font_weight=weight,
        text_anchor=anchor,
        fill=fill,
        stroke=INK if halo else None,
        stroke_width=fmt(halo) if halo else None,
        stroke_linejoin="round" if halo else None,
        paint_order="stroke" if halo else None,
        letter_spacing=fmt(spacing) if spacing else None,
        font_style=style,
    )
    return f"<text {a}>{escape(s)}</text>"


def starfield(width: float, height: float, seed: int, count: int = 900,
              sparkles: int = 0) -> str:
    """Small stars scattered from a fixed seed (the same picture every time), and
    ``sparkles`` brighter ones with a cross.

    The stars are a few ``<path>`` elements, not a ``<circle>`` each: one path per tint and
    opacity (quantised to tenths), each star a circle drawn as two arcs. The picture is the
    same but for overlapping stars of one path and the opacity's second decimal; the board
    has ~900 elements fewer, which every page's style, layout, paint and compositing walk
    (and an accessibility checker's pass over the page)."""
    rng = random.Random(seed)
    paths: dict[tuple[str, float], list[str]] = {}
    for _ in range(count):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.choice((0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5))
        o = rng.uniform(0.25, 0.85)
        tint = rng.choice(("#ffffff", "#ffffff", "#cfdcff", "#fff1d6", "#dcd0ff"))
        paths.setdefault((tint, round(o, 1)), []).append(_disc(x, y, r))
    crosses, centres = [], []
    for _ in range(sparkles):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        s = rng.uniform(4, 8)
        crosses.append(f"M{fmt(x - s)} {fmt(y)}H{fmt(x + s)}M{fmt(x)} {fmt(y - s)}V{fmt(y + s)}")
        centres.append(_disc(x, y, 1.6))
    out = ['<g id="starfield">']
    out += [f'<path d="{"".join(d)}" fill="{tint}" fill-opacity="{fmt(o)}"/>'
            for (tint, o), d in sorted(paths.items())]
    if sparkles:
        out.append(f'<path d="{"".join(crosses)}" stroke="#e8eeff" stroke-width="0.8" '
                   'stroke-opacity="0.55" fill="none"/>')
        out.append(f'<path d="{"".join(centres)}" fill="#ffffff" fill-opacity="0.9"/>')
    out.append("</g>")
    return "".join(out)


def _disc(x: float, y: float, r: float) -> str:
    """A circle of radius ``r`` at (x, y) as a path: two half-circle arcs."""
    return f"M{fmt(x - r)} {fmt(y)}a{r} {r} 0 1 0 {fmt(2 * r)} 0a{r} {r} 0 1 0 {fmt(-2 * r)} 0"
