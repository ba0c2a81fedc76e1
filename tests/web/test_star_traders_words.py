"""The Star Traders log in words: every event type the engine applies
(``engine/startraders/evolve.py``) has a sentence in ``web/games/startraders/words.js`` (or is
deliberately silent: deck orders, a die used), with no "undefined" or raw id in it. The events
come from bot games, the scenario flows of the page tests and deals, told to one seat and
redacted as the server would."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from engine.bots.simulate import drive
from engine.kernel import Game
from engine.startraders.commands import parse_command
from engine.startraders.definition import GAME
from engine.startraders.ruleset import ruleset
from engine.startraders.scenario import start

pytestmark = pytest.mark.browser

SILENT = {"DecksShuffled", "ContractDeckReshuffled", "LoadedDieUsed", "IntervalRestarted",
          "CardTurnedIn",  # silent only when "played" (the play has its line)
          "ReactionAsked", "ReactionPassed",  # the prompt asks; a pass changes nothing
          "ReactionPlayed"}  # its CardPlayed says it
EVOLVE = Path(__file__).resolve().parents[2] / "engine" / "startraders" / "evolve.py"


def _applied_types() -> set[str]:
    text = EVOLVE.read_text("utf-8")
    return {t for group in re.findall(r"@on\(([^)]*)\)", text)
            for t in re.findall(r'"([A-Za-z]+)"', group)}


def _samples() -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}

    def keep(game: Game[Any], viewer: int) -> None:
        for ev in game.events:
            told = ev.redacted_for(viewer)
            key = ev.type if "data" in told else f"{ev.type}:redacted"
            seen.setdefault(key, told)

    # three games reach every event type the bots make (three more seeds added none)
    for i, options in ((0, {}), (1, {"advanced": True}), (3, {})):
        game = Game.start(ruleset, options, ["Ann", "Bob", "Cy", "Di"], seed=f"words{i}")
        bots = [GAME.make_bot("star-trader" if j % 2 else "random", f"w{i}.{j}")
                for j in range(4)]
        drive(game, bots, f"words{i}", 60)
        keep(game, i % 4)
    scenario = start({"players": [{"name": "Ann", "world": 66, "prestige": 20, "policy": "never"},
                                  {"name": "Bob", "world": 66, "hand": ["lost-1", "zap-1"]},
                                  {"name": "Cy", "world": 11, "policy": "never"}],
                      "stations": {"63": 0}, "dice": [5, 1, 2, 5]})
    swap = {"give": {"stellors": 10, "cards": ["zap-1"]}, "get": {"stations": [63]}}
    moves: list[tuple[int, dict[str, Any]]] = [
        (1, {"type": "OfferDeal", "to": 0, **swap}),
        (0, {"type": "AnswerDeal", "offer": 1, "accept": True}),
        (1, {"type": "OfferDeal", "to": 0, "give": {"stellors": 1}}),
        (1, {"type": "WithdrawDeal", "offer": 2}),
        (1, {"type": "OfferDeal", "to": 0, "give": {"stellors": 1}}),
        (0, {"type": "AnswerDeal", "offer": 3, "accept": False}),
        (1, {"type": "SetReactionPolicy", "policy": "ask"}),
        (1, {"type": "DropOut"})]
    for seat, cmd in moves:
        scenario.play(seat, parse_command(cmd))
    keep(scenario, 0)
    keep(scenario, 1)
    return list(seen.values())


def test_every_event_has_words(page: Page, server_url: str) -> None:
    samples = _samples()
    page.goto(f"{server_url}/games/startraders/dev.html")
    lines = page.evaluate("""async (events) => {
        const { loadComponents } = await import('/games/startraders/data.js');
        const { describeEvent } = await import('/games/startraders/words.js');
        const names = await loadComponents();
        names.setPlayers([0, 1, 2, 3].map((i) => ({ name: ['Ann', 'Bob', 'Cy', 'Di'][i] })));
        const words = (ev) => describeEvent(ev, names, 0);
        return events.map((ev) => [ev.type || '?', ev.redacted || false, words(ev)]);
    }""", samples)
    described = {t for t, redacted, text in lines if text and not redacted}
    missing = _applied_types() - described - SILENT
    # the deals and the settings of the scripted part always come up; the rarest events of the
    # bot games may not (those that did must all have words)
    scripted = {"DealOffered", "DealAccepted", "DealDeclined", "DealWithdrawn", "StationGiven",
                "CardsGiven", "CardsPassed", "StellorsChanged", "ReactionPolicySet",
                "DroppedOut", "TurnStarted"}
    assert scripted <= described, sorted(scripted - described)
    for t, _, text in lines:
        if text is None:
            continue
        assert text != f"{t}." and "undefined" not in text and "[object" not in text \
            and "NaN" not in text, (t, text)
    came = {t for t, redacted, _ in lines if not redacted}
    assert not (missing & came), sorted(missing & came)
