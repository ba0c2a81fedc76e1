"""The skeleton of the standard game: a table is set up (Setup 10-12), turns run through the
four phases with their ends ("Player Turns"), rounds follow in turn order, and random bots
play 1-4 player games to the end of round 30 ("End of the Game") without a refusal."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError, fold
from engine.venus_standard import commands as c
from engine.venus_standard.ruleset import ruleset

from .kit import play_out, start


def test_player_turns_phases_in_order_from_galactic_base() -> None:
    """Movement Phase: skipping it on a spaceport (Galactic Base acts as one) leads to the
    Transaction phase; then the Merchant Spaceport phase; then the next player clockwise."""
    game = start(2)
    for seat in game.state.order:
        game.play(seat, c.ChooseDial(dial="laser"))
    first = game.state.first_player
    game.play(first, c.SkipMovement())
    assert game.state.turn is not None and game.state.turn.phase == "transaction"
    game.play(first, c.EndPhase())
    assert game.state.turn.phase == "spaceport"
    game.play(first, c.EndPhase())
    assert game.state.turn.seat == (first + 1) % 2 and game.state.turn.phase == "movement"


def test_a_command_out_of_its_phase_is_refused_naming_the_rule() -> None:
    game = start(2)
    with pytest.raises(RuleError, match="Player Turns"):
        game.play(game.state.first_player, c.EndPhase())


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_bots_play_to_the_end_of_round_30(n: int) -> None:
    game = start(n, seed=f"smoke{n}")
    play_out(game, 20_000)
    state = game.state
    assert state.stage == "over" and state.round == 30 and state.end is not None
    assert all(p.score is not None for p in state.players)
    # Winning the Game: the best score among those not disqualified (fame below 0)
    eligible = [p for p in state.players if not p.disqualified]
    assert set(state.winners) <= {p.seat for p in eligible}
    assert bool(state.winners) == bool(eligible)
    assert fold(ruleset, game.events).model_dump() == state.model_dump()


def test_the_state_survives_a_snapshot() -> None:
    game = start(2, seed="snap")
    for seat in game.state.order:
        game.play(seat, c.ChooseDial(dial="shield"))
    text = ruleset.dump_state(game.state)
    assert ruleset.load_state(text).model_dump() == game.state.model_dump()
