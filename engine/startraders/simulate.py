"""Whole Star Traders games between bots: ``starport simulate star-traders``.

Same loop and the same JSON as Merchant of Venus (``engine.bots.simulate``): the summary's
``win_rate_by_race`` holds the win rate by personality here, ``net_worths`` the final
Prestige, ``usage`` what the game used (deliveries, stations, petitions, visits per world).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.bots.base import Bot
from engine.bots.random_bot import UniformBot
from engine.bots.simulate import MAX_ROUNDS, GameResult, drive, game_seed
from engine.kernel import Event, Game

from .bot import StarTrader
from .ruleset import ruleset
from .state import StarState

BOTS: dict[str, Callable[[str | int], Bot]] = {"random": UniformBot, "trader": StarTrader}


def make_bot(name: str, seed: str | int) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


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


def play_game(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None = None,
              *, index: int = 0, max_rounds: int = MAX_ROUNDS) -> GameResult:
    """One game to its end or to ``max_rounds`` (a stall); refused bot commands are counted
    and replaced by a random legal one."""
    started = time.perf_counter()
    names = [f"{b}{i}" for i, b in enumerate(bots)]
    game: Game[StarState] = Game.start(ruleset, dict(options or {}), names, seed=seed)
    players = [make_bot(b, f"{seed}|seat{i}") for i, b in enumerate(bots)]
    commands, fallbacks = drive(game, players, seed, max_rounds)
    state = game.state
    end = state.end or {}
    return GameResult(
        index=index, seed=str(seed), bots=list(bots),
        races=[p.personality or "none" for p in state.players],
        first_player=state.first_player, winner=state.winner, reason=end.get("reason"),
        rounds=state.round, net_worths=[p.prestige for p in state.players],
        events=len(game.events), commands=commands, seconds=time.perf_counter() - started,
        fallbacks=fallbacks, usage=dict(usage_of(game.events)),
    )


def simulate(bots: Sequence[str], games: int, seed: str | int,
             options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
    for i in range(games):
        yield play_game(bots, game_seed(seed, i), options, index=i, max_rounds=max_rounds)
