"""The words players read, on a desktop and a phone: the tutorial's log speaks to "You" in
the second person ("Round 1: your turn.", "You declare", never "You's turn"); no penalty of
0 is logged as a payment; the City limit's reason (9.41) that stops several Buys is said
once under the market, not under every disabled Buy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.a11ykit import SIZES, check, page_in, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", list(SIZES))
def test_the_tutorial_log_says_you_and_your(browser: Any, server_url: str, size: str) -> None:
    errors: list[str] = []
    page = page_in(browser, size, errors)
    page.goto(f"{server_url}/games/venus/tutorial.html")
    page.locator(".hl-heading").first.wait_for()
    page.locator("#tutorial-begin").click()
    page.locator('#tutorial[data-step="1"]').wait_for()
    page.locator('.step-btn[data-dot="galactic-base--colony-world.1"]').click()
    page.locator('#tutorial[data-step="2"]').wait_for()
    page.locator("#roll").click()
    page.locator('#tutorial[data-step="3"]').wait_for()
    log = page.locator("#log").inner_text()
    assert "Round 1: your turn." in log, log
    assert "You declare the first dot" in log and "You roll 2, 3, 4" in log, log
    assert "You's" not in log and "You declares" not in log and "You rolls" not in log, log
    page.context.close()
    check(errors)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_penalty_of_nothing_is_no_payment(browser: Any, server_url: str, size: str) -> None:
    """A bot stopped on a penalty it owes nothing for: the log does not say it pays 0."""
    errors: list[str] = []
    page = page_in(browser, size, errors)
    page.goto(f"{server_url}/games/venus/tutorial.html")
    page.locator(".hl-heading").first.wait_for()
    said = page.evaluate("""async () => {
      const { describeLog } = await import('/games/venus/words.js');
      const who = (s) => `Bot ${s + 1}`;
      const lines = (amount) => describeLog(
        [{ seq: 1, type: 'PenaltyPaid', data: { seat: 0, amount } }], {}, who).map((l) => l.text);
      return [lines(0), lines(20)];
    }""")
    nothing, twenty = said
    assert not any("pays the 0" in s for s in nothing), nothing
    assert twenty == ["Bot 1 pays the 20 penalty."], twenty
    page.context.close()
    check(errors)


# Ann lands at a City of the Graw with money for anything: after one buy (a Factory Deed),
# the City limit (9.41) stops the Space Spice and the Glorious Junk alike
CITY = {"name": "A City", "description": "Ann one dot from the Graw's City, rich.",
        "players": [{"name": "Ann", "race": "humans", "cash": 900, "dot": "colony-world.1"},
                    {"name": "Bob", "race": "dell", "cash": 100, "dot": "galactic-base"}],
        "cultures": {"colony-world": "graw"}, "discovered": ["colony-world"],
        "other_qboxes": "empty", "dice": [1, 1, 1, 1, 1, 1]}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_city_limit_is_said_once(browser: Any, server_url: str, size: str) -> None:
    errors: list[str] = []
    page = page_in(browser, size, errors)
    page.route("**/scenarios/city-limit.json",
               lambda r: r.fulfill(status=200, content_type="application/json",
                                   body=json.dumps(CITY)))
    page.goto(f"{server_url}/games/venus/sandbox.html#city-limit")
    page.wait_for_selector(".hl-heading")
    page.locator('.step-btn[data-dot="colony-world.9"]').click()
    page.locator("#roll:not([disabled])").click()
    page.locator('.dest-btn[data-dot="colony-world.9"][data-end="land"]').click()
    page.locator("#market button.buy[data-cmd*='factory']").last.click()
    page.wait_for_function("() => document.querySelector('#market .limit')?.textContent"
                           ".includes('one buy ✓ used')")
    market = page.locator("#market")
    disabled = market.locator("table button:disabled")
    assert disabled.count() >= 2
    text = market.inner_text()
    assert text.count("9.41 city") == 1, text
    shot(page, f"city-limit-once-{size}", showing=page.locator("#market"))
    page.context.close()
    check(errors)
