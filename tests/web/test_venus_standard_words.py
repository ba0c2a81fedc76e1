"""The standard game's log in words: every event type seeded bot games produce
has a sentence of its own in ``web/games/venusstd/words.js`` (not the generic "Ann: some
event (...)" said of an event the client does not know yet), or is deliberately silent (a
question asked, a deck shuffled, a phase begun: the page shows those), with no "undefined",
raw object or raw event type in it. The events are told to one seat as the server would."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from engine.bots.simulate import drive
from engine.kernel import Game
from engine.venus_standard.definition import GAME
from engine.venus_standard.ruleset import ruleset

pytestmark = pytest.mark.browser

SILENT = {"Asked", "Answered", "DeckShuffled", "LoadedDieUsed", "PhaseStarted", "TurnEnded",
          "FirstContactPlaced", "MoveWaits", "CardDiscarded", "MovementEnded",
          "CultureSuppliesPrepared", "MarketStacked", "DemandPlaced", "FirstContactCardsSeen",
          "TechnologyUsed", "TechnologyReturned", "EncounterCardReturned", "EncounterOutcomeHeld",
          "EncounterOutcomeReleased", "GoodsReturnedToSupply"}


def _human(event_type: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", event_type).lower()


def _samples() -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for i, options in enumerate([{}, {}, {"variant": "light-speed"}, {}]):
        game = Game.start(ruleset, options, ["Ann", "Bob", "Cy"], seed=f"words{i}")
        bots = [GAME.make_bot("random", f"w{i}.{j}") for j in range(3)]
        drive(game, bots, f"words{i}", 12)
        for ev in game.events:
            told = ev.redacted_for(0)
            seen.setdefault(ev.type if "data" in told else f"{ev.type}:redacted", told)
    return list(seen.values())


def test_every_event_has_words(page: Page, server_url: str) -> None:
    samples = _samples()
    page.goto(f"{server_url}/")
    lines = page.evaluate("""async (events) => {
        const { default: game } = await import('/games/venusstd/index.js');
        const names = await game.loadNames({});
        names.setView({ players: ['Ann', 'Bob', 'Cy'].map((name, seat) => ({ name, seat })) });
        return events.map((ev) => [ev.type || '?', !!ev.redacted,
          game.describeLog([ev], names, null, 0)[0]?.text ?? null]);
    }""", samples)
    came = {t for t, redacted, _ in lines if not redacted}
    assert {"SpeedRolled", "ShipMoved", "TurnStarted", "RoundStarted"} <= came, sorted(came)
    generic = []
    for t, redacted, text in lines:
        if text is None:
            assert t in SILENT or redacted, f"{t} says nothing"
            continue
        assert "undefined" not in text and "[object" not in text and "NaN" not in text \
            and "null" not in text and not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", text), (t, text)
        low = text.lower()
        if low.startswith(_human(t)) or f": {_human(t)}" in low:
            generic.append((t, text))
    assert not generic, generic


def test_a_buy_says_what_the_first_contact_card_paid(page: Page, server_url: str) -> None:
    """"Using First Contact Credits": the discoverer's buys at that market are paid from the
    card first; the log says how much of each price it paid, for goods, equipment and
    technologies alike (the events' ``iou``), and nothing of it when the card paid nothing."""
    events = [
        {"seq": 1, "type": "GoodsBought", "data": {"seat": 0, "token": "shenna:g1",
                                                   "price": 50, "iou": 50}},
        {"seq": 2, "type": "EquipmentBought", "data": {"seat": 0, "kind": "laser",
                                                       "price": 60, "iou": 40}},
        {"seq": 3, "type": "TechnologyBought", "data": {"seat": 0, "token": "throttle_boost:1",
                                                        "price": 30, "iou": 30}},
        {"seq": 4, "type": "EquipmentBought", "data": {"seat": 0, "kind": "shield",
                                                       "price": 40, "iou": 0}},
    ]
    page.goto(f"{server_url}/")
    lines = page.evaluate("""async (events) => {
        const { default: game } = await import('/games/venusstd/index.js');
        const names = await game.loadNames({});
        names.setView({ players: [{ name: 'Ann', seat: 0 }] });
        return events.map((ev) => game.describeLog([ev], names, null, 0)[0]?.text);
    }""", events)
    card = re.compile(r"\(c(\d+) of it First Contact credits\)")
    paid = [m.group(1) for t in lines[:3] if (m := card.search(t or ""))]
    assert paid == ["50", "40", "30"], lines
    assert lines[3] and "You buy a " in lines[3] and "First Contact" not in lines[3], lines
