"""The classic game's search hooks (``engine/venus/search.py``): what a position is worth to
the search bot's evaluation (``docs/bots.md``, "Each game's worlds and evaluation")."""

from __future__ import annotations

from engine.venus.scenario import start
from engine.venus.search import evaluate, worth

from .tradekit import BOB, scenario

FARE = "fare:graw:qossuth"  # the 2012 classic's Fare from Graw to Qossuth: 120 on delivery


def test_a_fare_aboard_counts_half_its_fee() -> None:
    """10.3: a Fare is paid on delivery; aboard it counts half its fee, as Goods count
    half-way to their payoff, so picking one up is not worth nothing to the search."""
    empty = start(scenario()).state
    carrying = start(scenario(me={"fares": [FARE]})).state
    assert worth(carrying, 0) - worth(empty, 0) == 60
    assert evaluate(carrying, 0) > evaluate(empty, 0)


def test_an_iou_counts_its_barter_value() -> None:
    """7.3, 9.32: an IOU taken on a discovery is bartered for its credit: the search counts
    it, so the discovery the trader heads for is not worth nothing to it."""
    empty = start(scenario()).state
    holding = start(scenario(me={"ious": ["graw"]})).state
    assert worth(holding, 0) - worth(empty, 0) > 0
    assert evaluate(holding, 0) > evaluate(empty, 0)


def test_the_other_seats_holdings_count_against_the_seat() -> None:
    """The evaluation is the lead over the best other seat: another's Fare lowers it."""
    even = start(scenario()).state
    behind = start(scenario(others=[{**BOB, "fares": [FARE]}])).state
    assert evaluate(behind, 0) < evaluate(even, 0)
