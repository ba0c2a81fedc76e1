"""Merchant of Venus, the standard game: what a four-player table found in Chromium, checked
at 1440x900 and 390x844 from scenario positions (``engine.venus_standard.scenario``):

- "Navigation Spaces": Ann goes on from a navigation space without a navigation die; the
  bot at her left chooses the exit, as the rules say. That is the bot's own command, not one
  played for Ann: no "A bot played for you" (nor "your seat played in another tab") notice
  on her page (``web/platform/away.js`` ``ofSeat``), though her ship moved.
- "Transaction Phase": under the Giant Planet (the Humans, Shield c50), the Colony World's
  market (the Nillis, Shield c60) lists its Shield without a Buy button: only the market
  where the ship is sells; the one Buy is the Humans' (``web/games/venusstd/market.js``).
- On a phone, a move that spends its last point ends the mover's turn; the map followed that
  ship, and the next turn (Ann's) opens on her own ship, far away at Galactic Base.
- "Movement Phase": "Skip the Movement phase" is drawn plain, below, not gold like Roll.
- "Missions": the fame of a completed mission is counted at the end of the game ("End of the
  Game > Count Fame"); the log and the ship card say so, with the fame as it stands.
- Setup 8, "Pilots": the lobby describes each pilot where it is chosen (skill, home culture,
  what training gives).
- From scenario positions: a telegate jump by the navigation value ("Telegates"); a drill
  placed on an asteroid by the player's choice ("Drills"); the Second Mission offered only
  after landing at (or staying on) Galactic Base ("Second Mission"). Pirates won and lost,
  passengers, a reward traded in, pilot training and the Data Probe have theirs in
  ``test_venus_standard_play.py`` and ``test_venus_standard_outcomes.py``.

Screenshots (with ``STARPORT_TEST_SHOTS``): /tmp/shots-std/. Every page visited is checked with
axe-core.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.a11ykit import serious
from tests.web.conftest import SHOTS_WANTED, screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, api, page_in
from tests.web.test_venus_standard_page import _set_position

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-std")
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SEQ_AFTER = "(n) => Number(document.getElementById('game').dataset.seq) > n"


def _shot(page: Any, name: str, showing: Any = None) -> None:
    """The page's picture (with ``STARPORT_TEST_SHOTS``), scrolled to ``showing`` first."""
    if SHOTS_WANTED and showing is not None:
        showing.scroll_into_view_if_needed()
    screenshot(page, SHOTS / f"{name}.png")


def _seq(page: Any) -> int:
    return int(page.get_attribute("#game", "data-seq") or 0)


def _ann_and_bob(server_url: str, scenario: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A started table of two people, Ann (seat 0) and Bob (seat 1), in ``scenario``'s
    position; Ann's link and the table as made (Bob plays through the API)."""
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2,
                                        "name": "Two merchants"})
    for seat, name in enumerate(["Ann", "Bob"]):
        api(server_url, f"/api/tables/{t['table_id']}/join", {"name": name},
            t["seats"][seat]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    _set_position(t["table_id"], scenario)
    return f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}", t


def _bob_plays(server_url: str, made: dict[str, Any], *commands: dict[str, Any]) -> None:
    token = made["seats"][1]["token"]
    base = f"/api/tables/{made['table_id']}"
    for i, cmd in enumerate(commands):
        seq = api(server_url, f"{base}/view", token=token)["seq"]
        api(server_url, f"{base}/commands", {"seq": seq, "client_id": f"bob-{i}-{cmd['type']}",
                                            "command": cmd}, token)


def _ann_and_a_bot(server_url: str, scenario: dict[str, Any]) -> str:
    """A started table, Ann at seat 0 and a bot at her left (seat 1), in ``scenario``'s
    position; Ann's link."""
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2, "bots": [1],
                                        "name": "At the table"})
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": "Ann"}, t["seats"][0]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    _set_position(t["table_id"], scenario)
    return f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}"


def _open(browser: Any, link: str, size: str, errors: list[str]) -> Any:
    page = page_in(browser, errors, 20_000, **SIZES[size])
    page.goto(link)
    page.wait_for_selector("#game:not([hidden]) #vs-phases li.now")
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    return page


def _press(page: Any, button: Any) -> None:
    assert button.count(), page.inner_text("#panel")
    before = _seq(page)
    button.first.click()
    page.wait_for_function(SEQ_AFTER, arg=before)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_exit_the_bot_at_my_left_chooses_is_not_played_for_me(
        browser: Any, server_url: str, size: str) -> None:
    """"Navigation Spaces": "the player to the current player's left chooses the path". Ann
    rolls on the navigation space and goes on without a navigation die; the bot at her left
    chooses; her ship leaves by that exit and no notice says a bot played for her."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "space": "nav-west", "came_from": "base-west.2"},
                    {"name": "Bot"}],
        "dice": [4, 2, 1]})
    page = _open(browser, link, size, errors)
    _press(page, page.locator("#vs-roll"))
    _press(page, page.get_by_role("button", name=re.compile("Go on without a navigation die")))
    # the bot answers the exit; Ann's ship leaves the navigation space
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some((li) =>"
        " /chooses|exit/i.test(li.textContent) && /Bot/.test(li.textContent))",
        timeout=30_000)
    page.wait_for_function("() => window.starport.game.idle()")
    page.wait_for_timeout(300)
    _shot(page, f"exit-chosen-by-the-left-{size}")
    notices = page.locator(".notice[data-key='bot'], .notice[data-key='elsewhere']")
    assert notices.count() == 0, page.inner_text("#notices") if page.locator(
        "#notices").count() else notices.all_inner_texts()
    found = serious(page, f"standard exit chosen by the left ({size})")
    assert not found, found
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_only_the_market_where_the_ship_is_offers_buy_buttons(
        browser: Any, server_url: str, size: str) -> None:
    """"Transaction Phase": a player buys at the market of the system he landed in. Ann is on
    the Giant Planet's city (the Humans: Shield c50); the Colony World's Nillis market also
    lists a Shield (c60) but has no Buy button, since a Buy there would carry the Shield here."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "space": "giant-planet.city", "credits": 200},
                    {"name": "Bot"}],
        "phase": "transaction",
        "discovered": {"giant-planet": "humans", "colony-world": "nillis"},
        "state": {"trade": {"markets": {
            "humans": {"culture": "humans",
                       "stack": ["humans-active", "humans-high", "humans-low"]},
            "nillis": {"culture": "nillis",
                       "stack": ["nillis-high", "nillis-low", "nillis-active"]}}}}})
    page = _open(browser, link, size, errors)
    humans = page.locator('#market .vs-market[data-culture="humans"]')
    nillis = page.locator('#market .vs-market[data-culture="nillis"]')
    assert humans.count() == 1 and nillis.count() == 1, page.inner_text("#market")
    if not nillis.evaluate("(d) => d.open"):
        nillis.locator("summary").click()
    assert "Shield c60" in nillis.inner_text(), nillis.inner_text()
    assert nillis.locator("button").count() == 0, nillis.inner_text()
    shield = humans.locator(".vs-equip li", has_text="Shield c50")
    assert shield.locator("button", has_text="Buy").count() == 1, humans.inner_text()
    _shot(page, f"markets-one-sells-{size}", showing=nillis)
    found = serious(page, f"standard markets ({size})")
    assert not found, found
    before = page.evaluate("() => window.starport.game.answer.view.players[0].shield")
    _press(page, shield.locator("button", has_text="Buy"))
    page.wait_for_function(
        "(n) => window.starport.game.answer.view.players[0].shield > n", arg=before)
    assert not errors, errors
    page.context.close()


IN_VIEW = """(space) => {
  const b = window.starport.game.page.board;
  const p = b.dot(space);
  const box = b.shown(0.02);
  return p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1;
}"""


def test_on_a_phone_my_turn_opens_on_my_ship(browser: Any, server_url: str) -> None:
    """Bob's move spends its last point on the far side of the cluster ("End Movement": the
    turn ends); the map follows his ship there. Ann's turn begins with it: her phone's map
    ends on her own ship at Galactic Base, not on Bob's."""
    errors: list[str] = []
    link, made = _ann_and_bob(server_url, {
        "players": [{"name": "Ann"}, {"name": "Bob", "space": "polluted-wartorn.2",
                                       "came_from": "polluted-wartorn.1"}],
        "active": 1, "dice": [1, 1, 1]})
    page = _open(browser, link, "phone", errors)
    before = _seq(page)
    _bob_plays(server_url, made, {"type": "RollSpeed"})
    page.wait_for_function(SEQ_AFTER, arg=before)
    page.wait_for_function("() => window.starport.game.idle()")
    page.wait_for_timeout(300)  # the roll drawn: the move that follows is animated
    before = _seq(page)
    _bob_plays(server_url, made, {"type": "MoveTo", "path": [
        "polluted-wartorn.3", "polluted-wartorn.4", "polluted-wartorn.5"]})
    page.wait_for_function(SEQ_AFTER, arg=before)
    page.wait_for_function(
        "() => document.getElementById('turn-badge').classList.contains('yours')")
    page.wait_for_function("() => window.starport.game.idle()")
    page.wait_for_timeout(600)
    page.evaluate("() => window.scrollTo(0, 0)")
    _shot(page, "my-turn-opens-on-my-ship-phone")
    assert page.evaluate(IN_VIEW, "galactic-base"), page.evaluate(
        "() => window.starport.game.page.board.view")
    found = serious(page, "standard my turn on a phone")
    assert not found, found
    assert not errors, errors
    page.context.close()


STYLE = """(sel) => { const b = document.querySelector(sel); if (!b) return null;
  const cs = getComputedStyle(b);
  return { bg: cs.backgroundColor, weight: Number(cs.fontWeight), cls: b.className,
           top: b.getBoundingClientRect().top }; }"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_skipping_the_movement_phase_is_quieter_than_rolling(
        browser: Any, server_url: str, size: str) -> None:
    """"Movement Phase": a player may skip it, but a turn is for moving: Roll is the gold
    button, "Skip the Movement phase" a plain one below it."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {"players": [{"name": "Ann"}, {"name": "Bot"}]})
    page = _open(browser, link, size, errors)
    page.wait_for_selector("#vs-roll")
    roll = page.evaluate(STYLE, "#vs-roll")
    skip = page.evaluate(STYLE, "#vs-SkipMovement")
    assert roll and skip, page.inner_text("#panel")
    assert "primary" in roll["cls"] and "primary" not in skip["cls"], (roll, skip)
    assert skip["bg"] != roll["bg"] and skip["weight"] < roll["weight"], (roll, skip)
    assert skip["top"] > roll["top"], (roll, skip)
    page.locator("#vs-SkipMovement").scroll_into_view_if_needed()
    _shot(page, f"skip-quieter-than-roll-{size}")
    found = serious(page, f"standard movement phase ({size})")
    assert not found, found
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_missions_fame_is_said_to_count_at_the_end(
        browser: Any, server_url: str, size: str) -> None:
    """"Missions": a completed Mission card lies face down "indicating it is completed and
    will award him fame at the end of the game"; "End of the Game > Count Fame". Ann
    completes Colony Charter: the log says its fame counts at the end, the ship card gives
    the fame as it would be counted now, and the merchants' list the same."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "space": "colony-world.city-1", "credits": 10,
                     "missions": ["colony-charter"]}, {"name": "Bot"}],
        "phase": "transaction", "discovered": {"colony-world": "humans"},
        "deck_tops": {"reward": ["founders-coin"]},
        "state": {"trade": {"markets": {"humans": {
            "culture": "humans", "stack": ["humans-active", "humans-high", "humans-low"]}}}}})
    page = _open(browser, link, size, errors)
    assert page.locator("#shipcard .vs-fame-end").count() == 0  # nothing counted later yet
    _press(page, page.locator("#panel button", has_text="Colony Charter"))
    page.wait_for_function(
        "() => document.getElementById('log').textContent.includes('counted at the end')")
    keep = page.locator("#vs-commands button", has_text=re.compile("[Kk]eep"))
    if keep.count():
        _press(page, keep)
    page.wait_for_selector("#shipcard .vs-fame-end")
    said = page.inner_text("#shipcard .vs-fame-end")
    assert re.search(r"Fame at the end of the game, as it stands: \d+ \(.*completed missions "
                     r"\+\d", said), said
    assert "fame 0" in page.inner_text("#shipcard .vs-figures")  # no fame token yet
    assert re.search(r"fame 0 \(\d+ at the end\)", page.inner_text("#players")), \
        page.inner_text("#players")
    page.locator("#shipcard .vs-fame-end").scroll_into_view_if_needed()
    _shot(page, f"mission-fame-at-the-end-{size}")
    found = serious(page, f"standard mission fame ({size})")
    assert not found, found
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_pilots_are_described_where_they_are_chosen(
        browser: Any, server_url: str, size: str) -> None:
    """Setup 8: "Each player chooses one of the pilots". The lobby says what the chosen one
    is, and lists every pilot's skill, home culture and training."""
    errors: list[str] = []
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2, "bots": [1],
                                        "name": "Choosing pilots"})
    page = page_in(browser, errors, 20_000, **SIZES[size])
    page.goto(f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}")
    page.wait_for_selector("#join:not([hidden])")
    page.select_option("#join-race", "whynom")
    help_text = page.inner_text("#join-choice-help")
    assert help_text.startswith("Whynom: Starts as Whynom Hatchling, piloting skill 2"), \
        help_text
    assert "Level 2 for c60 at Galactic Base" in help_text, help_text
    page.locator("#join-choices summary").click()
    listed = page.inner_text("#join-choices")
    for pilot in ("Human", "Eeepeeep", "Whynom", "Qossuth"):
        assert pilot in listed, listed
    assert listed.count("piloting skill") == 4, listed
    _shot(page, f"pilots-described-{size}")
    found = serious(page, f"standard lobby pilots ({size})")
    assert not found, found
    assert not errors, errors
    page.context.close()


def _view(page: Any) -> Any:
    return page.evaluate("() => window.starport.game.answer.view")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_telegate_jump_by_the_navigation_value(
        browser: Any, server_url: str, size: str) -> None:
    """"Telegates": a ship entering a telegate with a navigation value jumps to the telegate
    of that number, free of movement points. Ann, facing telegate 2, rolls 5, 2, 1, puts the
    5 in the navigation box and steps onto it: her ship is at telegate 5."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "space": "jungle-world.8", "heading": "jungle-station.1",
                     "came_from": "jungle-world.7"}, {"name": "Bot"}],
        "dice": [5, 2, 1]})
    page = _open(browser, link, size, errors)
    _press(page, page.locator("#vs-roll"))
    _press(page, page.get_by_role(
        "button", name=re.compile(r"Assign the 5 \(die 1\) to .*navigation", re.I)))
    _press(page, page.locator('#moves .vs-move[data-space="jungle-station.1"]'))
    page.wait_for_function(
        "() => window.starport.game.answer.view.players[0].space === 'north-polluted.2'")
    log = page.inner_text("#log")
    assert re.search(r"telegate", log, re.I), log
    page.wait_for_function("() => window.starport.game.idle()")
    _shot(page, f"telegate-jump-{size}")
    found = serious(page, f"standard telegate ({size})")
    assert not found, found
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_drill_is_the_players_choice(browser: Any, server_url: str, size: str) -> None:
    """"Drills": "he can place drill tokens on asteroid spaces as his ship passes over or
    lands on them". Ann (License to Drill) enters the asteroid space next to her: the page
    asks, "Place a drill here" puts her drill token there (on the map in her colour)."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "space": "giant-east.1", "heading": "giant-east.2",
                     "came_from": "giant-planet.5", "techs": ["license_to_drill:1"]},
                    {"name": "Bot"}],
        "dice": [1, 1, 1]})
    page = _open(browser, link, size, errors)
    _press(page, page.locator("#vs-roll"))
    _press(page, page.locator('#moves .vs-move[data-space="giant-east.2"]').first)
    place = page.get_by_role("button", name=re.compile("Place a drill here"))
    place.first.wait_for()
    assert page.get_by_role("button", name=re.compile("No drill here")).count() == 1
    _shot(page, f"drill-asked-{size}")
    found = serious(page, f"standard drill question ({size})")
    assert not found, found
    _press(page, place)
    page.wait_for_function(
        "() => (window.starport.game.answer.view.trade.drills || {})['giant-east.2'] === 0")
    page.wait_for_selector('#board .token-drill[data-space="giant-east.2"][data-owner="0"]',
                           state="attached")
    assert "drill" in page.inner_text("#log")
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_second_mission_after_staying_on_galactic_base(
        browser: Any, server_url: str, size: str) -> None:
    """"Second Mission": bought "by landing his ship at Galactic Base", or on it after
    skipping the Movement phase. Ann starts her turn there: no second mission yet; she
    skips the Movement phase: it is offered, and bought for c60 and five fame."""
    errors: list[str] = []
    link = _ann_and_a_bot(server_url, {
        "players": [{"name": "Ann", "credits": 100, "missions": ["colony-charter"]},
                    {"name": "Bot"}]})
    page = _open(browser, link, size, errors)
    second = page.get_by_role("button", name=re.compile("second mission", re.I))
    assert second.count() == 0, page.inner_text("#panel")
    _press(page, page.locator("#vs-SkipMovement"))
    second.first.wait_for()
    _press(page, second)
    page.wait_for_function("() => window.starport.game.answer.view.players[0].fame === 5")
    assert _view(page)["players"][0]["credits"] == 40
    _shot(page, f"second-mission-{size}")
    assert not errors, errors
    page.context.close()
