"""Winning the game, 1988 rules 13.1-13.3 and 14; the 2012 "Small Bank" rule."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.venus import commands as c
from engine.venus.ruleset import ruleset
from engine.venus.scenario import start
from engine.venus.winning import net_worth, tie_order

from .movekit import play
from .tradekit import CITY, at_city, at_spaceport


def test_13_1_net_worth_is_money_and_deeds_at_printed_value() -> None:
    """13.1: cash plus Deeds (orange $100, purple $200); IOUs, Goods, ships, Equipment,
    Relics and Fares count nothing."""
    g = at_city("qossuth", cash=300, spaceports={"polluted-planet.3": 0},
                factories={"nillis": {"dot": "giant-planet.10", "owner": 0}},
                me={"ious": ["graw"], "goods": ["goods:cholos"], "relics": ["spy_eye"],
                    "equipment": ["shield"], "ship": "freighter"})
    assert net_worth(g.state, 0) == 300 + 200 + 100
    assert g.ruleset.view(g.state, 1)["players"][0]["net_worth"] == 600


def test_13_2_the_target_at_the_end_of_his_own_turn_wins() -> None:
    """13.2, 4.5: at least the target in money and Deeds at the end of his turn."""
    g = at_city("qossuth", cash=1950, options={"game_length": 2000},
                me={"goods": ["goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"))
    assert g.state.stage == "playing"  # not before the turn ends
    events = play(g, c.EndTurn())
    won = [e for e in events if e.type == "GameWon"]
    assert won and won[0].data["seat"] == 0 and won[0].data["net_worth"] == 2070
    assert g.state.stage == "over" and g.state.winner == 0
    assert g.ruleset.pending(g.state) is None


def test_13_2_over_the_target_on_another_turn_waits_for_his_own() -> None:
    """13.2: going over the target when it is not his turn, he must wait for his turn."""
    bob = {"name": "Bob", "race": "dell", "dot": "galactic-base", "cash": 990}
    g = at_spaceport("qossuth", owner=1, others=[bob], options={"game_length": 1000},
                     me={"goods": ["goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"))  # Bob gets $12: $1,002
    play(g, c.EndTurn())
    assert g.state.stage == "playing" and g.state.turn is not None
    assert g.state.turn.seat == 1 and g.state.players[1].cash == 1002


def test_14_game_length_option() -> None:
    """14.1-14.4: 1000, 2000, 3000 or 4000."""
    for length in (1000, 2000, 3000, 4000):
        g = Game.start(ruleset, {"game_length": length, "races": ["humans", "dell"]},
                       ["A", "B"], seed=1)
        assert g.ruleset.view(g.state, -1)["target"] == length
    with pytest.raises(RuleError) as e:
        Game.start(ruleset, {"game_length": 2500}, ["A", "B"], seed=1)
    assert e.value.rule.startswith("14")


def test_small_bank_starts_with_12000_and_pays_the_stakes() -> None:
    """2012 "Small Bank": c12,000; the initial stakes (4.3) come out of it."""
    g = Game.start(ruleset, {"small_bank": True, "races": ["humans", "dell", "niks"]},
                   ["A", "B", "C"], seed=1)
    assert g.state.bank == 12000 - 3 * 60
    unlimited = Game.start(ruleset, {"races": ["humans", "dell"]}, ["A", "B"], seed=1)
    assert unlimited.state.bank is None


def test_13_3_the_bank_runs_out_and_the_richest_wins() -> None:
    """13.3: if the Bank runs out of money the game is over: the highest Net Worth wins."""
    bob = {"name": "Bob", "race": "dell", "dot": "galactic-base", "cash": 400}
    g = at_city("qossuth", cash=100, others=[bob], bank=100, me={"goods": ["goods:cholos"]})
    events = play(g, c.Sell(goods="goods:cholos"))  # the Bank can pay only $100
    assert [e for e in events if e.type == "Sold"][0].data["paid"] == 100
    won = [e for e in events if e.type == "GameWon"][0]
    assert won.data["reason"] == "bank" and won.data["seat"] == 1
    assert g.state.stage == "over" and g.state.bank == 0 and g.state.winner == 1


def test_small_bank_tie_goes_to_the_first_tied_player_to_the_first_players_right() -> None:
    """2012 "Small Bank": ties: the first tied player to the first player's right wins.
    Play passes to the left (4.2), so the order is first-1, first-2, ..."""
    players = [{"name": n, "dot": "galactic-base", "cash": 300} for n in "ABCD"]
    g = start({"players": players, "other_qboxes": "empty"})
    g.state.first_player = 1  # (a sandbox position; only the tie order is checked)
    assert tie_order(g.state) == [0, 3, 2, 1]


def test_13_3_tie_on_an_empty_bank() -> None:
    """13.3 with the small bank tie break: equal Net Worths, seat 0 is first player's
    right-hand neighbour when seat 1 is first."""
    me = {"goods": ["goods:cholos"]}
    bob = {"name": "Bob", "race": "dell", "dot": "galactic-base", "cash": 120}
    g = at_city("qossuth", cash=0, others=[bob], bank=120, me=me)
    events = play(g, c.Sell(goods="goods:cholos"))
    won = [e for e in events if e.type == "GameWon"][0]
    assert won.data["net_worths"] == [120, 120]
    assert won.data["seat"] == 1  # first player is seat 0: to his right is seat 1


def test_13_1_deeds_never_sold_so_net_worth_is_public() -> None:
    """3.2, 13.1: Net Worth is shown to everyone (money and Deeds are public)."""
    g = at_city("qossuth", cash=123)
    for viewer in (-1, 0, 1):
        assert g.ruleset.view(g.state, viewer)["players"][0]["net_worth"] == 123
    assert CITY
