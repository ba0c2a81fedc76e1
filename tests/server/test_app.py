"""The first server endpoints: health, the board SVG, the sandbox, the web page."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from server.app import app
from server.rulesets import REGISTRY

client = TestClient(app)


def test_health_and_openapi() -> None:
    """Health names every installed game (the registry's), the project's three among them."""
    health = client.get("/api/health").json()
    assert health == {"status": "ok", "rulesets": sorted(REGISTRY)}
    assert {"star-traders", "venus", "venus-standard"} <= set(health["rulesets"])
    assert client.get("/openapi.json").status_code == 200


def test_board_svg_for_both_editions() -> None:
    for edition, circle in (("avalon-hill", False), ("classic-2012", True)):
        r = client.get(f"/api/games/venus/board.svg?edition={edition}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        ET.fromstring(r.text)
        assert ('id="dot-colony-world.11"' in r.text) is circle


def test_web_client_is_served() -> None:
    page = client.get("/")
    assert page.status_code == 200 and "Starport" in page.text
    assert client.get("/games/venus/board.js").status_code == 200


def test_sandbox_answers_moves_and_destinations() -> None:
    r = client.post("/api/games/venus/sandbox", json={"scenario": {
        "players": [{"name": "Ann", "cash": 40}], "other_qboxes": "empty", "dice": [2, 2, 2],
    }})
    assert r.status_code == 200
    body = r.json()
    assert body["view"]["sandbox"] is True
    assert {"type": "RollDice", "auto_pilot": False} not in body["legal"]  # 5.31 first
    assert any(a["type"] == "DeclareHeading" for a in body["legal"])


def test_sandbox_rejects_a_bad_scenario_clearly() -> None:
    r = client.post("/api/games/venus/sandbox",
                    json={"scenario": {"players": [{"name": "A", "dot": "nowhere"}]}})
    assert r.status_code == 422
    assert "nowhere" in r.text
