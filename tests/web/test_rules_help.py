"""Rules help in a real browser: the rules page (anchors, how a turn goes, the
filter, both rulesets), the rule popover (click, keyboard, Escape, touch) opened from rule
numbers the game shows: a refusal, a log line, a notice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot

from .conftest import errors_of

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/starport-rules-shots")


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, str(SHOTS / f"{name}.png"))


def _popover_says(page: Page, rule: str, title: str) -> None:
    pop = page.locator("#rule-pop")
    pop.wait_for(state="visible")
    assert pop.get_attribute("data-rule") == rule
    assert pop.locator("h2").inner_text() == title


def test_the_rules_page_shows_every_rule_with_its_anchor(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/rules/venus#rule-9-41")
    entry = page.locator("#rule-9-41")
    entry.wait_for()
    assert entry.locator("h3").inner_text().startswith("9.41 The City limit")
    assert "target" in (entry.get_attribute("class") or "")  # the rule in the address is marked
    assert "2012 edition:" in entry.inner_text()
    assert page.locator("#rule-15-53").get_attribute("class") == "rule-entry optional"
    # how a turn goes: the steps of a turn, each with its rules as links
    steps = page.locator("#turn .turn-steps > li")
    assert steps.count() == 6
    assert steps.nth(0).locator("strong").inner_text() == "Declare your first dot"
    assert steps.nth(0).locator("a.rule-ref").first.inner_text() == "5.31"
    assert page.locator("#rules-toc a").count() >= 19
    # the filter keeps the rules that mention a word
    page.fill("#rules-find", "jettison")
    assert page.locator("#rule-11-3").is_visible() and not page.locator("#rule-5-31").is_visible()
    page.fill("#rules-find", "")
    assert page.locator("#rule-5-31").is_visible()
    # a page address per ruleset; the other game's page
    page.goto(f"{server_url}/rules/star-traders")
    page.locator("#rule-regular-jumps").wait_for()
    assert page.locator("#rules-title").inner_text() == "Star Traders: the rules"
    assert page.locator("#turn .turn-steps > li").count() == 4


def test_a_rule_link_opens_its_summary_and_escape_closes_it(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/rules/venus")
    link = page.locator("#turn a.rule-ref", has_text="5.31")
    link.click()
    _popover_says(page, "5.31", "5.31 Declaring your first dot")
    assert "first dot" in page.locator("#rule-pop").inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#rule-pop").is_hidden()
    assert page.evaluate("document.activeElement.dataset.rule") == "5.31"  # the focus came back
    # by keyboard: Enter on the focused link opens it again; ✕ closes it
    page.keyboard.press("Enter")
    _popover_says(page, "5.31", "5.31 Declaring your first dot")
    page.locator(".rule-pop-close").click()
    assert page.locator("#rule-pop").is_hidden()
    # "All the rules" goes to the rule on the page
    link.click()
    page.locator(".rule-pop-more").click()
    page.wait_for_url("**/rules/venus#rule-5-31")


def test_a_refusal_and_a_log_line_link_their_rules(page: Page, server_url: str) -> None:
    """The sandbox: a command the rules refuse names 5.31 in the error; a 1 rolled with the
    Rastur draws one, and the log says so with 16.2. Both open the rule."""
    page.goto(f"{server_url}/games/venus/sandbox.html#rastur")
    page.wait_for_selector(".hl-heading")
    page.evaluate("starport.send({type: 'RollDice'})")  # no first dot declared: 5.31
    errors_of(page).clear()  # the browser logs the 422 itself
    error = page.locator("#error a.rule-ref", has_text="5.31")
    error.wait_for()
    error.click()
    _popover_says(page, "5.31", "5.31 Declaring your first dot")
    page.keyboard.press("Escape")
    page.locator('.hl-heading[data-dot="galactic-base--colony-world.1"]').click()
    page.locator("#roll").click()
    logged = page.locator("#log li", has_text="draws a Rastur").locator("a.rule-ref")
    logged.wait_for()
    assert logged.inner_text() == "16.2"
    logged.click()
    _popover_says(page, "16.2", "16.2 Rastur appear")
    assert "Optional rule" in page.locator("#rule-pop").inner_text()
    _shot(page, "log-popover-desktop")


def test_the_popover_on_a_phone_is_a_sheet_opened_by_a_tap(phone: Page, server_url: str) -> None:
    phone.goto(f"{server_url}/rules/venus#turn")
    phone.locator("#turn a.rule-ref", has_text="6.2").first.tap()
    _popover_says(phone, "6.2", "6.2 Landing")
    box = phone.locator("#rule-pop").bounding_box()
    assert box is not None
    assert box["x"] == 0 and abs(box["y"] + box["height"] - 844) < 2  # at the bottom, full width
    _shot(phone, "rules-popover-phone")
    phone.locator("h1").tap()  # a tap elsewhere closes it
    assert phone.locator("#rule-pop").is_hidden()


def test_a_notice_on_the_game_page_links_its_rules(browser: Any, server_url: str,
                                                    known_seed: str) -> None:
    """A real table: the move ends in space, the turn ends by itself, and the notice says so
    with 4.4 and 6.2; 4.4 opens "Taking turns". The header links the rules page and the turn
    panel "How a turn goes"."""
    from tests.web.test_table_game import _open_game

    errors: list[str] = []
    g = _open_game(browser, server_url, errors)
    me = g["pages"][0]
    for _ in range(150):  # the seat whose turn it is: its headings drawn (a slow machine)
        drawn = [p for p in g["pages"] if p.locator(".hl-heading").count()]
        if drawn:
            me = drawn[0]
            break
        me.wait_for_timeout(200)
    else:
        pytest.fail("no page drew the headings of its turn")
    assert me.locator("#rules-link").get_attribute("href") == "/rules/venus"
    assert me.locator("#turn-guide-link").get_attribute("href") == "/rules/venus#turn"
    me.locator(".hl-heading").first.click()
    me.locator("#roll").click()
    in_space = me.locator('.dests .dest-btn[data-end="out_of_mp"]').first
    in_space.wait_for()
    in_space.click()
    notice = me.locator("#notices .notice", has_text="the move ended in space")
    notice.locator("a.rule-ref", has_text="6.2").wait_for()  # linked once the page is idle
    assert notice.locator("a.rule-ref").all_inner_texts() == ["4.4", "6.2"]
    notice.locator("a.rule-ref", has_text="4.4").click()
    _popover_says(me, "4.4", "4.4 Taking turns")
    _shot(me, "notice-popover-desktop")
    me.keyboard.press("Escape")
    assert me.locator("#rule-pop").is_hidden()
    # the turn panel's other rule numbers (hints, lists) are links too
    assert me.locator("#panel a.rule-ref").count() >= 2
    # the game over (the host ends it), the turns' notices go: the end dialog says what ended
    r = httpx.post(f"{server_url}/api/tables/{g['table']}/end",
                   headers={"X-Starport-Token": g["tokens"][0]})
    assert r.status_code == 200, r.text
    me.locator("#end").wait_for()
    assert notice.count() == 0
    assert not errors, errors
    for p in (g["host"], *g["pages"]):
        p.context.close()


def test_the_rules_page_and_popover_under_the_servers_csp(csp_page: Any, server_url: str) -> None:
    """The page's Content-Security-Policy is enforced: no inline script or style is needed
    (a violation would be a console error, which fails the test)."""
    csp_page.goto(f"{server_url}/rules/venus#turn")
    csp_page.locator("#turn a.rule-ref", has_text="9.41").click()
    _popover_says(csp_page, "9.41", "9.41 The City limit")
    csp_page.goto(f"{server_url}/games/venus/tutorial.html")
    csp_page.locator("#tutorial-begin").wait_for()
