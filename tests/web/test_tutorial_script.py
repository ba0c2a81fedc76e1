"""The tutorial table on the real rules, without a browser: its scenario
(``web/scenarios/tutorial.json``, fixed dice) lets the scripted first turns happen exactly as
``web/tutorial.js`` explains them: declare, roll, fly and land (discovering the Graw), buy
Space Spice, end; Bob's turn (scripted); declare, roll, fly to Space Station Planet (the
Dell), sell, end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.web.testapp import app

client = TestClient(app)
TUTORIAL = (Path(__file__).resolve().parents[2] / "web" / "games" / "venus" / "scenarios"
            / "tutorial.json")


def _play(sid: str, command: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/games/venus/sandbox/{sid}/commands", json={"command": command})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _fly_and_land(sid: str, answer: dict[str, Any], dot: str) -> dict[str, Any]:
    """What the page does on a click on a destination: MoveAlong its path, landing (6.2)."""
    dest = next(d for d in answer["reachable"] if d["dot"] == dot and d["end"] == "land")
    return _play(sid, {"type": "MoveAlong", "path": dest["path"], "pilot": dest["pilot"],
                       "land": True})


def _bob_plays(sid: str, answer: dict[str, Any]) -> dict[str, Any]:
    """Bob's turn as the tutorial plays it for him (``BOB`` in tutorial.js): he stays put at
    the Galactic Base and ends his turn."""
    assert answer["seat"] == 1 and {"type": "StayPut"} in answer["legal"]
    _play(sid, {"type": "StayPut"})
    return _play(sid, {"type": "EndTurn"})


def test_the_tutorial_script_plays_on_the_real_rules() -> None:
    start = client.post("/api/games/venus/sandbox",
                        json={"scenario": json.loads(TUTORIAL.read_text())})
    assert start.status_code == 200, start.text
    a = start.json()
    sid = a["id"]
    assert a["view"]["sandbox"] is True and len(a["view"]["players"]) == 2
    assert {"type": "DeclareHeading", "dot": "galactic-base--colony-world.1"} in a["legal"]

    _play(sid, {"type": "DeclareHeading", "dot": "galactic-base--colony-world.1"})  # 5.31
    a = _play(sid, {"type": "RollDice"})  # 5.2: the scenario's dice
    assert a["view"]["turn"]["dice"] == [2, 3, 4]
    assert [d["dot"] for d in a["reachable"] if d["end"] == "land"] == ["colony-world.10"]
    a = _fly_and_land(sid, a, "colony-world.10")
    assert a["view"]["turn"]["phase"] == "trade"
    assert "colony-world" in a["view"]["discovered"]  # 7.3: first to land
    market = a["extras"]["market"]  # the market panel's numbers come with the sandbox too
    assert market["culture"] == "graw" and market["sells"]["goods:graw"] == 30
    a = _play(sid, {"type": "Buy", "item": "goods:graw"})
    me = a["view"]["players"][0]
    assert me["goods"] == ["goods:graw"] and me["cash"] == 70
    a = _bob_plays(sid, _play(sid, {"type": "EndTurn"}))
    assert a["view"]["round"] == 2 and a["view"]["turn"]["phase"] == "declare"

    assert [c for c in a["legal"] if c["type"] == "DeclareHeading"] == [
        {"type": "DeclareHeading", "dot": "colony-world.4"}]
    _play(sid, {"type": "DeclareHeading", "dot": "colony-world.4"})
    a = _play(sid, {"type": "RollDice"})
    assert a["view"]["turn"]["dice"] == [2, 4, 6]
    a = _fly_and_land(sid, a, "space-station-planet.6")
    assert a["view"]["players"][0]["dot"] == "space-station-planet.6"
    assert a["extras"]["market"]["culture"] == "dell"
    assert {"type": "Sell", "goods": "goods:graw"} in a["legal"]  # 9.31: the Dell buy Space Spice
    a = _play(sid, {"type": "Sell", "goods": "goods:graw"})
    assert a["view"]["players"][0]["goods"] == [] and a["view"]["players"][0]["cash"] == 150
    a = _bob_plays(sid, _play(sid, {"type": "EndTurn"}))
    assert a["view"]["round"] == 3 and a["seat"] == 0
