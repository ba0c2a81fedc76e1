"""Merchant of Venus standard tables through the same API as the other games
(server/rulesets.py), on SQLite and PostgreSQL: the pilots as lobby choices (Setup 8), the
options schema, play by seats and a bot seat, and a leak oracle over every message a seat
or a spectator receives: no face-down First Contact card (which culture lies in which
system: Setup 3) and no deck's order (Setup 5-6) is ever sent, nor the seed."""

from __future__ import annotations

import json
import random
import time
import uuid
from functools import partial
from typing import Any

from fastapi.testclient import TestClient

from engine.kernel import SPECTATOR
from engine.kernel.documents import dicts_in
from engine.venus_standard.secrets import leaks, secrets_for
from engine.venus_standard.state import PILOTS

from .helpers import h, play_at_random, ruleset_table, service_of, view

_table = partial(ruleset_table, ruleset="venus-standard", name="Venus")


def test_the_options_schema_and_the_pilots_are_offered(client: TestClient) -> None:
    listed = {r["id"]: r for r in client.get("/api/rulesets").json()["rulesets"]}
    standard = listed["venus-standard"]
    assert standard["choice_option"] == "pilots"
    assert standard["bots"] == ["merchant", "normal", "hard", "random"]  # the first plays
    props = standard["options_schema"]["properties"]
    assert {"variant", "epic_rounds", "pilots", "solo_picks", "takebacks"} <= set(props)
    r = client.post("/api/tables", json={"name": "x", "ruleset": "venus-standard", "seats": 2,
                                         "options": {"variant": "warp"}})
    assert r.status_code == 422 and "options.variant" in r.text


def test_a_standard_table_plays_with_pilots_chosen(client: TestClient) -> None:
    table = _table(client, seats=2, choices={0: "qossuth", 1: "human"})
    lobby = client.get(f"/api/tables/{table['table_id']}", headers=h(table["host"]["token"]))
    assert lobby.json()["ruleset"] == "venus-standard"
    assert set(lobby.json()["choices"]) == set(PILOTS)
    v = view(client, table, table["spectator"]["token"])
    assert [p["pilot"] for p in v["view"]["players"]] == ["qossuth", "human"]
    assert v["pending"]["prompt"] == "choose_dial"
    play_at_random(client, table, 40, random.Random(5), lambda a: a["type"] != "TakeBack")
    assert view(client, table, table["spectator"]["token"])["view"]["round"] >= 1


def test_no_message_leaks_a_face_down_card_or_a_deck(client: TestClient) -> None:
    table = _table(client, seats=3, bots=[2])
    tid = table["table_id"]
    tokens = {0: table["seats"][0]["token"], 1: table["seats"][1]["token"],
              SPECTATOR: table["spectator"]["token"]}
    sent: dict[int, list[Any]] = {0: [], 1: [], SPECTATOR: []}
    rng = random.Random(19)
    for _ in range(150):
        v = view(client, {"table_id": tid}, tokens[SPECTATOR])
        sent[SPECTATOR].append(v)
        if v["pending"] is None:
            break
        seat = v["pending"]["seats"][0]
        if seat == 2:  # the bot's turn
            time.sleep(0.01)
            continue
        mine = view(client, {"table_id": tid}, tokens[seat])
        sent[seat].append(mine)
        bad = {"type": "RevealFirstContact", "system": "nowhere"}
        sent[seat].append(client.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                                      json={"seq": mine["seq"], "client_id": uuid.uuid4().hex,
                                            "command": bad}).json())
        legal = [a for a in mine["legal"] if a["type"] != "TakeBack"]
        sent[seat].append(client.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                                      json={"seq": mine["seq"], "client_id": uuid.uuid4().hex,
                                            "command": rng.choice(legal)}).json())
    for viewer, token in tokens.items():
        for path in ("log", "export", "", "history", "replay?at=0&count=200"):
            sent[viewer].append(client.get(f"/api/tables/{tid}/{path}".rstrip("/"),
                                           headers=h(token)).json())
    entry = service_of(client).entries[tid]
    state, seed = entry.game.state, str(entry.game.seed)
    assert state.first_contact, "some First Contact cards are still face down"
    for viewer, messages in sent.items():
        # knowledge only grows: what is still secret at the end (less what a Data Probe
        # showed this seat) was secret all along
        secrets = secrets_for(state, viewer, entry.game.events)
        for message in messages:
            assert seed not in json.dumps(message)
            assert leaks(message, secrets) == [], f"leaked to {viewer}"
            for d in dicts_in(message):
                if d.get("type") in ("FirstContactPlaced", "DeckShuffled") and "seq" in d:
                    assert "data" not in d, "a secret setup event leaked"


def test_a_table_of_bots_plays_the_standard_game_to_its_end(
        client: TestClient, caplog: Any) -> None:
    """Two bot seats (the strategic ``merchant`` and ``random``) play a whole standard game
    over the real server: 30 rounds ("Game Length"), final scoring ("End of the Game"), the
    table over, and no bot command refused on the way (the server would log it)."""
    r = client.post("/api/tables", json={
        "name": "Bots", "ruleset": "venus-standard", "seats": 2,
        "bots": [{"seat": 0, "kind": "merchant"}, {"seat": 1, "kind": "random"}]})
    assert r.status_code == 201, r.text
    table = r.json()
    tid, host = table["table_id"], h(table["host"]["token"])
    assert client.post(f"/api/tables/{tid}/start", headers=host).status_code == 200
    deadline = time.monotonic() + 600  # a loaded shared machine: minutes, not seconds
    while client.get(f"/api/tables/{tid}", headers=host).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    assert not [rec for rec in caplog.records if "refused" in rec.getMessage()]
    final = view(client, table, table["spectator"]["token"])
    assert final["pending"] is None
    assert final["view"]["stage"] == "over" and final["view"]["round"] == 30
    log = client.get(f"/api/tables/{tid}/log?limit=5000",  # a whole game: ~1,000-2,000
                     headers=h(table["spectator"]["token"])).json()
    assert log["full"]  # the whole log of a finished game
    ended = [e for e in log["events"] if e["type"] == "GameEnded"]
    assert len(ended) == 1 and ended[0]["data"]["reason"] == "rounds"
    assert len(ended[0]["data"]["scores"]) == 2  # (no winner when both are disqualified)
    assert {e["data"]["seat"] for e in log["events"] if e["type"] == "TurnStarted"} == {0, 1}
