"""Merchant of Venus, the standard game: the parts of a turn the first browser tests
(test_venus_standard_page.py) leave to chance, each played by clicking like a player from a
scenario position (``engine.venus_standard.scenario``, real ``ScenarioSetUp`` events):

- "Selling Goods" / "Sell Actions": goods sold to a market whose culture buys them (the price
  and the buyer on the button, the credits after);
- "Picking Up Passengers" / "Dropping Off Passengers": a passenger picked up at the market
  where it waits, then delivered at its destination (fare, fame);
- "Missions": a mission completed at its destination (a Reward card drawn and shown);
- "Pirate Engagement": the question, an answer, the outcome in the log and the notices;
- "Hazards": a failed hazard check answered (push on: the dial turned down).

Screenshots at 1440x900 and 390x844 go to /tmp/starport-vsplay-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, page_in
from tests.web.test_venus_standard_page import (
    RAW,
    SEQ_AFTER,
    _api_table,
    _seq,
    _set_position,
)

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vsplay"
VOLOIS_MARKET = {"culture": "volois", "stack": ["volois-high", "volois-low", "volois-active"],
                 "passengers": ["diva"]}
HAS_TEXT = "([sel, words]) => (document.querySelector(sel)?.textContent || '').includes(words)"


def _shot(page: Page, name: str) -> None:
    screenshot(page, f"{SHOTS}-{name}.png")


def _open(browser: Any, server_url: str, errors: list[str], scenario: dict[str, Any],
          viewport: dict[str, Any]) -> Any:
    table, link = _api_table(server_url)
    _set_position(table, scenario)
    page = page_in(browser, errors, timeout=20_000, **viewport)
    page.goto(link)
    page.wait_for_selector("#game:not([hidden]) #vs-phases li.now")
    return page


def _press(page: Page, locator: Any) -> None:
    before = _seq(page)
    locator.click()
    page.wait_for_function(SEQ_AFTER, arg=before)


def _credits(page: Page) -> int:
    m = re.search(r"c([\d,]+)", page.inner_text("#shipcard .vs-credits")
                  if page.locator("#shipcard .vs-credits").count()
                  else page.inner_text("#shipcard"))
    assert m, page.inner_text("#shipcard")
    return int(m.group(1).replace(",", ""))


def _log(page: Page) -> str:
    log = str(page.inner_text("#log"))
    assert not RAW.findall(log), RAW.findall(log)
    return log


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_selling_goods_and_picking_up_a_passenger(browser: Any, server_url: str,
                                                  viewport: dict[str, Any]) -> None:
    """Ann landed on the Polluted Planet's city (the Volois, market high) with Nillis goods
    in a hold: the Sell button names the price (c160, "Selling Goods Example") and the buyer;
    after it her credits are c50 + c160. The Diva waits there: Pick up, then she is aboard."""
    errors: list[str] = []
    name = "desktop" if viewport is DESKTOP else "phone"
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "space": "polluted-planet.city", "cargo": ["nillis:g1"],
                     "credits": 50}, {"name": "Bot"}],
        "phase": "transaction", "discovered": {"polluted-planet": "volois"},
        "state": {"trade": {"markets": {"volois": VOLOIS_MARKET}}}}, viewport)
    sell = page.locator("#shipcard button", has_text="Sell")
    assert sell.count() == 1, page.inner_text("#shipcard")
    words = sell.inner_text() + " " + (sell.get_attribute("aria-label") or "") + " " + \
        (sell.get_attribute("title") or "")
    assert "160" in words and "Volois" in words, words
    _shot(page, f"sell-before-{name}")
    _press(page, sell)
    page.wait_for_function(HAS_TEXT, arg=["#log", "sell"])
    log = _log(page)
    assert re.search(r"You sell .*Volois.*c160|You sell .*c160.*Volois", log), log
    assert _credits(page) == 210
    _shot(page, f"pickup-before-{name}")
    # the Pick up button sits beside the waiting passenger in the market
    pick = page.locator('#market .vs-passenger[data-passenger="diva"] .vs-pickup')
    assert pick.count() == 1, page.inner_text("#market")
    assert page.locator("#vs-commands button", has_text="Diva").count() == 0
    _press(page, pick)
    assert "Diva" in page.inner_text("#shipcard"), page.inner_text("#shipcard")
    assert "Diva" in _log(page)
    _shot(page, f"sold-{name}")
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_passenger_delivered_and_a_mission_completed(browser: Any, server_url: str,
                                                       viewport: dict[str, Any]) -> None:
    """Ann landed in the Colony World (the humans discovered) with the Scientist aboard, the
    mission Colony Charter and the Pilgrim's Lamp: Drop off pays the fare (c120) and a fame
    ("Dropping Off Passengers"), and the Lamp c10 more, which the log names (ours); Complete
    mission draws the Reward card on top (Founder's Coin) and shows it on her ship
    ("Missions")."""
    errors: list[str] = []
    name = "desktop" if viewport is DESKTOP else "phone"
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "space": "colony-world.city-1", "cargo": ["scientist"],
                     "credits": 10, "missions": ["colony-charter"],
                     "rewards": ["pilgrims-lamp"]}, {"name": "Bot"}],
        "phase": "transaction", "discovered": {"colony-world": "humans"},
        "deck_tops": {"reward": ["founders-coin"]},
        "state": {"trade": {"markets": {"humans": {
            "culture": "humans", "stack": ["humans-active", "humans-high", "humans-low"]}}}}},
        viewport)
    _shot(page, f"deliver-before-{name}")
    drop = page.locator("#panel button", has_text="Drop off")
    assert drop.count() == 1, page.inner_text("#panel")
    _press(page, drop)
    page.wait_for_function(HAS_TEXT, arg=["#log", "Scientist"])
    log = _log(page)
    assert "120" in log and "c10 (Pilgrim's Lamp)" in log, log
    assert _credits(page) == 140
    assert "fame 1" in page.inner_text("#shipcard"), \
        page.inner_text("#shipcard")
    complete = page.locator("#panel button", has_text="Colony Charter")
    assert complete.count() >= 1, page.inner_text("#panel")
    _press(page, complete.first)
    page.wait_for_function(HAS_TEXT, arg=["#log", "Colony Charter"])
    # a reward may ask to be kept or traded in: keep it
    keep = page.locator("#vs-commands button", has_text=re.compile("[Kk]eep"))
    if keep.count():
        _press(page, keep.first)
    log = _log(page)
    assert "Founder" in log, log
    assert "Founder" in page.inner_text("#shipcard"), page.inner_text("#shipcard")
    # the completed card lies face down, a new one is dealt ("Missions")
    assert page.inner_text("#shipcard .vs-missions h4") == "Missions (1) · 1 completed"
    _shot(page, f"mission-{name}")
    page.context.close()
    assert not errors, errors


def _fly(page: Page, heading: str, to: str) -> None:
    """Declare the heading on the map, roll (loaded dice), click the destination."""
    _press(page, page.locator(f'#board .hl-heading[data-space="{heading}"]'))
    _press(page, page.locator("#vs-roll"))
    _press(page, page.locator(f'#board .hl-space[data-space="{to}"]').first)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_pirate_engagement(browser: Any, server_url: str, viewport: dict[str, Any]) -> None:
    """Ann (laser 4) flies onto a +2 pirate holding an infamy token: the rules ask how she
    engages ("Pirate Engagement"); laser, a roll of 1 wins: the log says so, and her ship
    gains the fame and a Reward card."""
    errors: list[str] = []
    name = "desktop" if viewport is DESKTOP else "phone"
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 4, "shield": 2, "credits": 10},
                    {"name": "Bot"}],
        "deck_tops": {"reward": ["founders-coin"]}, "dice": [2, 2, 2, 1],
        "state": {"cards": {"tokens": {"base-colony.1": {
            "kind": "pirate", "pirate": "pirate-6", "infamy": 1}}}}}, viewport)
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    prompt = page.inner_text("#prompt")
    assert re.search(r"[Pp]irate", prompt), prompt
    answers = page.locator("#vs-commands button").all_inner_texts()
    assert any("aser" in a for a in answers), answers
    _shot(page, f"pirate-question-{name}")
    _press(page, page.locator("#vs-commands button", has_text=re.compile("[Ll]aser")).first)
    keep = page.locator("#vs-commands button", has_text=re.compile("[Kk]eep"))
    if keep.count():
        _press(page, keep.first)
    log = _log(page)
    assert re.search(r"pirate", log, re.I), log
    assert re.search(r"win|defeat|beat", log, re.I), log
    ship = page.inner_text("#shipcard")
    assert "Founder" in ship, ship
    # the notices say what the fight did to the move
    notices = page.locator(".notice").all_inner_texts()
    assert any("pirates defeated" in n for n in notices), notices
    _shot(page, f"pirate-after-{name}")
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_failed_hazard_check_answered(browser: Any, server_url: str,
                                        viewport: dict[str, Any]) -> None:
    """Ann (laser 2) flies into a laser hazard and rolls a 6: the check fails and the rules
    ask: stop there, or push on by turning the laser dial down one ("Hazards"). She pushes
    on: the laser dial shows 1, the log says why, and the notices say why until she answers
    (then what her answer did)."""
    errors: list[str] = []
    name = "desktop" if viewport is DESKTOP else "phone"
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 2, "shield": 1}, {"name": "Bot"}],
        "dice": [2, 2, 2, 6]}, viewport)
    _fly(page, "base-giant.1", "base-giant.2")
    _shot(page, f"hazard-flown-{name}")
    page.wait_for_selector("#vs-commands.urgent button")
    prompt = page.inner_text("#prompt")
    assert "hazard check failed" in prompt and "push on" in prompt, prompt
    assert page.evaluate("() => document.activeElement?.closest('#vs-commands') !== null")
    answers = page.locator("#vs-commands button").all_inner_texts()
    _shot(page, f"hazard-question-{name}")
    assert len(answers) == 2, answers
    notices = page.locator(".notice").all_inner_texts()
    assert any("roll 6 against 2: failed" in n for n in notices), notices
    _press(page, page.locator("#vs-commands button", has_text=re.compile("[Pp]ush")).first)
    assert page.inner_text("#vs-dashboard .vs-laser .vs-dial-value") == "1"
    log = _log(page)
    assert re.search(r"Laser check at laser hazard .*: you roll 6 against 2: failed", log), log
    assert "Your laser dial goes down to 1." in log, log
    # the check's notice was seen (she answered the question it asked: notices.js); what
    # her answer did stands
    notices = page.locator(".notice").all_inner_texts()
    assert not any("roll 6 against 2: failed" in n for n in notices), notices
    assert any("laser dial goes down to 1" in n for n in notices), notices
    _shot(page, f"hazard-after-{name}")
    page.context.close()
    assert not errors, errors
