"""A command made against an old seq gets 409 with the current seq,
whatever the rules would say of it in the new state (the seq is checked before ``decide``)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import acting_seat, h, open_table, view


def test_a_second_roll_at_the_same_seq_is_409_not_a_rule_error(client: TestClient) -> None:
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    url = f"/api/tables/{table['table_id']}/commands"
    v = view(client, table, token)
    heading = next(a for a in v["legal"] if a["type"] == "DeclareHeading")
    r = client.post(url, headers=h(token), json={"seq": v["seq"], "client_id": "h",
                                                 "command": heading})
    assert r.status_code == 200, r.text
    at = r.json()["seq"]
    roll = {"type": "RollDice"}
    first = client.post(url, headers=h(token), json={"seq": at, "client_id": "r1",
                                                     "command": roll})
    assert first.status_code == 200, first.text
    # illegal in the new state (5.2: the movement points are rolled once), but the client is
    # behind: it must learn that first
    again = client.post(url, headers=h(token), json={"seq": at, "client_id": "r2",
                                                     "command": roll})
    assert again.status_code == 409, again.text
    assert again.json()["detail"]["seq"] == first.json()["seq"]


def test_a_seq_ahead_of_the_game_is_409_with_the_head(client: TestClient) -> None:
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    r = client.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                    json={"seq": v["seq"] + 5, "client_id": "ahead",
                          "command": {"type": "EndTurn"}})
    assert r.status_code == 409, r.text
    assert r.json()["detail"]["seq"] == v["seq"]
