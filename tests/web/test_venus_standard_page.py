"""Merchant of Venus, the standard game, in real Chromium on the table page.

The start page creates a ``venus-standard`` table with a human seat and bot seats; the human
joins through the lobby, the host starts it, and the human plays turns by clicking what the
page offers (a highlighted space on the map for the heading or the destination, Roll, a die
into a dashboard box, the phase's commands), while the bots play theirs. Checked: the board
(``vsboard``'s SVG with its spaces) with the ships, the phase bar, the round track, the
dashboard (dials; the speed dice once rolled; the boxes), the markets, the log in words (no
raw event types), the turn passing to the bots and back. Screenshots at 1440x900 and 390x844
go to /tmp/starport-vs-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from engine.kernel import NOBODY, Randomness, event
from engine.venus_standard.scenario import parse_scenario, scenario_state
from tests.web.a11ykit import serious
from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, api, append_opening, page_in

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vs"
RAW = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]+\b")  # "SpeedRolled": an event type left raw


def _shot(page: Page, name: str) -> None:
    screenshot(page, f"{SHOTS}-{name}.png")


def _seq(page: Page) -> int:
    return int(page.get_attribute("#game", "data-seq") or 0)


YOURS = "() => document.getElementById('turn-badge').classList.contains('yours')"
SEQ_AFTER = "(n) => Number(document.getElementById('game').dataset.seq) > n"
PROMPT_HAS = "(words) => document.getElementById('prompt').textContent.includes(words)"


def _mine(page: Page) -> bool:
    return bool(page.evaluate(YOURS))


def _wait_my_turn(page: Page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "() => document.getElementById('turn-badge').classList.contains('yours')"
        " && document.querySelector('#controls button:not(:disabled),"
        " #moves button:not(:disabled)')",
        timeout=timeout)


def _act(page: Page, by_list: bool = False) -> str:
    """Press the next thing a player would on the page, the way a player would: a heading on
    the map, roll, a die into its box, a destination on the map (landing first), else end the
    phase, else the first command the rules ask for (a hazard's answer, a telegate's die).
    ``by_list``: the map's choices from their list in the panel (a phone's way). Returns what
    was pressed."""
    choice = "#moves .vs-move" if by_list else "#board .hl-space"
    before = _seq(page)
    for what, selector in (
        ("heading", f"{choice}-heading" if by_list else "#board .hl-heading"),
        ("roll", "#vs-roll"),
        ("assign", "#vs-dashboard .vs-assign"),
        ("map", f"{choice}-land" if by_list else "#board .hl-land"),
        ("map", choice),
        ("end", "#vs-commands .vs-cmd-end button"),
        ("command", "#vs-commands .vs-cmd button"),
    ):
        loc = page.locator(selector)
        if loc.count() and loc.first.is_enabled():
            loc.first.click()
            page.wait_for_function(SEQ_AFTER, arg=before)
            return what
    raise AssertionError("nothing to press on my turn: " + page.inner_text("#panel"))


def _play_my_turn(page: Page, limit: int = 40, by_list: bool = False) -> list[str]:
    """Play one whole turn of mine; returns the presses in order."""
    done: list[str] = []
    while _mine(page) and len(done) < limit:
        done.append(_act(page, by_list))
        if done[-1] == "roll" and _mine(page):  # the dashboard shows the dice and the movement
            assert page.locator("#vs-dashboard .vs-speed .die").count() >= 3
            assert re.match(r"Movement value \d+ · \d+ left", page.inner_text("#vs-mp"))
            _shot(page, "rolled-desktop")
        if done[-1] == "assign" and _mine(page):  # the die sits in its box now
            assert page.locator("#vs-dashboard .vs-box .die-in-box").count() >= 1
            assert re.search(r"Dice assigned: [1-3] of [1-3]", page.inner_text("#vs-dashboard"))
        page.wait_for_timeout(50)
    assert len(done) < limit, done
    return done


def _table_from_start_page(page: Page, server_url: str) -> tuple[str, str, str, str]:
    """Create a 3-seat standard table on the start page, seats 2 and 3 bots; (table, the
    human seat's link, the host's token, the spectator link)."""
    page.goto(f"{server_url}/")
    page.check('input[name="ruleset"][value="venus-standard"]')
    page.locator("#home-board svg [data-space]").first.wait_for()
    # Game Variants: the solo challenge is one player's; the epic game asks its length
    page.check('input[name="variant"][value="solo-challenge"]')
    assert page.input_value("#t-seats") == "1" and page.is_disabled("#t-seats")
    page.check('input[name="variant"][value="epic"]')
    assert page.is_visible("#t-epic-rounds") and page.is_enabled("#t-seats")
    page.check('input[name="variant"][value="standard"]')
    assert not page.is_visible("#t-epic-rounds")
    page.select_option("#t-seats", "3")
    screenshot(page, f"{SHOTS}-create-desktop.png", full_page=True)
    for seat in (1, 2):
        page.select_option(f"#bot-{seat}", index=1)
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("#links input")
    host = links.nth(0).input_value()
    seat_link = links.nth(1).input_value()
    table = seat_link.split("/t/")[1].split("#")[0]
    return table, seat_link, host.split("#")[1], links.last.input_value()


def test_a_standard_game_with_a_human_seat_and_bots(browser: Any, server_url: str) -> None:
    errors: list[str] = []
    page = page_in(browser, errors, 20_000, **DESKTOP)
    table, seat_link, host_token, spectator = _table_from_start_page(page, server_url)
    lobby = api(server_url, f"/api/tables/{table}", token=host_token)
    assert lobby["ruleset"] == "venus-standard" and lobby["options"]["variant"] == "standard"
    assert [s["bot"] for s in lobby["seats"]] == [False, True, True]
    page.goto(seat_link)
    page.wait_for_selector("#join:not([hidden])")
    # the lobby: the table's options in words, a pilot to choose (Setup 8)
    assert "standard game, 30 rounds" in page.inner_text("#lobby-options")
    pilots = page.locator("#join-race option").all_inner_texts()
    assert {"Human", "Eeepeeep", "Whynom", "Qossuth"} <= set(pilots), pilots
    page.select_option("#join-race", "whynom")
    page.fill("#join-name", "Ann")
    page.click("#join-btn")
    page.wait_for_selector('.seat.mine:has-text("Ann")')
    api(server_url, f"/api/tables/{table}/start", {}, host_token)
    page.wait_for_selector("#game:not([hidden]) #vs-phases li")
    # the board: the standard side's spaces, three ships, the phase bar, the round track
    assert page.locator("#board svg [data-space]").count() > 50
    page.wait_for_function("() => document.querySelectorAll('#board .pawn').length === 3")
    assert page.locator("#vs-phases li").all_inner_texts() == [
        "Movement", "First Contact", "Transaction", "Merchant Spaceport"]
    # Setup 12: my dials, chosen in the panel (the bots choose theirs)
    assert page.inner_text("#vs-rounds").startswith("Setup")
    page.wait_for_function(PROMPT_HAS, arg="Setup 12")
    page.locator("#vs-commands button", has_text="laser").click()
    page.wait_for_function(
        "() => document.querySelector('#vs-dashboard .vs-laser .vs-dial-value')"
        "?.textContent === '2'"
        " && /Round 1 of 30/.test(document.getElementById('vs-rounds').textContent)")
    assert page.inner_text("#vs-dashboard .vs-shield .vs-dial-value") == "1"
    assert "Whynom pilot, level 1" in page.inner_text('#players li[data-seat="0"]')  # as chosen
    # my ship card: the mission dealt at setup with its card's text
    mission = page.locator("#shipcard .vs-missions li").first.inner_text()
    assert re.match(r"[\w' -]+: .{20,}", mission), mission
    # two of my turns, the bots' in between
    for turn in range(2):
        _wait_my_turn(page)
        pawn_before = page.get_attribute('#board .pawn[data-seat="0"]', "data-dot")
        assert page.locator("#vs-phases li.now").inner_text() == "Movement"
        if turn == 0:
            _shot(page, "turn-desktop")
        presses = _play_my_turn(page)
        assert presses, presses
        print("turn", turn, presses)
        if "roll" in presses:
            log = page.inner_text("#log")
            rolled = r"You roll the speed dice: \d, \d, \d \(movement value \d+\)"
            assert re.search(rolled, log), log
        if "map" in presses and "roll" in presses:  # the ship flew (it may fly out to an
            # orbit space and land back on its city: docs/rulings.md, the standard board's orbits)
            moved = page.get_attribute('#board .pawn[data-seat="0"]', "data-dot") != pawn_before
            assert moved or re.search(r"You fly to .* \(\d+ spaces?\)", page.inner_text("#log"))
    log = page.inner_text("#log")
    assert not RAW.findall(log), RAW.findall(log)
    _shot(page, "after-desktop")
    # a spectator (on a phone) follows the same game: the board, the merchants, the dashboard
    # of whoever plays, the log; no command of anyone's
    watcher = page_in(browser, errors, 20_000, **PHONE)
    watcher.goto(spectator)
    watcher.wait_for_selector("#game:not([hidden]) #vs-phases li")
    watcher.wait_for_function("() => document.querySelectorAll('#board .pawn').length === 3")
    assert watcher.locator("#vs-commands button, #moves button, #market .vs-trade").count() == 0
    assert "dashboard" in watcher.inner_text("#vs-dashboard")
    _shot(watcher, "spectator-phone")
    watcher.context.close()
    page.context.close()
    assert not errors, errors


def _ship(page: Page) -> str:
    return str(page.inner_text("#shipcard") + page.inner_text("#vs-dashboard"))


def _api_table(server_url: str, seats: int = 2) -> tuple[str, str]:
    """A table of Ann and bots made through the API, started: (table, Ann's link)."""
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": seats,
                                        "bots": list(range(1, seats)), "name": "Trade run"})
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": "Ann"}, t["seats"][0]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return t["table_id"], f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}"


def _set_position(table: str, scenario: dict[str, Any]) -> None:
    """Put the table in ``scenario``'s position (engine/venus_standard/scenario.py) by real
    ``ScenarioSetUp`` / ``ScenarioStarted`` events appended to its log (the test server runs in
    this process), as the Star Traders tests do."""
    sc = parse_scenario(scenario)
    state = scenario_state(sc, Randomness("test", 0, "scenario"))
    append_opening(table, [event("ScenarioSetUp", NOBODY, state=state.model_dump(mode="json")),
                           event("ScenarioStarted", seat=sc.active, round=sc.round,
                                 phase=sc.phase)], sc.active)


def test_first_contact_and_a_buy_on_a_phone(browser: Any, server_url: str) -> None:
    """On a phone, from a fixed position (the Shenna face down at the Colony World, loaded
    dice 5, 6, 2): Ann declares her heading, rolls, assigns a die and picks "land there" on
    a Colony World city, all from the panel's list; landing there makes the first contact
    ("First Contact Phase": the card's credits are hers to spend there), its market shows in
    the panel and on the board, and she buys something it offers with the button beside it:
    the log and her ship say so.

    The dice and the face-down card are fixed: with the server's random dice and a bot,
    "press the first landing in the list" kept a ship with c40 shuttling between the two
    cities of a system the bot had discovered first (every item there over c40), so no buy
    came in twenty turns on some seeds (the rules were right: First Contact credits are the
    discoverer's alone, "First Contact Phase")."""
    errors: list[str] = []
    table, link = _api_table(server_url)
    _set_position(table, {
        "players": [{"name": "Ann", "credits": 40, "laser": 1, "shield": 2}, {"name": "Bot"}],
        "first_contact": {"colony-world": "shenna"}, "dice": [5, 6, 2]})
    page = page_in(browser, errors, 20_000, **PHONE)
    page.goto(link)
    page.wait_for_selector("#game:not([hidden]) #vs-phases li.now")
    _wait_my_turn(page)
    for button in (page.locator("#moves .vs-move-heading", has_text="Colony World route"),
                   page.locator("#vs-roll"), page.locator("#vs-dashboard .vs-assign"),
                   page.locator("#moves .vs-move-land",
                                has_text=re.compile(r"Colony World \w+ city: land there"))):
        assert button.count(), page.inner_text("#panel")
        before = _seq(page)
        button.first.click()
        page.wait_for_function(SEQ_AFTER, arg=before)
    page.wait_for_selector("#market .vs-trade")
    log = page.inner_text("#log")
    assert re.search(r"You make first contact with the Shenna in the Colony World: c\d+ on the "
                     r"card", log), log
    assert "you are here" in page.inner_text("#market")
    assert page.locator("#board .market-card").count() >= 1  # the market's area on the board
    _shot(page, "market-phone")
    screenshot(page, f"{SHOTS}-market-phone-full.png", full_page=True)
    button = page.locator("#market .vs-trade").first
    bought = str(button.get_attribute("aria-label"))
    item = bought.removeprefix("Buy ").removeprefix("a ")
    before = _seq(page)
    ship_before = _ship(page)
    button.click()
    page.wait_for_function(SEQ_AFTER, arg=before)
    page.wait_for_function("() => document.getElementById('log').textContent.includes('You buy ')")
    log = page.inner_text("#log")
    assert f"You buy {'a ' if bought.startswith('Buy a ') else ''}{item}" in log, (bought, log)
    # c40 of her own: the card paid the rest, and the log says so ("Using First Contact Credits")
    assert re.search(r"You buy .* \(c\d+ of it First Contact credits\)", log), log
    ship = _ship(page)
    assert ship != ship_before
    # where the thing bought shows: a hold more, a dial up, the drive, else by its name
    if item == "Cargo Hold":
        held = [int(n) for n in re.findall(r"Cargo holds: (\d)", ship + ship_before)]
        assert held[0] == held[1] + 1, (ship_before, ship)
    elif item in ("Laser", "Shield"):
        dials = [int(n) for n in re.findall(rf"{item}\s+(\d)", ship + ship_before)]
        assert dials[0] > dials[1], (ship_before, ship)
    elif item.endswith("Drive"):
        assert f"Drive: {item}" in ship, ship
    else:
        assert item in ship, (item, ship)
    page.context.close()
    assert not errors, errors


def test_the_last_turn_ends_the_game_with_the_summary(browser: Any, server_url: str) -> None:
    """Round 30 of 30, Ann the last to play, in her Merchant Spaceport phase: ending it (the
    key e) ends the game ("End of the Game": final scoring); the end dialog names the winner
    and lists the merchants by credits after final scoring, and the log says who won."""
    errors: list[str] = []
    page = page_in(browser, errors, 20_000, **DESKTOP)
    table, link = _api_table(server_url)
    _set_position(table, {
        "players": [{"name": "Ann", "credits": 900}, {"name": "Bot", "credits": 300}],
        "first_player": 1, "active": 0, "phase": "spaceport", "round": 30,
    })
    page.goto(link)
    page.wait_for_selector("#game:not([hidden]) #vs-phases li.now")
    assert page.inner_text("#vs-phases li.now") == "Merchant Spaceport"
    assert "Round 30 of 30" in page.inner_text("#vs-rounds")
    assert page.is_visible("#vs-EndPhase")
    page.keyboard.press("e")  # the game's key for "End this phase"
    page.wait_for_selector("#end:not([hidden])")
    end = page.inner_text("#end")
    assert "Ann wins!" in end, end
    rows = page.locator("#end tr").all_inner_texts()
    assert "Ann" in rows[1] and "Bot" in rows[2], rows
    assert re.search(r"The game ends: you win with c[\d,]+!", page.inner_text("#log"))
    assert "The game is over: you win." in page.inner_text("#prompt")
    _shot(page, "end-desktop")
    page.context.close()
    assert not errors, errors


def test_the_solo_challenge_shows_its_options_and_its_challenges(browser: Any,
                                                                 server_url: str) -> None:
    """Solo Challenge Setup 10: the starting options in the book's words; then the Challenge
    cards placed ("Challenges"): each with the round it becomes active, its fee and its text,
    and how many are completed of the five that win ("Winning the Solo Challenge Game")."""
    errors: list[str] = []
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 1, "bots": [],
                                        "name": "Solo", "options": {"variant": "solo-challenge"}})
    token = t["seats"][0]["token"]
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": "Ann"}, token)
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    page = page_in(browser, errors, 20_000, **PHONE)
    page.goto(f"{server_url}/t/{t['table_id']}#{token}")
    options = page.locator('#vs-commands [data-type="SoloPick"] button')
    options.first.wait_for()
    said = options.all_inner_texts()
    assert said[0] == "Take c50" and "Take c30 and a Hard Burn" in said, said
    assert "Take +1 laser and +1 shield" in said and "Starting option:" in page.inner_text(
        '#vs-commands [data-type="SoloPick"]')
    assert page.locator("#shipcard .vs-challenges").count() == 0  # not placed yet
    page.click("text=Take c30 and a Data Probe")
    page.wait_for_function("() => document.getElementById('log').innerText.includes("
                           "'You take c30 and a Data Probe (Solo Challenge Setup 10).')")
    page.locator('#vs-commands [data-type="SoloPick"] button', has_text="+2 lasers").click()
    challenges = page.locator("#shipcard .vs-challenges")
    challenges.wait_for()
    heading = challenges.locator("h4").inner_text()
    assert heading == "Challenges (5) · 0 of 5 completed · all by the end of round 30", heading
    cards = challenges.locator("li").all_inner_texts()
    assert len(cards) == 5 and all(re.search(r"\(from round \d+, fee c\d+\): \w.* Now "
                                             r"c?\d+ of c?\d+\.$", c) for c in cards), cards
    _shot(page, "solo-phone")
    assert serious(page, "the solo challenge's page") == []
    page.context.close()
    assert not errors, errors


def test_a_solo_challenge_played_to_its_end_says_won_or_lost(browser: Any,
                                                              server_url: str) -> None:
    """"Winning the Solo Challenge Game": a solo table's game played on to its end by the
    merchant bot (in process, its events appended to the table's log); the end dialog says
    the challenge won with its final score, or lost, to a fee unpaid ("Challenges") or to
    challenges left incomplete, in the book's terms, not the multi-player game's."""
    from engine.bots.base import act
    from engine.kernel import Game
    from engine.kernel.registry import game as installed
    from tests.web.testapp import app

    errors: list[str] = []
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 1, "bots": [],
                                        "name": "Solo", "options": {"variant": "solo-challenge"}})
    table, token = t["table_id"], t["seats"][0]["token"]
    api(server_url, f"/api/tables/{table}/join", {"name": "Ann"}, token)
    api(server_url, f"/api/tables/{table}/start", {}, t["host"]["token"])
    live = app.state.service.entries[table].game
    played: Game[Any] = Game(live.ruleset, live.seed, list(live.events))
    merchant = installed("venus-standard").make_bot("merchant", "solo-end")
    while (pending := played.pending()) is not None:
        seat = pending.seats[0]
        cmd = act(merchant, played.ruleset, played.state, seat, played.seq)
        assert cmd is not None
        played.play(seat, cmd)
    append_opening(table, played.events[len(live.events):], None)
    state = played.state
    page = page_in(browser, errors, 20_000, **DESKTOP)
    page.goto(f"{server_url}/t/{table}#{token}")
    page.wait_for_selector("#end:not([hidden])")
    title, text = page.inner_text("#end-title"), page.inner_text("#end p")
    if state.winners:
        assert title == "Ann wins the solo challenge!", title
        assert re.search(r"^Every challenge completed by the end of round 30: a final score of "
                         r"c[\d,]+, the score to beat", text), text
    elif state.end["reason"] == "challenge_fee_unpaid":
        assert title == "The challenges win" and "could not be paid" in text, (title, text)
        assert "the challenges' fees cannot be paid" in page.inner_text("#log")
    else:
        assert title == "The challenges win", title
        assert re.search(r"^\d of 5 challenges completed by the end of round 30", text), text
    _shot(page, "solo-end-desktop")
    page.set_viewport_size({"width": 1600, "height": 900})
    _shot(page, "solo-end-1600")
    page.context.close()
    assert not errors, errors


def test_the_standard_page_implements_the_interface(page: Page, server_url: str) -> None:
    """Like Venus (tests/web/test_client_split.py): the module has every member the
    GameModule typedef documents, its page every GamePage method; the start page offers it."""
    from tests.web.test_client_split import typedef_members

    module_members = typedef_members("GameModule")
    page_members = [m for m in typedef_members("GamePage") if m != "board"]
    page.goto(f"{server_url}/")
    page.wait_for_selector('input[name="ruleset"][value="venus-standard"]', state="attached")
    out = page.evaluate("""async ([moduleMembers, pageMembers]) => {
      const { gameFor } = await import("/platform/games.js");
      const game = await gameFor("venus-standard");
      const { StandardPage } = await import("/games/venusstd/page.js");
      return { missing: moduleMembers.filter((m) => game[m] === undefined),
               missingPage: pageMembers.filter(
                 (m) => typeof StandardPage.prototype[m] !== "function"),
               rulesets: game.rulesets };
    }""", [module_members, page_members])
    assert out == {"missing": [], "missingPage": [], "rulesets": ["venus-standard"]}, out


def test_a_pick_in_the_generic_list_outlives_a_drawing(page: Page, server_url: str) -> None:
    """The generic list (``web/games/venusstd/commands.js``: a type with more than eight
    commands is a list and Go): the command a player picked but has not sent stays picked
    when the page is drawn again (a push, the drawing after a pause) while it is still
    offered, and Go sends that command; once it is no longer offered, the list starts at the
    first again."""
    page.goto(f"{server_url}/")
    page.wait_for_selector("#t-length")
    out = page.evaluate("""async () => {
      const { renderCommands } = await import("/games/venusstd/commands.js");
      const same = (s) => s;
      const names = { system: same, culture: same, good: same, seat: (s) => `seat ${s}` };
      const legal = [...Array(10).keys()].map((i) => ({ type: "Discard", card: `card-${i}` }));
      const root = document.createElement("div");
      document.body.append(root);
      const sent = [];
      const draw = (cmds) => renderCommands(root, cmds, names, (c) => sent.push(c));
      draw(legal);
      const list = () => root.querySelector("#vs-pick-Discard");
      const before = list().selectedIndex;
      list().selectedIndex = 6;
      draw(legal);
      const kept = list().selectedIndex;
      draw(legal.slice(1));  // the list shifted: the same command, one place up
      const shifted = list().selectedIndex;
      root.querySelector(".vs-cmd button").click();
      draw(legal.filter((c) => c.card !== "card-6"));  // no longer offered
      const gone = list().selectedIndex;
      root.remove();
      return { before, kept, shifted, sent, gone };
    }""")
    assert out == {"before": 0, "kept": 6, "shifted": 5, "sent": [
        {"type": "Discard", "card": "card-6"}], "gone": 0}, out
