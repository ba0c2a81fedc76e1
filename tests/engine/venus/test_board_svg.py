"""The board SVG: valid standalone XML with one addressable element per Movement Dot."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.venus.board import DotKind, load_board
from engine.venus.board_svg import render_board_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=["avalon-hill", "classic-2012"])
def rendered(request: pytest.FixtureRequest) -> tuple[str, str, ET.Element]:
    edition = request.param
    svg = render_board_svg(load_board(edition))
    return edition, svg, ET.fromstring(svg.encode("utf-8"))


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_it_is_a_standalone_svg(rendered: tuple[str, str, ET.Element]) -> None:
    _, svg, root = rendered
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 2400 1900"
    title = root.find(f"{SVG}title")
    assert title is not None and "Merchant of Venus" in (title.text or "")
    assert root.find(f".//{SVG}g[@id='legend']") is not None
    assert "http://" not in svg.replace("http://www.w3.org/2000/svg", "")  # no external refs
    assert "href" not in svg


def test_one_element_per_dot(rendered: tuple[str, str, ET.Element]) -> None:
    edition, _, root = rendered
    board = load_board(edition)
    groups = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("dot-")]
    ids = [g.get("id") for g in groups]
    assert len(ids) == len(set(ids)) == len(board.dots)
    assert set(ids) == {f"dot-{d}" for d in board.dots}
    for g in groups:
        dot = board.dots[g.get("data-dot") or ""]
        assert g.get("data-kind") == dot.kind.value
        assert float(g.get("data-x") or "nan") == dot.at.x


def test_edition_switch(rendered: tuple[str, str, ET.Element]) -> None:
    edition, svg, _ = rendered
    assert ('id="dot-colony-world.11"' in svg) == (edition == "classic-2012")


def test_penalty_amounts_orbit_names_and_pilot_numbers(
    rendered: tuple[str, str, ET.Element],
) -> None:
    edition, _, root = rendered
    board = load_board(edition)
    texts = _texts(root)
    for d in board.dots.values():
        if d.orbit:
            assert d.orbit in texts
        if d.kind is DotKind.SURFACE_CITY:
            assert d.name in texts
    for d in board.dots.values():
        g = root.find(f".//{SVG}g[@id='dot-{d.id}']")
        assert g is not None
        inner = ["".join(t.itertext()) for t in g.iter(f"{SVG}text")]
        if d.kind is DotKind.PENALTY:
            assert str(d.penalty) in inner
        if d.kind is DotKind.QBOX:
            assert "?" in inner
        if d.kind is DotKind.CIRCLE:
            expected = sorted(" ".join(map(str, ns)) for ns in d.exits.values())
            assert sorted(inner) == expected
    for s in board.systems.values():
        assert any(s.name.upper().startswith(t) or t in s.name.upper() for t in texts)


def test_width_scales_the_image() -> None:
    root = ET.fromstring(render_board_svg(load_board(), width=1200).encode())
    assert (root.get("width"), root.get("height")) == ("1200", "950")


def test_output_is_deterministic() -> None:
    board = load_board()
    assert render_board_svg(board) == render_board_svg(board)
