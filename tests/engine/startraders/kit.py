"""Helpers for Star Traders rule tests: scenario games and playing commands by seat."""

from __future__ import annotations

from typing import Any

from engine.kernel import Command, Event, Game, Pending
from engine.startraders import commands as c
from engine.startraders.ruleset import ruleset
from engine.startraders.scenario import start
from engine.startraders.state import StarState, Turn
from tests.engine.asking import asked_of, turn_in

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
    return asked_of(ruleset, state)


def turn_of(state: StarState) -> Turn:
    return turn_in(state)
