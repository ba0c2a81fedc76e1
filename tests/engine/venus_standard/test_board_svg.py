"""The standard board's SVG (engine/venus_standard/board_svg.py): every space addressable by
a stable ``data-space`` id, the lines as the book's "Move" step draws them, a legend with
every kind of the "Game Board Legend", and the layout marked as ours."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.venus_standard.board import LineColour, LineStyle, SpaceKind, load_board
from engine.venus_standard.board_svg import KIND_NAMES, render_board_svg

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def svg() -> ET.Element:
    return ET.fromstring(render_board_svg(load_board()).encode())


def test_every_space_is_a_group_with_its_data_space_id(svg: ET.Element) -> None:
    board = load_board()
    groups = {sid: g for g in svg.iter(f"{NS}g") if (sid := g.get("data-space"))}
    assert set(groups) == set(board.spaces)
    for sid, g in groups.items():
        space = board.spaces[sid]
        assert g.get("id") == f"space-{sid}"
        assert g.get("data-kind") == space.kind.value
        assert float(g.get("data-x", "nan")) == pytest.approx(space.at.x, abs=0.1)


def test_lines_are_drawn_with_colour_and_style(svg: ET.Element) -> None:
    board = load_board()
    drawn = {ln.get("data-line"): ln for ln in svg.iter(f"{NS}line") if ln.get("data-line")}
    assert len(drawn) == len(board.lines)
    for line in board.lines:
        el = drawn[f"{line.a}|{line.b}"]
        assert el.get("data-colour") == line.colour.value
        assert el.get("data-style") == line.style.value
        assert (el.get("stroke-dasharray") is not None) == (line.style is LineStyle.DASHED)
        if line.colour is LineColour.GREEN:
            assert el.get("stroke") == "#35d05a"


def test_navigation_spaces_show_their_exit_values(svg: ET.Element) -> None:
    board = load_board()
    for nav in board.of_kind(SpaceKind.NAVIGATION):
        g = next(g for g in svg.iter(f"{NS}g") if g.get("data-space") == nav)
        badges = sorted("".join(t.itertext()) for t in g.iter(f"{NS}text"))
        expected = sorted("".join(str(n) for n in ns)
                          for ns in board.spaces[nav].exits.values())
        assert badges == expected


def test_telegates_show_their_number(svg: ET.Element) -> None:
    board = load_board()
    for number, sid in board.telegates.items():
        g = next(g for g in svg.iter(f"{NS}g") if g.get("data-space") == sid)
        assert g.get("data-telegate") == str(number)
        assert str(number) in "".join(g.itertext())


def test_legend_names_every_kind_and_the_layout_is_ours(svg: ET.Element) -> None:
    legend = next(g for g in svg.iter(f"{NS}g") if g.get("id") == "legend")
    text = " ".join(legend.itertext())
    for name in KIND_NAMES.values():
        assert name in text
    assert svg.get("data-ours") == "true"
    assert "Starport's own design" in " ".join(svg.itertext())


def test_markets_and_mission_areas_are_addressable(svg: ET.Element) -> None:
    board = load_board()
    markets = {g.get("data-market") for g in svg.iter(f"{NS}g") if g.get("data-market")}
    assert markets == set(board.cultured_systems)
    areas = {g.get("data-mission-area") for g in svg.iter(f"{NS}g")
             if g.get("data-mission-area")}
    assert areas == set(board.cultured_systems) | set(board.anomalies)


def test_the_drawing_is_deterministic() -> None:
    board = load_board()
    assert render_board_svg(board) == render_board_svg(board)


def test_the_six_panels_are_numbered(svg: ET.Element) -> None:
    panels = sorted(int(g.get("data-panel", "0")) for g in svg.iter(f"{NS}g")
                    if g.get("data-panel"))
    assert panels == [1, 2, 3, 4, 5, 6]


def test_starport_board_venus_standard_writes_the_svg(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main

    out = tmp_path / "standard.svg"
    assert main(["board", "venus-standard", "--svg", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    assert root.get("data-ruleset") == "venus-standard"
    assert "the standard game" in capsys.readouterr().out


def _title_of(g: ET.Element) -> ET.Element:
    title = g.find(f"{NS}title")
    assert title is not None, f"{g.get('data-space')} has no hover title"
    return title


def test_hover_titles_say_what_and_where(svg: ET.Element) -> None:
    titles = {sid: "".join(_title_of(g).itertext())
              for g in svg.iter(f"{NS}g") if (sid := g.get("data-space"))}
    assert titles["polluted-planet.4"] == "Encounter, Polluted Planet"
    assert titles["jungle-station.1"].startswith("Telegate 2, ")
    # the movement example's navigation space: 2 is the safe way to the Jungle World
    nav = titles["nav-west"]
    assert "2: blue space towards Jungle World" in nav
    assert "1/3: piloting hazard towards Jungle World" in nav
    assert "4: encounter towards Nebula Habitat" in nav


def test_market_and_mission_area_markup_the_client_reads(svg: ET.Element) -> None:
    """web/games/venusstd/board.js reads a market group's first <rect> as the box and the
    next three as the slots (market token, racial technology, goods), and a mission area's
    <circle> centre: keep that shape."""
    board = load_board()
    for g in svg.iter(f"{NS}g"):
        system = g.get("data-market")
        if system:
            rects = list(g.iter(f"{NS}rect"))
            assert len(rects) == 4
            box, slots = rects[0], rects[1:]
            market = board.systems[system].market
            assert market is not None
            assert float(box.get("x", "nan")) + float(box.get("width", "nan")) / 2 == \
                pytest.approx(market.x)
            assert all(float(s.get("width", "0")) > 0 for s in slots)
        area = g.get("data-mission-area")
        if area:
            circle = g.find(f"{NS}circle")
            assert circle is not None
            point = board.systems[area].mission_area
            assert point is not None
            assert float(circle.get("cx", "nan")) == pytest.approx(point.x)
