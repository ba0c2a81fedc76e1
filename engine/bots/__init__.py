"""Bots that play a seat from its view and legal actions (``base.Bot``).

``make_bot(name, seed)`` builds a registered bot: ``random`` (uniform over the legal actions)
or ``trader`` (plans trade routes). ``act`` asks a bot for a seat's command in a game.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, act, reach_for
from .random_bot import RandomBot, UniformBot
from .trader import Style, Trader

BOTS: dict[str, Callable[[str | int], Bot]] = {
    "random": UniformBot,
    "trader": Trader,
}


def make_bot(name: str, seed: str | int) -> Bot:
    """A registered bot by name; a ValueError names the known ones."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "RandomBot", "Style", "Trader", "UniformBot", "act", "make_bot",
           "reach_for"]
