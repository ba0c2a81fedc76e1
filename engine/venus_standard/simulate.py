"""Whole standard games between bots: ``starport simulate venus-standard``.

Same loop and the same JSON as the other games (``engine.bots.simulate``): the summary's
``win_rate_by_race`` holds the win rate by pilot here, ``net_worths`` the final scores
(credits after final scoring), ``usage`` what the games used.
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

from .bot import Merchant
from .ruleset import ruleset
from .state import StandardState
from .usage import COUNTED, DETAILED

BOTS: dict[str, Callable[[str | int], Bot]] = {"random": UniformBot}
# event types counted as used, by name or with a detail (components add theirs: usage.py)
COUNTED.update({"MovementSkipped", "FirstContactRevealed", "SpaceportsSold"})


def make_bot(name: str, seed: str | int) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


def usage_of(events: Iterable[Event]) -> Counter[str]:
    used: Counter[str] = Counter()
    for ev in events:
        if ev.type in COUNTED:
            used[ev.type] += 1
        detail = DETAILED[ev.type](ev) if ev.type in DETAILED else ""
        if detail:
            used[detail] += 1
        elif ev.type == "TurnEnded":
            used[f"turn_end:{ev.data['why']}"] += 1
    return used


def play_game(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None = None,
              *, index: int = 0, max_rounds: int = MAX_ROUNDS) -> GameResult:
    """One game to its end or to ``max_rounds`` (a stall); refused bot commands are counted
    and replaced by a random legal one."""
    started = time.perf_counter()
    names = [f"{b}{i}" for i, b in enumerate(bots)]
    game: Game[StandardState] = Game.start(ruleset, dict(options or {}), names, seed=seed)
    players = [make_bot(b, f"{seed}|seat{i}") for i, b in enumerate(bots)]
    commands, fallbacks = drive(game, players, seed, max_rounds)
    state = game.state
    end = state.end or {}
    return GameResult(
        index=index, seed=str(seed), bots=list(bots),
        races=[p.pilot for p in state.players], first_player=state.first_player,
        winner=state.winners[0] if state.winners else None,
        reason=end.get("reason"), rounds=state.round,
        net_worths=[p.score if p.score is not None else p.credits for p in state.players],
        events=len(game.events), commands=commands, seconds=time.perf_counter() - started,
        fallbacks=fallbacks, usage=dict(usage_of(game.events)),
    )


def simulate(bots: Sequence[str], games: int, seed: str | int,
             options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
    for i in range(games):
        yield play_game(bots, game_seed(seed, i), options, index=i, max_rounds=max_rounds)


BOTS["merchant"] = Merchant  # the standard game's strategic bot (bot.py)
