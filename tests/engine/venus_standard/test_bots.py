"""The random bot plays any position (VS.md, "How the branches meet"): along seeded games
for 1-4 players and every variant, every prompt offers at least one command, every command
offered is accepted by ``decide``, and the game ends after its last round with no stall."""

from __future__ import annotations

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import CommandRejected, Game, Randomness, takeback
from engine.venus_standard.state import StandardState

from .kit import ruleset, start

CHECK_EVERY = 9  # positions between two full checks of the legal commands
MAX_CHECKED = 25  # legal commands tried at one position


def play_checking(game: Game[StandardState], seed: str) -> int:
    bots = [UniformBot(f"{seed}{i}") for i in range(len(game.state.players))]
    step = 0
    while (now := ruleset.pending(game.state)) is not None:
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        assert legal, f"prompt {now.prompt!r} offers seat {seat} nothing (seq {game.seq})"
        if step % CHECK_EVERY == 0:
            for cmd in legal[:MAX_CHECKED]:
                try:
                    ruleset.decide(game.state, seat, cmd, Randomness(seed, game.seq + 1))
                except CommandRejected as exc:  # pragma: no cover - the failure's message
                    pytest.fail(f"{cmd!r} offered at {now.prompt!r} but refused: {exc}")
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
        step += 1
        assert step < 60_000, "a stall: the game does not end"
    return step


@pytest.mark.parametrize(("n", "variant"), [
    (1, "standard"), (2, "standard"), (3, "standard"), (4, "standard"),
    (3, "light-speed"), (2, "epic"), (1, "solo-challenge"),
])
def test_every_offered_command_is_accepted_and_the_game_ends(n: int, variant: str) -> None:
    seed = f"bots-{n}-{variant}"
    game = start(n, seed=seed, variant=variant, epic_rounds=34) if variant == "epic" \
        else start(n, seed=seed, variant=variant)
    play_checking(game, seed)
    state = game.state
    assert state.stage == "over" and state.end is not None
    assert state.round == state.last_round or state.end["reason"] == "challenge_fee_unpaid"
