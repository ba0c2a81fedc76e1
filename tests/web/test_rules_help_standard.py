"""Rules help for the 2012 standard game in a real browser (issues 13 and 19): its rules page
(``/rules/venus-standard``: how a turn goes, an entry per book heading), and in a standard
game with bots a refusal naming a heading path ("Movement Phase > ..."), linked to the
heading's summary in a popover. Screenshots go to /tmp/starport-rules-shots/standard-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from engine.help.reference import key_of, load, rulesets
from tests.web.conftest import screenshot
from tests.web.startraders_kit import api

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/starport-rules-shots")


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, str(SHOTS / f"standard-{name}.png"))


def test_the_standard_rules_page_has_the_turn_guide_and_every_heading(
        page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/rules/venus-standard#rule-declare-heading")
    entry = page.locator("#rule-declare-heading")
    entry.wait_for()
    assert entry.locator("h3").inner_text().startswith("Declare heading")
    assert "target" in (entry.get_attribute("class") or "")
    title = page.locator("#rules-title").inner_text()
    assert title == "Merchant of Venus (standard game): the rules"
    here = page.get_attribute('.top-links a[data-ruleset="venus-standard"]', "aria-current")
    assert here == "page"
    # how a turn goes: the round, the four phases, the dashboard, the round track
    titles = page.locator("#turn .turn-steps > li strong").all_inner_texts()
    assert titles == [step.title for step in load("venus-standard").turn]
    assert {"Movement", "The dashboard", "First Contact", "Transaction", "Merchant Spaceport",
            "The round track and the end"} <= set(titles)
    page.locator("#turn a.rule-ref", has_text="Assigning Dice").first.click()
    pop = page.locator("#rule-pop")
    pop.wait_for(state="visible")
    assert pop.get_attribute("data-rule") == "Assigning Dice"
    assert pop.locator("h2").inner_text() == "Assigning dice"
    assert "2012 edition:" not in pop.inner_text()  # that note is the classic game's
    _shot(page, "rules-page-desktop")
    page.keyboard.press("Escape")
    # the variants are marked optional; the filter finds a heading
    assert "optional" in (page.get_attribute("#rule-epic-game", "class") or "")
    page.fill("#rules-find", "telegate")
    assert page.locator("#rule-telegates").is_visible()
    assert not page.locator("#rule-capacity").is_visible()


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_rules_page_opens_without_an_address_hash(page: Page, server_url: str,
                                                        ruleset: str) -> None:
    """``/rules/<ruleset>`` without "#rule-...": no error (an empty hash once broke the page
    after drawing it), and the game is the current one in the page's game links."""
    page.goto(f"{server_url}/rules/{ruleset}")
    page.locator('#rules[aria-busy="false"]').wait_for()
    page.wait_for_timeout(100)
    assert page.locator("#rules-error").is_hidden(), page.inner_text("#rules-error")
    assert page.get_attribute(f'.top-links a[data-ruleset="{ruleset}"]', "aria-current") == "page"


def test_the_client_reads_heading_paths_as_the_engine_does(page: Page, server_url: str) -> None:
    """``ruleKey`` (rulesref.js) and ``key_of`` (engine/help) answer alike for the headings
    the standard engine cites."""
    page.goto(f"{server_url}/rules/venus-standard")
    page.locator("#rule-move").wait_for()
    cited = ["Movement Phase > Declare Heading", "Appendix B > Wave Emitter", "Setup 12",
             "Light Speed Game > Purchase Starting Goods", "Movement Phase", "Nowhere > Nothing",
             "Pilots > Upgrading Pilots", "Solo Challenge Setup 10"]
    got = page.evaluate("""async (cited) => {
        const m = await import("/platform/rulesref.js");
        const ref = await m.loadRules("venus-standard");
        return cited.map((c) => m.ruleKey(c, ref.byId));
    }""", cited)
    ids = load("venus-standard").entries()
    assert got == [key_of(c, ids) for c in cited]
    assert got[0] == "Declare Heading" and got[5] is None
    # a heading the game's own text names in parentheses: whole, or with a step number
    named = page.evaluate("""async (texts) => {
        const m = await import("/platform/rulesref.js");
        const ref = await m.loadRules("venus-standard");
        return texts.map((t) => m.namedKey(t, ref.byId));
    }""", ["Setup 12", "Light Speed Game 16", "Pirates", "Movement value 7", "Move 2 spaces",
           "Appendix B > Shuttle"])
    assert named == ["Setup 12", "Light Speed Game", "Pirates", None, None, "Shuttle"]


ROLL_OR_EXIT = ("() => (document.getElementById('turn-badge').classList.contains('yours')"
                " && document.querySelector('#vs-roll:not(:disabled)'))"
                " || document.querySelector('#moves.urgent button')")


def _wait_for_the_roll(page: Page) -> None:
    """Until Ann may roll. A bot's ship that stops on a navigation space on the way has Ann,
    at its left, choose its exit ("Navigation Spaces: the player to the left decides"): she
    takes the first exit offered, and the bot's turn goes on."""
    for _ in range(10):
        page.wait_for_function(ROLL_OR_EXIT, timeout=60_000)
        exits = page.locator("#moves.urgent button")
        if not exits.count():
            return
        exits.first.click()
        page.wait_for_selector("#moves.urgent", state="detached")
    raise AssertionError("Ann was asked ten navigation exits and never got to roll")


def _standard_table(server_url: str) -> str:
    """A started two-seat standard table: Ann and a bot; Ann's link."""
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2, "bots": [1],
                                        "name": "Rules help"})
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": "Ann"}, t["seats"][0]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}"


@pytest.mark.parametrize("viewport", [(1440, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_refusal_in_a_standard_game_opens_its_headings_summary(
        browser: Any, server_url: str, viewport: tuple[int, int]) -> None:
    """Ann's first move: landing before rolling is refused with a book heading; the heading in
    the error is a link and opens that heading's summary (a sheet on a phone). The header's
    rules links lead to the standard game's rules page."""
    width, height = viewport
    phone = width < 600
    ctx = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height},
                              is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.set_default_timeout(30_000)
    page.goto(_standard_table(server_url))
    page.wait_for_selector("#game:not([hidden]) #vs-phases li")
    assert page.get_attribute("#rules-link", "href") == "/rules/venus-standard"
    assert page.get_attribute("#turn-guide-link", "href") == "/rules/venus-standard#turn"
    page.wait_for_function(
        "() => document.getElementById('prompt').textContent.includes('Setup 12')")
    # the prompt's "(Setup 12)" is a link to the dials' summary
    named = page.locator("#prompt a.rule-ref", has_text="Setup 12")
    named.wait_for()
    named.tap() if phone else named.click()
    page.locator('#rule-pop[data-rule="Setup 12"]').wait_for()
    assert page.inner_text("#rule-pop h2") == "Laser and shield dials"
    page.keyboard.press("Escape")
    page.locator("#vs-commands button", has_text="laser").click()
    _wait_for_the_roll(page)
    page.evaluate("starport.game.send({type: 'Land'})")  # no roll yet: the rules refuse it
    link = page.locator("#error a.rule-ref")
    link.wait_for()
    said = page.inner_text("#error")
    assert "(rule " in said, said
    rule = link.get_attribute("data-rule")
    ref = load("venus-standard")
    assert rule in ref.entries(), (rule, said)
    if phone:
        link.tap()
    else:
        link.click()
    pop = page.locator("#rule-pop")
    pop.wait_for(state="visible")
    assert pop.get_attribute("data-rule") == rule
    assert pop.locator("h2").inner_text() == ref.entries()[rule].title
    more = pop.locator(".rule-pop-more").get_attribute("href") or ""
    assert more.startswith("/rules/venus-standard#rule-")
    if phone:
        box = pop.bounding_box()
        assert box is not None and box["x"] == 0 and abs(box["y"] + box["height"] - height) < 2
    _shot(page, f"refusal-popover-{'phone' if phone else 'desktop'}")
    page.keyboard.press("Escape")
    assert pop.is_hidden()
    ctx.close()
    assert not errors, errors
