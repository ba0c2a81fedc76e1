"""Answers made at once in a reaction window (docs/star-traders.md, "Reaction windows";
``Game.answered_alongside``): a seat's command decided before other seats' passes is played
after them; before anything else, or before its own seat's command, it is not."""

from __future__ import annotations

from engine.kernel import Game
from engine.startraders.definition import GAME
from engine.startraders.state import StarState

from .kit import asked, c, game_of, play

ANSWERS = GAME.concurrent_answers


def _window() -> tuple[Game[StarState], int]:
    """Ann jumps from Endor; the Quarantine interval asks Ann, Bob and Cid at once."""
    game = game_of(players=[{"name": "Ann", "world": 61, "policy": "ask"},
                            {"name": "Bob", "world": 66, "policy": "ask"},
                            {"name": "Cid", "world": 11, "policy": "ask"}], dice=[6])
    play(game, 0, c.Jump(to=16, kind="regular"))
    assert asked(game.state).seats == (0, 1, 2)
    return game, game.seq


def test_another_seats_pass_leaves_my_answer_good() -> None:
    game, seq = _window()
    play(game, 0, c.PassReaction())
    play(game, 2, c.SetReactionPolicy(policy="playable"))  # Cid's own business
    assert game.answered_alongside(1, seq, ANSWERS)
    assert not game.answered_alongside(1, seq, frozenset())  # a game that names none
    assert not game.answered_alongside(0, seq, ANSWERS)  # Ann answered: no longer asked


def test_my_own_command_since_or_the_window_closing_is_news() -> None:
    game, seq = _window()
    play(game, 1, c.SetReactionPolicy(policy="playable"))  # Bob, in another tab
    assert not game.answered_alongside(1, seq, ANSWERS)
    game, seq = _window()
    for seat in (0, 1, 2):
        play(game, seat, c.PassReaction())
    assert not game.answered_alongside(1, seq, ANSWERS)  # the window closed
