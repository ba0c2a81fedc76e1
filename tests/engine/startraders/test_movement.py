"""Movement: regular, station and random jumps; engines; the re-roll; permission to use
another's station (Timing Details 1-7 without cards)."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError
from engine.startraders.ruleset import ruleset

from .kit import asked, c, game_of, play, turn_of, types

ANN_AT_MINK = [{"name": "Ann", "world": 14, "hand": []}, {"name": "Bob", "world": 66}]


def test_regular_jump_example_mink_to_niven_movement() -> None:
    """Timing Details, example: on Mink (14) going to Niven (13), a 6 succeeds (orange 2+)."""
    game = game_of(players=ANN_AT_MINK, dice=[6])
    out = play(game, 0, c.Jump(to=13))
    assert "Jumped" in types(out) and game.state.players[0].world == 13


@pytest.mark.parametrize(("to", "roll", "ok"), [
    (13, 2, True), (13, 1, False),  # orange 2+
    (15, 3, True), (15, 2, False),  # red 3+
])
def test_minimum_roll_by_jumpline_colour_regular_jumps(to: int, roll: int, ok: bool) -> None:
    game = game_of(players=ANN_AT_MINK, dice=[roll])
    play(game, 0, c.Jump(to=to))
    assert (game.state.players[0].world == to) is ok
    assert turn_of(game.state).jumps == 1  # failed without a card to re-roll: the attempt is used


def test_failed_jump_stays_and_may_try_again_regular_jumps() -> None:
    """If you do not roll high enough, you stay where you are; you may try again."""
    game = game_of(players=ANN_AT_MINK, dice=[1, 1, 4])
    play(game, 0, c.Jump(to=15))
    play(game, 0, c.Jump(to=15))
    assert game.state.players[0].world == 14
    play(game, 0, c.Jump(to=15))
    assert game.state.players[0].world == 15
    assert turn_of(game.state).stage == "action"  # three engines, three attempts (Engines)


def test_no_jumpline_refused_naming_the_rule() -> None:
    game = game_of(players=ANN_AT_MINK)
    with pytest.raises(RuleError, match="Regular Jumps"):
        play(game, 0, c.Jump(to=66))


@pytest.mark.parametrize(("to", "roll", "ok"), [(15, 2, True), (15, 1, False),
                                                 (13, 1, False)])
def test_navigator_adds_one_except_orange_personalities(to: int, roll: int, ok: bool) -> None:
    """The Navigator adds one to each jump roll except along orange lines."""
    players = [{"name": "Ann", "world": 14, "personality": "navigator"}, {"name": "Bob"}]
    game = game_of(players=players, dice=[roll])
    play(game, 0, c.Jump(to=to))
    assert (game.state.players[0].world == to) is ok


def test_station_jump_to_own_station_needs_no_roll_station_jumps() -> None:
    game = game_of(players=ANN_AT_MINK, stations={15: 0}, dice=[1])
    out = play(game, 0, c.Jump(to=15, kind="station"))
    assert "LoadedDieUsed" not in types(out) and game.state.players[0].world == 15


def test_station_jump_on_green_needs_three_station_jumps() -> None:
    players = [{"name": "Ann", "world": 13}, {"name": "Bob"}]
    game = game_of(players=players, stations={51: 0}, dice=[2, 3])
    play(game, 0, c.Jump(to=51, kind="station"))
    assert game.state.players[0].world == 13
    play(game, 0, c.Jump(to=51, kind="station"))
    assert game.state.players[0].world == 51


def test_station_jump_where_no_station_refused() -> None:
    game = game_of(players=ANN_AT_MINK)
    with pytest.raises(RuleError, match="Station Jumps"):
        play(game, 0, c.Jump(to=15, kind="station"))


def test_permission_asked_of_the_owner_who_answers_station_jumps() -> None:
    """Using another's station: its owner is asked (a pending prompt to that seat) and
    answers; refused, the jump is aborted and the attempt may be used another way (Timing
    Details 2)."""
    game = game_of(players=ANN_AT_MINK, stations={15: 1}, dice=[1])
    play(game, 0, c.Jump(to=15, kind="station"))
    now = asked(game.state)
    assert now.seats == (1,) and now.prompt == "permission"
    with pytest.raises(RuleError, match="not possible now"):
        play(game, 0, c.EndMovement())  # the mover waits for the answer
    play(game, 1, c.AnswerPermission(grant=False))
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 0
    with pytest.raises(RuleError, match="refused permission this turn"):  # docs/rulings.md
        play(game, 0, c.Jump(to=15, kind="station"))
    game = game_of(players=ANN_AT_MINK, stations={15: 1}, dice=[1])
    play(game, 0, c.Jump(to=15, kind="station"))
    out = play(game, 1, c.AnswerPermission(grant=True))
    assert "LoadedDieUsed" not in types(out) and game.state.players[0].world == 15


def test_random_jump_two_dice_name_the_world_and_end_movement_random_jumps() -> None:
    """Random Jumps: a two then a six is world 26, Drachir; the movement stage ends."""
    game = game_of(players=ANN_AT_MINK, dice=[2, 6])
    play(game, 0, c.RandomJump())
    assert game.state.players[0].world == 26 and turn_of(game.state).stage == "action"


def test_reroll_by_turning_in_any_card_re_rolls() -> None:
    """Re-Rolls: any Trader's Luck card turned in gives an immediate re-roll of a jump, in the
    Zap/Reroll interval (Timing Details 4); the jump is settled when the interval closes."""
    players = [{"name": "Ann", "world": 14, "hand": ["gotcha-1", "zap-1"]}, {"name": "Bob"}]
    game = game_of(players=players, dice=[1, 5])
    play(game, 0, c.Jump(to=15))
    assert asked(game.state).prompt == "zap"
    with pytest.raises(RuleError, match="Re-Rolls"):
        play(game, 0, c.Reroll(card="avoid-1"))
    out = play(game, 0, c.Reroll(card="gotcha-1"))
    assert types(out)[:3] == ["CardTurnedIn", "LoadedDieUsed", "RollChanged"]
    assert game.state.players[0].world == 14  # still in the interval: Ann holds a Zap
    play(game, 0, c.PassReaction())
    assert game.state.players[0].world == 15 and game.state.players[0].hand == ["zap-1"]
    assert turn_of(game.state).jumps == 1 and "gotcha-1" in game.state.luck_discard


def test_no_reroll_of_a_random_jump_re_rolls() -> None:
    players = [{"name": "Ann", "world": 14, "hand": ["avoid-1"], "policy": "ask"},
               {"name": "Bob"}]
    game = game_of(players=players, dice=[1, 1])
    play(game, 0, c.RandomJump())
    play(game, 0, c.PassReaction())  # the Quarantine interval (Ann's policy: always ask)
    assert c.Reroll(card="avoid-1") not in list(ruleset.legal_actions(game.state, 0))
    with pytest.raises(RuleError, match="Re-Rolls"):
        play(game, 0, c.Reroll(card="avoid-1"))
    play(game, 0, c.PassReaction())  # the first die
    play(game, 0, c.PassReaction())  # the second die
    play(game, 0, c.PassReaction())  # the You Are Lost interval
    assert game.state.players[0].world == 11 and asked(game.state).prompt == "action"


def test_engines_limit_jump_attempts_engines() -> None:
    players = [{"name": "Ann", "world": 14, "engines": 1}, {"name": "Bob"}]
    game = game_of(players=players, dice=[6])
    play(game, 0, c.Jump(to=13))
    assert turn_of(game.state).stage == "action"
    with pytest.raises(RuleError, match="Stages of the Turn"):
        play(game, 0, c.Jump(to=14))
