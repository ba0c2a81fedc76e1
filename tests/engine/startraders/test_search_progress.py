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
