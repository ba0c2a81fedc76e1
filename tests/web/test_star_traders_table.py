"""Star Traders at the table, in real Chromium at desktop and phone sizes: a second deal
offered without a reload; the cards' faces (name, text, what a play would do) and a Calamity on
oneself behind a second press; a Quarantine! named by its world, its player not told that a
Calamity strikes him, its play logged once; the Personalities offered and described in the
lobby, on the start page and the rules page. Screenshots go to /tmp/shots-st/."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.a11ykit import serious
from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, api, page_in, set_position

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-st"


def _shot(page: Page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    screenshot(page, f"{SHOTS}/{name}.png")


def _table(server_url: str, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """Ann, Bob and a bot, joined through the API and started; no reaction clock."""
    t = api(server_url, "/api/tables", {"ruleset": "star-traders", "seats": 3, "bots": [2],
                                        "name": "Traders",
                                        "options": {"reaction_timer": 0, **(options or {})}})
    for seat, name in ((0, "Ann"), (1, "Bob")):
        api(server_url, f"/api/tables/{t['table_id']}/join", {"name": name},
            t["seats"][seat]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return t["table_id"], t


def _open(page: Page, server_url: str, table: str, token: str) -> None:
    page.goto(f"{server_url}/t/{table}#{token}")
    page.wait_for_selector("#game:not([hidden]) #st-seat h3")


def test_a_second_deal_without_a_reload(browser: Any, server_url: str) -> None:
    """Trades and Deals: "Players may make any deals they like": after an offer (refused),
    another; the Offer button is on again each time, on a phone and on a laptop."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 66, "stellors": 40, "policy": "never"},
                    {"name": "Bob", "world": 66, "stellors": 40, "policy": "never"},
                    {"name": "Bot", "world": 11, "policy": "never"}],
        "stations": {"63": 0, "13": 1},
    })
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    for n, (offerer, other, to) in enumerate(((bob, ann, "0"), (bob, ann, "0"), (ann, bob, "1"))):
        if not offerer.locator("#st-deal-box").evaluate("d => d.open"):
            offerer.click("#st-deal-box summary")
        offerer.select_option("#deal-to", to)
        offerer.fill('[data-side="give"] input[name=stellors]', str(5 + n))
        station = "63" if to == "0" else "13"
        offerer.check(f'[data-side="get"] input[data-item="stations"][value="{station}"]')
        send = offerer.locator("#deal-send")
        assert send.is_enabled(), f"offer {n + 1}: the Offer button is off"
        send.click()
        other.locator(".st-offer", has_text=f"{5 + n} Stellors").wait_for()
        if n == 0:
            _shot(bob, "deal-offered-phone")
        other.locator('.st-offer button[data-answer="refuse"]').click()
        other.locator(".st-offer").wait_for(state="detached")
        offerer.locator(".st-offer").wait_for(state="detached")
        offerer.wait_for_function("() => !document.body.classList.contains('is-busy')")
        assert offerer.locator("#deal-send").is_enabled(), f"after offer {n + 1}"
    _shot(ann, "deal-again-desktop")
    found = serious(bob, "the deal form on a phone")
    assert not found, found
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_card_faces_and_a_calamity_on_oneself(browser: Any, server_url: str) -> None:
    """Each card in the hand shows its name, its text and whether it is playable now; the
    play list says what each play would do, plays on others first; "you could play one on
    yourself" (Calamity Cards) takes a second press."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 66, "policy": "never",
                     "hand": ["envoy-1", "disfavor-1"]},
                    {"name": "Bob", "world": 66, "prestige": 5, "policy": "never"},
                    {"name": "Bot", "world": 11, "policy": "never"}],
    })
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ann = page_in(browser, errors, **size)
        _open(ann, server_url, table, t["seats"][0]["token"])
        envoy = ann.locator('#st-seat .luck-card[data-card="envoy-1"]')
        assert "Imperial Envoy!" in envoy.inner_text()
        assert "must take the Imperial Envoy to Niven (13)" in envoy.inner_text()
        assert "Playable now" in envoy.inner_text()
        ann.click("#st-turn .st-plays summary")
        part = ann.locator('.st-play-card[data-card="disfavor-1"]')
        assert "The victim loses 2 Prestige" in part.inner_text()
        buttons = part.locator("button")
        first = buttons.first.inner_text()
        assert "on yourself" not in first and "loses 2 Prestige" in first, first
        mine = ann.locator('.st-play-card[data-card="envoy-1"] button[data-self]')
        assert mine.count() == 1 and "on yourself" in mine.inner_text()
        assert ann.locator('.st-play-card[data-card="envoy-1"] button').last.get_attribute(
            "data-self") == "1"
        mine.click()  # the first press only warns
        ann.locator(".warn-note", has_text="is a Calamity: played on yourself").wait_for()
        assert ann.locator('#st-seat .luck-card[data-card="envoy-1"]').count() == 1
        _shot(ann, f"card-faces-{label}")
        found = serious(ann, f"the card faces ({label})")
        assert not found, found
        if label == "phone":
            mine.click()  # the second press plays it: Ann takes the Envoy herself
            ann.locator("#st-seat .st-where", has_text="Imperial Envoy to Niven (13)").wait_for()
        ann.context.close()
    assert not errors, errors


def _ann_jumps_from_endor(browser: Any, server_url: str, errors: list[str], ann_hand: list[str],
                          bob_hand: list[str]) -> tuple[Page, Page]:
    """Ann (a laptop) at Endor (61) and Bob (a phone) at 66, both asked in every window, a
    bot never asked; Ann declares a regular jump to Heinlein (16), the die loaded with a 6:
    the Quarantine interval asks them both. Answers their pages."""
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 61, "policy": "ask", "hand": ann_hand},
                    {"name": "Bob", "world": 66, "policy": "ask", "hand": bob_hand},
                    {"name": "Bot", "world": 11, "policy": "never"}],
        "dice": [6],
    })
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    ann.locator("#world-16").click()
    ann.click("#jump-regular")
    return ann, bob


def test_a_quarantine_named_and_its_player_not_struck(browser: Any, server_url: str) -> None:
    """Timing Details 2: Bob plays Quarantine! in the Quarantine interval of Ann's jump; the
    button names the world; then Ann (asked: her world is closed) is told a Calamity strikes
    her, Bob is not asked to avoid his own card; the play is logged once."""
    errors: list[str] = []
    ann, bob = _ann_jumps_from_endor(browser, server_url, errors, ["avoid-1"],
                                     ["quarantine-1", "avoid-2"])
    ann.locator('#st-reaction button[data-react="PassReaction"]').wait_for()
    ann.click('#st-reaction button[data-react="PassReaction"]')  # her own interval: no card
    # the window asks both at once: Bob plays once his page has Ann's pass (a command made
    # against the position before it is refused as stale, 409)
    bob.wait_for_function("() => window.starport.game.answer.pending?.seats.join() === '1'"
                          " && window.starport.game.idle()")
    quarantine = bob.locator('#st-reaction button[data-react="Quarantine"]')
    quarantine.wait_for()
    assert "Quarantine Verne (61): Quarantine!" in quarantine.inner_text() or \
        "Quarantine" in quarantine.inner_text() and "(61)" in quarantine.inner_text(), \
        quarantine.inner_text()
    _shot(bob, "quarantine-named-phone")
    quarantine.click()
    avoid = ann.locator('#st-reaction button[data-react="AvoidCalamity"]')
    avoid.wait_for()
    assert "A Calamity strikes you" in ann.inner_text("#prompt")
    assert "Bob plays Quarantine! on Endor (61), where your ship is" in \
        ann.inner_text("#st-reaction")
    assert "Playable in the window open now" in \
        ann.inner_text('#st-seat .luck-card[data-card="avoid-1"]')
    bob.locator("#prompt", has_text="Ann may avoid Quarantine!").wait_for()
    assert "strikes you" not in bob.inner_text("#prompt")
    assert bob.locator('#st-reaction button[data-react="AvoidCalamity"]').count() == 0
    _shot(ann, "quarantine-struck-desktop")
    _shot(bob, "quarantine-player-phone")
    ann.click('#st-reaction button[data-react="PassReaction"]')
    ann.locator("#log", has_text="Quarantine! on").wait_for()
    log = ann.locator("#log li").all_inner_texts()
    plays = [line for line in log if "Bob plays Quarantine!" in line]
    assert len(plays) == 1, log
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_the_personalities_offered_and_described(browser: Any, server_url: str) -> None:
    """Setting Up 4 and New Personalities: a table with the new ones offers all twelve in the
    lobby, each described; the start page speaks of Star Traders; the rules page has an
    entry for each Personality."""
    errors: list[str] = []
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        host = page_in(browser, errors, **size)
        host.goto(f"{server_url}/")
        host.check('input[name="ruleset"][value="star-traders"]')
        host.wait_for_selector("#t-advanced")
        host.locator("#home-help .home-own", has_text="New to Star Traders?").wait_for()
        assert "solo" not in host.inner_text("#t-seats")
        assert "Merchant of Venus?" not in host.inner_text("#home-help .home-own")
        host.select_option("#t-personalities", "all")
        host.click("#create-btn")
        host.wait_for_selector("#created:not([hidden])")
        seat = host.locator("#links input").nth(1).input_value()
        host.goto(seat)
        host.wait_for_selector("#join:not([hidden])")
        choices = host.locator("#join-race option").all_inner_texts()
        assert len(choices) == 13 and any("Pirate Pete" in c for c in choices), choices
        host.select_option("#join-race", "navigator")
        assert "Adds one to each jump attempt's roll" in host.inner_text("#join-choice-help")
        host.click("#join-choices summary")
        every = host.inner_text("#join-choices")
        assert "Verdant Velma" in every and "150 Stellors" in every
        _shot(host, f"lobby-personalities-{label}")
        found = serious(host, f"the lobby's Personalities ({label})")
        assert not found, found
        host.context.close()
    rules = page_in(browser, errors, **DESKTOP)
    rules.goto(f"{server_url}/rules/star-traders")
    rules.locator("#rule-the-navigator").wait_for()
    body = rules.inner_text("body")
    for name in ("The Navigator", "Lucky Lou", "Awesome Andi", "Pirate Pete", "The Banker"):
        assert name in body, name
    _shot(rules, "rules-personalities-desktop")
    rules.context.close()
    assert not errors, errors


def test_a_bot_answers_a_deal_at_once(browser: Any, server_url: str) -> None:
    """Trades and Deals: offers are made at any time, during anyone's turn; the bot seat
    answers Ann's offers during her own movement stage (GameDefinition.answering), within
    seconds: a gift accepted, a lopsided offer refused."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 66, "stellors": 40, "policy": "never"},
                    {"name": "Bob", "world": 66, "policy": "never"},
                    {"name": "Bot", "world": 11, "stellors": 20, "policy": "never"}],
        "stations": {"63": 0, "11": 2},
    })
    for size, label, give, station, answer in (
            (DESKTOP, "desktop", "12", None, "accepted"), (PHONE, "phone", "1", "11", "refused")):
        ann = page_in(browser, errors, **size)
        _open(ann, server_url, table, t["seats"][0]["token"])
        ann.click("#st-deal-box summary")
        ann.select_option("#deal-to", "2")
        ann.fill('[data-side="give"] input[name=stellors]', give)
        if station:
            ann.check(f'[data-side="get"] input[data-item="stations"][value="{station}"]')
        ann.click("#deal-send")
        ann.locator("#log", has_text=f"is {answer}").last.wait_for(timeout=10_000)
        assert "Your movement stage" in ann.inner_text("#prompt")  # still Ann's turn
        assert ann.locator(".st-offer").count() == 0
        _shot(ann, f"bot-answers-{label}")
        ann.context.close()
    view = api(server_url, f"/api/tables/{table}/view", token=t["seats"][0]["token"])
    assert view["view"]["players"][0]["stellors"] == 28  # the gift, then no deal
    assert view["view"]["stations"]["11"] == 2
    assert not errors, errors


def test_a_changed_setting_keeps_the_question(browser: Any, server_url: str) -> None:
    """Ann's failed roll asks her (Re-Rolls); she changes her reaction setting meanwhile: the
    question stays (a setting is no pass) and her re-roll lands; the setting offers "re-roll
    my failed jump with my least useful card"."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 14, "policy": "playable", "hand": ["favor-1"]},
                    {"name": "Bob", "world": 66, "policy": "never"},
                    {"name": "Bot", "world": 11, "policy": "never"}],
        "dice": [2, 5],
    })
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        ann = page_in(browser, errors, **size)
        _open(ann, server_url, table, t["seats"][0]["token"])
        options = ann.locator("#st-policy option").all_inner_texts()
        assert any("least useful card" in o for o in options), options
        if label == "phone":
            _shot(ann, "policy-phone")
            ann.context.close()
            continue
        ann.locator("#world-15").click()
        ann.click("#jump-regular")
        reroll = ann.locator('#st-reaction button[data-react="Reroll"]')
        reroll.wait_for()
        ann.select_option("#st-policy", "never")
        ann.locator("#log", has_text="Your reaction setting: never ask").wait_for()
        assert reroll.is_visible(), "the question went away with the setting"
        _shot(ann, "setting-changed-desktop")
        reroll.click()
        ann.wait_for_selector('#board .ship[data-seat="0"][data-world="15"]')
        ann.context.close()
    assert not errors, errors


def test_the_start_page_suggests_a_reaction_timer(browser: Any, server_url: str) -> None:
    """The reaction windows' clock: a timer is the default and said to be suggested with
    people at the table; "wait for every answer" warns that an absent player stalls it."""
    errors: list[str] = []
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        host = page_in(browser, errors, **size)
        host.goto(f"{server_url}/")
        host.check('input[name="ruleset"][value="star-traders"]')
        host.wait_for_selector("#t-reaction-timer")
        chosen = host.locator("#t-reaction-timer option:checked").inner_text()
        assert "20 s" in chosen and "suggested" in chosen, chosen
        assert host.locator("#t-reaction-hint").is_hidden()
        host.select_option("#t-reaction-timer", "0")
        host.locator("#t-reaction-hint", has_text="stalls every reaction window").wait_for()
        _shot(host, f"reaction-timer-{label}")
        host.click("#create-btn")
        host.wait_for_selector("#created:not([hidden])")
        seat = host.locator("#links input").nth(1).input_value()
        table = seat.split("/t/")[1].split("#")[0]
        lobby = api(server_url, f"/api/tables/{table}", token=seat.split("#")[1])
        assert lobby["options"]["reaction_timer"] == 0
        host.context.close()
    assert not errors, errors


# Ann carries her Imperial Cargo one red line from Terra (42); the die: 4 (Winning the Game)
ENDGAME = {
    "players": [
        {"name": "Ann", "world": 43, "prestige": 20, "stellors": 33, "policy": "never",
         "hold": ["imperial"], "mission": 68},
        {"name": "Bob", "world": 66, "stellors": 51},
        {"name": "Bot", "world": 11, "policy": "never"},
    ],
    "stations": {"42": 1},
    "dice": [4],
}


def test_the_end_the_chart_and_the_replay_bar(browser: Any, server_url: str) -> None:
    """A click on a world's "%" label picks the world; the Prestige chart's axis ends at 30
    ("Prestige may not go ... above 30"); the end summary gives every Trader's Stellors (a
    finished game is shown in full) and the log stays; on a phone nothing overflows the
    screen; on a laptop the replay bar leaves the galaxy whole above it."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, ENDGAME)
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    ann.locator('.reach-world[data-world="42"] text').click()
    ann.locator('.jump-card[data-world="42"]').wait_for()
    axis = ann.locator("#chart svg text.axis").evaluate_all("els => els.map((e) => e.textContent)")
    assert "30" in axis and "100" not in axis, axis
    ann.click("#jump-regular")
    for p, label in ((ann, "desktop"), (bob, "phone")):
        p.wait_for_selector("#end:not([hidden])")
        end = p.locator("#end").inner_text()
        assert "Stellors" in end and "33" in end and "51" in end, end
        p.locator("#log", has_text="Imperial Mission").wait_for()
        wide = p.evaluate("() => document.scrollingElement.scrollWidth"
                          " - document.documentElement.clientWidth")
        assert wide <= 1, f"{label}: the page is {wide}px wider than the screen"
        _shot(p, f"end-{label}")
        found = serious(p, f"the end ({label})")
        assert not found, found
    ann.keyboard.press("Escape")
    assert ann.locator("#log li").count() > 5
    ann.click("#replay-btn")
    ann.wait_for_selector("#replay-bar:not([hidden])")
    bar = ann.locator("#replay-bar").bounding_box()
    board = ann.locator("#board").bounding_box()
    assert bar and board and board["y"] + board["height"] <= bar["y"] + 1, (board, bar)
    _shot(ann, "replay-desktop")
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_a_table_without_personalities_asks_its_seats_for_none(browser: Any,
                                                                server_url: str) -> None:
    """Optional Rules, "Selecting Personalities": a table that plays without them has no seat
    choice, so the join form shows a name only (no empty "Personality" select)."""
    errors: list[str] = []
    t = api(server_url, "/api/tables", {"ruleset": "star-traders", "seats": 2, "name": "Plain",
                                        "options": {"personalities": "none"}})
    page = page_in(browser, errors, **DESKTOP)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#join:not([hidden])")
    assert page.locator("#join-race").is_hidden()
    page.fill("#join-name", "Ann")
    page.click("#join-btn")
    page.wait_for_selector("#join-btn:text('Update')")
    assert api(server_url, f"/api/tables/{t['table_id']}",
               token=t["seats"][0]["token"])["seats"][0]["name"] == "Ann"
    assert serious(page) == []
    page.context.close()
    assert not errors, errors


def test_two_players_pass_at_the_same_moment(browser: Any, server_url: str) -> None:
    """A reaction window asks Ann and Bob at once (docs/star-traders.md, "Reaction
    windows"): both pass against the same position, at the same moment, in their own
    browsers; both passes are played (neither is told the game moved on) and the jump goes on
    to its Zap/Reroll interval."""
    errors: list[str] = []
    ann, bob = _ann_jumps_from_endor(browser, server_url, errors, [], [])
    passing = '#st-reaction button[data-react="PassReaction"]'
    for page in (ann, bob):
        page.locator(passing).wait_for()
        page.wait_for_function("() => window.starport.game.idle()")
    seq = ann.evaluate("() => window.starport.game.answer.seq")
    assert bob.evaluate("() => window.starport.game.answer.seq") == seq
    for page in (ann, bob):  # both sent before either answer comes back
        page.evaluate("() => { window.starport.game.send({type: 'PassReaction'}); }")
    for page in (ann, bob):
        page.wait_for_function(f"() => window.starport.game.answer.seq > {seq} + 1"
                               " && window.starport.game.idle()")
        page.locator("#prompt", has_text="The Zap/Reroll interval").wait_for()
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
    _shot(bob, "both-passed-phone")
    ann.context.close()
    bob.context.close()
    assert not errors, errors
