"""Your-turn alerts on each channel, to receivers on loopback: Web Push to a push
service (encrypted to the browser's keys, signed with the server's VAPID key; subscriptions
the push service no longer knows are forgotten), webhooks in Discord's, Slack's and the plain
JSON format, and e-mail to an SMTP server (aiosmtpd); all from the seat's "send a test" and
from a real wait."""

from __future__ import annotations

import json
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from py_vapid import Vapid

from server import push
from server.addresses import WebhookTarget
from server.app import create_app
from server.config import Settings
from server.notify import Notifier
from server.push import KEY_FILE, b64url, load_keys

from .conftest import settings_for
from .helpers import acting_seat, h
from .receivers import BrowserKeys, Mailbox, push_service, vapid_claims, webhook_receiver

PUBLIC = "https://games.example.org"


@pytest.fixture
def world(db_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    with push_service() as pushes, webhook_receiver() as hooks, Mailbox() as mail:
        settings = settings_for(db_url, tmp_path, webhook_allow_private=True,
                                smtp_host="127.0.0.1", smtp_port=mail.port,
                                smtp_starttls=False, smtp_from="starport@example.org",
                                public_url=PUBLIC, notify_after=0, scheduler_interval=0.2)
        with TestClient(create_app(settings), base_url=PUBLIC) as c:  # its allowed host
            yield {"c": c, "pushes": pushes, "hooks": hooks, "mail": mail,
                   "data": tmp_path / "data"}


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if got := check():
            return got
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s")


def secrets_of(table: dict[str, Any]) -> list[str]:
    return [table["host"]["token"], table["spectator"]["token"],
            *(s["token"] for s in table["seats"])]


def test_send_a_test_on_every_channel(world: dict[str, Any]) -> None:
    c, pushes, hooks, mail = world["c"], world["pushes"], world["hooks"], world["mail"]
    r = c.post("/api/tables", json={"name": "Night <shift>", "seats": 2})
    table = r.json()
    tid, token = table["table_id"], table["seats"][1]["token"]
    c.post(f"/api/tables/{tid}/join", json={"name": "Bea"}, headers=h(token))
    base = f"/api/tables/{tid}/seats/1/alerts"
    browser, dropped = BrowserKeys(), BrowserKeys()
    r = c.post(f"{base}/push", headers=h(token),
               json=browser.subscription(f"{pushes.base}/push/phone"))
    assert r.status_code == 200, r.text
    c.post(f"{base}/push", headers=h(token),
           json=dropped.subscription(f"{pushes.base}/push/old-laptop"))
    pushes.answers["/push/old-laptop"] = 410  # that browser dropped its subscription
    r = c.put(base, headers=h(token), json={
        "webhook": f"{hooks.base}/discord", "webhook_format": "discord",
        "email": "bea@example.org"})
    settings = r.json()
    assert settings["push_devices"] == 2 and settings["email_available"]

    r = c.post(f"{base}/test", headers=h(token))
    assert r.json() == {"push": "sent to 1 of 2 devices", "webhook": "sent (discord)",
                        "email": "sent"}, r.text
    # the push: VAPID-signed by the server's key, encrypted to the browser's keys
    phone = next(p for p in pushes.requests if p["path"] == "/push/phone")
    assert phone["headers"]["content-encoding"] == "aes128gcm"
    assert int(phone["headers"]["ttl"]) > 0
    claims = vapid_claims(phone["headers"]["authorization"])
    assert claims["k"] == settings["push_key"]
    assert claims["aud"] == pushes.base and claims["sub"] == "mailto:starport@example.org"
    payload = browser.decrypt(phone["body"])
    assert payload["test"] is True and payload["link"] == f"{PUBLIC}/t/{tid}"
    assert "Night <shift>" in payload["body"]
    # the push service said 410: that subscription is gone
    assert c.get(base, headers=h(token)).json()["push_devices"] == 1
    # Discord's incoming webhook body
    hook = json.loads(hooks.requests[0]["body"])
    assert hook["allowed_mentions"] == {"parse": []}
    assert hook["content"].startswith("Test: alerts reach this channel for **Night <shift>**")
    # the e-mail
    message = mail.messages[0]
    assert message["to"] == ["bea@example.org"]
    assert "Subject: Starport: a test alert" in message["data"]
    assert "To stop them, or to set quiet hours" in message["body"]
    for text in (hooks.requests[0]["body"].decode(), message["data"], json.dumps(payload)):
        for secret in secrets_of(table):
            assert secret not in text


def test_slack_and_json_webhooks_and_no_channel(world: dict[str, Any]) -> None:
    c, hooks = world["c"], world["hooks"]
    table = c.post("/api/tables", json={"name": "Slackers", "seats": 2}).json()
    tid, token = table["table_id"], table["seats"][0]["token"]
    base = f"/api/tables/{tid}/seats/0/alerts"
    assert c.post(f"{base}/test", headers=h(token)).json() == {
        "push": "off", "webhook": "off", "email": "off"}
    for fmt, path in (("slack", "/slack"), ("json", "/plain")):
        c.put(base, headers=h(token), json={"webhook": hooks.base + path, "webhook_format": fmt})
        assert c.post(f"{base}/test", headers=h(token)).json()["webhook"] == f"sent ({fmt})"
    slack, plain = (json.loads(r["body"]) for r in hooks.requests)
    assert slack == {"text": f"Test: alerts reach this channel for *Slackers* (Player): "
                             f"<{PUBLIC}/t/{tid}|open your seat>"}
    assert plain == {"event": "test", "table": tid, "table_name": "Slackers", "seat": 0,
                     "seq": 0, "link": f"{PUBLIC}/t/{tid}"}
    hooks.answers["/plain"] = 500
    assert c.post(f"{base}/test", headers=h(token)).json()["webhook"] == (
        "failed: it answered 500")


def test_a_waiting_seat_is_alerted_once_on_every_channel(world: dict[str, Any]) -> None:
    """The real thing: the game waits on a seat with no tab open; the sweep alerts it by push,
    webhook and e-mail together, once."""
    c, pushes, hooks, mail = world["c"], world["pushes"], world["hooks"], world["mail"]
    browsers = [BrowserKeys(), BrowserKeys()]
    r = c.post("/api/tables", json={"name": "Async", "seats": 2,
                                    "options": {"edition": "avalon-hill"}})
    table = r.json()
    tid = table["table_id"]
    for seat, link in enumerate(table["seats"]):
        token = link["token"]
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{seat}"}, headers=h(token))
        base = f"/api/tables/{tid}/seats/{seat}/alerts"
        c.post(f"{base}/push", headers=h(token),
               json=browsers[seat].subscription(f"{pushes.base}/push/s{seat}"))
        c.put(base, headers=h(token), json={"webhook": f"{hooks.base}/s{seat}",
                                            "email": f"p{seat}@example.org"})
    c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
    seat = acting_seat(c, table)
    wait_for(lambda: pushes.requests and hooks.requests and mail.messages)
    time.sleep(1.0)  # later sweeps (every 0.2 s) send nothing more for the same wait
    assert [p["path"] for p in pushes.requests] == [f"/push/s{seat}"]
    assert [p["path"] for p in hooks.requests] == [f"/s{seat}"]
    assert len(mail.messages) == 1 and mail.messages[0]["to"] == [f"p{seat}@example.org"]
    payload = browsers[seat].decrypt(pushes.requests[0]["body"])
    assert payload == {"title": "Your turn at Async",
                       "body": f"P{seat}, the game at table “Async” is waiting for you.",
                       "link": f"{PUBLIC}/t/{tid}", "table": tid, "seat": seat,
                       "test": False}


def test_the_vapid_key_is_made_once_and_kept(world: dict[str, Any]) -> None:
    c = world["c"]
    table = c.post("/api/tables", json={"name": "Keys", "seats": 2}).json()
    token = table["seats"][0]["token"]
    url = f"/api/tables/{table['table_id']}/seats/0/alerts"
    key = c.get(url, headers=h(token)).json()["push_key"]
    pem = world["data"] / KEY_FILE
    assert pem.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    assert pem.stat().st_mode & 0o077 == 0  # the owner's alone
    again = load_keys(Settings(data_dir=world["data"]))
    assert again.public_key == key


def test_a_vapid_key_from_the_environment_wins(tmp_path: Path) -> None:
    mine = Vapid()
    mine.generate_keys()
    pem = mine.private_pem().decode()
    keys = load_keys(Settings(data_dir=tmp_path, vapid_private_key=pem,
                              vapid_subject="https://games.example.org"))
    raw = mine.public_key.public_numbers()
    point = b"\x04" + raw.x.to_bytes(32, "big") + raw.y.to_bytes(32, "big")
    assert keys.public_key == b64url(point) and keys.subject == "https://games.example.org"
    assert not (tmp_path / KEY_FILE).exists()


def test_a_data_dir_the_server_cannot_write_turns_push_off(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    service = types.SimpleNamespace(settings=Settings(data_dir=blocker / "data"))
    notifier = Notifier(service)  # type: ignore[arg-type]
    notifier.start()
    assert notifier.keys is None and "cannot keep the VAPID key" in notifier.push_off


def test_a_push_is_encrypted_signed_and_sent_to_the_checked_address(tmp_path: Path) -> None:
    """``push.send`` on its own: the body only the browser's keys open (RFC 8291, aes128gcm),
    the VAPID header naming the push service's origin (RFC 8292), the post to the address the
    guard checked with the name in Host and as the TLS server name; the push service's 404 and
    410 mean the subscription is gone, any other refusal a failure."""
    keys = load_keys(Settings(data_dir=tmp_path, vapid_subject="mailto:ops@example.org"))
    browser = BrowserKeys()
    endpoint = "https://push.example.net/wpush/v2/abc"
    target = WebhookTarget(url="https://93.184.216.34/wpush/v2/abc", host="push.example.net",
                           sni="push.example.net")
    seen: list[httpx.Request] = []
    answer = {"status": 201}

    def service(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(answer["status"])

    transport = httpx.MockTransport(service)
    payload = {"title": "Your turn at Ünïcode", "test": False}
    subscription = browser.subscription(endpoint)
    assert push.send(keys, subscription, payload, target, transport) == "sent"
    request = seen[-1]
    assert request.url.host == "93.184.216.34"
    assert request.headers["host"] == "push.example.net"
    assert request.extensions["sni_hostname"] == "push.example.net"
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.headers["ttl"] == str(push.TTL) and request.headers["urgency"] == "high"
    claims = vapid_claims(request.headers["authorization"])
    assert claims["aud"] == "https://push.example.net" and claims["k"] == keys.public_key
    assert claims["sub"] == "mailto:ops@example.org" and claims["exp"] > time.time()
    assert browser.decrypt(request.content) == payload
    for status, delivery in ((410, "gone"), (404, "gone"), (500, "failed"), (202, "sent")):
        answer["status"] = status
        assert push.send(keys, subscription, payload, target, transport) == delivery
    bad = {**subscription, "keys": {"p256dh": b64url(b"\x04" * 10), "auth": "AAAA"}}
    assert push.send(keys, bad, payload, target, transport) == "failed"


def test_two_pushes_of_one_alert_are_encrypted_apart() -> None:
    """A fresh sender key and salt each message: the same alert never gives the same body."""
    browser = BrowserKeys()
    sub = browser.subscription("https://push.example.net/x")
    bodies = [push.encrypt(sub["keys"], b'{"same": 1}') for _ in range(2)]
    assert bodies[0] != bodies[1]
    assert [browser.decrypt(b) for b in bodies] == [{"same": 1}, {"same": 1}]
