"""The games this server hosts: the installed ``GameDefinition``s (``engine.kernel.registry``).
Everything else in ``server/`` reads a game only through its definition."""

from __future__ import annotations

from typing import Any

from engine.kernel.definition import GameDefinition, OptionsRefused
from engine.kernel.registry import game, games

Hosted = GameDefinition
REGISTRY = games()
hosted = game

__all__ = ["REGISTRY", "Hosted", "OptionsRefused", "check_options_schema", "hosted"]


def check_options_schema(h: GameDefinition, options: dict[str, Any]) -> None:
    """Refuse options outside the game's schema (unknown names, wrong shapes, nesting)."""
    h.check_options(options)
