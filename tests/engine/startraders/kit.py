"""Helpers for Star Traders rule tests: scenario games and playing commands by seat."""

from __future__ import annotations

from typing import Any

from engine.kernel import Command, Event, Game
from engine.startraders import commands as c
from engine.startraders.scenario import start
from engine.startraders.state import StarState

__all__ = ["c", "game_of", "play", "types"]


def game_of(**scenario: Any) -> Game[StarState]:
    """A sandbox game; players default to two named Ann and Bob."""
    scenario.setdefault("players", [{"name": "Ann"}, {"name": "Bob"}])
    return start(scenario)


def play(game: Game[StarState], seat: int, cmd: Command) -> list[Event]:
    return game.play(seat, cmd)


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]
