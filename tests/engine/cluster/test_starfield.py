"""The boards' starfield (``engine.cluster.svg.starfield``): every star drawn, in a few paths."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from engine.cluster.svg import starfield
from engine.venus.board import load_board
from engine.venus.board_svg import render_board_svg

NS = "{http://www.w3.org/2000/svg}"


def test_every_star_is_drawn_in_a_few_paths() -> None:
    """900 stars and 26 sparkles: one disc (two arcs) each, in at most a path per tint and
    opacity tenth (4 tints, 7 tenths) and two for the sparkles' crosses and centres."""
    group = ET.fromstring(starfield(2400, 1900, 5632, sparkles=26).replace(
        "<g ", '<g xmlns="http://www.w3.org/2000/svg" ', 1))
    paths = list(group)
    assert all(p.tag == f"{NS}path" for p in paths)
    assert len(paths) <= 4 * 7 + 2
    discs = sum(len(re.findall(r"M[^M]*a[^M]*a", p.get("d", ""))) for p in paths)
    assert discs == 900 + 26
    crosses = [p for p in paths if p.get("stroke")]
    assert len(crosses) == 1 and crosses[0].get("d", "").count("H") == 26


def test_the_same_stars_every_time_and_on_the_board() -> None:
    assert starfield(100, 80, 7) == starfield(100, 80, 7) != starfield(100, 80, 8)
    svg = render_board_svg(load_board())
    field = svg[svg.index('<g id="starfield">'):]
    field = field[:field.index("</g>")]
    assert "<circle" not in field and field.count("<path") <= 30
