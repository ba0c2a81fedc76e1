"""The standard game's sandbox (``GameDefinition.sandbox``: scenarios played hot seat,
``docs/scenarios.md``) through its endpoints, without a browser: every preset of
``web/games/venusstd/scenarios/`` starts, and the moment it is made for plays out as the
book says (a telegate, pirates won and lost, a drill, a passenger, a reward traded in, the
Data Probe, pilot training, a solo challenge completed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.web.testapp import app

client = TestClient(app)
SANDBOX = "/api/games/venus-standard/sandbox"
SCENARIOS = Path(__file__).resolve().parents[2] / "web" / "games" / "venusstd" / "scenarios"


def _preset(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text("utf-8"))
    return loaded


def _start(name: str) -> dict[str, Any]:
    r = client.post(SANDBOX, json={"scenario": _preset(name)})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _play(sid: str, *commands: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for command in commands:
        r = client.post(f"{SANDBOX}/{sid}/commands", json={"command": command})
        assert r.status_code == 200, r.text
        body = r.json()
    return body


def _types(body: dict[str, Any]) -> list[str]:
    return [e["type"] for e in body["log"]]


def test_every_preset_starts_in_the_sandbox() -> None:
    index = json.loads((SCENARIOS / "index.json").read_text("utf-8"))
    assert {e["file"] for e in index} == {p.name for p in SCENARIOS.glob("*.json")} - {
        "index.json"}
    for entry in index:
        body = _start(entry["file"].removesuffix(".json"))
        assert body["view"]["sandbox"] is True and body["seat"] == 0, entry
        assert body["legal"], entry
        assert entry["description"] == _preset(entry["file"].removesuffix(".json"))[
            "description"]


def test_telegate() -> None:
    """"Telegates": the 5 in the navigation box, onto telegate 2: to telegate 5."""
    body = _start("telegate")
    body = _play(body["id"], {"type": "RollSpeed"},
                 {"type": "AssignDie", "die": 0, "box": "navigation"},
                 {"type": "Step", "to": "jungle-station.1"})
    assert "TelegateJumped" in _types(body)
    assert body["view"]["players"][0]["space"] == "north-polluted.2"


def _fly_to_the_pirate(name: str) -> dict[str, Any]:
    body = _start(name)
    return _play(body["id"], {"type": "DeclareHeading", "toward": "base-colony.1"},
                 {"type": "RollSpeed"}, {"type": "Step", "to": "base-colony.1"})


def test_pirates_won() -> None:
    """"Pirate Engagement": laser 4 against a +2 pirate, a roll of 1: won."""
    body = _fly_to_the_pirate("pirates-won")
    engage = [c for c in body["legal"] if c["type"] == "EngagePirates"
              and c["attribute"] == "laser"]
    assert engage, body["legal"]
    body = _play(body["id"], engage[0])
    assert "PirateDefeated" in _types(body), _types(body)
    assert body["view"]["players"][0]["rewards"] == ["founders-coin"]


def test_pirates_lost() -> None:
    """"Losing a Pirate Engagement": no goods of the grade: c20 lost, an infamy token more."""
    body = _fly_to_the_pirate("pirates-lost")
    body = _play(body["id"], {"type": "EngagePirates", "attribute": "laser"})
    assert body["view"]["cards"]["tokens"]["base-colony.1"]["infamy"] == 2


def test_a_reward_traded_in() -> None:
    """"Rewards": a card with a trade-in icon, traded in at once; it waits at Galactic Base."""
    body = _fly_to_the_pirate("reward-trade-in")
    body = _play(body["id"], {"type": "EngagePirates", "attribute": "laser"})
    assert body["view"]["pending"]["prompt"] == "trade_in", body["view"]["pending"]
    body = _play(body["id"], {"type": "KeepReward", "keep": False})
    assert body["view"]["cards"]["rewards_for_sale"] == ["bounty-voucher"]


def test_drill() -> None:
    """"Drills": asked on the asteroid; placed when she says so."""
    body = _start("drill")
    body = _play(body["id"], {"type": "RollSpeed"}, {"type": "Step", "to": "giant-east.2"})
    assert {"type": "PlaceDrill", "place": True} in body["legal"], body["legal"]
    body = _play(body["id"], {"type": "PlaceDrill", "place": True})
    assert body["view"]["trade"]["drills"] == {"giant-east.2": 0}


def test_passenger() -> None:
    """"Dropping Off Passengers": the Scientist's fare; then the mission completed."""
    body = _start("passenger")
    credits = body["view"]["players"][0]["credits"]
    body = _play(body["id"], {"type": "DropOffPassenger", "passenger": "scientist"})
    assert body["view"]["players"][0]["credits"] > credits
    body = _play(body["id"], {"type": "CompleteMission", "mission": "colony-charter"})
    assert body["view"]["players"][0]["missions_done"] == ["colony-charter"]


def test_data_probe() -> None:
    """"Appendix B > Data Probe": two face-down cards looked at, then the switch asked."""
    body = _start("data-probe")
    probe = [c for c in body["legal"] if c["type"] == "UseDataProbe"]
    assert probe, body["legal"]
    body = _play(body["id"], probe[0])
    assert body["view"]["pending"]["prompt"] == "data_probe_swap"


def test_pilot_training() -> None:
    """"Pilots > Upgrading Pilots": level 2 at Galactic Base for c60."""
    body = _start("pilot-training")
    train = [c for c in body["legal"] if c["type"] == "TrainPilot"]
    assert train and {"type": "BuySecondMission"} in body["legal"], body["legal"]
    body = _play(body["id"], train[0])
    p = body["view"]["players"][0]
    assert p["pilot_level"] == 2 and p["credits"] == 40


def test_a_challenge_completed() -> None:
    """Solo Challenge Game, "Challenges": alone in round 6 with the Startup Loan active (c150
    at once repays it), the Rock Videos sold to the Shenna's high market complete it; the
    view's progress measures the cards still open, the fees due are First Steps' alone."""
    body = _start("solo-challenge")
    solo = body["view"]["solo"]
    assert solo["active"] == ["startup-loan", "first-steps"] and solo["fees_due"] == 10
    assert solo["rounds"]["tycoon"] == 21  # a card's round and fee: its own, unless given
    assert solo["progress"]["startup-loan"] == {"need": "credits", "have": 20, "at_least": 150}
    body = _play(body["id"], {"type": "SellGoods", "token": "humans:g1"})
    solo = body["view"]["solo"]
    assert solo["completed"] == ["startup-loan"] and solo["active"] == ["first-steps"]
    assert solo["fees_due"] == 5 and "startup-loan" not in solo["progress"]
    assert "ChallengeCompleted" in _types(body)


def test_a_scenario_naming_an_unknown_challenge_card_is_refused() -> None:
    preset = _preset("solo-challenge")
    preset["state"]["solo"]["cards"][0] = "no-such-card"
    r = client.post(SANDBOX, json={"scenario": preset})
    assert r.status_code == 422 and "challenge card no-such-card" in r.text, r.text
