"""The tutorial table in a real browser (a first game): started from the start
page's "Learn to play", played through to its end by clicking as a new player would, with
the step panel explaining and advancing at each step, a command out of turn explained and
not sent, Bob's scripted turns, and the rules (a rule number in a step opens its popover).
Desktop by the map, phone by the lists and taps. The server enforces the rules as always
(``test_tutorial_script.py`` plays the same script over HTTP)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/starport-tutorial-shots")


def _at_step(page: Page, n: int) -> None:
    page.locator(f'#tutorial[data-step="{n}"]').wait_for()


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, str(SHOTS / f"{name}.png"))


def _press(page: Page, selector: str, touch: bool) -> None:
    target = page.locator(selector).first
    target.wait_for()
    if touch:
        target.scroll_into_view_if_needed()
        target.tap()
    else:
        target.click()


def _declare(page: Page, dot: str, touch: bool) -> None:
    # the map's gold dot on a laptop; the "First dot" list on a phone
    where = f'.step-btn[data-dot="{dot}"]' if touch else f'.hl-heading[data-dot="{dot}"]'
    _press(page, where, touch)


def _fly(page: Page, dot: str, touch: bool) -> None:
    _press(page, f'.dest-btn[data-dot="{dot}"][data-end="land"]' if touch
           else f'.hl-dest[data-dot="{dot}"]', touch)


def _play_through(page: Page, touch: bool, name: str) -> None:
    _at_step(page, 0)
    assert "net worth of 2,000" in page.locator("#tutorial").inner_text()
    _press(page, "#tutorial-begin", touch)
    _at_step(page, 1)
    _shot(page, f"{name}-1-declare")
    # a command the step does not ask for is explained, not sent: the turn has no heading yet
    page.evaluate("starport.send({type: 'DeclareHeading', dot: 'space-station-planet.11'})")
    said = page.locator("#error")
    said.wait_for(state="visible")
    assert said.inner_text().startswith("Not yet: this step asks you to pick the gold dot")
    assert page.evaluate("starport.answer.view.turn.heading") is None
    _declare(page, "galactic-base--colony-world.1", touch)
    _at_step(page, 2)
    _press(page, "#roll", touch)
    _at_step(page, 3)
    assert page.evaluate("starport.answer.view.turn.dice") == [2, 3, 4]
    _shot(page, f"{name}-3-fly")
    _fly(page, "colony-world.10", touch)
    _at_step(page, 4)
    assert "colony-world" in page.evaluate("starport.answer.view.discovered")  # 7.3
    _shot(page, f"{name}-4-buy")
    _press(page, '#market button.buy[data-cmd*="goods:graw"]', touch)
    _at_step(page, 5)
    _press(page, "#end-turn", touch)
    page.locator("#tutorial-bob").wait_for()  # Bob's scripted turn goes by
    _at_step(page, 6)
    assert "Bob stays put" in page.locator("#log").inner_text()
    _declare(page, "colony-world.4", touch)
    _at_step(page, 7)
    _press(page, "#roll", touch)
    _at_step(page, 8)
    _fly(page, "space-station-planet.6", touch)
    _at_step(page, 9)
    _press(page, '#market button.sell[data-cmd*="goods:graw"]', touch)
    _at_step(page, 10)
    assert page.evaluate("starport.answer.view.players[0].cash") == 150
    _press(page, "#end-turn", touch)
    page.locator('#tutorial[data-finished="true"]').wait_for()
    assert "You can play!" in page.locator("#tutorial").inner_text()
    _shot(page, f"{name}-done")


def test_learn_to_play_from_the_start_page_to_the_end(page: Page, server_url: str) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server_url}/")
    page.locator("#home-links a", has_text="Learn to play").click()  # the game's own page
    page.wait_for_url("**/games/venus/tutorial.html*")
    page.locator(".hl-heading").first.wait_for()
    # a rule number in the step text opens its summary
    page.locator("#tutorial a.rule-ref", has_text="13.1").click()
    page.locator('#rule-pop[data-rule="13.1"]').wait_for()
    assert page.locator("#rule-pop h2").inner_text() == "13.1 Net worth"
    page.keyboard.press("Escape")
    _play_through(page, touch=False, name="desktop")


def test_the_tutorial_on_a_phone(phone: Page, server_url: str) -> None:
    phone.goto(f"{server_url}/games/venus/tutorial.html")
    phone.locator(".hl-heading").first.wait_for()
    _play_through(phone, touch=True, name="phone")
