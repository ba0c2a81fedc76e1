"""Every alert's link is absolute (``docs/operations.md``, "Alerts"): Discord, Slack, a mail
reader and a push notification open it from outside the site, where ``/t/<id>`` means
nothing. Under ``STARPORT_PUBLIC_URL`` when it is set; else under the address the seat's
request came to -- that of the test's own request, and for a real wait the one kept when the
seat set up its channel (``seats.alert_base``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.app import create_app

from .conftest import settings_for
from .helpers import acting_seat, h
from .receivers import BrowserKeys, Mailbox, push_service, webhook_receiver

SEEN_AT = "http://games.lan:8000"  # the address the players' requests come to


@pytest.fixture
def world(db_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A server with no public URL, alerting a seat at once, reached at ``SEEN_AT``."""
    with push_service() as pushes, webhook_receiver() as hooks, Mailbox() as mail:
        settings = settings_for(db_url, tmp_path, webhook_allow_private=True,
                                smtp_host="127.0.0.1", smtp_port=mail.port,
                                smtp_starttls=False, smtp_from="starport@example.org",
                                notify_after=0, scheduler_interval=0.2)
        assert settings.public_url == ""
        with TestClient(create_app(settings), base_url=SEEN_AT) as c:
            yield {"c": c, "pushes": pushes, "hooks": hooks, "mail": mail}


def _wait_for(check: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if got := check():
            return got
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s")


def test_a_test_alert_links_to_the_address_its_request_came_to(
        world: dict[str, Any]) -> None:
    """The test sent from a request: its webhook body, Discord's message, the push and the
    e-mail each carry ``http://games.lan:8000/t/<id>``, never ``/t/<id>``."""
    c, hooks, pushes, mail = world["c"], world["hooks"], world["pushes"], world["mail"]
    table = c.post("/api/tables", json={"name": "Far away", "seats": 2}).json()
    tid, token = table["table_id"], table["seats"][0]["token"]
    base = f"/api/tables/{tid}/seats/0/alerts"
    browser = BrowserKeys()
    assert c.post(f"{base}/push", headers=h(token),
                  json=browser.subscription(f"{pushes.base}/push/p")).status_code == 200
    assert c.put(base, headers=h(token), json={
        "webhook": f"{hooks.base}/plain", "webhook_format": "json",
        "email": "far@example.org"}).status_code == 200
    link = f"{SEEN_AT}/t/{tid}"
    assert c.post(f"{base}/test", headers=h(token)).json() == {
        "push": "sent", "webhook": "sent (json)", "email": "sent"}
    assert json.loads(hooks.requests[0]["body"])["link"] == link
    assert browser.decrypt(pushes.requests[0]["body"])["link"] == link
    assert f"Open your seat to play: {link}" not in mail.messages[0]["body"]  # a test's words
    c.put(base, headers=h(token), json={"webhook": f"{hooks.base}/discord",
                                        "webhook_format": "discord"})
    assert c.post(f"{base}/test", params={"channel": "webhook"},
                  headers=h(token)).json() == {"webhook": "sent (discord)"}
    assert f"]({link})" in json.loads(hooks.requests[-1]["body"])["content"]


def test_a_real_alert_links_to_the_address_kept_with_the_channel(
        world: dict[str, Any]) -> None:
    """No request asks for a real alert: its link is under the address the seat's request
    came to when it set up its webhook, e-mail or push (``seats.alert_base``)."""
    c, hooks, pushes, mail = world["c"], world["hooks"], world["pushes"], world["mail"]
    browsers = [BrowserKeys(), BrowserKeys()]
    table = c.post("/api/tables", json={"name": "Slow game", "seats": 2,
                                        "options": {"edition": "avalon-hill"}}).json()
    tid = table["table_id"]
    for seat, link in enumerate(table["seats"]):
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{seat}"}, headers=h(link["token"]))
        base = f"/api/tables/{tid}/seats/{seat}/alerts"
        c.post(f"{base}/push", headers=h(link["token"]),
               json=browsers[seat].subscription(f"{pushes.base}/push/s{seat}"))
        c.put(base, headers=h(link["token"]), json={"webhook": f"{hooks.base}/s{seat}",
                                                    "email": f"p{seat}@example.org"})
    c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
    seat = acting_seat(c, table)
    _wait_for(lambda: pushes.requests and hooks.requests and mail.messages)
    link = f"{SEEN_AT}/t/{tid}"
    assert json.loads(hooks.requests[0]["body"])["link"] == link
    assert browsers[seat].decrypt(pushes.requests[0]["body"])["link"] == link
    assert f"Open your seat to play: {link}" in mail.messages[0]["body"]


def test_the_public_url_wins(db_url: str, tmp_path: Path) -> None:
    """``STARPORT_PUBLIC_URL`` set: every link is under it, whatever the request's host."""
    with webhook_receiver() as hooks:
        settings = settings_for(db_url, tmp_path, webhook_allow_private=True,
                                public_url="https://games.example.org")
        with TestClient(create_app(settings), base_url="http://localhost:8000") as c:
            table = c.post("/api/tables", json={"name": "Public", "seats": 2}).json()
            tid, token = table["table_id"], table["seats"][1]["token"]
            base = f"/api/tables/{tid}/seats/1/alerts"
            c.put(base, headers=h(token), json={"webhook": f"{hooks.base}/j",
                                                "webhook_format": "json"})
            c.post(f"{base}/test", headers=h(token))
    assert json.loads(hooks.requests[0]["body"])["link"] == (
        f"https://games.example.org/t/{tid}")


def test_a_webhook_that_fails_says_why(world: dict[str, Any]) -> None:
    """"Send a test" on the webhook alone says what the address answered."""
    c, hooks = world["c"], world["hooks"]
    table = c.post("/api/tables", json={"name": "Broken hook", "seats": 2}).json()
    tid, token = table["table_id"], table["seats"][0]["token"]
    base = f"/api/tables/{tid}/seats/0/alerts"
    c.put(base, headers=h(token), json={"webhook": f"{hooks.base}/gone"})
    hooks.answers["/gone"] = 404
    assert c.post(f"{base}/test", params={"channel": "webhook"}, headers=h(token)).json() == {
        "webhook": "failed: it answered 404"}
    assert c.post(f"{base}/test", params={"channel": "email"}, headers=h(token)).json() == {
        "email": "off"}
    assert c.post(f"{base}/test", params={"channel": "fax"},
                  headers=h(token)).status_code == 422
