"""Tables, seats and commands through the HTTP API, on SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from pathlib import Path

from fastapi.testclient import TestClient

from server.app import create_app

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, play, view


def test_create_join_start_and_play_a_few_turns(client: TestClient) -> None:
    table = open_table(client, seats=3)
    tid = table["table_id"]
    lobby = client.get(f"/api/tables/{tid}", headers=h(table["host"]["token"])).json()
    assert lobby["status"] == "playing" and [s["name"] for s in lobby["seats"]] == [
        "P0", "P1", "P2"]
    replies = play(client, table, 25)
    seqs = [r["seq"] for r in replies]
    assert seqs == sorted(seqs) and all(r["first_seq"] <= r["seq"] for r in replies)
    log = client.get(f"/api/tables/{tid}/log", headers=h(table["seats"][0]["token"])).json()
    assert [e["seq"] for e in log["events"]] == list(range(1, log["seq"] + 1))
    assert log["seq"] == seqs[-1]


def test_lobby_choice_is_used_and_taken_choices_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": 2}).json()
    tid, s0, s1 = r["table_id"], r["seats"][0]["token"], r["seats"][1]["token"]
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Ann", "choice": "dell"},
                       headers=h(s0)).status_code == 200
    taken = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "choice": "dell"},
                        headers=h(s1))
    assert taken.status_code == 409
    assert client.post(f"/api/tables/{tid}/start", headers=h(r["host"]["token"])).status_code \
        == 409  # seat 1 has not joined
    client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}, headers=h(s1))
    assert client.post(f"/api/tables/{tid}/start", headers=h(s0)).status_code == 403  # not host
    client.post(f"/api/tables/{tid}/start", headers=h(r["host"]["token"]))
    players = view(client, r, s0)["view"]["players"]
    assert players[0]["race"] == "dell" and players[1]["race"] not in (None, "dell")


def test_a_resent_client_id_is_applied_once(client: TestClient) -> None:
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    body = {"seq": v["seq"], "client_id": "cmd-1", "command": v["legal"][0]}
    first = client.post(f"/api/tables/{table['table_id']}/commands", json=body, headers=h(token))
    again = client.post(f"/api/tables/{table['table_id']}/commands", json=body, headers=h(token))
    assert first.status_code == again.status_code == 200
    assert again.json()["duplicate"] is True
    assert again.json()["seq"] == first.json()["seq"]
    assert view(client, table, token)["seq"] == first.json()["seq"]  # not applied twice


def test_a_stale_seq_gets_409_with_the_current_seq(client: TestClient) -> None:
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    heading = next(a for a in v["legal"] if a["type"] == "DeclareHeading")
    url = f"/api/tables/{table['table_id']}/commands"
    ok = client.post(url, headers=h(token),
                     json={"seq": v["seq"], "client_id": "a", "command": heading})
    assert ok.status_code == 200
    stale = client.post(url, headers=h(token),
                        json={"seq": v["seq"], "client_id": "b", "command": {"type": "RollDice"}})
    assert stale.status_code == 409
    assert stale.json()["detail"]["seq"] == ok.json()["seq"]


def test_a_rule_error_is_422_naming_the_rule(client: TestClient) -> None:
    table = open_table(client)
    seat = acting_seat(client, table)
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    r = client.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                    json={"seq": v["seq"], "client_id": "x",
                          "command": {"type": "DeclareHeading", "dot": "no-such-dot"}})
    assert r.status_code == 422
    assert r.json()["detail"]["code"] == "rule" and r.json()["detail"]["rule"].startswith("5.31")
    assert view(client, table, token)["seq"] == v["seq"]  # nothing written


def test_a_seat_token_acts_only_for_its_seat(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    seat = acting_seat(client, table)
    other = table["seats"][1 - seat]["token"]
    v = view(client, table, table["seats"][seat]["token"])
    r = client.post(f"/api/tables/{tid}/commands", headers=h(other),
                    json={"seq": v["seq"], "client_id": "x", "command": v["legal"][0]})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "not_your_turn"
    r = client.post(f"/api/tables/{tid}/seats/{seat}/notify", headers=h(other),
                    json={"webhook": "https://example.org/hook"})
    assert r.status_code == 403
    # a spectator or the host cannot command; tokens of another table do nothing here
    for token in (table["spectator"]["token"], table["host"]["token"]):
        r = client.post(f"/api/tables/{tid}/commands", headers=h(token),
                        json={"seq": v["seq"], "client_id": "y", "command": v["legal"][0]})
        assert r.status_code == 403
    elsewhere = open_table(client)
    r = client.post(f"/api/tables/{tid}/commands", headers=h(elsewhere["seats"][seat]["token"]),
                    json={"seq": v["seq"], "client_id": "z", "command": v["legal"][0]})
    assert r.status_code == 401
    assert client.get(f"/api/tables/{tid}/view").status_code == 401


def test_host_reissues_a_seat_link_and_the_old_one_stops_working(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    old = table["seats"][1]["token"]
    r = client.post(f"/api/tables/{tid}/seats/1/link", headers=h(table["host"]["token"]))
    assert r.status_code == 200
    new = r.json()["token"]
    assert r.json()["url"].endswith(f"/t/{tid}#{new}")
    assert client.get(f"/api/tables/{tid}/view", headers=h(old)).status_code == 401
    assert client.get(f"/api/tables/{tid}/view", headers=h(new)).json()["viewer"] == 1


def test_host_replaces_an_absent_player_by_a_bot(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    seat = acting_seat(client, table)
    r = client.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"bot": True},
                    headers=h(table["host"]["token"]))
    assert r.json()["seats"][seat]["bot"] is True
    import time

    deadline = time.monotonic() + 10
    while acting_seat(client, table) == seat and time.monotonic() < deadline:
        time.sleep(0.05)
    assert acting_seat(client, table) != seat  # the bot finished that turn


def test_bot_seats_are_played_by_the_server(client: TestClient) -> None:
    table = open_table(client, seats=2, bots=[0, 1])
    import time

    deadline = time.monotonic() + 10
    while view(client, table, table["spectator"]["token"])["seq"] < 40:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_export_only_when_finished_then_import_replays(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    play(client, table, 10)
    seat0 = h(table["seats"][0]["token"])
    assert client.get(f"/api/tables/{tid}/export", headers=seat0).status_code == 409
    assert client.post(f"/api/tables/{tid}/end", headers=seat0).status_code == 403
    assert client.post(f"/api/tables/{tid}/end", headers=h(table["host"]["token"])).json()[
        "status"] == "abandoned"
    doc = client.get(f"/api/tables/{tid}/export", headers=seat0).json()
    secret = next(e for e in doc["events"] if e["type"] == "IOUsPlaced")
    assert secret["data"]["iou_at"]  # every secret shown once the game is over
    r = client.post("/api/replays", json=doc)
    assert r.status_code == 201, r.text
    replay = r.json()
    log = client.get(f"/api/tables/{replay['table_id']}/log",
                     headers=h(replay["spectator"]["token"])).json()
    assert log["full"] and log["events"] == doc["events"]
    broken = {**doc, "events": doc["events"][:3] + doc["events"][4:]}
    assert client.post("/api/replays", json=broken).status_code == 422


def test_chat_is_plain_text_escaped_and_length_limited(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "<b>hi</b> & bye"},
                    headers=h(table["seats"][0]["token"]))
    assert r.status_code == 201
    assert r.json()["html"] == "&lt;b&gt;hi&lt;/b&gt; &amp; bye"
    assert client.post(f"/api/tables/{tid}/chat", json={"text": "x" * 501},
                       headers=h(table["seats"][0]["token"])).status_code == 422
    assert client.post(f"/api/tables/{tid}/chat", json={"text": "hello"},
                       headers=h(table["spectator"]["token"])).status_code == 403
    log = client.get(f"/api/tables/{tid}/chat", headers=h(table["spectator"]["token"])).json()
    assert [m["name"] for m in log["messages"]] == ["P0"]


def test_bodies_are_capped_and_validated(client: TestClient) -> None:
    r = client.post("/api/tables", content=b'{"name": "' + b"x" * 70_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/tables", json={"seats": 0})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "invalid"
    r = client.post("/api/tables", json={"options": {"edition": "nope"}})
    assert r.status_code == 422 and r.json()["detail"]["rule"] == "options"


def test_cookie_session_and_cross_site_posts(client: TestClient) -> None:
    table = open_table(client)
    tid = table["table_id"]
    r = client.post(f"/api/tables/{tid}/session", json={"token": table["seats"][0]["token"]})
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and f"Path=/api/tables/{tid}" \
        in cookie
    assert client.get(f"/api/tables/{tid}/me").json() == {"table_id": tid, "role": "seat",
                                                          "seat": 0}
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "hi"},
                    headers={"origin": "https://evil.example"})
    assert r.status_code == 403


def test_rate_limits_refuse_a_flood(db_url: str, tmp_path: Path) -> None:
    app = create_app(settings_for(db_url, tmp_path, rate_limits="create=3/minute"))
    with TestClient(app) as c:
        codes = [c.post("/api/tables", json={}).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_restart_loses_nothing_and_snapshots_load(db_url: str, tmp_path: Path) -> None:
    settings = settings_for(db_url, tmp_path, snapshot_every=5)
    with TestClient(create_app(settings)) as c:
        table = open_table(c)
        play(c, table, 30)
        before = view(c, table, table["seats"][0]["token"])
    with TestClient(create_app(settings)) as c:
        after = view(c, table, table["seats"][0]["token"])
        assert after == before
        play(c, table, 3)
    _ = uuid


def test_a_host_who_also_plays_a_seat_stays_host_in_his_own_tab(client: TestClient) -> None:
    """The tab's own link (header) decides who it is before the table's cookies: the creator
    keeps the host tools in one tab while he plays seat 1 in another of the same browser."""
    table = open_table(client)
    tid = table["table_id"]
    seat_token = table["seats"][0]["token"]
    assert client.post(f"/api/tables/{tid}/session", json={"token": seat_token},
                       headers={"origin": "http://testserver"}).status_code == 200
    host = h(table["host"]["token"])
    assert client.get(f"/api/tables/{tid}/me", headers=host).json()["role"] == "host"
    assert client.get(f"/api/tables/{tid}/me").json() == {
        "table_id": tid, "role": "seat", "seat": 0}
