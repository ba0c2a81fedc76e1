"""New Personalities implemented so far (table option ``personalities``): the Banker and
Verdant Velma."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.startraders.ruleset import ruleset

from .kit import c, game_of, play


def test_the_banker_starts_with_one_engine_and_150_stellors_new_personalities() -> None:
    game = Game.start(ruleset, {"personalities": ["banker", None]}, ["A", "B"], seed=1)
    banker = game.state.players[0]
    assert (banker.engines, banker.stellors) == (1, 150)


@pytest.mark.parametrize(("world", "command", "share"), [
    (25, c.BuildStation(), 1),  # 5 Stellors: 10% rounded up
    (11, c.BuyEngine(), 3),  # 30 Stellors
])
def test_the_banker_receives_a_tenth_of_payments_to_the_bank(world: int, command: c.Command,
                                                             share: int) -> None:
    game = game_of(players=[{"name": "Ann", "world": world},
                            {"name": "Bo", "personality": "banker"}])
    play(game, 0, c.EndMovement())
    play(game, 0, command)
    assert game.state.players[1].stellors == 40 + share


def test_no_envoy_for_a_banker_with_fewer_than_two_engines() -> None:
    game = game_of(players=[{"name": "Ann", "hand": ["envoy-1"]},
                            {"name": "Bo", "personality": "banker", "engines": 1}])
    with pytest.raises(RuleError, match="Banker"):
        play(game, 0, c.PlayCard(card="envoy-1", target=1))


@pytest.mark.parametrize(("kind", "roll", "ok"), [("regular", 3, True), ("regular", 2, False),
                                                  ("station", 1, True)])
def test_verdant_velma_green_lines_need_three_or_nothing_by_station(kind: str, roll: int,
                                                                    ok: bool) -> None:
    game = game_of(players=[{"name": "Vel", "world": 13, "personality": "verdant-velma"},
                            {"name": "Bo"}], stations={51: 0}, dice=[roll])
    play(game, 0, c.Jump(to=51, kind=kind))  # type: ignore[arg-type]
    assert (game.state.players[0].world == 51) is ok


def test_the_seers_psychic_jump_goes_where_the_roll_allows_new_personalities() -> None:
    """Psychic Jump: roll first, then any jumpline that roll allows (or stay)."""
    game = game_of(players=[{"name": "Sy", "world": 13, "personality": "seer"},
                            {"name": "Bo"}], dice=[3])
    play(game, 0, c.SpecialJump(kind="psychic"))
    now = ruleset.pending(game.state)
    assert now.prompt == "choose_jump" and now.detail["worlds"] == [12, 14]  # red 3, orange 2
    with pytest.raises(RuleError, match="choose one of"):
        play(game, 0, c.ChooseJump(world=51))
    play(game, 0, c.ChooseJump(world=12))
    assert game.state.players[0].world == 12 and game.state.turn.jumps == 1
    with pytest.raises(RuleError, match="first attempt"):
        play(game, 0, c.SpecialJump(kind="psychic"))


def test_the_seer_may_choose_not_to_move() -> None:
    game = game_of(players=[{"name": "Sy", "world": 13, "personality": "seer"},
                            {"name": "Bo"}], dice=[1])
    play(game, 0, c.SpecialJump(kind="psychic"))
    assert ruleset.pending(game.state).detail["worlds"] == []
    play(game, 0, c.ChooseJump(world=None))
    assert game.state.players[0].world == 13 and game.state.turn.jumps == 1


def test_awesome_andis_jump_picks_a_pair_of_three_dice_new_personalities() -> None:
    """Awesome Jump: three dice; the world of rolls 1-2, 2-3 or 3-1; it does not end the
    movement, once per turn."""
    game = game_of(players=[{"name": "Andi", "world": 13, "personality": "awesome-andi"},
                            {"name": "Bo"}], dice=[2, 6, 4])
    play(game, 0, c.SpecialJump(kind="awesome"))
    assert ruleset.pending(game.state).detail["worlds"] == [26, 64, 42]
    play(game, 0, c.ChooseJump(world=64))
    assert game.state.players[0].world == 64 and game.state.turn.stage == "move"
    with pytest.raises(RuleError, match="once per turn"):
        play(game, 0, c.SpecialJump(kind="awesome"))
