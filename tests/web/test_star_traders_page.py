"""Star Traders in real Chromium on the table page: a table with two human seats
in two browser contexts (a laptop and a phone) that join through the lobby, and a bot seat;
the game is put in a known position (predetermined dice):
a deal offered by Bob during Ann's turn and accepted in Ann's tab; Ann's jump chosen on the
map with its line's colour and chance; the You Are Lost interval answered by Bob in his own
tab; Ann's petition with the Petition Table shown, the Emperor's price paid, the Imperial
Mission granted. Screenshots (desktop and phone) go to /tmp/starport-st-*.png."""

from __future__ import annotations

import http.client
import re
import threading
import time
import urllib.error
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.a11ykit import serious
from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, api, page_in, set_position

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-st"

# Ann (seat 0) at Capital (66), 20 Prestige (a petition's +1), never asked to react; Bob
# holds You Are Lost!; dice: Ann's jump 5, the You Are Lost jump 1 and 2 (to 12), the
# petition 5 (+1: result 6, price 10)
POSITION: dict[str, Any] = {
    "players": [
        {"name": "Ann", "world": 66, "prestige": 20, "stellors": 40, "policy": "never"},
        {"name": "Bob", "world": 66, "hand": ["lost-1"], "stellors": 40},
        {"name": "Bot", "world": 11, "policy": "never"},
    ],
    "stations": {"63": 0, "13": 1},
    "contracts": [70, 1, 3],
    "dice": [5, 1, 2, 5],
}


def _table(server_url: str, choice: str | None = None) -> tuple[str, dict[str, Any]]:
    """A table of Ann, Bob and a bot, joined through the API (Ann's Personality chosen in
    the lobby, or dealt), started; no reaction clock (a seat its setting does not prompt
    passes at once)."""
    t = api(server_url, "/api/tables", {"ruleset": "star-traders", "seats": 3, "bots": [2],
                                        "name": "Traders", "options": {"reaction_timer": 0}})
    for seat, name in ((0, "Ann"), (1, "Bob")):
        body = {"name": name, **({"choice": choice} if choice and seat == 0 else {})}
        api(server_url, f"/api/tables/{t['table_id']}/join", body, t["seats"][seat]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return t["table_id"], t


def _lobby_table(server_url: str, ann: Page, bob: Page) -> tuple[str, dict[str, Any]]:
    """The same, joined in the two tabs through the lobby (a name and a Personality)."""
    t = api(server_url, "/api/tables", {"ruleset": "star-traders", "seats": 3, "bots": [2],
                                        "name": "Traders", "options": {"reaction_timer": 600}})
    for page, seat, name, choice in ((ann, 0, "Ann", "hero"), (bob, 1, "Bob", "navigator")):
        page.goto(t["seats"][seat]["url"])
        page.wait_for_selector("#join:not([hidden])")
        page.fill("#join-name", name)
        page.select_option("#join-race", choice)
        page.click("#join-btn")
        page.wait_for_selector(f'.seat.mine:has-text("{name}")')
    _shot(bob, "lobby-phone")
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    for page in (ann, bob):
        page.wait_for_selector("#game:not([hidden]) #st-seat h3")
    assert "the Hero" in ann.inner_text("#st-seat h3")
    return t["table_id"], t


class _SilentPasses(threading.Thread):
    """On a table with a reaction clock every window waits for every seat; each seat of
    ``tokens`` its setting does not prompt (``window.asked`` false in its own view) passes
    at once through the API, so the test need not wait out the clock."""

    def __init__(self, server_url: str, table: str, tokens: list[str]) -> None:
        super().__init__(daemon=True)
        self.server_url, self.table, self.tokens = server_url, table, tokens
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            for token in self.tokens:
                try:
                    got = api(self.server_url, f"/api/tables/{self.table}/view", token=token)
                    w = got["view"].get("window")
                    if w and not w.get("asked") and got["viewer"] in \
                            (got.get("pending") or {}).get("seats", []):
                        api(self.server_url, f"/api/tables/{self.table}/commands",
                            {"seq": got["seq"], "client_id": f"pass-{got['seq']}-{got['viewer']}",
                             "command": {"type": "PassReaction"}}, token)
                except urllib.error.HTTPError:
                    pass  # the game moved on meanwhile
                except urllib.error.URLError as e:
                    if isinstance(e.reason, ConnectionRefusedError):
                        return  # the server is gone: the test ended (or failed) without us
                except (ConnectionError, http.client.HTTPException):
                    pass  # a request dropped on a loaded machine: the next round asks again
            time.sleep(0.2)


def _open(page: Page, server_url: str, table: str, token: str) -> None:
    page.goto(f"{server_url}/t/{table}#{token}")
    page.wait_for_selector("#game:not([hidden]) #st-seat h3")


def _shot(page: Page, name: str) -> None:
    screenshot(page, f"{SHOTS}-{name}.png")


def test_deal_jump_reaction_and_petition(browser: Any, server_url: str) -> None:
    errors: list[str] = []
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    table, t = _lobby_table(server_url, ann, bob)
    set_position(table, POSITION)
    for p in (ann, bob):
        p.reload()
        p.wait_for_selector("#game:not([hidden]) #st-seat h3")
    ann.wait_for_selector("#jumplines line.reach")
    assert "Your movement stage" in ann.inner_text("#prompt")
    assert "Ann is moving" in bob.inner_text("#prompt")
    # money and hands are private: each tab shows only its own
    assert "40 Stellors" in ann.inner_text("#st-seat")
    assert "You Are Lost!" in bob.inner_text("#st-seat .st-hand")
    assert ann.locator(".luck-card").count() == 0
    # the map: stations in owner colours, contract markers, ships
    assert ann.locator('.station[data-world="63"][data-owner="0"]').count() == 1
    assert ann.locator('.marker[data-label="P1"]').count() == 1
    assert ann.locator('.ship[data-seat="0"][data-world="66"]').count() == 1
    _shot(ann, "move-desktop")
    _shot(bob, "waiting-phone")

    # Bob offers Ann 10 Stellors for her station at Jackpot (63), during Ann's turn
    bob.click("#st-deal-box summary")
    bob.select_option("#deal-to", "0")
    bob.fill('[data-side="give"] input[name=stellors]', "10")
    bob.check('[data-side="get"] input[data-item="stations"][value="63"]')
    _shot(bob, "deal-form-phone")
    bob.click("#deal-send")
    ann.wait_for_selector('.st-offer button[data-answer="accept"]')
    assert "Bob offers you a deal" in ann.inner_text("#notices")  # kept until "Got it"
    assert "Bob offers you: 10 Stellors for the station at Jackpot (63)" in \
        ann.inner_text("#st-offers")
    assert bob.locator('.st-offer button[data-answer="withdraw"]').count() == 1
    _shot(ann, "offer-desktop")
    ann.click('.st-offer button[data-answer="accept"]')
    for p in (ann, bob):
        p.wait_for_selector('.station[data-world="63"][data-owner="1"]')
    ann.wait_for_selector("#st-seat .st-money[data-stellors='50']")

    # Ann clicks University (64): the orange line and its chance, then the regular jump
    ann.locator("#world-64").click()
    card = ann.locator(".jump-card")
    card.wait_for()
    assert "orange line" in card.inner_text()
    assert "roll 2+ (83%)" in ann.inner_text("#jump-regular")
    _shot(ann, "jump-card-desktop")
    # the windows wait for every seat on the table's clock: a seat not prompted passes at
    # once rather than wait out the 600 s
    passes = _SilentPasses(server_url, table, [t["seats"][0]["token"], t["seats"][1]["token"]])
    passes.start()
    ann.click("#jump-regular")

    # the You Are Lost interval asks Bob in his own tab; he plays his card
    bob.wait_for_selector('#st-reaction button[data-react="PlayYouAreLost"]', timeout=20_000)
    assert "You Are Lost interval" in bob.inner_text("#st-reaction")
    assert bob.locator('#st-reaction button[data-react="PassReaction"]').count() == 1
    countdown = bob.inner_text("#st-reaction .countdown")
    # the server's reaction timer, a platform clock (its tick keeps the words)
    left = re.search(r"(\d+):(\d\d) left before the table's timer", countdown)
    assert left and 500 < 60 * int(left[1]) + int(left[2]) <= 600, countdown
    bob.wait_for_timeout(1_100)
    assert "left before the table's timer" in bob.inner_text("#st-reaction .countdown")
    ann.locator("#prompt", has_text="waiting for Bob").wait_for()
    # the interval is shown to everyone as it opens
    status = ann.locator('.st-window[data-window="you_are_lost"]')
    status.wait_for()
    status.filter(has_text="asking Bob").wait_for()
    assert "your jump" in status.inner_text()
    _shot(bob, "reaction-phone")
    bob.click('#st-reaction button[data-react="PlayYouAreLost"]')
    for p in (ann, bob):
        p.wait_for_selector('.ship[data-seat="0"][data-world="12"]', timeout=20_000)
    ann.locator("#notices", has_text="Your ship ends up at Verne (12)").wait_for()
    ann.wait_for_selector("#petition")

    # the petition: the table shown, the roll, the Emperor's price paid, the mission granted
    assert ann.locator(".petition-table tr").count() == 10  # header + results -1..7
    _shot(ann, "action-desktop")
    ann.click("#petition")
    pay = ann.get_by_role("button", name="Pay 10 Stellors")
    pay.wait_for()
    assert "Refuse" in ann.inner_text(".st-ask")
    pay.click()
    ann.wait_for_selector(".st-mission")
    assert "Imperial Mission" in ann.inner_text(".st-mission")
    bob.locator("#st-contracts h4", has_text="Imperial Missions").wait_for()
    _shot(ann, "mission-desktop")
    _shot(bob, "mission-phone")

    # the draw stage and the explicit end of turn; Bob's turn in his tab; the bot's turn
    # plays by itself; Ann's turn comes back
    ann.click("#draw")
    ann.wait_for_selector("#st-seat .luck-card")
    ann.click("#end-turn")
    bob.wait_for_selector("#end-movement")
    assert "Your movement stage" in bob.inner_text("#prompt")
    bob.click("#end-movement")
    bob.click("#skip-action")
    bob.click("#draw")
    bob.click("#end-turn")
    ann.locator("#prompt", has_text="Your movement stage").wait_for(timeout=30_000)
    log = api(server_url, f"/api/tables/{table}/log", token=t["seats"][0]["token"])["events"]
    started = [e["data"]["seat"] for e in log if e.get("type") == "TurnStarted"]
    assert started[-3:] == [1, 2, 0]  # Bob, the bot, Ann again
    # the log in words in both tabs; Ann's "since your last turn"; the replay of the game
    for p in (ann, bob):
        p.locator("#log", has_text="You Are Lost! Ann (played by Bob) rolls 1 and 2").wait_for()
    assert "Bob" in ann.inner_text("#players") and "Prestige" in ann.inner_text("#players")
    ann.wait_for_selector("#since:not([hidden])")
    # (it runs from Ann's last command: her pass in a window of the bot's turn, which may come
    # after the bot's last move when the machine is slow, so the bot's moves may not be in it)
    since = ann.inner_text("#since")
    assert "Since your last turn" in since and "your turn" in since.split("\n", 1)[1], since
    _shot(ann, "since-desktop")
    ann.click("#replay-btn")
    ann.wait_for_selector("#replay-bar:not([hidden])")
    assert ann.locator("#board .ship").count() == 3
    _shot(ann, "replay-desktop")
    ann.keyboard.press("Escape")
    ann.wait_for_selector("#replay-bar", state="hidden")
    ann.context.close()
    bob.context.close()
    passes.done.set()
    assert not errors, errors


# the advanced game: Bob owns the station at Capital (66), Ann hers at Hench (65); dice:
# Ann's jump to Hench 4 (violet, 4+), the petition 4 (+1: result 5, 20 Stellors and 5
# Prestige)
ADVANCED = {
    "advanced": True,
    "players": [
        {"name": "Ann", "world": 64, "prestige": 20, "stellors": 60, "policy": "never"},
        {"name": "Bob", "world": 13, "stellors": 40},
        {"name": "Bot", "world": 11, "policy": "never"},
    ],
    "stations": {"65": 0, "66": 1},
    "dice": [4, 4],
}


def test_station_jump_permission_and_an_imperial_station(browser: Any, server_url: str) -> None:
    """Station Jumps (permission asked of the owner, who refuses in his own tab), a regular
    jump, and the advanced game's petition for an Imperial Station (the crown on the map)."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, ADVANCED)
    ann = page_in(browser, errors, **PHONE)
    bob = page_in(browser, errors, **DESKTOP)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    ann.locator("#world-66").click()
    station = ann.locator("#jump-station")
    station.wait_for()
    assert "Bob's station: asks permission" in station.inner_text()
    _shot(ann, "station-jump-phone")
    station.click()
    refuse = bob.get_by_role("button", name="Refuse")
    refuse.wait_for()
    assert "Ann asks to use your station at Capital (66)" in bob.inner_text("#prompt")
    _shot(bob, "permission-desktop")
    refuse.click()
    ann.locator("#st-turn", has_text="3 jump attempts left").wait_for()
    ann.locator("#world-66").click()
    ann.locator(".jump-card").wait_for()
    assert ann.locator("#jump-station").count() == 0  # refused this turn
    ann.locator("#world-65").click()
    ann.locator("#jump-regular", has_text="roll 4+ (50%)").click()
    ann.wait_for_selector('.ship[data-seat="0"][data-world="65"]')
    ann.click("#end-movement")
    ann.wait_for_selector("#petition")
    assert "Imperial Station Petition Table" in ann.inner_text(".petition-table caption")
    ann.click("#petition")
    pay = ann.get_by_role("button", name="Pay 20 Stellors and spend 5 Prestige")
    pay.wait_for()
    assert "Refuse (lose 5 Prestige)" in ann.inner_text(".st-ask")
    pay.click()
    for p in (ann, bob):
        p.wait_for_selector('.station[data-world="65"][data-owner="0"] .crown')
    chains = bob.inner_text(".st-chains")
    assert "Ann: Hench (65) · longest chain 1 of 5" in chains, chains  # 3 Traders: 5 win
    _shot(ann, "imperial-phone")
    _shot(bob, "imperial-desktop")
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_the_insider_places_her_stations_on_the_map(browser: Any, server_url: str) -> None:
    """Setting Up 6: the Insider places three extra stations; the free worlds are ringed on
    the map and a click places one there."""
    errors: list[str] = []
    table, t = _table(server_url, choice="insider")
    ann = page_in(browser, errors, **DESKTOP)
    _open(ann, server_url, table, t["seats"][0]["token"])
    assert "place your next station" in ann.inner_text("#prompt")
    free = ann.locator(".pick-world")
    assert free.count() > 20
    world = free.first.get_attribute("data-world")
    ann.locator(f"#world-{world}").click()
    ann.wait_for_selector(f'.station[data-world="{world}"][data-owner="0"]')
    ann.locator("#prompt", has_text="2 left").wait_for()
    assert ann.locator(f'.pick-world[data-world="{world}"]').count() == 0
    _shot(ann, "insider-desktop")
    ann.context.close()
    assert not errors, errors


def test_the_table_strip_stays_under_the_board_on_a_laptop(browser: Any, server_url: str) -> None:
    """The table strip under the board (Traders, Prestige, log, chat) on a 1,024-pixel
    laptop: each box within its share of the board's width, none under the side panel (the
    chat's box ran over the Trader's own cards), the Trader's name on a line of its own (it
    stood beside the Prestige, one letter a line); on a 1,600-pixel screen the Prestige
    beside the name again."""
    errors: list[str] = []
    table, t = _table(server_url)
    for width, beside in ((1024, False), (1600, True)):
        ann = page_in(browser, errors, viewport={"width": width, "height": 768})
        _open(ann, server_url, table, t["seats"][0]["token"])
        board = ann.locator(".board-wrap").bounding_box()
        panel = ann.locator(".panel").bounding_box()
        assert board and panel
        for box in ann.locator(".below > section").all():
            edge = box.bounding_box()
            assert edge and edge["x"] + edge["width"] <= panel["x"] + 1, (width, edge, panel)
        mine = ann.locator(".player.me")
        name, money = mine.locator("strong").bounding_box(), mine.locator(".money").bounding_box()
        assert name and money and name["width"] >= 60, (width, name)
        assert (abs(name["y"] - money["y"]) < 12) == beside, (width, name, money)
        chat = ann.locator("#chat-text").bounding_box()
        assert chat and chat["width"] >= 60, (width, chat)
        _shot(ann, f"strip-{width}")
        ann.context.close()
    assert not errors, errors


def test_a_seat_the_window_does_not_ask_may_pass_at_once(browser: Any, server_url: str) -> None:
    """Timing Details with the table's clock (``docs/rulings.md``): every window waits for
    every seat until it answers or the clock passes it; a seat its setting does not prompt
    (here "never") is offered "Pass now" on its own page, and the window no longer waits for
    it (with three bots and one player the windows of each bot jump had waited the whole
    clock for the player, who had nothing to press)."""
    errors: list[str] = []
    t = api(server_url, "/api/tables", {"ruleset": "star-traders", "seats": 3, "bots": [1, 2],
                                        "name": "Traders", "options": {"reaction_timer": 600}})
    table, token = t["table_id"], t["seats"][0]["token"]
    api(server_url, f"/api/tables/{table}/join", {"name": "Ann"}, token)
    api(server_url, f"/api/tables/{table}/start", {}, t["host"]["token"])

    def view() -> dict[str, Any]:
        return api(server_url, f"/api/tables/{table}/view", token=token)

    def send(command: dict[str, Any]) -> None:
        got = view()
        api(server_url, f"/api/tables/{table}/commands",
            {"seq": got["seq"], "client_id": f"ann-{got['seq']}", "command": command}, token)

    send({"type": "SetReactionPolicy", "policy": "never"})
    ann = page_in(browser, errors, **DESKTOP)
    _open(ann, server_url, table, token)
    deadline = time.monotonic() + 90
    while not ann.locator("#st-pass-now").is_visible():
        assert time.monotonic() < deadline, "no window waited for Ann"
        got = view()
        pending = got.get("pending") or {}
        if pending.get("seats") == [0] and not got["view"].get("window"):
            # her own turn (its jump opens windows) or her station in the set-up, if she
            # places first (who does is dealt)
            send(next((c for c in got["legal"] if c["type"] == "Jump"), got["legal"][0]))
        time.sleep(0.3)
    got = view()
    assert got["view"]["window"]["asked"] is False and 0 in got["pending"]["seats"]
    opened = got["view"]["window"]["opened"]
    assert ann.locator("#st-reaction").is_hidden()  # no question: nothing asks her
    assert "the table's clock passes you" in ann.inner_text("#st-turn")
    said = ann.inner_text("#prompt")
    assert re.search(r"waiting for (.*, )?you\b", said), said
    _shot(ann, "pass-now")
    ann.keyboard.press("p")  # the key passes here as in an asked window
    ann.wait_for_function(  # the window went on without her (or closed)
        "(o) => { const v = window.starport.game.answer?.view; return !v?.window"
        " || v.window.opened !== o || !window.starport.game.answer.pending?.seats.includes(0); }",
        arg=opened)
    assert serious(ann, "a window that does not ask the player") == []
    ann.context.close()
    assert not errors, errors


# Ann carries her Imperial Cargo (Alien Artifacts to Terra, contract 68) one red line away
# from Terra (42); the die: 4
ENDGAME = {
    "players": [
        {"name": "Ann", "world": 43, "prestige": 20, "policy": "never", "hold": ["imperial"],
         "mission": 68},
        {"name": "Bob", "world": 66},
        {"name": "Bot", "world": 11, "policy": "never"},
    ],
    "stations": {"42": 1},
    "dice": [4],
}


def test_the_imperial_mission_completed_ends_the_game(browser: Any, server_url: str) -> None:
    """Winning the Game: the Imperial Cargo delivered to its destination; both tabs (a laptop
    and a phone) show the winner, why, and every Trader by Prestige."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, ENDGAME)
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    hold = ann.inner_text("#st-seat .st-hold")
    assert "Imperial Cargo → the Imperial Mission, to Terra (42)" in hold
    ann.locator("#world-42").click()
    ann.click("#jump-regular")
    for p in (ann, bob):
        p.wait_for_selector("#end:not([hidden])")
        assert p.locator("#end h2").inner_text() == "Ann wins!"
        assert "Imperial Mission is completed" in p.locator("#end").inner_text()
        assert p.locator("#end tr.winner").inner_text().startswith("Ann")
        p.locator("#log", has_text="Imperial Mission").wait_for()
        assert p.locator("#turn-badge").inner_text() == "Game over"
    assert "You deliver Imperial Cargo" in ann.inner_text("#log")
    # a spectator sees the board and the end, and no seat's secrets
    watcher = page_in(browser, errors, **DESKTOP)
    watcher.goto(t["spectator"]["url"])
    watcher.wait_for_selector("#end:not([hidden])")
    assert watcher.locator('#board .ship[data-seat="0"][data-world="42"]').count() == 1
    assert "You are watching" in watcher.inner_text("#st-seat")
    assert "Stellors (only you" not in watcher.inner_text("#controls")
    assert watcher.locator("#st-deal-box").is_hidden()  # a spectator makes no deals
    watcher.context.close()
    _shot(ann, "end-desktop")
    _shot(bob, "end-phone")
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_a_jump_by_keyboard(browser: Any, server_url: str) -> None:
    """The keys: n focuses a world one jump away, Enter shows its line, j jumps, x ends the
    movement; the same buttons a click would press."""
    errors: list[str] = []
    table, t = _table(server_url)
    calm = [{**p, "hand": []} for p in POSITION["players"]]  # nobody to react
    set_position(table, {**POSITION, "players": calm, "dice": [6]})
    ann = page_in(browser, errors, **DESKTOP)
    _open(ann, server_url, table, t["seats"][0]["token"])
    ann.wait_for_selector("#board .reach-world")
    ann.locator("#board").focus()
    ann.keyboard.press("n")
    world = ann.evaluate("() => document.activeElement.dataset.world")
    assert world is not None
    ann.keyboard.press("Enter")
    ann.locator(f'.jump-card[data-world="{world}"]').wait_for()
    ann.keyboard.press("j")
    ann.wait_for_selector(f'#board .ship[data-seat="0"][data-world="{world}"]')
    ann.locator("#end-movement").wait_for()
    ann.keyboard.press("x")
    ann.locator("#prompt", has_text="Your Action").wait_for()
    ann.context.close()
    assert not errors, errors


def test_a_zap_in_the_zap_reroll_interval(browser: Any, server_url: str) -> None:
    """Timing Details 4: after Ann's roll (3 on a red line, 3+ needed) the Zap/Reroll interval
    asks Bob, who holds Zap!; his -1 makes the roll 2 and the jump fails."""
    errors: list[str] = []
    table, t = _table(server_url)
    set_position(table, {
        "players": [{"name": "Ann", "world": 61, "policy": "never"},
                    {"name": "Bob", "world": 66, "hand": ["zap-1"]},
                    {"name": "Bot", "world": 11, "policy": "never"}],
        "dice": [3],
    })
    ann = page_in(browser, errors, **DESKTOP)
    bob = page_in(browser, errors, **PHONE)
    _open(ann, server_url, table, t["seats"][0]["token"])
    _open(bob, server_url, table, t["seats"][1]["token"])
    ann.locator("#world-16").click()
    assert "red line" in ann.inner_text(".jump-card")
    ann.locator("#jump-regular", has_text="roll 3+ (67%)").click()
    minus = bob.locator('#st-reaction button[data-react="Zap"]', has_text="-1")
    minus.wait_for()
    assert "The roll stands at 3 (3+ needed)" in bob.inner_text("#st-reaction")
    assert bob.locator('#st-reaction button[data-react="Zap"]').count() == 2  # +1 and -1
    _shot(bob, "zap-phone")
    minus.click()
    ann.locator("#log", has_text="The roll becomes 2").wait_for()
    ann.locator("#log", has_text="You fail the jump to Heinlein (16)").wait_for()
    assert ann.locator('#board .ship[data-seat="0"][data-world="61"]').count() == 1
    ann.context.close()
    bob.context.close()
    assert not errors, errors


def test_the_start_page_creates_a_star_traders_table(browser: Any, server_url: str) -> None:
    """The start page offers Star Traders with its options (players 2-6, the advanced game,
    Personalities) and the galaxy beside the form; the table it creates is a Star Traders table
    whose lobby offers the Personalities."""
    errors: list[str] = []
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        host = page_in(browser, errors, **size)
        host.goto(f"{server_url}/")
        host.check('input[name="ruleset"][value="star-traders"]')
        host.wait_for_selector("#t-advanced")
        host.locator("#home-board svg [data-world]").first.wait_for()
        assert host.locator("#t-seats option").all_inner_texts() == ["2", "3", "4", "5", "6"]
        host.check("#t-advanced")
        host.select_option("#t-reaction-timer", "60")
        host.select_option("#t-seats", "3")
        host.select_option("#bot-2", "star-trader")  # a bot of the ruleset's own kind
        _shot(host, f"create-{name}")
        host.click("#create-btn")
        host.wait_for_selector("#created:not([hidden])")
        links = host.locator("#links input")
        seat = links.nth(1).input_value()
        table = seat.split("/t/")[1].split("#")[0]
        lobby = api(server_url, f"/api/tables/{table}", token=seat.split("#")[1])
        assert lobby["ruleset"] == "star-traders" and lobby["options"]["advanced"] is True
        assert lobby["options"]["reaction_timer"] == 60
        assert [s["bot"] for s in lobby["seats"]] == [False, False, True]
        host.goto(seat)
        host.wait_for_selector("#join:not([hidden])")
        choices = host.locator("#join-race option").all_inner_texts()
        assert any("Navigator" in c for c in choices), choices
        assert "advanced game" in host.inner_text("#lobby-options")
        _shot(host, f"lobby-{name}")
        host.context.close()
    assert not errors, errors
