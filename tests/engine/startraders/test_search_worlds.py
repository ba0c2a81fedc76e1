"""The worlds the search levels deal from one seat's view in Star Traders
(``engine/startraders/search.py``, ``determinize``; ``docs/bots.md``, "Each game's worlds and
evaluation"): another Trader's Stellors are secret (Money) and dealt again in each world."""

from __future__ import annotations

from engine.kernel import Randomness
from engine.startraders.scenario import start
from engine.startraders.search import determinize


def test_a_rivals_stellors_are_dealt_around_the_start_whatever_his_prestige() -> None:
    """A Trader spends what he earns (stations, engines, petitions): his Stellors do not grow
    with his Prestige. Dealt at 40 + 5 per Prestige, Bob at 25 Prestige held 80 to 240 in
    every world, able to pay any petition's price and an engine each turn."""
    state = start({"players": [{"name": "Ann", "stellors": 17},
                               {"name": "Bob", "prestige": 25, "stellors": 30}]}).state
    purses = [determinize(state, 0, Randomness(f"w{i}", 0, "determinize")).player(1).stellors
              for i in range(40)]
    assert all(20 <= s <= 60 for s in purses) and len(set(purses)) > 5
    assert determinize(state, 0, Randomness("w", 0, "determinize")).player(0).stellors == 17
