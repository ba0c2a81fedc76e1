"""Bots that play a seat from its view and legal actions (``base.Bot``).

``make_bot(name, seed)`` builds a registered bot: ``random`` (uniform over the legal actions),
``trader`` (plans Merchant of Venus trade routes), ``star-trader`` (Star Traders) or
``merchant`` (the 2012 standard game).
``act`` asks a bot for a seat's command in a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .base import Bot, act, reach_for
from .random_bot import RandomBot, UniformBot
from .trader import Style, Trader


def _star_trader(seed: str | int) -> Bot:
    """Star Traders' strategic bot (``engine.startraders.bot``; its own simulator calls it
    ``trader``)."""
    from engine.startraders.bot import StarTrader

    return StarTrader(seed)


def _merchant(seed: str | int) -> Bot:
    """The standard game's strategic bot (``engine.venus_standard.bot``)."""
    from engine.venus_standard.bot import Merchant

    return Merchant(seed)


BOTS: dict[str, Callable[[str | int], Bot]] = {
    "random": UniformBot,
    "trader": Trader,
    "star-trader": _star_trader,
    "merchant": _merchant,
}


def bot_from(table: Mapping[str, Callable[[str | int], Bot]], name: str, seed: str | int) -> Bot:
    """The bot ``name`` of ``table`` (a game's registry); a ValueError names the known ones."""
    try:
        factory = table[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(table))}") from None
    return factory(seed)


def make_bot(name: str, seed: str | int) -> Bot:
    """A registered bot by name; a ValueError names the known ones."""
    return bot_from(BOTS, name, seed)


__all__ = ["BOTS", "Bot", "RandomBot", "Style", "Trader", "UniformBot", "act", "bot_from",
           "make_bot", "reach_for"]
