"""Your-turn alerts with the tab closed (``docs/rulings.md``), in a real Chromium: the seat's panel
subscribes this device to Web Push against the server; with the seat's tab closed, the server
pushes "your turn" (VAPID-signed, encrypted) to a push service on loopback, and the push is
delivered to the page's service worker, which shows the notification and tells the site's
open pages.

Headless Chromium has no vendor push service: ``pushManager.subscribe`` is given the
subscription a test-controlled browser key pair makes (``BrowserKeys``), with its endpoint
at the loopback push service; the test decrypts what the server posted there with those
keys and hands the plain payload to the service worker through the DevTools protocol
(``ServiceWorker.deliverPushMessage``), as the browser would after decrypting it.
"""

from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.config import Settings, database_url
from tests.server.helpers import acting_seat, h, view
from tests.server.receivers import BrowserKeys, Mailbox, push_service, webhook_receiver

from .conftest import _free_port

pytestmark = pytest.mark.browser


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    with Mailbox() as mail:
        yield mail


@pytest.fixture
def alert_server(tmp_path: Path, mailbox: Mailbox) -> Iterator[str]:
    """A server that alerts a seat one second into its wait, sweeping every 0.2 s, may post
    to loopback (the push service and the webhook stand there) and sends e-mail to
    ``mailbox``."""
    import uvicorn

    from server.app import create_app

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    app = create_app(Settings(data_dir=data, database_url=database_url(None, data),
                              public_url=base, notify_after=1, scheduler_interval=0.2,
                              webhook_allow_private=True, bot_delay=0.0, rate_limits="off",
                              smtp_host="127.0.0.1", smtp_port=mailbox.port,
                              smtp_starttls=False, smtp_from="starport@example.org"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield base
    server.should_exit = True
    thread.join(timeout=10)


def _table(c: httpx.Client) -> dict[str, Any]:
    r = c.post("/api/tables", json={"name": "Night flight", "seats": 2,
                                    "options": {"edition": "avalon-hill"}})
    table = r.json()
    for i, link in enumerate(table["seats"]):
        c.post(f"/api/tables/{table['table_id']}/join", json={"name": ["Ann", "Bo"][i]},
               headers=h(link["token"]))
    assert c.post(f"/api/tables/{table['table_id']}/start",
                  headers=h(table["host"]["token"])).status_code == 200
    return dict(table)


def _pass_turn(c: httpx.Client, table: dict[str, Any]) -> int:
    """The acting seat plays legal commands (by HTTP) until the game waits on another."""
    first = acting_seat(c, table)
    token = table["seats"][first]["token"]
    rng = random.Random(1)
    for _ in range(300):
        v = view(c, table, token)
        if first not in v["pending"]["seats"]:
            return acting_seat(c, table)
        legal = [a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock")]
        command = next((a for a in legal if a["type"] == "EndTurn"), None) or rng.choice(
            legal or v["legal"])
        r = c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                   json={"seq": v["seq"], "client_id": uuid.uuid4().hex, "command": command})
        assert r.status_code == 200, r.text
    raise AssertionError("the turn never passed")


FAKE_PUSH = """
(() => {
  const sub = %s;
  let made = null;
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__applicationServerKey = btoa(String.fromCharCode(...key))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    made = { endpoint: sub.endpoint, expirationTime: null, toJSON: () => sub };
    return made;
  };
  PushManager.prototype.getSubscription = async function () { return made; };
})();
"""


def test_push_reaches_the_service_worker_with_the_tab_closed(browser: Any,
                                                             alert_server: str) -> None:
    base = alert_server
    keys = BrowserKeys()
    errors: list[str] = []
    with push_service() as pushes, httpx.Client(base_url=base, timeout=60) as c:
        table = _table(c)
        tid = table["table_id"]
        waiting = acting_seat(c, table)
        me = 1 - waiting  # the seat whose tab subscribes: not the one the game waits on yet
        token = table["seats"][me]["token"]
        ctx = browser.new_context(viewport={"width": 1440, "height": 900}, bypass_csp=False)
        ctx.grant_permissions(["notifications"], origin=base)
        ctx.add_init_script(FAKE_PUSH % json.dumps(
            keys.subscription(f"{pushes.base}/push/{uuid.uuid4().hex}")))
        try:
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            page.set_default_timeout(20_000)
            page.goto(f"{base}/t/{tid}#{token}")
            page.locator("#alerts > summary").click()
            push_button = page.locator("#alerts-push")
            push_button.wait_for(state="visible")
            assert push_button.inner_text() == "Notify this device"
            push_button.click()
            page.wait_for_function(
                "() => document.querySelector('#alerts-push').textContent"
                ".startsWith('Stop notifying')")
            assert "On:" in page.locator("#alerts-push-state").inner_text()
            assert page.locator(".alerts-status").inner_text() == "On: push"
            # the page subscribed with the server's VAPID key, and the server kept it
            settings = c.get(f"/api/tables/{tid}/seats/{me}/alerts", headers=h(token)).json()
            assert settings["push_devices"] == 1
            assert page.evaluate("() => window.__applicationServerKey") == settings["push_key"]

            # the turn comes to this seat while its tab is open: no push (the page tells it)
            assert _pass_turn(c, table) == me
            time.sleep(1.5)
            assert pushes.requests == []
            # every tab closed: the seat's alert goes to its push service, once
            page.close()
            deadline = time.monotonic() + 20
            while not pushes.requests:
                assert time.monotonic() < deadline, "no push within 20 s"
                time.sleep(0.1)
            payload = keys.decrypt(pushes.requests[0]["body"])
            assert payload["title"] == "Your turn at Night flight"
            assert payload["link"] == f"{base}/t/{tid}" and payload["seat"] == me

            # the browser hands the decrypted push to the site's service worker
            home = ctx.new_page()
            home.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            home.goto(f"{base}/")
            home.evaluate("""() => {
                window.__pushes = [];
                navigator.serviceWorker.addEventListener(
                    "message", (e) => window.__pushes.push(e.data));
                navigator.serviceWorker.startMessages();
            }""")
            cdp = ctx.new_cdp_session(home)
            registrations: list[dict[str, Any]] = []
            cdp.on("ServiceWorker.workerRegistrationUpdated",
                   lambda e: registrations.extend(e["registrations"]))
            cdp.send("ServiceWorker.enable")
            deadline = time.monotonic() + 10
            while not any(r["scopeURL"] == f"{base}/" for r in registrations):
                assert time.monotonic() < deadline, registrations
                home.wait_for_timeout(100)
            reg = next(r for r in registrations if r["scopeURL"] == f"{base}/")
            cdp.send("ServiceWorker.deliverPushMessage", {
                "origin": base, "registrationId": reg["registrationId"],
                "data": json.dumps(payload)})
            home.wait_for_function("() => window.__pushes.length > 0")
            told = home.evaluate("() => window.__pushes[0]")
            assert told["type"] == "starport-push" and told["page"] == f"/t/{tid}"
            assert told["title"] == "Your turn at Night flight"
            shown = home.evaluate("""async () => {
                const reg = await navigator.serviceWorker.getRegistration("/");
                return (await reg.getNotifications()).map((n) => [n.title, n.body, n.tag]);
            }""")
            assert shown == [["Your turn at Night flight",
                              f"{['Ann', 'Bo'][me]}, the game at table “Night flight” is "
                              "waiting for you.", f"starport-{tid}"]]
        finally:
            ctx.close()
    assert not errors, errors


def test_webhook_e_mail_and_quiet_hours_are_set_and_tested_from_the_panel(
        browser: Any, alert_server: str, mailbox: Mailbox) -> None:
    """On a phone, in New York: the seat's panel sets a Discord webhook, an e-mail address
    and quiet hours (kept in the browser's zone), and "Send a test" reaches both."""
    base = alert_server
    errors: list[str] = []
    with webhook_receiver() as hooks, httpx.Client(base_url=base, timeout=60) as c:
        table = _table(c)
        tid = table["table_id"]
        seat = 1
        token = table["seats"][seat]["token"]
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, timezone_id="America/New_York",
                                  bypass_csp=False)
        try:
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            page.set_default_timeout(20_000)
            page.goto(f"{base}/t/{tid}#{token}")
            page.locator("#alerts > summary").tap()
            page.locator("#alerts-webhook").fill(f"{hooks.base}/discord-hook")
            page.select_option("#alerts-format", "discord")
            page.locator("#alerts-email").fill("bo@example.org")
            page.locator("#alerts-quiet").check()
            page.locator("#alerts-quiet-start").fill("22:30")
            page.locator("#alerts-quiet-end").fill("07:15")
            page.locator("#alerts-save").tap()
            page.wait_for_function(
                "() => document.querySelector('#alerts-result').textContent.includes('Saved')")
            assert page.locator(".alerts-status").inner_text() == "On: webhook, e-mail"
            assert "America/New_York" in page.locator(".alerts-quiet").inner_text()
            kept = c.get(f"/api/tables/{tid}/seats/{seat}/alerts", headers=h(token)).json()
            assert (kept["webhook"], kept["webhook_format"], kept["email"]) == (
                f"{hooks.base}/discord-hook", "discord", "bo@example.org")
            assert (kept["quiet_start"], kept["quiet_end"], kept["time_zone"]) == (
                "22:30", "07:15", "America/New_York")
            # a reload shows what was kept
            page.reload()
            page.locator("#alerts > summary").tap()
            page.wait_for_function(
                "() => document.querySelector('#alerts-quiet-start').value === '22:30'")
            assert page.locator("#alerts-email").input_value() == "bo@example.org"
            assert page.locator("#alerts-quiet").is_checked()
            page.locator("#alerts-test-webhook").tap()
            page.locator("#alerts-test-email").tap()
            page.wait_for_function(
                "() => document.querySelector('#alerts-email-said').textContent.includes('Sent')"
                " && document.querySelector('#alerts-webhook-said').textContent.includes('Sent')")
            assert "as a Discord message" in page.locator("#alerts-webhook-said").inner_text()
            assert page.locator("#alerts-email-said").inner_text().startswith(
                "Sent to bo@example.org")
            assert page.locator("#alerts-push-state").inner_text() == "Off on this device."
            # the test message (a reload closes Bo's only tab: with this server's short
            # ``notify_after`` a real "Your turn" alert may arrive first, and rightly so)
            tests = [b for r in hooks.requests
                     if (b := json.loads(r["body"]))["content"].startswith("Test: ")]
            assert tests and tests[0]["content"].startswith(
                "Test: alerts reach this channel for **Night flight** (Bo)"), hooks.requests
            assert mailbox.messages and all(m["to"] == ["bo@example.org"]
                                            for m in mailbox.messages)
            # an address that is not http(s) is refused where the player typed it
            page.locator("#alerts-webhook").fill("ftp://example.org/x")
            page.locator("#alerts-save").tap()
            assert page.locator("#alerts-webhook").evaluate("(e) => !e.validity.valid")
            assert c.get(f"/api/tables/{tid}/seats/{seat}/alerts",
                         headers=h(token)).json()["webhook"] == f"{hooks.base}/discord-hook"
        finally:
            ctx.close()
    assert not errors, errors
