"""Bots that play a seat from its view and legal actions (``base.Bot``), for any game.

The shared parts only: the ``Bot`` protocol and ``act`` (``base.py``), the random bots
(``random_bot.py``) and whole games between bots (``simulate.py``). A game's own bots are
its definition's (``GameDefinition.bots``, ``GameDefinition.make_bot``), beside its rules
(``docs/architecture.md``, "The game definition").
"""

from __future__ import annotations

from .base import Aid, Bot, act, definition_of
from .random_bot import RandomBot, UniformBot

__all__ = ["Aid", "Bot", "RandomBot", "UniformBot", "act", "definition_of"]
