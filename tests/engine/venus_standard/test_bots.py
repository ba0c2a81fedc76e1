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


def test_starport_simulate_prints_the_same_json_as_the_other_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from engine.cli import main

    assert main(["simulate", "venus-standard", "--players", "3", "--games", "2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "rounds", "stalls", "win_rate_by_seat", "win_rate_by_label",
                "fallbacks", "games_detail"):
        assert key in out
    assert out["games"] == 2 and out["stalled_games"] == 0 and out["fallbacks"] == 0
    assert set(out["win_rate_by_pilot"]) <= {"human", "eeepeeep", "whynom", "qossuth"}
    assert all(g["rounds"] == 30 for g in out["games_detail"])
    assert main(["simulate", "venus-standard", "--players", "2", "--games", "1",
                 "--option", "variant=warp"]) == 2
    assert "options.variant" in capsys.readouterr().err
