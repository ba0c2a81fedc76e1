"""Alerts that say what they did, in a real Chromium (``web/platform/alerts.js``): one place
to set them (the header's "Alerts" button opens the seat's box, whatever the browser allows);
each way's state shown up front; a browser that cannot get notifications here -- a private
window, where the push service refuses to subscribe although notifications are allowed, or
notifications blocked for the site -- says so beside the button, with what to do; "Send a
test" per way, each saying what it did (a test push that reaches this device's service worker
says it arrived). At desktop and phone sizes; screenshots in ``/tmp/shots-away/``."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.receivers import BrowserKeys, Mailbox, push_service, webhook_receiver
from tests.web.conftest import SHOTS_WANTED, screenshot

from .test_alerts_push import FAKE_PUSH, _table
from .test_alerts_push import alert_server as alert_server  # noqa: F401 (a fixture)
from .test_alerts_push import mailbox as mailbox  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-away")
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2}}


def _seat_page(browser: Any, base: str, size: str, errors: list[str],
               grant: bool = True, init: str | None = None) -> tuple[Any, Any, dict[str, Any]]:
    with httpx.Client(base_url=base, timeout=60) as c:
        table = _table(c)
    ctx = browser.new_context(bypass_csp=False, **SIZES[size])
    if grant:
        ctx.grant_permissions(["notifications"], origin=base)
    if init:
        ctx.add_init_script(init)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.set_default_timeout(30_000)
    return ctx, page, table


def _open_alerts(page: Any, base: str, table: dict[str, Any], seat: int = 1) -> None:
    """The seat's page; the header's button opens the box and brings it into view."""
    page.goto(f"{base}/t/{table['table_id']}#{table['seats'][seat]['token']}")
    header = page.locator("#notify-btn")
    header.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('#notify-btn').textContent"
                           ".startsWith('Alerts: ')")
    assert header.inner_text() == "Alerts: off"
    header.click()
    page.wait_for_selector("#alerts[open] #alerts-push-state:not(:empty)")
    page.wait_for_function("() => { const r = document.querySelector('#alerts > summary')"
                           ".getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }")


def _shot(page: Any, name: str, size: str) -> None:
    """The box whole (a tall window for the picture: the panel scrolls), then the page as
    the player sees it (with ``STARPORT_TEST_SHOTS``)."""
    if not SHOTS_WANTED:
        return
    screenshot(page, SHOTS / f"alerts-{name}-{size}-page.png")
    was = page.viewport_size
    page.set_viewport_size({"width": was["width"], "height": 2600})
    screenshot(page.locator("#alerts"), SHOTS / f"alerts-{name}-{size}.png")
    page.set_viewport_size(was)


IN_VIEW = """(selectors) => selectors.every((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.height > 0; })"""


def _in_view(page: Any, *selectors: str) -> None:
    """Waits until every one of ``selectors`` is on screen (the panel's scrolling may still
    run when the words change)."""
    page.wait_for_function(IN_VIEW, arg=list(selectors))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_private_window_says_it_cannot_get_notifications_and_what_to_do(
        browser: Any, alert_server: str, size: str) -> None:  # noqa: F811
    """Notifications allowed, but the browser's push service refuses to subscribe (headless
    Chromium's non-persistent context is a private window): "Notify this device" no longer
    does nothing visible -- the device's part says this browser can't receive notifications
    here, why, and what to do, next to the button."""
    errors: list[str] = []
    ctx, page, table = _seat_page(browser, alert_server, size, errors)
    try:
        _open_alerts(page, alert_server, table)
        # each way's state up front, before any test
        assert page.locator("#alerts-push-state").inner_text() == "Off on this device."
        assert page.locator("#alerts-webhook-state").inner_text() == "Off: no webhook saved."
        assert page.locator("#alerts-email-state").inner_text() == "Off: no address saved."
        assert page.locator("#alerts-test-push").is_hidden()  # no device to test yet
        _shot(page, "off", size)
        page.locator("#alerts-push").click()
        page.wait_for_function("() => document.querySelector('#alerts-push-state')"
                               ".textContent.includes(\"can't receive notifications here\")")
        note = page.locator("#alerts-push-note").inner_text()
        assert "private (incognito) window" in note and "normal window" in note
        assert "a chat webhook or an e-mail below" in note
        assert page.locator("#alerts-push").inner_text() == "Try again"
        _in_view(page, "#alerts-push-state", "#alerts-push")
        _shot(page, "private-window", size)
    finally:
        ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_notifications_blocked_for_the_site_keep_one_place_that_says_so(
        browser: Any, alert_server: str, size: str) -> None:  # noqa: F811
    """Permission denied: the header's control does not disappear; it opens the box, which
    says notifications are blocked here and how to allow them."""
    errors: list[str] = []
    ctx, page, table = _seat_page(browser, alert_server, size, errors, grant=False)
    try:
        page.goto(f"{alert_server}/")
        cdp = ctx.new_cdp_session(page)
        context_id = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        cdp.send("Browser.setPermission", {"permission": {"name": "notifications"},
                                           "setting": "denied", "origin": alert_server,
                                           "browserContextId": context_id})
        assert page.evaluate("Notification.permission") == "denied"
        _open_alerts(page, alert_server, table)
        state = page.locator("#alerts-push-state").inner_text()
        assert "can't receive notifications here" in state and "blocked" in state
        assert "set Notifications to Allow" in page.locator("#alerts-push-note").inner_text()
        assert page.locator("#alerts-push").is_hidden()
        _shot(page, "blocked", size)
    finally:
        ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_send_a_test_per_way_says_what_it_did(browser: Any, alert_server: str, size: str,
                                              mailbox: Mailbox) -> None:  # noqa: F811
    """The webhook's and the e-mail's "Send a test" save what was typed and say where it
    went, or what the address answered; the device's test push, delivered to the service
    worker, is told to have arrived here."""
    errors: list[str] = []
    keys = BrowserKeys()
    with push_service() as pushes, webhook_receiver() as hooks:
        sub = keys.subscription(f"{pushes.base}/push/{uuid.uuid4().hex}")
        ctx, page, table = _seat_page(browser, alert_server, size, errors,
                                      init=FAKE_PUSH % json.dumps(sub))
        try:
            _open_alerts(page, alert_server, table)
            port = hooks.base.rsplit(":", 1)[1]
            page.locator("#alerts-webhook").fill(f"{hooks.base}/hook")
            page.locator("#alerts-test-webhook").click()
            said = page.locator("#alerts-webhook-said")
            said.wait_for(state="visible")
            assert said.inner_text() == (f"Sent to 127.0.0.1:{port} as plain JSON: look in "
                                         "the channel.")
            body = json.loads(hooks.requests[-1]["body"])
            assert body["event"] == "test"
            assert body["link"] == f"{alert_server}/t/{table['table_id']}"  # absolute
            assert page.locator("#alerts-webhook-state").inner_text() == (
                f"On: posts to 127.0.0.1:{port}.")
            hooks.answers["/hook"] = 404
            page.locator("#alerts-test-webhook").click()
            page.wait_for_function("() => document.querySelector('#alerts-webhook-said')"
                                   ".textContent.startsWith('Not delivered')")
            assert "it answered 404" in said.inner_text()
            page.locator("#alerts-email").fill("bo@example.org")
            page.locator("#alerts-test-email").click()
            page.wait_for_function("() => document.querySelector('#alerts-email-said')"
                                   ".textContent.startsWith('Sent to bo@example.org')")
            assert mailbox.messages[-1]["to"] == ["bo@example.org"]
            assert page.locator(".alerts-status").inner_text() == "On: webhook, e-mail"
            assert page.locator("#notify-btn").inner_text() == "Alerts: on"

            # this device: subscribed, its test push reaches the service worker
            page.locator("#alerts-push").click()
            page.wait_for_function("() => document.querySelector('#alerts-push-state')"
                                   ".textContent.startsWith('On: this device')")
            page.locator("#alerts-test-push").click()
            page.wait_for_function("() => document.querySelector('#alerts-push-said')"
                                   ".textContent.startsWith('Sent to this device.')")
            payload = keys.decrypt(pushes.requests[-1]["body"])
            assert payload["test"] is True
            assert payload["link"] == f"{alert_server}/t/{table['table_id']}"
            cdp = ctx.new_cdp_session(page)
            registrations: list[dict[str, Any]] = []
            cdp.on("ServiceWorker.workerRegistrationUpdated",
                   lambda e: registrations.extend(e["registrations"]))
            cdp.send("ServiceWorker.enable")
            page.wait_for_function("() => navigator.serviceWorker.controller !== null "
                                   "|| true")
            for _ in range(100):
                if any(r["scopeURL"] == f"{alert_server}/" for r in registrations):
                    break
                page.wait_for_timeout(100)
            reg = next(r for r in registrations if r["scopeURL"] == f"{alert_server}/")
            cdp.send("ServiceWorker.deliverPushMessage", {
                "origin": alert_server, "registrationId": reg["registrationId"],
                "data": json.dumps(payload)})
            page.wait_for_function("() => document.querySelector('#alerts-push-said')"
                                   ".textContent.endsWith('It arrived here ✓')")
            _shot(page, "tested", size)
        finally:
            ctx.close()
    assert not errors, errors
