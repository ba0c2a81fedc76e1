"""What ``starport simulate`` counts as used in a game (its ``usage``): event types counted
by name (``COUNTED``) and event types counted under a detail of their own (``DETAILED``,
e.g. ``"mission:<card>"``): the cards' here; ``simulate.py`` adds the core's."""

from __future__ import annotations

from collections.abc import Callable

from engine.kernel import Event

from .decks import ENCOUNTER

COUNTED: set[str] = {
    # the cards (missions, rewards, pirates, intel, titles)
    "MissionCompleted", "SecondMissionBought", "PirateEngaged", "PirateDefeated",
    "RewardTradedIn", "RewardBought", "IntelUsed", "TitleTaken",
}
DETAILED: dict[str, Callable[[Event], str]] = {
    "MissionCompleted": lambda ev: f"mission:{ev.data['card']}",
    "RewardKept": lambda ev: f"reward:{ev.data['card']}",
    "CardDrawn": lambda ev: f"{ev.data['deck']}:{ev.data['card']}"
    if ev.data.get("deck") == ENCOUNTER else "",
}
