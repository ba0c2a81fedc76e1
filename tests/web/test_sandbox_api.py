"""The sandbox endpoints the web client plays on (server/sandbox.py), without a browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server import sandbox
from tests.web.testapp import app

client = TestClient(app)
SANDBOX = "/api/games/venus/sandbox"
SCENARIOS = Path(__file__).resolve().parents[2] / "web" / "games" / "venus" / "scenarios"


def _start(scenario: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/games/venus/sandbox", json={"scenario": scenario})
    assert r.status_code == 200, r.text
    return r.json()


def _play(sid: str, command: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/games/venus/sandbox/{sid}/commands", json={"command": command})
    assert r.status_code == 200, r.text
    return r.json()


def test_every_preset_scenario_starts() -> None:
    index = json.loads((SCENARIOS / "index.json").read_text("utf-8"))
    assert 4 <= len(index) <= 14  # a short menu (combat, the Rastur and the City limit added three)
    for entry in index:
        body = _start(json.loads((SCENARIOS / entry["file"]).read_text("utf-8")))
        assert body["view"]["sandbox"] is True
        assert any(c["type"] == "DeclareHeading" for c in body["legal"])


def test_a_turn_by_commands_declare_roll_move_along_end() -> None:
    """5.31 declare, 5.2 roll, then MoveAlong one reachable destination to its end."""
    body = _start({"players": [{"name": "Ann", "cash": 60}], "other_qboxes": "empty",
                   "dice": [3, 4, 5]})
    sid = body["id"]  # the table's fields, and what the game's sandbox aid adds (5.3)
    assert {"id", "seat", "view", "legal", "log", "extras", "reachable"} <= set(body)
    heading = next(c for c in body["legal"] if c["type"] == "DeclareHeading")
    body = _play(sid, heading)
    assert [e["type"] for e in body["log"]] == ["HeadingDeclared"]
    body = _play(sid, {"type": "RollDice"})
    assert body["log"][0]["data"]["dice"] == [3, 4, 5]
    dest = next(d for d in body["reachable"] if d["end"] == "land")
    body = _play(sid, {"type": "MoveAlong", "path": dest["path"], "pilot": dest["pilot"]})
    assert body["view"]["players"][0]["dot"] == dest["dot"]
    assert "Moved" in [e["type"] for e in body["log"]]
    assert body["view"]["turn"]["phase"] == "trade"
    body = _play(sid, {"type": "EndTurn"})
    assert [e["type"] for e in body["log"]] == ["TurnEnded", "TurnStarted"]
    assert body["view"]["round"] == 2 and body["view"]["turn"]["phase"] == "declare"
    assert client.get(f"/api/games/venus/sandbox/{sid}").json()["log"][0]["type"] == "GameCreated"


def test_a_refused_command_names_its_rule_and_changes_nothing() -> None:
    body = _start({"players": [{"name": "Ann"}], "other_qboxes": "empty"})
    r = client.post(f"{SANDBOX}/{body['id']}/commands", json={"command": {"type": "RollDice"}})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert detail["code"] == "rule" and detail["rule"].startswith("5.31")
    assert client.get(f"/api/games/venus/sandbox/{body['id']}").json()["view"] == body["view"]
    r = client.post(f"{SANDBOX}/{body['id']}/commands", json={"command": {"type": "Fly"}})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "bad_command"


def test_unknown_sandbox_and_bad_scenario_answer_in_words() -> None:
    r = client.post("/api/games/venus/sandbox/nope/commands", json={"command": {"type": "EndTurn"}})
    assert r.status_code == 404 and "start it again" in r.json()["detail"]["message"]
    r = client.post(SANDBOX, json={"scenario": {"players": [{"name": "A", "dot": "x"}]}})
    assert r.status_code == 422 and "x" in r.json()["detail"]["message"]


def test_sandboxes_in_memory_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_SANDBOXES", 3)
    ids = [_start({"players": [{"name": "A"}]})["id"] for _ in range(5)]
    assert len(sandbox._games) <= 3
    assert client.get(f"/api/games/venus/sandbox/{ids[0]}").status_code == 404
    assert client.get(f"/api/games/venus/sandbox/{ids[-1]}").status_code == 200


def test_the_log_hides_the_secrets_of_setup() -> None:
    """IOUsPlaced and MarkersPlaced are nobody's: the client only gets their seq and type."""
    body = _start({"players": [{"name": "A"}]})
    secret = [e for e in body["log"] if e["type"] in ("IOUsPlaced", "MarkersPlaced")]
    assert secret and all(e.get("redacted") and "data" not in e for e in secret)


def test_board_data_for_the_client() -> None:
    for edition in ("avalon-hill", "classic-2012"):
        data = client.get(f"/api/games/venus/data?edition={edition}").json()
        ids = {d["id"] for d in data["dots"]}
        assert "galactic-base" in ids and ("colony-world.11" in ids) == (edition == "classic-2012")
        assert any(s["culture_box"] for s in data["systems"])
        assert data["cultures"]["graw"]["name"] == "Graw"
        assert data["merchants"]["humans"]["color"] == "blue"
        # every Spaceport Deed names its Orbit as printed (the client never shows a raw key)
        deeds = data["spaceport_deeds"]
        assert deeds and all(d["dot"] in ids and d["orbit"] for d in deeds.values())
        if edition == "avalon-hill":
            assert deeds["neutron_port"]["orbit"] == "Neutron Port"
