"""The cards' part of the solo challenge game (``solo.py`` runs it from our
``data/challenges.json``): the one challenge measured by what the cards keep, pirates
defeated ("Pirate Season", ours), and the validated card models (``cards.challenge_cards``).
"""

from __future__ import annotations

from typing import Any

from .state import StandardState


def pirates_defeated(state: StandardState, seat: int, spec: dict[str, Any]) -> int:
    return state.cards.seat(seat).pirates_defeated
