"""Helpers for Star Traders rule tests: scenario games and playing commands by seat."""

from __future__ import annotations

from typing import Any

from engine.kernel import Command, Event, Game, Pending
from engine.startraders import commands as c
from engine.startraders.ruleset import ruleset
from engine.startraders.scenario import start
from engine.startraders.state import StarState, Turn

__all__ = ["asked", "c", "game_of", "play", "turn_of", "types"]


def game_of(**scenario: Any) -> Game[StarState]:
    """A sandbox game; players default to two named Ann and Bob."""
    scenario.setdefault("players", [{"name": "Ann"}, {"name": "Bob"}])
    return start(scenario)


def play(game: Game[StarState], seat: int, cmd: Command) -> list[Event]:
    return game.play(seat, cmd)


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def asked(state: StarState) -> Pending:
    """What the game waits for now; a test that asks knows the game is not over."""
    now = ruleset.pending(state)
    assert now is not None, "the game is over: nobody is asked"
    return now


def turn_of(state: StarState) -> Turn:
    """The turn in play; a test that looks at it knows the game is not over."""
    assert state.turn is not None, "the game is over: no turn in play"
    return state.turn
