"""What a player of the standard game sees, small things (vsui): the merchants panel shows a
name whole; the replay bar says a silent event in the game's words or a neutral phrase (never
the raw event type, for every game); a bot's steps fold into one log line even though each
step is a batch of its own (the live log said batch by batch equals the whole log said at
once); a pirate engagement's buttons carry each attribute's odds ("Pirates" 2, the view's
``cards.engage_odds``). Screenshots: /tmp/shots-vsui/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from engine.bots.simulate import act
from engine.kernel import Game
from engine.venus_standard import encounters
from engine.venus_standard.definition import GAME
from engine.venus_standard.ruleset import ruleset
from tests.web.conftest import screenshot
from tests.web.startraders_kit import api

pytestmark = pytest.mark.browser

RAW = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]+\b")  # "PhaseStarted": an event type left raw
SHOTS = "/tmp/shots-vsui"
LONG = "Annabelle Fairweather-Montgomery"


Batches = list[list[dict[str, Any]]]


def _bot_batches(seed: str, rounds: int, stop: Any = None) -> tuple[Game[Any], Batches]:
    """A seeded game of three random bots: the game and its events told to seat 0, one batch
    per command (as the live page gets them). ``stop(state)`` ends the game early."""
    game = Game.start(ruleset, {}, ["Ann", "Bob", "Cy"], seed=seed)
    bots = [GAME.make_bot("random", f"{seed}.{j}") for j in range(3)]
    batches = [[ev.redacted_for(0) for ev in game.events]]
    while (pending := ruleset.pending(game.state)) is not None and game.state.round <= rounds:
        if stop is not None and stop(game.state):
            break
        seat = pending.seats[0]
        before = game.seq
        command = act(bots[seat], ruleset, game.state, seat, game.seq)
        assert command is not None, f"the bot of seat {seat} found nothing to do"
        game.play(seat, command)
        batches.append([ev.redacted_for(0) for ev in game.events if ev.seq > before])
    return game, batches


def test_silent_events_have_words_in_the_replay_bar(page: Page, server_url: str) -> None:
    """Every event the standard game's log keeps silent gets the game's words in the replay bar
    (``quietWords``); a game without them (classic Venus, Star Traders) gets the platform's
    neutral phrase, naming the seat; never the raw type."""
    game, _ = _bot_batches("quiet", 2)
    silent: dict[str, dict[str, Any]] = {}
    for ev in game.events:
        told = ev.redacted_for(0)
        if "data" in told:
            silent.setdefault(ev.type, told)
    page.goto(f"{server_url}/")
    said = page.evaluate("""async (events) => {
        const { quietMoment } = await import('/platform/replay.js');
        const { default: std } = await import('/games/venusstd/index.js');
        const names = await std.loadNames({});
        names.setView({ players: ['Ann', 'Bob', 'Cy'].map((name, seat) => ({ name, seat })) });
        const who = (s) => ['Ann', 'Bob', 'Cy'][s];
        const quiet = events.filter((ev) => !std.describeLog([ev], names, who, 0).length);
        const out = quiet.map((ev) => [ev.type, quietMoment(std, ev, names, who)]);
        for (const path of ['/games/venus/index.js', '/games/startraders/index.js']) {
          const { default: other } = await import(path);
          const phase = { type: 'PhaseStarted', seq: 3, data: { seat: 1 } };
          const deck = { type: 'DeckShuffled', seq: 4, data: {} };
          out.push([path, quietMoment(other, phase, null, who)]);
          out.push([path, quietMoment(other, deck, null, who)]);
        }
        return out;
    }""", list(silent.values()))
    types = {t for t, _ in said}
    assert {"PhaseStarted", "Asked", "TurnEnded"} <= types, sorted(types)
    for t, text in said:
        assert text and not RAW.search(text), (t, text)
        assert "undefined" not in text and "null" not in text, (t, text)
    std = dict(said)
    phases = "Movement|First Contact|Transaction|Merchant Spaceport"
    assert re.fullmatch(rf"(The|\w+'s) ({phases}) phase begins\.", std["PhaseStarted"]), std
    others = [text for t, text in said if t.startswith("/games/")]
    assert others.count("The rules go on for Bob (nothing for the log).") == 2, others


def test_a_bots_steps_fold_into_one_line_across_batches(page: Page, server_url: str) -> None:
    """The live log (``Game.appendLog``, batch by batch as the websocket brings them) ends
    with exactly the lines of the whole log said at once: the bots' one-step batches fold into
    "Bob flies to ... (N spaces)" as a human's flight does."""
    _, batches = _bot_batches("fold", 3)
    page.goto(f"{server_url}/")
    got = page.evaluate("""async (batches) => {
        const { Game } = await import('/platform/game.js');
        const { default: std } = await import('/games/venusstd/index.js');
        const names = await std.loadNames({});
        names.setView({ players: ['Ann', 'Bob', 'Cy'].map((name, seat) => ({ name, seat })) });
        names.me = 0;
        document.getElementById('log')?.remove();
        const ol = document.createElement('ol');
        ol.id = 'log';
        document.body.append(ol);
        const who = (s) => ['Ann', 'Bob', 'Cy'][s];
        const g = Object.create(Game.prototype);
        Object.assign(g, { module: std, names, events: [], who, ctx: { lobby: null } });
        let unfolded = 0;
        for (const batch of batches) {
          g.events.push(...batch);
          unfolded += std.describeLog(batch, names, who, 0).length;
          g.appendLog(batch);
        }
        return { live: [...ol.children].map((li) => li.textContent),
                 whole: std.describeLog(g.events, names, who, 0).map((l) => l.text), unfolded };
    }""", batches)
    assert len(got["whole"]) <= 600, "the page keeps 600 lines: a shorter game is needed"
    assert got["live"] == got["whole"]
    flight = re.compile(r"(Bob|Cy) flies to .* \(\d+ spaces\)\.$")
    flights = [line for line in got["live"] if flight.match(line)]
    assert flights, got["live"][:40]
    assert got["unfolded"] > len(got["live"])  # batch by batch alone would have more lines


def _engaging(state: Any) -> bool:
    return state.ask is not None and state.ask.prompt == encounters.ENGAGE


def test_engage_buttons_say_the_odds(page: Page, server_url: str) -> None:
    """"Pirates" 2: when the rules ask a merchant to engage pirates, each attribute's button
    says the chance to win the view gives (``cards.engage_odds``) beside its words."""
    found = None
    for i in range(12):
        game, _ = _bot_batches(f"pirates{i}", 30, _engaging)
        if _engaging(game.state):
            found = game
            break
    if found is None:
        pytest.fail("no seeded bot game met pirates: the test needs other seeds")
    seat = found.state.ask.seat
    view = ruleset.view(found.state, seat)
    odds = view["cards"]["engage_odds"]
    assert odds, view["cards"]
    legal = [c.model_dump(mode="json") for c in ruleset.legal_actions(found.state, seat)]
    page.goto(f"{server_url}/")
    texts = page.evaluate("""async ([legal, view]) => {
        const { renderCommands } = await import('/games/venusstd/commands.js');
        const { default: std } = await import('/games/venusstd/index.js');
        const names = await std.loadNames({});
        names.setView(view);
        const root = document.createElement('div');
        document.body.append(root);
        renderCommands(root, legal, names, () => {}, new Set(), view);
        const box = root.querySelector('[data-type=EngagePirates]');
        return box ? [...box.querySelectorAll('button, option')].map((b) => b.textContent) : [];
    }""", [legal, view])
    engage = [c for c in legal if c["type"] == "EngagePirates"]
    assert len(texts) == len(engage) > 0, texts
    for cmd, text in zip(engage, texts, strict=True):
        percent = round(odds[cmd["attribute"]] * 100)
        assert text.endswith(f" · {percent}% to win"), (cmd, text)


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)])
def test_the_merchants_panel_shows_names_whole(browser: Any, server_url: str,
                                               size: tuple[int, int]) -> None:
    """A long merchant's name is shown whole in the merchants panel (not cut with "…"), on a
    laptop and on a phone."""
    t = api(server_url, "/api/tables",
            {"ruleset": "venus-standard", "seats": 3, "bots": [1, 2], "name": "Names"})
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": LONG}, t["seats"][0]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              bypass_csp=True)
    page = ctx.new_page()
    try:
        page.goto(f"{server_url}/t/{t['table_id']}#{t['seats'][0]['token']}")
        page.wait_for_function(
            "() => document.querySelectorAll('#players .player strong').length === 3",
            timeout=30_000)
        names = page.evaluate("""() => [...document.querySelectorAll('#players .player strong')]
          .map((s) => ({
            text: s.textContent, cut: s.scrollWidth > s.clientWidth + 1,
            ellipsis: getComputedStyle(s).textOverflow === 'ellipsis'
              && getComputedStyle(s).overflow === 'hidden' }))""")
        screenshot(page, f"{SHOTS}/merchants-{size[0]}.png", showing=page.locator("#players"))
        assert names[0]["text"].startswith(LONG), names
        for n in names:
            assert not n["cut"] and not n["ellipsis"], names
    finally:
        ctx.close()
