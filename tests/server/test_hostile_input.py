"""Every integer a client sends is bounded, no control character
reaches the database, and table options must fit the ruleset's option schema. Each is a 422
naming what was wrong, never a 500 (on SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import h, open_table

HUGE = 2**63


def _nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"x": value}
    return value


def _detail(r: Any) -> dict[str, Any]:
    assert r.status_code == 422, (r.status_code, r.text)
    return dict(r.json()["detail"])


@pytest.mark.parametrize("path", ["chat?after={n}", "log?after={n}", "replay?at={n}"])
def test_an_unbounded_integer_in_a_query_is_422(client: TestClient, path: str) -> None:
    """Item 4: ``?after=2^63`` overflowed SQLite and PostgreSQL's bigint (500)."""
    table = open_table(client)
    r = client.get(f"/api/tables/{table['table_id']}/" + path.format(n=HUGE),
                   headers=h(table["spectator"]["token"]))
    assert "less than or equal" in _detail(r)["message"]


def test_an_unbounded_seq_in_a_command_is_422(client: TestClient) -> None:
    table = open_table(client)
    r = client.post(f"/api/tables/{table['table_id']}/commands",
                    headers=h(table["seats"][0]["token"]),
                    json={"seq": HUGE, "client_id": "big", "command": {"type": "EndTurn"}})
    assert _detail(r)["message"].startswith("body.seq")


@pytest.mark.parametrize("field", ["chat_after", "after"])
def test_a_hello_with_an_unbounded_integer_is_refused_politely(client: TestClient,
                                                              field: str) -> None:
    """Item 4: ``chat_after >= 2^63`` killed the sender loop (close 1011)."""
    table = open_table(client)
    with client.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": table["seats"][0]["token"], field: HUGE})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_hello", msg
        assert ws.receive()["code"] == 1008


@pytest.mark.parametrize("field, value", [("webhook", "https://example.org/hook\x00"),
                                          ("email", "me\x00@example.org")])
def test_a_nul_byte_in_a_notice_address_is_422(client: TestClient, field: str,
                                               value: str) -> None:
    """Item 5: a NUL in a webhook or e-mail address gave 500 on PostgreSQL."""
    table = open_table(client)
    r = client.post(f"/api/tables/{table['table_id']}/seats/0/notify",
                    headers=h(table["seats"][0]["token"]), json={field: value})
    detail = _detail(r)
    assert detail["message"].startswith(f"body.{field}")
    assert "control characters" in detail["message"]


def test_a_newline_in_a_table_name_is_422(client: TestClient) -> None:
    """Item 5: a newline in a table name broke the e-mail notices' subject line."""
    r = client.post("/api/tables", json={"name": "Game\nBcc: everyone@example.org"})
    detail = _detail(r)
    assert detail["message"].startswith("body.name") and "line breaks" in detail["message"]


def test_a_newline_in_a_player_name_is_422(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": 2})
    table = r.json()
    r = client.post(f"/api/tables/{table['table_id']}/join", json={"name": "Ann\r\nX"},
                    headers=h(table["seats"][0]["token"]))
    assert _detail(r)["message"].startswith("body.name")


def test_chat_refuses_control_characters_but_keeps_newlines(client: TestClient) -> None:
    table = open_table(client)
    url = f"/api/tables/{table['table_id']}/chat"
    token = table["seats"][0]["token"]
    assert _detail(client.post(url, headers=h(token), json={"text": "hi\x00there"}))
    r = client.post(url, headers=h(token), json={"text": "two\nlines"})
    assert r.status_code == 201 and r.json()["text"] == "two\nlines"


@pytest.mark.parametrize("ruleset, options, named", [
    ("venus", {"edition": "avalon-hill", "deep": _nested(500)}, "options.deep"),
    ("venus", {"combat": _nested(500)}, "options.combat"),
    ("star-traders", {"advanced": _nested(500)}, "options.advanced"),
])
def test_options_nested_500_deep_are_refused_at_creation(
        client: TestClient, ruleset: str, options: dict[str, Any], named: str) -> None:
    """Item 7: accepted (201), then every lobby answer for the table was a 500."""
    r = client.post("/api/tables", json={"ruleset": ruleset, "options": options, "seats": 2})
    detail = _detail(r)
    assert detail["rule"] == "options" and named in detail["message"], detail


@pytest.mark.parametrize("options, named", [
    ({"game_length": "2000"}, "options.game_length"),
    ({"combat": "yes"}, "options.combat"),
    ({"edition": ["avalon-hill"]}, "options.edition"),
    ({"colour": "red"}, "options.colour"),
])
def test_options_outside_the_schema_are_named(client: TestClient, options: dict[str, Any],
                                              named: str) -> None:
    detail = _detail(client.post("/api/tables", json={"options": options}))
    assert named in detail["message"]


def test_options_of_the_schema_still_open_a_table(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": 2, "options": {
        "edition": "avalon-hill", "game_length": 1000, "combat": True, "rastur": True,
        "small_bank": True}})
    assert r.status_code == 201, r.text
