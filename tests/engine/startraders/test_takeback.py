"""Take-backs in Star Traders: a platform house rule (``docs/rulings.md``, "Take-backs";
``engine.kernel.takeback`` and ``engine.startraders.takeback``), one test per barrier kind:
a jump roll, a card drawn, a reaction window that asks a seat, another seat's action."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError, TakeBack, fold
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState

from .kit import asked, c, game_of, play, turn_of, types

ANN_AT_MINK = [{"name": "Ann", "world": 14, "hand": []}, {"name": "Bob", "world": 66}]
RULE = "house rule: take-backs"


def can_take_back(game: Game[StarState], seat: int = 0) -> bool:
    return TakeBack() in list(ruleset.legal_actions(game.state, seat))


def take_back(game: Game[StarState], seat: int = 0) -> int:
    """Take back; the state must be the log replayed to the rewind point."""
    (took,) = play(game, seat, TakeBack())
    to_seq = took.data["to_seq"]
    assert game.state == fold(ruleset, [e for e in game.events if e.seq <= to_seq])
    return int(to_seq)


def refused(game: Game[StarState], seat: int = 0) -> RuleError:
    before = ruleset.dump_state(game.state)
    with pytest.raises(RuleError) as err:
        play(game, seat, TakeBack())
    assert err.value.rule == RULE and ruleset.dump_state(game.state) == before
    return err.value


def test_a_station_jump_is_taken_back_and_another_jump_made() -> None:
    """Station Jumps to one's own station roll nothing: the jump may be taken back."""
    game = game_of(players=ANN_AT_MINK, stations={15: 0, 13: 0})
    before = game.seq
    play(game, 0, c.Jump(to=15, kind="station"))
    assert game.state.players[0].world == 15 and can_take_back(game)
    assert take_back(game) == before
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 0
    play(game, 0, c.Jump(to=13, kind="station"))  # and jumps elsewhere
    assert game.state.players[0].world == 13
    assert [e.type for e in game.events].count("TookBack") == 1  # the log keeps it all


def test_barrier_a_jump_roll() -> None:
    """Regular Jumps: the die is rolled; the station jump before it stands too."""
    game = game_of(players=ANN_AT_MINK, stations={15: 0}, dice=[6])
    play(game, 0, c.Jump(to=15, kind="station"))
    out = play(game, 0, c.Jump(to=14))
    assert "JumpRolled" in types(out)
    assert not can_take_back(game)
    assert "roll, reveal or draw" in refused(game).detail


def test_barrier_a_card_drawn() -> None:
    """Stages of the Turn, Draw stage: the drawn card is known to its holder."""
    game = game_of(players=ANN_AT_MINK, stations={15: 0})
    play(game, 0, c.EndMovement())
    assert can_take_back(game)
    play(game, 0, c.SkipAction())
    now = ruleset.pending(game.state)
    assert now is not None and now.prompt == "draw", now
    out = play(game, 0, c.Draw())
    assert "CardsDrawn" in types(out)
    assert not can_take_back(game)
    refused(game)


def test_barrier_a_reaction_window_that_asks_a_seat() -> None:
    """Timing Details: a window that asks Bob (his policy is `ask`) lets him answer at once;
    Ann's jump can no longer be taken back, even while Bob thinks."""
    players = [{"name": "Ann", "world": 14}, {"name": "Bob", "world": 66, "policy": "ask"}]
    game = game_of(players=players, stations={15: 0})
    out = play(game, 0, c.Jump(to=15, kind="station"))
    assert "ReactionAsked" in types(out)
    assert 0 in asked(game.state).anytime
    assert not can_take_back(game)
    refused(game)


def test_barrier_another_seats_action() -> None:
    """Any seat may act at any time (its reaction policy here): after Bob acts, Ann's jump
    stands; and Bob can never take back Ann's."""
    game = game_of(players=ANN_AT_MINK, stations={15: 0})
    play(game, 0, c.Jump(to=15, kind="station"))
    assert can_take_back(game) and not can_take_back(game, seat=1)
    refused(game, seat=1)
    play(game, 1, c.SetReactionPolicy(policy="never"))
    assert not can_take_back(game)
    refused(game)


def test_the_table_option_turns_take_backs_off() -> None:
    game = game_of(players=ANN_AT_MINK, stations={15: 0}, takebacks=False)
    play(game, 0, c.Jump(to=15, kind="station"))
    assert not can_take_back(game)
    assert "turned off" in refused(game).detail
