"""The Solo Challenge Game's events applied to the state (``state.solo``: the Challenge
cards placed, active and completed; "Solo Challenge Setup", "Challenges")."""

from __future__ import annotations

from typing import Any

from .handlers import Handler
from .state import Solo, StandardState


def _solo_on(state: StandardState) -> Solo:
    if state.solo is None:
        state.solo = Solo()
    return state.solo


def _placed(state: StandardState, d: dict[str, Any]) -> None:
    solo = _solo_on(state)
    for entry in d["cards"]:
        solo.cards.append(entry["card"])
        solo.rounds[entry["card"]] = entry["round"]
        solo.fees[entry["card"]] = entry["fee"]


def _activated(state: StandardState, d: dict[str, Any]) -> None:
    _solo_on(state).active.append(d["card"])


def _completed(state: StandardState, d: dict[str, Any]) -> None:
    solo = _solo_on(state)
    solo.completed.append(d["card"])
    if d["card"] in solo.active:
        solo.active.remove(d["card"])


#: The handlers of the solo challenge game's events (``evolve.py``).
HANDLERS: dict[str, Handler] = {
    "ChallengesPlaced": _placed,
    "ChallengeActivated": _activated,
    "ChallengeCompleted": _completed,
}
