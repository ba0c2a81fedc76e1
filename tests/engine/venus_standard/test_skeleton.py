"""The skeleton of the standard game: a table is set up (Setup 10-12), turns run through the
four phases with their ends ("Player Turns"), rounds follow in turn order, and random bots
play 1-4 player games to the end of round 30 ("End of the Game") without a refusal."""

from __future__ import annotations

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import Game, RuleError, fold, takeback
from engine.venus_standard import commands as c
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState


def start(n: int, seed: str = "t", **options: object) -> Game[StandardState]:
    return Game.start(ruleset, dict(options), [f"p{i}" for i in range(n)], seed=seed)


def play_out(game: Game[StandardState], limit: int = 20_000) -> int:
    bots = [UniformBot(f"b{i}") for i in range(len(game.state.players))]
    for step in range(limit):
        now = ruleset.pending(game.state)
        if now is None:
            return step
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        assert legal, f"prompt {now.prompt} offers nothing to seat {seat}"
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
    raise AssertionError("the game did not end")


def test_setup_12_each_player_chooses_laser_or_shield_in_turn_order() -> None:
    game = start(3)
    order = game.state.order
    assert ruleset.pending(game.state).prompt == "choose_dial"
    for seat, dial in zip(order, ("laser", "shield", "laser"), strict=True):
        assert ruleset.pending(game.state).seats == (seat,)
        game.play(seat, c.ChooseDial(dial=dial))
    dials = {p.seat: (p.laser, p.shield) for p in game.state.players}
    assert dials == {order[0]: (2, 1), order[1]: (1, 2), order[2]: (2, 1)}
    assert game.state.round == 1 and game.state.turn is not None
    assert game.state.turn.seat == game.state.first_player
    assert ruleset.pending(game.state).prompt == "movement"


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
    play_out(game)
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
