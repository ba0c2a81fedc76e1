"""How the generic loop of games between bots (``engine.bots.simulate``, ``starport simulate
star-traders``) reads a Star Traders game: the definition's ``Simulation``
(``engine.startraders.definition``). A seat's label is its Personality, its score its
Prestige; ``usage_of`` counts what the game used (deliveries, stations, petitions, visits
per world).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.bots.simulate import Standing
from engine.kernel import Event

from .state import StarState


def usage_of(events: Iterable[Event]) -> Counter[str]:
    used: Counter[str] = Counter()
    for ev in events:
        d = ev.data
        if ev.type in ("Jumped", "RandomJumped"):
            used[f"visit:{d['to']}"] += 1
            used[f"jump:{d.get('kind', 'random')}"] += 1
        elif ev.type in ("ContractDelivered", "StationBuilt", "PetitionRolled",
                         "MissionGranted", "ContractCompleted", "PermissionAnswered",
                         "ImperialStationGranted", "KlugeChosen", "TelzeyLooked",
                         "DealOffered", "DealAccepted", "StationAuctioned", "RaidRolled",
                         "EngineDestroyed", "FirstDieAnswered", "DroppedOut"):
            used[ev.type] += 1
        elif ev.type == "CardTurnedIn" and d.get("why") == "reroll":
            used["reroll"] += 1
        elif ev.type == "CargoRemoved" and d.get("why") == "abandoned":
            used["abandoned"] += 1
    return used


def standing(state: StarState) -> Standing:
    """Personalities, the winner and the Prestige of each seat."""
    return Standing(
        labels=[p.personality or "none" for p in state.players],
        winner=state.winner,
        scores=[p.prestige for p in state.players],
    )
