"""The client data (``GET /api/games/star-traders/data``): what the browser client needs
to name and draw the pieces of Star Traders (the galaxy's worlds and jumplines with their
minimum rolls, the Trader's Luck cards, the Contracts, the Personalities, the Petition Tables
and the prices), read from the engine's data so the client never copies a rule."""

from __future__ import annotations

from functools import cache
from typing import Any

from .actions import (
    MISSION_PAYOFF,
    MISSION_TABLE,
    PETITION_PRESTIGE,
    STATION_COST,
    STATION_TABLE,
    engine_cost,
)
from .cargo import ABANDON_STELLORS
from .components import (
    OPTIONAL_PERSONALITIES,
    PERSONALITIES,
    contracts,
    luck_cards,
)
from .galaxy import load_galaxy


@cache
def components() -> dict[str, Any]:
    galaxy = load_galaxy()
    return {
        "worlds": [{"number": w.number, "name": w.name, "arm": w.arm, "x": w.x, "y": w.y,
                    "starred": w.starred, "shipyard": w.shipyard}
                   for w in sorted(galaxy.worlds.values(), key=lambda w: w.number)],
        "jumplines": [{"a": ln.a, "b": ln.b, "color": ln.color.value,
                       "minimum": ln.color.minimum} for ln in galaxy.data.jumplines],
        "luck": {cid: card.model_dump(exclude_none=True) for cid, card in luck_cards().items()},
        "contracts": {str(cid): card.model_dump() for cid, card in contracts().items()},
        "personalities": [*PERSONALITIES, *OPTIONAL_PERSONALITIES],
        "petition": {"prestige": PETITION_PRESTIGE, "mission_payoff": MISSION_PAYOFF,
                     "mission": {str(k): v for k, v in MISSION_TABLE.items()},
                     "station": {str(k): v for k, v in STATION_TABLE.items()}},
        "prices": {"station": STATION_COST, "abandon": ABANDON_STELLORS,
                   "engines": {str(n): engine_cost(n) for n in range(2, 7)}},
    }
