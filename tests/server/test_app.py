"""The first server endpoints: health, the board SVG, the sandbox query, the web page."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from server.app import app

client = TestClient(app)


def test_health_and_openapi() -> None:
    assert client.get("/api/health").json() == {"status": "ok",
                                                   "rulesets": ["star-traders", "venus",
                                                                "venus-standard"]}
    assert client.get("/openapi.json").status_code == 200


def test_board_svg_for_both_editions() -> None:
    for edition, circle in (("avalon-hill", False), ("classic-2012", True)):
        r = client.get(f"/boards/venus.svg?edition={edition}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        ET.fromstring(r.text)
        assert ('id="dot-colony-world.11"' in r.text) is circle


def test_web_client_is_served() -> None:
    page = client.get("/")
    assert page.status_code == 200 and "Starport" in page.text
    assert client.get("/games/venus/board.js").status_code == 200


def test_sandbox_answers_moves_and_destinations() -> None:
    r = client.post("/api/venus/sandbox", json={
        "players": [{"name": "Ann", "cash": 40}], "other_qboxes": "empty", "dice": [2, 2, 2],
    })
    assert r.status_code == 200
    body = r.json()
    assert body["view"]["sandbox"] is True
    assert {"type": "RollDice", "auto_pilot": False} not in body["legal"]  # 5.31 first
    assert any(a["type"] == "DeclareHeading" for a in body["legal"])


def test_sandbox_rejects_a_bad_scenario_clearly() -> None:
    r = client.post("/api/venus/sandbox", json={"players": [{"name": "A", "dot": "nowhere"}]})
    assert r.status_code == 422
    assert "nowhere" in r.text
