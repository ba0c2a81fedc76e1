"""A whole game between scripted greedy players, by the rules alone (the game is
playable to its end by rules alone), 13.2 / 13.3."""

from __future__ import annotations

import pytest

from engine.kernel import Game, fold
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState
from engine.venus.winning import net_worth

from .greedy import Greedy


def play_out(options: dict[str, object], players: int, seed: int,
             limit: int = 20000) -> Game[VenusState]:
    races = ["humans", "dell", "qossuth", "niks"][:players]
    game = Game.start(ruleset, {**options, "races": races},
                      [f"p{i}" for i in range(players)], seed=seed)
    bot = Greedy()
    for _ in range(limit):
        pending = ruleset.pending(game.state)
        if pending is None:
            return game
        seat = pending.seats[0]
        game.play(seat, bot.choose(game.state, seat))
    raise AssertionError(f"no winner after {limit} commands (round {game.state.round})")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7)])
def test_13_2_a_full_game_is_played_to_a_winner(players: int, seed: int) -> None:
    """13.2: the first with at least the target at the end of his own turn wins."""
    game = play_out({"game_length": 1000}, players, seed)
    s = game.state
    assert s.stage == "over" and s.winner is not None and s.end is not None
    assert s.end["reason"] == "net_worth"
    assert net_worth(s, s.winner) >= 1000
    last = game.events[-2:]
    assert [e.type for e in last] == ["TurnEnded", "GameWon"]
    assert last[0].data["seat"] == s.winner  # at the end of his own turn
    assert fold(ruleset, game.events) == s  # 'replay reproduces every state'
    assert len(s.cup) == 48


def test_13_3_a_full_game_with_a_small_bank_ends() -> None:
    """13.3 / small bank: the game ends at the target or when the Bank is empty; money is
    conserved throughout."""
    game = play_out({"game_length": 1000, "small_bank": True}, 2, 3)
    s = game.state
    assert s.stage == "over" and s.end is not None
    assert s.bank is not None and s.bank + sum(p.cash for p in s.players) == 12000
