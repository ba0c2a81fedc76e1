"""The cards' part of the solo challenge game (``solo.py`` runs it from our
``data/challenges.json``): the one need measured by what the cards keep, pirates defeated
(no card of ours asks it now), and the validated card models (``cards.challenge_cards``).
"""

from __future__ import annotations

from typing import Any

from .state import StandardState


def pirates_defeated(state: StandardState, seat: int, spec: dict[str, Any]) -> int:
    return state.cards.seat(seat).pirates_defeated
