"""The search levels' evaluation of a Star Traders position (``engine/startraders/search.py``,
``progress``): a station owned counts at its price in Stellors, so that selling one at that
price is no gain to the seller (Trades and Deals; Payoffs: a station's owner is paid when a
cargo is delivered there). Without it, a station was worth nothing to the evaluation and the
search levels offered their stations for 12 Stellors in every reaction window."""

from __future__ import annotations

import pytest

from engine.startraders.scenario import start
from engine.startraders.search import evaluate, progress
from engine.startraders.state import StarState
from engine.startraders.trader_deals import WORTH


def _position(stations: dict[str, int], ann: int, bob: int) -> StarState:
    game = start({"players": [{"name": "Ann", "world": 66, "stellors": ann},
                              {"name": "Bob", "world": 42, "stellors": bob}],
                  "stations": stations})
    return game.state


@pytest.mark.parametrize("seat", [0, 1])
def test_a_station_sold_at_its_price_changes_no_sides_progress(seat: int) -> None:
    price = WORTH["stations"]
    before = _position({"63": 0, "55": 0}, ann=40, bob=40)
    after = _position({"63": 1, "55": 0}, ann=40 + price, bob=40 - price)
    assert progress(after, seat) == pytest.approx(progress(before, seat))
    assert evaluate(after, seat) == pytest.approx(evaluate(before, seat))


def test_a_station_sold_below_its_price_is_a_loss_to_the_seller() -> None:
    before = _position({"63": 0}, ann=40, bob=40)
    after = _position({"63": 1}, ann=46, bob=34)
    assert evaluate(after, 0) < evaluate(before, 0)
    assert evaluate(after, 1) > evaluate(before, 1)


def _prestige(ann: int) -> StarState:
    return start({"players": [{"name": "Ann", "world": 66, "prestige": ann},
                              {"name": "Bob", "world": 42, "prestige": 12}]}).state


def test_prestige_beyond_the_petitions_15_counts_up_to_the_best_odds() -> None:
    """From 15 Prestige a Trader may petition, and the Prestige track's "+1" (20) and "+2"
    (25) areas add to the roll (Petitioning, Petition Table): more Prestige is a better
    position up to 25, for him and against him; a Mission won is better still."""
    ladder = [progress(_prestige(p), 0) for p in (14, 15, 19, 20, 25)]
    assert ladder == sorted(ladder) and len(set(ladder)) == len(ladder)
    assert progress(_prestige(30), 0) == pytest.approx(ladder[-1])
    assert evaluate(_prestige(22), 1) < evaluate(_prestige(16), 1)
    won = _prestige(25)
    won.player(0).mission = 2
    assert progress(won, 0) > ladder[-1]
