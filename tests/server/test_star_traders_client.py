"""What the Star Traders browser client needs from the server: the components
endpoint (worlds, jumplines with minimum rolls, cards, Petition Tables), the jump extras for
the seat in its movement stage (the engine's own ``need``), and the legal commands of a seat
that may act at any time while another is waited for (deal answers, card plays, the reaction
setting: Stages of the Turn, "Cards can be played and deals made before, during and after")."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi.testclient import TestClient

from engine.startraders.galaxy import load_galaxy
from engine.startraders.movement import need

from .helpers import h, service_of, view


def _table(c: TestClient) -> dict[str, Any]:
    r = c.post("/api/tables", json={"ruleset": "star-traders", "seats": 3, "bots": [],
                                    "options": {"personalities": "none"}})
    assert r.status_code == 201, r.text
    t = r.json()
    for i, link in enumerate(t["seats"]):
        assert c.post(f"/api/tables/{t['table_id']}/join", json={"name": f"P{i}"},
                      headers=h(link["token"])).status_code == 200
    assert c.post(f"/api/tables/{t['table_id']}/start",
                  headers=h(t["host"]["token"])).status_code == 200
    return t


def test_components_name_every_world_line_card_and_petition_result(client: TestClient) -> None:
    data = client.get("/api/games/star-traders/data").json()
    galaxy = load_galaxy()
    assert {w["number"] for w in data["worlds"]} == set(galaxy.worlds)
    assert len(data["jumplines"]) == len(galaxy.data.jumplines)
    minimum = {"orange": 2, "red": 3, "violet": 4, "blue": 5, "green": 6}  # Movement
    assert all(ln["minimum"] == minimum[ln["color"]] for ln in data["jumplines"])
    assert len(data["luck"]) == 65 and len(data["contracts"]) == 72
    assert sorted(int(k) for k in data["petition"]["mission"]) == list(range(-1, 8))
    assert data["prices"]["station"] == 5 and data["prices"]["engines"]["5"] == 40


def test_the_mover_gets_each_line_with_the_roll_it_needs(client: TestClient) -> None:
    t = _table(client)
    spectator = view(client, t, t["spectator"]["token"])
    seat = spectator["pending"]["seats"][0]
    assert spectator["pending"]["prompt"] == "move"
    answer = view(client, t, t["seats"][seat]["token"])
    jumps = answer["extras"]["jumps"]
    world = answer["view"]["players"][seat]["world"]
    assert jumps["from"] == world and jumps["left"] == 3
    assert {ln["to"] for ln in jumps["lines"]} == set(load_galaxy().neighbours[world])
    for ln in jumps["lines"]:
        assert ln["color"] == load_galaxy().neighbours[world][ln["to"]].value
        assert ln["station"] is None and ln["owner"] is None
    # the same numbers as the engine's own rule
    state = service_of(client).entries[t["table_id"]].game.state
    for ln in jumps["lines"]:
        assert ln["regular"] == need(state, seat, ln["to"], "regular")
    # another seat gets no jump extras
    other = (seat + 1) % 3
    assert view(client, t, t["seats"][other]["token"])["extras"] == {}


def test_a_seat_not_waited_for_gets_its_anytime_commands(client: TestClient) -> None:
    t = _table(client)
    seat = view(client, t, t["spectator"]["token"])["pending"]["seats"][0]
    other = (seat + 1) % 3
    answer = view(client, t, t["seats"][other]["token"])
    types = {c["type"] for c in answer["legal"]}
    assert "SetReactionPolicy" in types and not types & {"Jump", "EndMovement"}
    assert answer["pending"]["detail"] is None  # the prompt's detail stays the mover's
    # the other seat offers a deal during the mover's turn; the mover sees Accept and Refuse
    token = t["seats"][other]["token"]
    r = client.post(f"/api/tables/{t['table_id']}/commands", headers=h(token), json={
        "seq": answer["seq"], "client_id": uuid.uuid4().hex,
        "command": {"type": "OfferDeal", "to": seat, "give": {"stellors": 5}}})
    assert r.status_code == 200, r.text
    mover = view(client, t, t["seats"][seat]["token"])
    answers = [c for c in mover["legal"] if c["type"] == "AnswerDeal"]
    assert {c["accept"] for c in answers} == {True, False}
    assert any(c["type"] == "WithdrawDeal" for c in view(client, t, token)["legal"])
    # a spectator is never given commands
    assert view(client, t, t["spectator"]["token"])["legal"] == []
