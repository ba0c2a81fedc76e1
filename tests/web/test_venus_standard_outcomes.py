"""Merchant of Venus, the standard game: the outcomes of a flight's questions the first play
tests (test_venus_standard_play.py) leave out, each played from a scenario position with
loaded dice, as a player meets them in Chromium at 1440x900 and 390x844:

- "Losing a Pirate Engagement": no goods of the pirate's grade aboard, so c20 is lost, the
  Move step ends and an infamy token goes under the pirate (the log says all three, the
  panel the credits, the board's pirate token its infamy);
- "Rewards": a Reward card drawn with a trade-in icon is shown as the card it is (its name
  and text) with its two answers saying what each gives; trading it in pays c50 and puts it
  up for sale at Galactic Base;
- "Hazards": a failed hazard check answered "stop": the ship stays on the hazard, the dial
  unchanged, the turn passes.

Screenshots go to /tmp/starport-vsout-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE
from tests.web.test_venus_standard_play import HAS_TEXT, _credits, _fly, _log, _open, _press

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vsout"
PIRATE_6 = {"base-colony.1": {"kind": "pirate", "pirate": "pirate-6", "infamy": 1}}


def _name(viewport: dict[str, Any]) -> str:
    return "desktop" if viewport is DESKTOP else "phone"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_losing_a_pirate_engagement(browser: Any, server_url: str,
                                    viewport: dict[str, Any]) -> None:
    """Ann (laser 1, c30, empty holds) flies onto a +2 pirate with one infamy token under it
    and engages with her laser: 6 + 2 is not below 1, she loses ("Pirates" 4). With no goods
    of the pirate's grade she pays c20 ("Losing a Pirate Engagement" 1): c10 left; her Move
    step ends and a second infamy token goes under the pirate (2)."""
    errors: list[str] = []
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 1, "shield": 1, "credits": 30}, {"name": "Bot"}],
        "dice": [2, 2, 2, 6], "state": {"cards": {"tokens": PIRATE_6}}}, viewport)
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    laser = page.locator("#vs-commands button", has_text=re.compile("[Ll]aser")).first
    assert "0% to win" in laser.inner_text(), laser.inner_text()
    _press(page, laser)
    page.wait_for_function(HAS_TEXT, arg=["#log", "beat you"])
    log = _log(page)
    assert "with your laser: 8 against 1, lost." in log, log
    assert re.search(r"beat you: no goods of their grade aboard, so credits are lost"
                     r".*; an infamy token goes under them", log), log
    assert "You pay c20 (lost to the pirates)." in log, log
    assert "(beaten by the pirates)." in log, log
    assert "(pirates)" not in log, log
    assert _credits(page) == 10
    token = page.locator('#board .token-pirate[data-space="base-colony.1"] title')
    assert "2 infamy under it" in (token.text_content() or ""), token.text_content()
    notices = page.locator(".notice").all_inner_texts()
    assert any("beat you" in n for n in notices), notices
    screenshot(page, f"{SHOTS}-pirates-lost-{_name(viewport)}.png")
    page.context.close()
    assert not errors, errors


def _win_a_reward(browser: Any, server_url: str, errors: list[str],
                  viewport: dict[str, Any]) -> Any:
    """Ann (laser 4, c10) beats the +2 pirate with a roll of 1 and draws Bounty Voucher."""
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 4, "shield": 2, "credits": 10}, {"name": "Bot"}],
        "deck_tops": {"reward": ["bounty-voucher"]}, "dice": [2, 2, 2, 1],
        "state": {"cards": {"tokens": PIRATE_6}}}, viewport)
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    _press(page, page.locator("#vs-commands button", has_text=re.compile("[Ll]aser")).first)
    page.wait_for_selector("#vs-commands.urgent .vs-reward-offer")
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_reward_traded_in(browser: Any, server_url: str, viewport: dict[str, Any]) -> None:
    """"Rewards": the Bounty Voucher (trade-in c50) is drawn for beating the pirate; the
    panel shows the card, its name and text, and two answers saying what each gives (keep
    the card; trade it in for c50, then for sale at Galactic Base for c60), in view on a
    phone and holding the focus. Trading it in: c10 + c20 bounty + c50 = c80, the card not
    on the ship, for sale at Galactic Base; the log says each credit once."""
    errors: list[str] = []
    page = _win_a_reward(browser, server_url, errors, viewport)
    offer = page.locator("#vs-commands .vs-reward-offer")
    assert offer.get_attribute("data-card") == "bounty-voucher"
    text = offer.inner_text()
    assert "Reward card: Bounty Voucher" in text and "2 fame at the end of the game" in text, text
    buttons = offer.locator("button")
    assert buttons.all_inner_texts() == ["Keep the card", "Trade it in for c50"], \
        buttons.all_inner_texts()
    assert "Galactic Base for c60" in (buttons.nth(1).get_attribute("title") or "")
    # the generic words are not drawn beside the card
    assert page.locator("#vs-commands button", has_text="Trade the reward in").count() == 0
    assert page.evaluate(
        "() => document.activeElement?.closest('.vs-reward-offer') !== null")
    box = offer.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["viewport"]["height"]
    screenshot(page, f"{SHOTS}-reward-offer-{_name(viewport)}.png")
    _press(page, buttons.nth(1))
    page.wait_for_function(HAS_TEXT, arg=["#log", "trade in"])
    log = _log(page)
    assert "You defeat the pirates at" in log and "and take c20." in log, log
    assert "You trade in the reward Bounty Voucher for c50." in log, log
    assert "pirate bounty" not in log, log
    assert _credits(page) == 80
    assert "Bounty Voucher" not in page.inner_text("#shipcard .vs-rewards")
    assert page.locator("#vs-commands .vs-reward-offer").count() == 0
    assert "rewards for sale: Bounty Voucher" in page.inner_text("#market")
    screenshot(page, f"{SHOTS}-reward-traded-{_name(viewport)}.png")
    page.context.close()
    assert not errors, errors


def test_a_reward_kept(browser: Any, server_url: str) -> None:
    """"Rewards": keeping the drawn Bounty Voucher puts it face up on Ann's ship card; no
    credits for it (c10 + the c20 bounty)."""
    errors: list[str] = []
    page = _win_a_reward(browser, server_url, errors, DESKTOP)
    _press(page, page.locator("#vs-commands .vs-reward-offer button", has_text="Keep"))
    assert "Bounty Voucher" in page.inner_text("#shipcard .vs-rewards")
    assert "You keep the reward Bounty Voucher." in _log(page)
    assert _credits(page) == 30
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_failed_hazard_check_answered_stop(browser: Any, server_url: str,
                                             viewport: dict[str, Any]) -> None:
    """"Hazards": Ann (laser 2) rolls a 6 at a laser hazard and answers "Stop here": her
    ship stays on the hazard, the laser dial still shows 2, the log says the move stops there
    because of the failed check, and the turn passes to the bot."""
    errors: list[str] = []
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 2, "shield": 1}, {"name": "Bot"}],
        "dice": [2, 2, 2, 6]}, viewport)
    _fly(page, "base-giant.1", "base-giant.2")
    page.wait_for_selector("#vs-commands.urgent button")
    stop = page.locator("#vs-commands button", has_text="Stop here")
    _press(page, stop)
    page.wait_for_function(HAS_TEXT, arg=["#log", "move stops"])
    log = _log(page)
    assert re.search(r"Your move stops at laser hazard \(Galactic Base - Giant Planet route\)"
                     r" \(failed laser check\)\.", log), log
    assert "dial goes down" not in log, log
    hazard = page.get_attribute('#board .pawn[data-seat="0"]', "data-dot")
    assert hazard == "base-giant.2", hazard
    page.wait_for_function(HAS_TEXT, arg=["#prompt", "Bot"])
    assert page.locator("#vs-commands.urgent").count() == 0
    screenshot(page, f"{SHOTS}-hazard-stopped-{_name(viewport)}.png")
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_pilot_training_reads_as_the_card_trained_to(browser: Any, server_url: str,
                                                      viewport: dict[str, Any]) -> None:
    """"Pilots > Upgrading Pilots": Ann (Ensign Dana Reyes, level 1, skill 3, c100) stays at
    Galactic Base (the Movement phase skipped): the panel offers the level 2 face as the card
    it is (its name, skill against the one now, fame, ability) for c60. Trained: c40 left,
    the dashboard shows Lieutenant Dana Reyes, level 2, skill 4."""
    errors: list[str] = []
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "pilot": "human", "credits": 100}, {"name": "Bot"}],
        "phase": "first_contact", "turn": {"skipped_movement": True}}, viewport)
    box = page.locator("#vs-commands .vs-training")
    assert box.locator("h4").inner_text() == "Pilot training: level 2 for c60"
    card = box.locator('.vs-train-card[data-face="human-2"]')
    text = card.inner_text()
    assert "Lieutenant Dana Reyes: level 2, skill 4 (now 3), 1 fame." in text, text
    assert "reroll one speed die" in text, text
    assert page.locator("#vs-commands button", has_text="Train your pilot").count() == 0
    screenshot(page, f"{SHOTS}-training-{_name(viewport)}.png")
    _press(page, card.locator("button", has_text="Train to Lieutenant Dana Reyes for c60"))
    assert _credits(page) == 40
    dash = page.inner_text("#vs-dashboard")
    assert "Lieutenant Dana Reyes (Human, level 2, skill 4)" in dash, dash
    assert page.locator("#vs-commands .vs-training").count() == 0
    _log(page)
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_data_probe_looks_at_two_cards_and_switches_them(browser: Any, server_url: str,
                                                           viewport: dict[str, Any]) -> None:
    """"Appendix B > Data Probe": Ann holds a Data Probe in her Set Speed step; the panel
    offers it as two lists of face-down systems and "Look at both cards". She looks at the
    Colony World and the Ice Planet: the log tells her both cultures (the ones the position
    placed there), the question says where each goes if she switches them, and she does."""
    from engine.kernel import Randomness
    from engine.venus_standard.scenario import parse_scenario, scenario_state

    position = {"players": [{"name": "Ann", "techs": ["data_probe:1"]}, {"name": "Bot"}]}
    placed = scenario_state(parse_scenario(position),
                            Randomness("test", 0, "scenario")).first_contact
    errors: list[str] = []
    page = _open(browser, server_url, errors, position, viewport)
    probe = page.locator("#vs-commands .vs-probe")
    assert "Data Probe" in probe.inner_text()
    assert page.locator("#vs-commands button", has_text="Data Probe: look at").count() == 0
    probe.locator("#vs-probe-a").select_option("colony-world")
    probe.locator("#vs-probe-b").select_option("colony-world")
    # one system twice is no pair (the picks outlive a drawing of the page meanwhile)
    expect(page.locator("#vs-probe-look")).to_be_disabled()
    page.evaluate("() => window.starport.game.render({ pieces: false })")  # a drawing
    assert probe.locator("#vs-probe-b").input_value() == "colony-world"
    expect(page.locator("#vs-probe-look")).to_be_disabled()
    probe.locator("#vs-probe-b").select_option("ice-planet")
    screenshot(page, f"{SHOTS}-probe-{_name(viewport)}.png")
    _press(page, page.locator("#vs-probe-look"))
    page.wait_for_selector("#vs-commands.urgent .vs-probe-swap")
    names = page.evaluate("""(keys) => keys.map((k) => window.starport.game.names.culture(k))""",
                          [placed["colony-world"], placed["ice-planet"]])
    log = _log(page)
    assert (f"You see the face-down First Contact cards: Colony World, the {names[0]}; "
            f"Ice Planet, the {names[1]} (Data Probe).") in log, log
    swap = page.locator("#vs-commands .vs-probe-swap")
    assert f"Colony World: the {names[0]}. Ice Planet: the {names[1]}." in swap.inner_text()
    switch = swap.locator("button", has_text="Switch them")
    assert switch.inner_text() == (f"Switch them: the {names[0]} to Ice Planet, "
                                   f"the {names[1]} to Colony World")
    screenshot(page, f"{SHOTS}-probe-swap-{_name(viewport)}.png")
    _press(page, switch)
    assert page.locator("#vs-commands .vs-probe-swap").count() == 0
    page.context.close()
    assert not errors, errors


def test_losing_to_pirates_with_goods_of_their_grade_asks_which_on_a_phone(
        browser: Any, server_url: str) -> None:
    """"Losing a Pirate Engagement" 1: Ann carries two premium goods (Nillis and Wollow)
    when she loses to a premium pirate: the rules ask which one they take. On a 390x844
    phone the answers are in the panel's question box, in view and holding the focus (not
    only beside the cargo on the ship card far below); she gives up the Nillis goods: the
    log says so, the Wollow goods stay aboard, her credits are untouched."""
    from tests.web.test_venus_standard_questions import IN_VIEW

    errors: list[str] = []
    page = _open(browser, server_url, errors, {
        "players": [{"name": "Ann", "laser": 1, "shield": 1, "credits": 30,
                     "cargo": ["nillis:g1", "wollow:g1"]}, {"name": "Bot"}],
        "dice": [2, 2, 2, 6], "state": {"cards": {"tokens": PIRATE_6}}}, PHONE)
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    _press(page, page.locator("#vs-commands button", has_text=re.compile("[Ll]aser")).first)
    page.wait_for_selector('#vs-commands.urgent button[data-cmd*="GiveUpGoods"]')
    assert "Choose the goods the pirates take" in page.inner_text("#prompt")
    names = page.evaluate("() => ['nillis:g1', 'wollow:g1'].map((t) => "
                          "window.starport.game.names.cargo(t))")
    answers = page.locator("#vs-commands.urgent button").all_inner_texts()
    assert answers == [f"Give up {names[0]}", f"Give up {names[1]}"], answers
    assert page.locator("#shipcard button", has_text="Give up").count() == 0
    page.wait_for_function(f"() => ({IN_VIEW})().every(Boolean)", timeout=5_000)
    assert page.evaluate(
        "() => document.activeElement?.closest('#vs-commands.urgent') !== null")
    screenshot(page, f"{SHOTS}-pirates-take-goods-phone.png")
    _press(page, page.locator("#vs-commands button", has_text=f"Give up {names[0]}"))
    log = _log(page)
    assert "a goods token of their grade is lost" in log, log
    assert f"{names[0]} leaves your hold for its culture's supply." in log, log
    cargo = page.inner_text("#shipcard .vs-cargo")
    assert names[1] in cargo and names[0] not in cargo, cargo
    assert _credits(page) == 30
    page.context.close()
    assert not errors, errors
