"""Imperial Envoy! (a Calamity kept in front of its victim): until her ship reaches the
Envoy's destination she delivers nothing and takes no Action; arriving there discards it
(docs/rulings.md, "Trader's Luck cards")."""

from __future__ import annotations

from .components import luck_cards
from .draft import Draft
from .state import StarState


def envoy_blocks(state: StarState, seat: int) -> bool:
    """Imperial Envoy!: until the Envoy's destination is reached, no delivery and no Action."""
    p = state.player(seat)
    return p.envoy is not None and p.world != (luck_cards()[p.envoy].world or 0)


def reach_envoy(draft: Draft, seat: int) -> None:
    """Arriving at the Envoy's destination: discard the Envoy (then deliver, if due)."""
    p = draft.state.player(seat)
    if p.envoy is not None and not envoy_blocks(draft.state, seat):
        draft.emit("EnvoyReached", seat=seat, card=p.envoy, world=p.world)
