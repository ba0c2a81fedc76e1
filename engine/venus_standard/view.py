"""``view``: what one seat (or a spectator) may see.

Everything on the table is open (credits, dashboards, cards in play areas, the round
track) except what the book keeps face down: the decks' and stockpiles' order (only their
sizes are shown), the First Contact cards not yet flipped (which systems still hold one,
not whose culture), and whatever a component marks secret in its own part of the view.
The components' parts (``Hooks.parts``: name -> ``(state, viewer) -> value``) follow the
core's, in the order ``order.py`` lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .hookpoints import Part
from .legal import pending
from .rounds import icons
from .solo import fees, progress
from .state import SECRET, Player, StandardState

PLAYER_SECRET: frozenset[str] = frozenset()  # Player fields no other seat may read


def _player(p: Player, viewer: int) -> dict[str, Any]:
    out = p.model_dump(mode="json")
    if p.seat != viewer:
        for key in PLAYER_SECRET:
            out.pop(key, None)
    return out


def round_track(state: StandardState) -> list[dict[str, Any]]:
    """The rounds still to come with their icons (Beginning a New Round)."""
    start = max(state.round, 1)
    return [{"round": n, "icons": icons(state, n)} for n in range(start, state.last_round + 1)]


def view(state: StandardState, viewer: int, parts: Mapping[str, Part]) -> dict[str, Any]:
    now = pending(state)
    turn = state.turn
    out: dict[str, Any] = {
        "ruleset": "venus-standard",
        "stage": state.stage,
        "table": state.table.model_dump(mode="json"),
        "round": state.round,
        "last_round": state.last_round,
        "round_track": round_track(state),
        "first_player": state.first_player,
        "order": state.order,
        "turn": None if turn is None else turn.model_dump(mode="json"),
        "pending": None if now is None else now.model_dump(mode="json"),
        "players": [_player(p, viewer) for p in state.players],
        "decks": {name: len(cards) for name, cards in sorted(state.decks.items())},
        "discards": {name: list(cards) for name, cards in sorted(state.discards.items())},
        "first_contact_face_down": sorted(state.first_contact),
        "discovered": dict(sorted(state.discovered.items())),
        # Solo Challenge Setup 2: the Challenge cards lie face up beside the round track
        "solo": None if state.solo is None else {
            **state.solo.model_dump(mode="json"), "fees_due": fees(state),
            "progress": progress(state)},
        "winners": list(state.winners),
        "end": state.end,
        "sandbox": state.sandbox,
    }
    for name, fn in parts.items():
        out[name] = fn(state, viewer)
    return out


__all__ = ["PLAYER_SECRET", "SECRET", "view"]
