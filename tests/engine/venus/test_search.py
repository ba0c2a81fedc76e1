"""The classic game's search hooks (``engine/venus/search.py``): what a position is worth to
the search bot's evaluation (``docs/bots.md``, "Each game's worlds and evaluation"), and how
far hard's playouts look."""

from __future__ import annotations

import dataclasses

from engine.bots.search import SearchBot, whose_turn
from engine.kernel.registry import games
from engine.venus.scenario import start
from engine.venus.search import evaluate, worth
from tests.bots.openings import opening, playout_end
from tests.bots.openings import start as begin

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


def test_hards_playouts_run_through_the_seats_next_turn_at_two_players() -> None:
    """Hard's playouts in a 2-player classic game end once the seat's next turn is over, a
    round later than at the end of the turn being played (``engine/venus/search.py``,
    ``HARD``); at four players they end with the turn."""
    definition = games()["venus"]
    hard = definition.make_bot("hard", "x")
    assert isinstance(hard, SearchBot)
    tables = [begin("venus", "h", players).state for players in (2, 4)]
    assert [hard.handoffs(state) for state in tables] == [3, 1]
    game = opening("venus", 10)
    seat = whose_turn(game.state)
    pending = definition.ruleset.pending(game.state)
    assert seat is not None and pending is not None and pending.seats[0] == seat
    (turn_over, its_round), (next_over, next_round) = (
        playout_end(definition, game, seat,
                    dataclasses.replace(hard.budget, seconds=None, next_turn_upto=upto))
        for upto in (0, hard.budget.next_turn_upto))
    assert turn_over == next_over == 1 - seat
    assert next_round == its_round + 1
