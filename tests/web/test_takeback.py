"""Take-backs in the browser (house rule, docs/rulings.md "Take-backs"): a player declares
his first dot (the start of his move, 5.31), takes it back with the turn panel's "Take back"
button, declares another (takes that back with the `u` key and declares it again) and rolls;
the other seat's tab follows; the log says it in words. With the table option off there is
no button, and a take-back sent anyway is refused with the reason shown.

Tables are opened over HTTP; the seat that acts first plays in a real Chromium tab.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.helpers import acting_seat, open_table

pytestmark = pytest.mark.browser

IDLE = "() => window.starport?.game?.answer && window.starport.game.idle()"


def heading(page: Page) -> Any:
    return page.evaluate("() => window.starport.game.answer.view.turn?.heading ?? null")


@pytest.fixture
def tabs(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []
    errors: list[str] = []

    def open_tab(url: str) -> Any:
        ctx = browser.new_context(viewport={"width": 1440, "height": 900},
                                  reduced_motion="reduce", bypass_csp=True)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.set_default_timeout(15_000)
        page.goto(url)
        page.wait_for_function(IDLE)
        return page

    yield open_tab
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


def test_declare_take_back_declare_elsewhere_and_roll(tabs: Any, server_url: str,
                                                      known_seed: str) -> None:
    with httpx.Client(base_url=server_url, timeout=60) as c:
        table = open_table(c, seats=2)
        seat = acting_seat(c, table)
    me = tabs(table["seats"][seat]["url"])
    other = tabs(table["seats"][1 - seat]["url"])
    me.wait_for_selector(".hl-heading")
    dots = me.eval_on_selector_all(".hl-heading", "(es) => es.map((e) => e.dataset.dot)")
    first, second = sorted(set(dots))[:2]
    assert me.locator("#take-back").count() == 0  # nothing to take back yet

    me.locator(f'.hl-heading[data-dot="{first}"]').click()
    me.wait_for_selector("#take-back")
    me.wait_for_function(IDLE)
    assert heading(me) == first

    me.click("#take-back")
    me.wait_for_function("() => window.starport.game.answer.view.turn?.heading === null"
                         " && window.starport.game.idle()")
    assert me.locator("#take-back").count() == 0  # back at the start of the turn
    log = me.locator("#log").inner_text()
    assert "takes back the last action" in log and "declares the first dot" in log
    other.wait_for_function("() => [...document.querySelectorAll('#log li')]"
                            ".some((li) => li.textContent.includes('takes back'))")

    me.locator(f'.hl-heading[data-dot="{second}"]').click()
    me.wait_for_selector("#take-back")
    me.wait_for_function(IDLE)
    assert heading(me) == second
    me.locator("#board").focus()
    me.keyboard.press("u")  # the key does what the button does
    me.wait_for_function("() => window.starport.game.answer.view.turn?.heading === null"
                         " && window.starport.game.idle()")
    me.locator(f'.hl-heading[data-dot="{second}"]').click()
    me.wait_for_selector("#take-back")
    me.wait_for_function(IDLE)
    assert heading(me) == second
    me.click("#roll")
    me.wait_for_function("() => window.starport.game.answer.view.turn?.dice?.length > 0"
                         " && window.starport.game.idle()")
    assert heading(me) == second
    assert me.locator("#take-back").count() == 0  # the dice are known: a barrier
    other.wait_for_function("() => window.starport.game.answer.view.turn?.dice?.length > 0")


def test_no_take_back_with_the_option_off(tabs: Any, server_url: str,
                                          known_seed: str) -> None:
    with httpx.Client(base_url=server_url, timeout=60) as c:
        table = open_table(c, seats=2, takebacks=False)
        seat = acting_seat(c, table)
    me = tabs(table["seats"][seat]["url"])
    me.wait_for_selector(".hl-heading")
    me.locator(".hl-heading").first.click()
    me.wait_for_selector("#roll")
    me.wait_for_function(IDLE)
    assert me.locator("#take-back").count() == 0
    me.evaluate("() => window.starport.game.send({type: 'TakeBack'})")
    me.wait_for_selector("#error:not([hidden])")
    text = me.locator("#error").inner_text()
    assert "take-backs are turned off at this table" in text
