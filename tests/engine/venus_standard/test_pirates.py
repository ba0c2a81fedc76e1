"""Pirates: "Pirates" steps 1-4, "Winning/Losing a Pirate Engagement" and the "Pirate
Engagement Example"."""

from __future__ import annotations

from engine.venus_standard import pirates
from engine.venus_standard.cards import PirateToken
from engine.venus_standard.standing import Standing, engage_value

PLUS_TWO = PirateToken(id="p", modifier=2, grade="premium", ours=True)


def test_pirate_engagement_example_laser_four_wins_on_a_one() -> None:
    """Green: lasers 4, shields 2, piloting 3; a +2 pirate; rolls 1 -> 3 < 4: wins; three
    infamy tokens under the pirate pay c60."""
    fight = pirates.engage("laser", 4, 1, PLUS_TWO)
    assert fight.result == 3 and fight.won
    assert pirates.bounty(3) == 60


def test_pirate_engagement_example_only_the_laser_had_a_chance() -> None:
    """Step 3 of the example: against +2, shields 2 can never win (2 + 1 >= 2)."""
    assert not any(pirates.engage("shield", 2, d, PLUS_TWO).won for d in range(1, 7))
    assert [pirates.engage("pilot", 3, d, PLUS_TWO).won for d in range(1, 7)] == \
        [False] * 6


def test_equal_result_loses() -> None:
    assert not pirates.engage("laser", 3, 1, PLUS_TWO).won


def test_ambush_loses_without_a_roll() -> None:
    """Step 1: entering with the last movement point is an ambush, lost automatically."""
    fight = pirates.ambushed()
    assert fight.ambushed and not fight.won and fight.die is None


def test_losing_takes_matching_goods_else_c20_else_all_credits() -> None:
    assert pirates.loss_kind(True, False) == "goods"
    assert pirates.loss_kind(False, False) == "credits"
    assert pirates.loss_credits(50) == 20 and pirates.loss_credits(7) == 7
    assert pirates.loss_kind(True, True) == "nothing"


def test_a_stronger_pirate_in_the_solo_challenge() -> None:
    assert not pirates.engage("laser", 4, 1, PLUS_TWO, stronger=1).won


def test_reward_cards_add_to_the_engaged_attribute() -> None:
    st = Standing(laser=2, rewards=("pirate-charts", "war-banner"))
    assert engage_value(st, "laser") == 5
    assert engage_value(st, "shield") == 1


def test_win_chance_of_the_example() -> None:
    """Laser 4 against a +2 pirate: rolls 1 only (1 + 2 < 4)."""
    assert pirates.win_chance(4, 2) == 1 / 6
    assert pirates.win_chance(2, 2) == 0


def test_the_choosing_player_sees_his_odds() -> None:
    from engine.venus_standard.ruleset import ruleset

    from .cards_kit import facing_pirate

    game, seat = facing_pirate("pirate-6", laser=4)  # +2
    odds = ruleset.view(game.state, seat)["cards"]["engage_odds"]
    assert odds == {"laser": 1 / 6, "shield": 0.0, "pilot": 0.0}
    assert ruleset.view(game.state, 1 - seat)["cards"]["engage_odds"] is None
