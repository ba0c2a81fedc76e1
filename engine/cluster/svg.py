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


def starfield(width: float, height: float, seed: int, count: int = 900) -> str:
    """Small stars scattered from a fixed seed (the same picture every time)."""
    rng = random.Random(seed)
    stars = ['<g id="starfield">']
    for _ in range(count):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.choice((0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5))
        o = rng.uniform(0.25, 0.85)
        tint = rng.choice(("#ffffff", "#ffffff", "#cfdcff", "#fff1d6", "#dcd0ff"))
        stars.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{r}" fill="{tint}" '
                      f'opacity="{o:.2f}"/>')
    stars.append("</g>")
    return "".join(stars)
