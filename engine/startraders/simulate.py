"""Whole Star Traders games between bots: ``starport simulate star-traders``.

Same loop and the same JSON as Merchant of Venus (``engine.bots.simulate``): the summary's
``win_rate_by_race`` holds the win rate by personality here, ``net_worths`` the final
Prestige, ``usage`` what the game used (deliveries, stations, petitions, visits per world).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine.bots import Bot
from engine.bots.random_bot import UniformBot
from engine.bots.simulate import BotGames, Standing
from engine.kernel import Event

from .bot import StarTrader
from .ruleset import ruleset
from .state import StarState

BOTS: dict[str, Callable[[str | int], Bot]] = {"random": UniformBot, "trader": StarTrader}


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
        races=[p.personality or "none" for p in state.players],
        winner=state.winner,
        net_worths=[p.prestige for p in state.players],
    )


GAMES = BotGames(ruleset, BOTS, standing, usage_of)
make_bot, play_game, simulate = GAMES.make_bot, GAMES.play_game, GAMES.simulate
