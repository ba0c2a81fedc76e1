"""What the web client needs beyond the view: the game's history (Net Worth per turn, for the
chart), the board as it was after any event (replay), the market of the trading seat, and
the static board data (ships, Equipment, buyers)."""

from __future__ import annotations

import random
import uuid
from typing import Any

from fastapi.testclient import TestClient

from engine.kernel import SPECTATOR, fold
from engine.venus.ruleset import ruleset
from engine.venus.winning import net_worth

from .helpers import acting_seat, h, open_table, play, service_of, view


def test_history_has_every_players_net_worth_at_each_turn_start(client: TestClient) -> None:
    """3.2: Net Worth is public; one point per TurnStarted, in order, for every link."""
    table = open_table(client)
    play(client, table, 60, random.Random(5))
    tid = table["table_id"]
    r = client.get(f"/api/tables/{tid}/history", headers=h(table["spectator"]["token"]))
    assert r.status_code == 200, r.text
    body = r.json()
    log = client.get(f"/api/tables/{tid}/log", headers=h(table["spectator"]["token"])).json()
    starts = [e["seq"] for e in log["events"] if e["type"] == "TurnStarted"]
    assert [p["seq"] for p in body["points"]] == starts
    service = service_of(client)
    events = service.entries[tid].game.events
    for point in body["points"]:
        state = fold(ruleset, events[:point["seq"]])
        assert point["scores"] == [net_worth(state, s) for s in range(2)]
        assert state.turn is not None
        assert point["round"] == state.round and point["seat"] == state.turn.seat
    assert client.get(f"/api/tables/{tid}/history").status_code == 401


def test_replay_frames_are_the_views_as_that_link_saw_them(client: TestClient) -> None:
    """The board after event n, redacted for the asking link exactly like the view was then."""
    table = open_table(client)
    play(client, table, 40, random.Random(9))
    tid = table["table_id"]
    service = service_of(client)
    events = service.entries[tid].game.events
    for token, viewer in ((table["seats"][0]["token"], 0), (table["seats"][1]["token"], 1),
                          (table["spectator"]["token"], SPECTATOR)):
        r = client.get(f"/api/tables/{tid}/replay?at=12&count=5", headers=h(token))
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["seq"] == len(events)
        assert [f["seq"] for f in body["frames"]] == [12, 13, 14, 15, 16]
        for f in body["frames"]:
            assert f["view"] == _json(ruleset.view(fold(ruleset, events[:f["seq"]]), viewer))
    far = client.get(f"/api/tables/{tid}/replay?at=9999", headers=h(table["seats"][0]["token"]))
    assert far.status_code == 404
    # setup states between two setup events have no board: they are skipped, not an error
    early = client.get(f"/api/tables/{tid}/replay?at=0&count=12",
                       headers=h(table["spectator"]["token"]))
    assert early.status_code == 200 and early.json()["frames"]


def _json(d: Any) -> Any:
    import json

    return json.loads(json.dumps(d))


def _trading_at_the_base(client: TestClient) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A new table whose first seat stays put at the Galactic Base (its market opens): the
    table, that seat and its view."""
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    client.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                json={"seq": v["seq"], "client_id": uuid.uuid4().hex,
                      "command": {"type": "StayPut"}})
    return table, seat, view(client, table, token)


def test_the_trading_seat_gets_its_market_in_numbers(client: TestClient) -> None:
    """9.2, 9.31, 9.32, 9.41: prices, payoffs with Demand bonuses, barter values, the City
    limit; only for the seat trading now."""
    table, seat, v = _trading_at_the_base(client)
    market = v["extras"]["market"]
    assert market["culture"] == "base" and market["dot"] == "galactic-base"
    assert market["sells"]["ship:clipper"] > 0  # the Tinkerers sell every other ship
    assert market["barter"] == {"ship:scout": market["barter"]["ship:scout"]}
    assert {"limited", "bought", "sold", "credit", "buys", "fares", "demands"} <= set(market)
    other = view(client, table, table["seats"][1 - seat]["token"])
    assert other["extras"] == {}


def test_the_market_says_why_an_item_cannot_be_bought(client: TestClient) -> None:
    """A disabled button says why: every item on sale without a legal Buy has the
    engine's reason, naming its rule (12.4.1: the Freighter costs more than the stake and the
    Scout's trade-in at the start); a buyable one has none."""
    table, seat, v = _trading_at_the_base(client)
    market = v["extras"]["market"]
    buyable = {c["item"] for c in v["legal"] if c["type"] == "Buy"}
    assert set(market["why"]).isdisjoint(buyable)
    assert set(market["why"]) | buyable == set(market["sells"])
    funds = v["view"]["players"][seat]["cash"] + market["barter"]["ship:scout"]  # 3.4
    assert market["sells"]["ship:freighter"] > funds
    assert market["why"]["ship:freighter"] == {
        "rule": "12.4.1 no credit",
        "message": f"ship:freighter costs {market['sells']['ship:freighter']}; you have {funds}"}


def test_board_data_names_ships_equipment_and_buyers(client: TestClient) -> None:
    data = client.get("/api/games/venus/data?edition=avalon-hill").json()
    assert data["ships"]["scout"]["holds"] >= 1 and data["ships"]["freighter"]["dice"] >= 1
    assert data["equipment"]["shield"]["hull"] >= 1
    assert all(c["buyers"] and c["payoff"] > c["cost"] for c in data["cultures"].values())


def test_a_rastur_win_ends_the_table_without_a_winner_seat(client: TestClient) -> None:
    """16.5: the draw that empties the Active pool ends the game with ``GameWon`` ``seat:
    null``; the table is over, its view, history, log and replay answer, no seat wins. The
    pool is cut to one Rastur in memory (tables take no scenario), so the first movement "1"
    of the random play draws the last one."""
    table = open_table(client, rastur=True)
    tid = table["table_id"]
    service = service_of(client)
    state = service.entries[tid].game.state
    assert state.options.get("combat") and len(state.rastur_pool) > 1
    state.rastur_pool = state.rastur_pool[:1]
    rng = random.Random(3)
    for _ in range(600):
        if view(client, table, table["spectator"]["token"])["view"]["stage"] == "over":
            break
        play(client, table, 1, rng)
    spectator = h(table["spectator"]["token"])
    v = view(client, table, table["spectator"]["token"])
    assert v["view"]["stage"] == "over" and v["view"]["winner"] is None
    assert v["view"]["rastur_pool"] == 0 and v["pending"] is None and v["legal"] == []
    assert client.get(f"/api/tables/{tid}", headers=spectator).json()["status"] == "over"
    log = client.get(f"/api/tables/{tid}/log?after=0", headers=spectator).json()["events"]
    won = [e for e in log if e["type"] == "GameWon"]
    assert len(won) == 1 and won[0]["data"]["seat"] is None
    assert won[0]["data"]["reason"] == "rastur" and log[-1] == won[0]
    hist = client.get(f"/api/tables/{tid}/history", headers=spectator)
    assert hist.status_code == 200, hist.text
    last = hist.json()["points"][-1]
    assert last["seq"] == won[0]["seq"] and last["seat"] is None and len(last["scores"]) == 2
    for link in table["seats"]:  # the seats see the end too, and may not play on
        seat_view = view(client, table, link["token"])
        assert seat_view["view"]["stage"] == "over" and seat_view["legal"] == []
    frame = client.get(f"/api/tables/{tid}/replay?at={won[0]['seq']}&count=1", headers=spectator)
    assert frame.status_code == 200, frame.text
