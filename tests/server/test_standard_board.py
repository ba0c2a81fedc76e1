"""The standard board SVG is served like the other boards (GET /api/games/<id>/board.svg)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from engine.venus_standard.board import load_board
from server.app import app

client = TestClient(app)


def test_the_standard_board_svg_is_served_with_every_space() -> None:
    r = client.get("/api/games/venus-standard/board.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(r.text)
    ids = {el.get("data-space") for el in root.iter() if el.get("data-space")}
    assert ids == set(load_board().spaces)
    assert r.headers.get("etag")


def test_an_unknown_game_is_a_404_naming_the_games() -> None:
    r = client.get("/api/games/nowhere/board.svg")
    assert r.status_code == 404
    assert "venus-standard" in r.text and "star-traders" in r.text
