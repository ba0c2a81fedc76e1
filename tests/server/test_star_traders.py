"""Star Traders tables through the same API as Merchant of Venus (server/rulesets.py), on
SQLite and PostgreSQL: create, choose personalities, play, answer a station-permission
prompt from another seat, hidden money and hands, bot seats, the galaxy SVG."""

from __future__ import annotations

import json
import random
import uuid
from functools import partial
from typing import Any

from fastapi.testclient import TestClient

from engine.startraders.components import PERSONALITIES

from .helpers import h, play_at_random, ruleset_table, send, service_of, view

_table = partial(ruleset_table, ruleset="star-traders", name="Traders")


def _stays(command: dict[str, Any]) -> bool:
    """Any legal command but leaving the table (random play that should go on)."""
    return bool(command["type"] != "DropOut")


def test_a_star_traders_table_plays_through_the_api(client: TestClient) -> None:
    table = _table(client, choices={0: "navigator"})
    lobby = client.get(f"/api/tables/{table['table_id']}", headers=h(table["host"]["token"]))
    assert lobby.json()["ruleset"] == "star-traders"
    assert set(lobby.json()["choices"]) == set(PERSONALITIES)
    rng = random.Random(3)
    for _ in range(60):
        spectator = view(client, table, table["spectator"]["token"])
        seat = spectator["pending"]["seats"][0]
        v = view(client, table, table["seats"][seat]["token"])
        assert v["view"]["players"][0]["personality"] == "navigator"
        r = send(client, table, seat, rng.choice([a for a in v["legal"] if _stays(a)]))
        assert r.status_code == 200, r.text
    log = client.get(f"/api/tables/{table['table_id']}/log",
                     headers=h(table["seats"][1]["token"])).json()
    assert [e["seq"] for e in log["events"]] == list(range(1, log["seq"] + 1))


def test_money_and_cards_are_secret_in_views_and_logs(client: TestClient) -> None:
    """Money: each player sees only his own Stellors and Trader's Luck cards."""
    table = _table(client)
    for seat in range(3):
        v = view(client, table, table["seats"][seat]["token"])["view"]
        for p in v["players"]:
            assert ("stellors" in p) == (p["seat"] == seat) == ("hand" in p)
        log = client.get(f"/api/tables/{table['table_id']}/log",
                         headers=h(table["seats"][seat]["token"])).json()["events"]
        for ev in log:
            if ev.get("type") == "CardsDrawn" and "data" in ev:
                assert ev["data"]["seat"] == seat
    spectator = view(client, table, table["spectator"]["token"])["view"]
    assert all("stellors" not in p for p in spectator["players"])


def test_a_rule_error_names_the_rule_and_changes_nothing(client: TestClient) -> None:
    table = _table(client, choices={0: "hero", 1: "navigator", 2: "psychic"})
    spectator = view(client, table, table["spectator"]["token"])
    seat = spectator["pending"]["seats"][0]
    # Kluge (11) joins only 12 and 23, never a start world
    r = send(client, table, seat, {"type": "Jump", "to": 11, "kind": "regular"})
    assert r.status_code == 422 and "Regular Jumps" in r.json()["detail"]["message"]
    assert view(client, table, table["spectator"]["token"])["seq"] == spectator["seq"]
    bad = send(client, table, seat, {"type": "Teleport"})
    assert bad.status_code in (400, 422)


def test_bad_options_are_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"ruleset": "star-traders", "seats": 2,
                                         "options": {"speed": 2}})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"ruleset": "star-traders", "seats": 7})
    assert r.status_code == 422


def test_bot_seats_play_star_traders(client: TestClient) -> None:
    table = _table(client, seats=2, bots=[1])
    for _ in range(40):
        spectator = view(client, table, table["spectator"]["token"])
        if spectator["pending"] is None:
            break
        seat = spectator["pending"]["seats"][0]
        if seat == 1:
            continue  # the bot plays (bot delay 0): wait for it
        legal = view(client, table, table["seats"][0]["token"])["legal"]
        calm = [a for a in legal if a["type"] in ("EndMovement", "SkipAction", "Draw",
                                                  "EndTurn", "AcceptRoll", "PayPetition")]
        assert send(client, table, 0, (calm or legal)[0]).status_code in (200, 409)
    log = client.get(f"/api/tables/{table['table_id']}/log",
                     headers=h(table["spectator"]["token"])).json()["events"]
    started = {e["data"]["seat"] for e in log if e.get("type") == "TurnStarted"}
    assert started == {0, 1}


def test_the_galaxy_svg_is_served(client: TestClient) -> None:
    r = client.get("/api/games/star-traders/board.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert 'id="world-66"' in r.text and 'id="line-13-14"' in r.text


def test_no_message_shows_another_seats_cards_or_money(client: TestClient) -> None:
    """The leak oracle for Star Traders: after random play, nothing a seat received (views,
    the log) names a card another seat still holds, unless it saw it by right (a discard,
    Telzey's look, an offer its holder made to it); no view shows another seat's
    Stellors."""
    table = _table(client, seats=3)
    play_at_random(client, table, 80, random.Random(11), _stays)
    views = {s: view(client, table, table["seats"][s]["token"]) for s in range(3)}
    hands = {s: set(views[s]["view"]["players"][s]["hand"]) for s in range(3)}
    discard = set(views[0]["view"]["luck_discard"])
    for seat in range(3):
        log = client.get(f"/api/tables/{table['table_id']}/log",
                         headers=h(table["seats"][seat]["token"])).json()["events"]
        seen = {card for e in log if e.get("type") == "CardsSeen" and "data" in e
                for card in e["data"]["cards"]}
        # a card offered in a deal is shown by its holder to the other party (Trades)
        seen |= {card for e in log if e.get("type") == "DealOffered" and "data" in e
                 for side in ("give", "get") for card in e["data"][side]["cards"]}
        text = json.dumps([views[seat], log])
        for other in range(3):
            if other == seat:
                continue
            for card in hands[other] - discard - seen:
                assert f'"{card}"' not in text, (seat, card)
            assert "stellors" not in views[seat]["view"]["players"][other]


def test_a_table_without_personalities_keeps_its_option(client: TestClient) -> None:
    """Setting Up 4: ``personalities: "none"`` is a table option, not a seat's choice: the
    table keeps it, the lobby offers no personality, and nobody has one in the game."""
    table = _table(client, seats=3, personalities="none")
    lobby = client.get(f"/api/tables/{table['table_id']}",
                       headers=h(table["host"]["token"])).json()
    assert lobby["options"] == {"personalities": "none"}
    assert lobby["choices"] == []
    players = view(client, table, table["spectator"]["token"])["view"]["players"]
    assert [p["personality"] for p in players] == [None, None, None]


def test_a_per_seat_personality_list_is_the_lobbys_business(client: TestClient) -> None:
    """The per-seat list of the choice option comes from the lobby's choices at the start; a
    list sent when creating the table is not kept (the seats choose)."""
    table = _table(client, seats=2, choices={0: "hero"},
                   personalities=["engineer", "psychic"])
    lobby = client.get(f"/api/tables/{table['table_id']}",
                       headers=h(table["host"]["token"])).json()
    assert "personalities" not in lobby["options"]
    players = view(client, table, table["spectator"]["token"])["view"]["players"]
    assert players[0]["personality"] == "hero"
    assert players[1]["personality"] in PERSONALITIES


def test_a_reaction_windows_countdown_passes_for_the_silent_seats(client: TestClient) -> None:
    """Table option ``reaction_timer``: the view says when the window closes; when the
    countdown runs out every seat that has not answered passes -- the same public event as a
    chosen pass -- and the next window has a clock of its own."""
    import time
    from datetime import datetime

    table = _table(client, seats=3, personalities="none", reaction_timer=5)
    for seat in range(3):  # everyone wants to be asked: the windows wait for answers
        assert send(client, table, seat, {"type": "SetReactionPolicy",
                                           "policy": "ask"}).status_code == 200
    spectator = view(client, table, table["spectator"]["token"])
    mover = spectator["pending"]["seats"][0]
    legal = view(client, table, table["seats"][mover]["token"])["legal"]
    jump = next(a for a in legal if a["type"] == "Jump" and a["kind"] == "regular")
    asked = time.time()
    assert send(client, table, mover, jump).status_code == 200
    first = view(client, table, table["seats"][mover]["token"])
    assert first["pending"]["prompt"] == "quarantine"
    clock = first["countdown"]
    assert clock["seconds"] == 5
    closes = datetime.fromisoformat(clock["closes_at"]).timestamp()
    assert asked + 3 < closes < time.time() + 5.5
    assert first["view"]["reaction_timer"] == 5
    # wait for the window to close (the event), however long a loaded machine makes it
    for _ in range(480):
        now = view(client, table, table["spectator"]["token"])
        if now["countdown"] is None or now["countdown"]["opened"] != clock["opened"]:
            break
        time.sleep(0.25)
    else:
        raise AssertionError("the countdown never ran out")
    assert time.time() >= closes - 0.5  # not before its time
    log = client.get(f"/api/tables/{table['table_id']}/log",
                     headers=h(table["seats"][(mover + 1) % 3]["token"])).json()["events"]
    after = [e for e in log if e["seq"] > clock["opened"]]
    passed = [e["data"]["seat"] for e in after if e.get("type") == "ReactionPassed"]
    assert sorted(passed[:3]) == [0, 1, 2]  # the quarantine interval closed by silence
    assert any(e.get("type") == "WindowClosed" and e["data"]["kind"] == "quarantine"
               for e in after)
    later = view(client, table, table["spectator"]["token"])
    if later["countdown"] is not None:  # the roll's Zap/Reroll interval: its own clock
        assert later["countdown"]["opened"] > clock["opened"]


def test_a_reaction_timer_below_five_seconds_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"ruleset": "star-traders", "seats": 2,
                                         "options": {"reaction_timer": 2}})
    assert r.status_code == 422 and "reaction_timer" in r.text


def test_a_reloaded_game_keeps_its_windows_deadline(client: TestClient) -> None:
    """After a restart (the game evicted from memory and loaded again) the countdown runs
    from the time the window opened, read from the log, not from the reload."""
    import time

    table = _table(client, seats=2, personalities="none", reaction_timer=60)
    for seat in range(2):
        send(client, table, seat, {"type": "SetReactionPolicy", "policy": "ask"})
    mover = view(client, table, table["spectator"]["token"])["pending"]["seats"][0]
    legal = view(client, table, table["seats"][mover]["token"])["legal"]
    send(client, table, mover, next(a for a in legal if a["type"] == "Jump"))
    before = view(client, table, table["spectator"]["token"])["countdown"]
    service_of(client).evict(table["table_id"])
    time.sleep(1.2)
    after = None
    for _ in range(40):  # the reload reads the opening time from the log
        after = view(client, table, table["spectator"]["token"])["countdown"]
        if after is not None:
            break
        time.sleep(0.05)
    assert after is not None and after["opened"] == before["opened"]
    from datetime import datetime

    drift = abs(datetime.fromisoformat(after["closes_at"]).timestamp()
                - datetime.fromisoformat(before["closes_at"]).timestamp())
    assert drift < 1.0  # not restarted at the reload, 1.2 s later


def _post(client: TestClient, table: dict[str, Any], seat: int, seq: int,
          command: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table['table_id']}/commands",
                       headers=h(table["seats"][seat]["token"]),
                       json={"seq": seq, "client_id": uuid.uuid4().hex, "command": command})


def _window_asking_all(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Every seat's policy ``ask``, then random play until a reaction window asks every seat
    at once; answer the spectator's view then."""
    for seat in range(3):
        r = send(client, table, seat, {"type": "SetReactionPolicy", "policy": "ask"})
        assert r.status_code == 200, r.text
    rng = random.Random(5)
    for _ in range(80):
        spectator = view(client, table, table["spectator"]["token"])
        if len(spectator["pending"]["seats"]) == 3:
            return spectator
        seat = spectator["pending"]["seats"][0]
        legal = [a for a in view(client, table, table["seats"][seat]["token"])["legal"]
                 if _stays(a) and a["type"] not in ("SetReactionPolicy", "OfferDeal")]
        assert send(client, table, seat, rng.choice(legal)).status_code == 200
    raise AssertionError("no window asked every seat")


def test_answers_made_at_once_in_a_window_are_all_played(client: TestClient) -> None:
    """A reaction window asks every seat at once (docs/star-traders.md, "Reaction windows"):
    two seats that pass against the same position are both played, the second as if made
    after the first (``GameDefinition.concurrent_answers``); a command made before anything
    else (the window closing) is still refused as stale, 409 with the current seq."""
    table = _table(client, reaction_timer=0)
    spectator = _window_asking_all(client, table)
    seq = spectator["seq"]
    first, second, third = spectator["pending"]["seats"]
    assert _post(client, table, first, seq, {"type": "PassReaction"}).status_code == 200
    late = _post(client, table, second, seq, {"type": "PassReaction"})
    assert late.status_code == 200, late.text
    assert view(client, table, table["spectator"]["token"])["pending"]["seats"] == [third]
    assert _post(client, table, third, seq, {"type": "PassReaction"}).status_code == 200
    # the window closed and the game went on: a command from before it is stale
    head = view(client, table, table["spectator"]["token"])["seq"]
    stale = _post(client, table, first, seq, {"type": "PassReaction"})
    assert stale.status_code == 409 and stale.json()["detail"]["seq"] == head
    log = client.get(f"/api/tables/{table['table_id']}/log",
                     headers=h(table["seats"][0]["token"])).json()
    assert [e["seq"] for e in log["events"]] == list(range(1, log["seq"] + 1))
