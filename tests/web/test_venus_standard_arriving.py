"""Merchant of Venus, the standard game: a question another player's move asks of you
("Navigation Spaces": a ship that goes on without a navigation die leaves by the exit the
player to its left chooses), as it arrives on a 390x844 phone, pushed over the websocket:

- the question is brought into view and takes the focus, once (``web/platform/focus.js``
  ``revealArrived``); later redraws leave the page where the player put it;
- a player typing in the chat keeps the caret, and the chat stays where it was on screen;
- under a moving wheel or finger the page waits until it is still.

Two people at one table, Ann (seat 0, whose ship flies, by the API) and Bob (seat 1, at her
left, on a phone). Screenshots go to /tmp/starport-vsarrive-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import screenshot
from tests.web.startraders_kit import PHONE, api, page_in
from tests.web.test_venus_standard_page import _set_position

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vsarrive"
EXITS_IN_VIEW = """() => {
  const box = document.getElementById('moves');
  if (!box?.classList.contains('urgent') || !box.querySelector('button')) return false;
  const r = box.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}"""
FOCUS_IN_QUESTION = "() => document.activeElement?.closest('#moves.urgent') !== null"


def _table_of_two(server_url: str) -> tuple[str, dict[str, Any]]:
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2,
                                        "name": "Two merchants"})
    for seat, name in enumerate(["Ann", "Bob"]):
        api(server_url, f"/api/tables/{t['table_id']}/join", {"name": name},
            t["seats"][seat]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return t["table_id"], t


def _ann_plays(server_url: str, made: dict[str, Any], *commands: dict[str, Any]) -> None:
    token = made["seats"][0]["token"]
    base = f"/api/tables/{made['table_id']}"
    for i, cmd in enumerate(commands):
        seq = api(server_url, f"{base}/view", token=token)["seq"]
        api(server_url, f"{base}/commands", {"seq": seq, "client_id": f"ann-{i}-{cmd['type']}",
                                            "command": cmd}, token)


def _open_bob(browser: Any, server_url: str, errors: list[str]) -> tuple[Any, dict[str, Any]]:
    table, made = _table_of_two(server_url)
    _set_position(table, {"players": [{"name": "Ann"}, {"name": "Bob"}], "dice": [4, 2, 1]})
    page = page_in(browser, errors, timeout=20_000, **PHONE)
    page.goto(f"{server_url}/t/{table}#{made['seats'][1]['token']}")
    page.wait_for_selector("#game:not([hidden]) #vs-phases li.now")
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    # Bob has tapped the page (the focus then moves without scrolling: focus.js)
    box = page.locator("#prompt").bounding_box()
    page.touchscreen.tap(box["x"] + 5, box["y"] + 5)
    page.evaluate("() => window.scrollTo(0, 0)")
    return page, made


FLIGHT: list[dict[str, Any]] = [
    {"type": "DeclareHeading", "toward": "base-west.1"}, {"type": "RollSpeed"},
    {"type": "MoveTo", "path": ["base-west.1", "base-west.2", "nav-west"]},
    {"type": "DeclineNavigation"}]


def test_a_navigation_exit_asked_by_anothers_move_comes_into_view(browser: Any,
                                                                  server_url: str) -> None:
    """Navigation Spaces: Ann's ship goes on from the navigation space without a die; Bob,
    at her left, is asked the exit. On his phone, scrolled to the map at the top, the exits
    come into view and the focus goes to the first; a later redraw (the same question) does
    not pull the page back after he scrolled away; his answer moves Ann's ship."""
    errors: list[str] = []
    page, made = _open_bob(browser, server_url, errors)
    assert page.evaluate("() => window.scrollY") == 0
    assert not page.evaluate(EXITS_IN_VIEW)
    _ann_plays(server_url, made, *FLIGHT)
    page.wait_for_function(EXITS_IN_VIEW, timeout=10_000)
    assert page.evaluate(FOCUS_IN_QUESTION)
    assert "choose where the ship leaves" in page.inner_text("#prompt").lower()
    screenshot(page, f"{SHOTS}-exit-phone.png")
    # once: Bob scrolls back to the map; the same question drawn again leaves him there
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(1_300)  # past the hands-off wait of his scroll key / wheel
    revealed = page.evaluate(
        "async () => (await import('/platform/focus.js')).revealArrived()")
    assert revealed is False
    assert page.evaluate("() => window.scrollY") == 0
    assert page.inner_text("#moves h3") == "Where Ann's ship leaves the navigation space"
    assert page.locator("#vs-commands.urgent").count() == 0  # no empty box in the panel
    exits = page.locator("#moves.urgent button")
    assert exits.count() >= 2, page.inner_text("#moves")
    exits.first.click()
    page.wait_for_selector("#moves.urgent", state="detached")
    page.context.close()
    assert not errors, errors


def test_a_question_arriving_while_typing_leaves_the_chat_alone(browser: Any,
                                                               server_url: str) -> None:
    """Bob is typing in the chat when Ann's move asks him the exit: the caret stays in the
    chat, which stays where it was on screen; the question is still there to answer."""
    errors: list[str] = []
    page, made = _open_bob(browser, server_url, errors)
    page.locator("#chat-text").fill("hello")
    page.locator("#chat-text").focus()
    # where the chat stands on screen (the page may grow above it: the browser's scroll
    # anchoring keeps it in place, which is not a scroll to the question)
    top = "() => Math.round(document.getElementById('chat-text').getBoundingClientRect().top)"
    at = page.evaluate(top)
    _ann_plays(server_url, made, *FLIGHT)
    page.wait_for_selector("#moves.urgent button")
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.activeElement?.id") == "chat-text"
    assert abs(page.evaluate(top) - at) <= 2, (page.evaluate(top), at)
    page.context.close()
    assert not errors, errors


def test_a_question_arriving_under_a_moving_finger_waits_until_the_page_is_still(
        browser: Any, server_url: str) -> None:
    """Bob is scrolling (a wheel turning every 100 ms) when Ann's move asks him the exit: the
    page is not pulled from under his hand; once he stops, the exits come into view."""
    errors: list[str] = []
    page, made = _open_bob(browser, server_url, errors)
    page.evaluate("""() => { window.__wheel = setInterval(() => document.dispatchEvent(
        new WheelEvent('wheel', { deltaY: 1, bubbles: true })), 100); }""")
    _ann_plays(server_url, made, *FLIGHT)
    page.wait_for_selector("#moves.urgent button", state="attached")
    page.wait_for_timeout(400)
    assert not page.evaluate(EXITS_IN_VIEW)
    assert page.evaluate("() => window.scrollY") == 0
    page.evaluate("() => clearInterval(window.__wheel)")
    page.wait_for_function(EXITS_IN_VIEW, timeout=5_000)
    assert page.evaluate(FOCUS_IN_QUESTION)
    page.context.close()
    assert not errors, errors
