"""The standard game's "Learn to play" (``web/games/venusstd/tutorial.html``) in a real
browser, at 1440x900 and on a phone (390x844): linked from the start page, played from its
first step to its last as a new player would -- the command each step asks for is the one
highlighted ("Player Turns": Movement, with its heading, speed, throttle and landing; First
Contact; Transaction; Merchant Spaceport; then, from a later position, a sale and a merchant
spaceport built) -- a command the step does not ask for explained and not sent, a heading in
a step opening its rule; axe finds nothing serious."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.a11ykit import check, page_in, serious, shot

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"viewport": {"width": 1440, "height": 900}}, "phone": {}}
STEPS = 11


@pytest.fixture(params=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Page, str]]:
    """A page at the desktop size of this test (1440x900) or a phone's, its errors checked."""
    errors: list[str] = []
    size = str(request.param)
    page = page_in(browser, size, errors, **SIZES[size])
    yield page, size
    page.context.close()
    check(errors)


def _idle(page: Page) -> None:
    page.wait_for_function("() => window.starport?.answer && window.starport.idle()")


def _at_step(page: Page, n: int) -> None:
    page.locator(f'#tutorial[data-step="{n}"]').wait_for()
    _idle(page)


def _try(page: Page, size: str) -> None:
    """The command the step highlights: on the map at the desktop size when it has a space
    there, else its button in the panel (on a phone by "Show me", then a tap)."""
    on_map = page.locator("#board .hl.tutorial-try")
    if size == "desktop" and on_map.count():
        on_map.first.click()
    elif size == "phone":
        page.locator("#tutorial-show").tap()
        target = page.locator("#panel button.tutorial-try").first
        assert target.evaluate("b => b === document.activeElement")
        target.tap()
    else:
        page.locator("#panel button.tutorial-try").first.click()
    _idle(page)


def test_the_start_page_links_learn_to_play(page: Page, server_url: str) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server_url}/")
    page.check('input[name="ruleset"][value="venus-standard"]')
    page.locator("#home-links a", has_text="Learn to play").click()
    page.wait_for_url("**/games/venusstd/tutorial.html")
    page.locator("#tutorial-begin").wait_for()


def test_the_tutorial_from_its_first_step_to_its_last(sized: tuple[Page, str],
                                                      server_url: str) -> None:
    page, size = sized
    page.goto(f"{server_url}/games/venusstd/tutorial.html")
    page.locator("#tutorial-begin").wait_for()
    _idle(page)
    assert "Player Turns" in page.locator("#tutorial").inner_text()
    assert serious(page, "venus-standard tutorial") == []
    shot(page, f"vs-tutorial-0-{size}")
    # before Begin, nothing is sent
    page.evaluate("starport.send({type: 'RollSpeed'})")
    assert "Press Begin" in page.locator("#error").inner_text()
    page.locator("#tutorial-begin").click()
    _at_step(page, 1)
    # the heading asked for is highlighted, on the map and in the list
    assert page.locator('#board .hl.tutorial-try[data-space="base-colony.1"]').count() == 1
    assert page.locator('#moves .tutorial-try[data-space="base-colony.1"]').count() == 1
    # a command the step does not ask for is explained, not sent
    page.evaluate("starport.send({type: 'RollSpeed'})")
    assert page.locator("#error").inner_text().startswith(
        "Not yet: this step asks you to declare your heading")
    assert page.evaluate("starport.answer.view.movement.dice.length") == 0
    # a heading in the step's words opens its rule
    page.locator("#tutorial a.rule-ref", has_text="Declare Heading").click()
    page.locator('#rule-pop[data-rule="Declare Heading"]').wait_for()
    page.keyboard.press("Escape")
    for n in range(1, STEPS + 1):
        _at_step(page, n)
        assert page.locator(".tutorial-try").count() >= 1, n
        shot(page, f"vs-tutorial-{n}-{size}")
        _try(page, size)
        if n == 2:
            assert "4, 2, 1" in page.locator("#log").inner_text()
        if n == 4:
            assert page.evaluate("starport.answer.view.players[0].space") == "colony-world.city-1"
            assert "Humans" in page.locator("#log").inner_text()  # first contact made
        if n == 5:
            assert page.evaluate("starport.answer.view.players[0].cargo") == ["humans:g1"]
        if n == 8:  # the turn is over; step 9 starts from a later position
            page.wait_for_function(
                "() => starport.answer.view.players[0].space === 'jungle-world.city'")
            assert "Shenna" in str(page.locator("#scenario-desc").text_content())
        if n == 9:
            assert page.evaluate("starport.answer.view.players[0].credits") == 240
    page.locator('#tutorial[data-finished="true"]').wait_for()
    assert "You can play!" in page.locator("#tutorial").inner_text()
    assert page.evaluate("starport.answer.view.players[0].spaceports") == ["jungle-world.3"]
    assert serious(page, "venus-standard tutorial, done") == []
    shot(page, f"vs-tutorial-done-{size}")
