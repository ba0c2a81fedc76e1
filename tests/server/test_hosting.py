"""What a host meets behind the scenes, in process: the Origin is this server with its own
scheme, logging out needs it too, the hosts the server answers to (HTTP and websockets), the
cookie ``Secure`` when the public URL is https, no invisible or text-direction characters in
names and chat, a scenario's cash a number, and the one address policy for alerts
(``server/addresses.py``) at registration: a 422 that says why (docs/operations.md, "What the
server protects" and "Alerts")."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server import addresses
from server.app import create_app

from .conftest import settings_for
from .helpers import h, open_table

BIDI_AND_INVISIBLE = ["\u202e", "\u202a", "\u2066", "\u2069", "\u200b", "\u200d", "\u200f",
                      "\ufeff"]


def _refused(r: Any, field: str, words: str) -> None:
    assert r.status_code == 422, (r.status_code, r.text)
    message = r.json()["detail"]["message"]
    assert message.startswith(f"body.{field}") and words in message, message


# --- the Origin check --------------------------------------------------------------------

def test_an_origin_with_another_scheme_is_another_site(client: TestClient) -> None:
    """``https://testserver`` is not the origin of this http server (the scheme counts)."""
    table = open_table(client)
    tid, token = table["table_id"], table["seats"][0]["token"]
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "hi"},
                    headers={**h(token), "origin": "https://testserver"})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "origin"
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "hi"},
                    headers={**h(token), "origin": "http://testserver"})
    assert r.status_code == 201
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/api/tables/{tid}/ws", headers={"origin": "https://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": token})
        ws.receive_json()


def test_logging_out_is_refused_to_another_site(client: TestClient) -> None:
    """``DELETE .../session`` checks the Origin like every other change: another site cannot
    log a player out of his table."""
    table = open_table(client)
    tid = table["table_id"]
    r = client.post(f"/api/tables/{tid}/session", json={"token": table["seats"][0]["token"]})
    assert r.status_code == 200
    r = client.delete(f"/api/tables/{tid}/session", headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert client.get(f"/api/tables/{tid}/me").status_code == 200  # still logged in
    r = client.delete(f"/api/tables/{tid}/session", headers={"origin": "http://testserver"})
    assert r.status_code == 200 and "sp_seat" in r.headers["set-cookie"]


# --- hosts and the cookie ----------------------------------------------------------------

def test_a_public_https_url_makes_the_cookie_secure_and_names_the_hosts(
        db_url: str, tmp_path: Path) -> None:
    """Behind a proxy whose scheme is not believed the request looks like http; the public
    URL says players come over https: the cookie is ``Secure``, the public origin allowed,
    and another ``Host`` refused (400; a websocket before it is accepted)."""
    public = "https://games.example.org"
    settings = settings_for(db_url, tmp_path, public_url=public)
    with TestClient(create_app(settings), base_url="http://games.example.org") as c:
        table = open_table(c)
        tid = table["table_id"]
        r = c.post(f"/api/tables/{tid}/session", json={"token": table["seats"][0]["token"]},
                   headers={"origin": public})
        assert r.status_code == 200 and "Secure" in r.headers["set-cookie"]
        assert c.get("/api/health", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert c.get("/api/health", headers={"host": "[::1]:8000"}).status_code == 200
        r = c.get("/api/health", headers={"host": "evil.example"})
        assert r.status_code == 400
        with pytest.raises(WebSocketDisconnect), c.websocket_connect(
                f"/api/tables/{tid}/ws", headers={"host": "evil.example"}) as ws:
            ws.receive_json()
        with c.websocket_connect(f"/api/tables/{tid}/ws",
                                 headers={"host": "games.example.org"}) as ws:  # its own
            ws.send_json({"type": "hello", "token": table["seats"][0]["token"]})
            assert ws.receive_json()["type"] == "hello"


def test_a_plain_http_server_sets_no_secure_cookie(client: TestClient) -> None:
    table = open_table(client)
    r = client.post(f"/api/tables/{table['table_id']}/session",
                    json={"token": table["seats"][0]["token"]})
    assert "Secure" not in r.headers["set-cookie"]
    assert client.get("/api/health", headers={"host": "anything.example"}).status_code == 200


def test_allowed_hosts_take_wildcards(db_url: str, tmp_path: Path) -> None:
    settings = settings_for(db_url, tmp_path, allowed_hosts=("*.example.org", "testserver"))
    with TestClient(create_app(settings)) as c:
        assert c.get("/api/health").status_code == 200
        assert c.get("/api/health", headers={"host": "a.example.org"}).status_code == 200
        assert c.get("/api/health", headers={"host": "example.net"}).status_code == 400


# --- text -----------------------------------------------------------------------------------

@pytest.mark.parametrize("char", BIDI_AND_INVISIBLE)
def test_names_refuse_invisible_and_text_direction_characters(client: TestClient,
                                                              char: str) -> None:
    """A right-to-left override shows ``evil\u202egnp.exe`` as ``evilexe.png``; a zero-width
    space makes a second "Ann": a 422 naming the field."""
    _refused(client.post("/api/tables", json={"name": f"evil{char}gnp.exe"}), "name",
             "invisible and text-direction characters")
    r = client.post("/api/tables", json={"seats": 2})
    table = r.json()
    r = client.post(f"/api/tables/{table['table_id']}/join", json={"name": f"A{char}nn"},
                    headers=h(table["seats"][0]["token"]))
    _refused(r, "name", "invisible and text-direction characters")


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200b", "\u200e", "\ufeff"])
def test_chat_refuses_invisible_and_text_direction_characters(client: TestClient,
                                                              char: str) -> None:
    table = open_table(client)
    r = client.post(f"/api/tables/{table['table_id']}/chat", json={"text": f"gg{char}wp"},
                    headers=h(table["seats"][0]["token"]))
    _refused(r, "text", "invisible and text-direction characters")


def test_chat_keeps_the_joiners_of_emoji_and_scripts(client: TestClient) -> None:
    """The zero-width joiner and non-joiner move nothing: an astronaut (woman + ZWJ +
    rocket) and Persian's half-space stay allowed in chat."""
    table = open_table(client)
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645"  # "I want", with a half-space
    for text in ("\U0001f469\u200d\U0001f680 to Venus", persian):
        r = client.post(f"/api/tables/{table['table_id']}/chat", json={"text": text},
                        headers=h(table["seats"][0]["token"]))
        assert r.status_code == 201 and r.json()["text"] == text


# --- the sandbox ----------------------------------------------------------------------------

@pytest.mark.parametrize("cash", ["100", True, 12.0])
def test_a_scenario_cash_must_be_a_number(client: TestClient, cash: object) -> None:
    """``players[].cash`` is strict: "100", true or 12.0 are not read as numbers."""
    r = client.post("/api/games/venus/sandbox",
                    json={"scenario": {"players": [{"name": "Ann", "cash": cash}]}})
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["message"].startswith("scenario.players.0.cash")
    r = client.post("/api/games/venus/sandbox",
                    json={"scenario": {"players": [{"name": "Ann", "cash": 100}]}})
    assert r.status_code == 200


# --- alert addresses at registration --------------------------------------------------------

def _resolving(monkeypatch: pytest.MonkeyPatch, addr: str) -> None:
    def getaddrinfo(host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        family = socket.AF_INET6 if ":" in addr else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (addr, port or 80))]

    monkeypatch.setattr(addresses.socket, "getaddrinfo", getaddrinfo)


@pytest.mark.parametrize("field, value, words", [
    ("webhook", "http://127.0.0.1:9/hook", "127.0.0.1 is a loopback address"),
    ("webhook", "http://[64:ff9b::a00:1]/hook", "carries 10.0.0.1 (NAT64), a private address"),
    ("webhook", "https://[2002:a9fe:a9fe::1]/hook", "carries 169.254.169.254 (6to4)"),
    ("webhook", "http://[::ffff:100.64.0.1]/hook", "carrier-grade NAT"),
    ("webhook", "http://metadata.internal/hook", "metadata.internal is a name for local use"),
    ("email", "me@[10.0.0.1]", "10.0.0.1 is a private address"),
    ("email", "root@printer.local", "a name for local use"),
])
def test_a_private_alert_address_is_refused_saying_why(client: TestClient, field: str,
                                                       value: str, words: str) -> None:
    """The docs always said private addresses are refused: now at registration too (the
    alerts' settings and the seat's notify endpoint), with the reason."""
    table = open_table(client)
    tid, token = table["table_id"], table["seats"][0]["token"]
    _refused(client.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(token),
                        json={field: value}), field, words)
    _refused(client.post(f"/api/tables/{tid}/seats/0/notify", headers=h(token),
                         json={field: value}), field, words)
    kept = client.get(f"/api/tables/{tid}/seats/0/alerts", headers=h(token)).json()
    assert kept[field] is None


def test_a_name_resolving_to_a_wrapped_loopback_is_refused(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(client)
    tid, token = table["table_id"], table["seats"][0]["token"]
    _resolving(monkeypatch, "64:ff9b::7f00:1")
    _refused(client.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(token),
                        json={"webhook": "https://hooks.example.org/x"}), "webhook",
             "hooks.example.org resolves to 64:ff9b::7f00:1, which carries 127.0.0.1")
    keys = {"p256dh": "B" + "A" * 86, "auth": "A" * 22}
    r = client.post(f"/api/tables/{tid}/seats/0/alerts/push", headers=h(token),
                    json={"endpoint": "https://push.example.org/sub/1", "keys": keys})
    _refused(r, "endpoint", "carries 127.0.0.1")
    _resolving(monkeypatch, "93.184.216.34")  # a public answer: kept
    r = client.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(token),
                   json={"webhook": "https://hooks.example.org/x"})
    assert r.status_code == 200 and r.json()["webhook"] == "https://hooks.example.org/x"
