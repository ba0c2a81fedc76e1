"""Benchmark: how strong the search bot is (``docs/bots.md``): one search bot at a level
against the game's heuristic bot (the "easy" level) in whole games, seats rotated.

Game ``i`` seats the search bot at seat ``i % players`` and the heuristic bot in every other
seat, from the seed ``<seed>-<i>`` and the game's simulation options; a game ends at its
winner, at the rules' end, or as a stall after ``--max-rounds`` rounds. Prints one line per
game, then per game id a row: games, the search bot's wins and win rate (with its 95%
interval), its fair share (1 / players), the heuristic's wins, games without a winner, the
median score of each side, the seconds per game, the commands the rules refused (a bot
bug: each is replaced by a random legal command, and should stay 0), the search bot's
decisions with more than one candidate and how many of them replaced the heuristic's choice
(the most frequent, as "heuristic's command type>chosen type").

The search bot thinks with its level's budget; ``--iterations`` and ``--seconds`` replace the
budget's caps (a run of many games may use a fixed, smaller iteration budget: it says so in
its rows). ``--jobs`` plays games in that many processes.

    .venv/bin/python bench/bot_strength.py [--games venus,venus-standard,star-traders]
        [--n 200] [--level hard] [--players 2] [--iterations N] [--seconds S] [--jobs 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.base import Bot  # noqa: E402
from engine.bots.search import SearchBot  # noqa: E402
from engine.bots.simulate import MAX_ROUNDS, drive  # noqa: E402
from engine.kernel import Game  # noqa: E402
from engine.kernel.registry import games  # noqa: E402


@dataclasses.dataclass
class Outcome:
    game_id: str
    index: int
    searcher: int  # the search bot's seat
    winner: int | None
    scores: list[int]
    rounds: int
    seconds: float
    fallbacks: int = 0  # commands the rules refused (replaced by a random legal one)
    searched: int = 0  # the search bot's decisions with more than one candidate
    # its choices that replaced the heuristic's, "heuristic's type>chosen type": count
    overrides: dict[str, int] = dataclasses.field(default_factory=dict)


def play(game_id: str, level: str, players: int, index: int, seed: str,
         iterations: int | None, seconds: float | None, max_rounds: int) -> Outcome:
    definition = games()[game_id]
    seed_i = f"{seed}-{index}"
    searcher = index % players
    bots: list[Bot] = []
    searching: SearchBot | None = None
    for s in range(players):
        if s == searcher:
            bot = definition.make_bot(level, f"{seed_i}|seat{s}")
            assert isinstance(bot, SearchBot)
            budget = bot.budget
            if iterations is not None:
                budget = dataclasses.replace(budget, iterations=iterations)
            if seconds is not None:
                budget = dataclasses.replace(budget, seconds=seconds if seconds > 0 else None)
            bot.budget = budget
            bots.append(bot)
            searching = bot
        else:
            bots.append(definition.make_bot(definition.default_bot, f"{seed_i}|seat{s}"))
    started = time.perf_counter()
    game: Game[Any] = Game.start(definition.ruleset, dict(definition.simulation.options),
                                 [f"p{s}" for s in range(players)], seed=seed_i)
    _, fallbacks = drive(game, bots, seed_i, max_rounds)
    standing = definition.simulation.standing
    assert standing is not None
    result = standing(game.state)
    assert searching is not None
    return Outcome(game_id, index, searcher, result.winner, list(result.net_worths),
                   game.state.round, time.perf_counter() - started, fallbacks,
                   searching.searched, dict(searching.overrides))


def interval(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a win rate."""
    if not n:
        return 0.0, 0.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def row(game_id: str, level: str, players: int, outcomes: list[Outcome],
        budget: str) -> str:
    n = len(outcomes)
    wins = sum(o.winner == o.searcher for o in outcomes)
    others = sum(o.winner is not None and o.winner != o.searcher for o in outcomes)
    none = n - wins - others
    lo, hi = interval(wins, n)
    mine = statistics.median(o.scores[o.searcher] for o in outcomes) if n else 0
    theirs = statistics.median(s for o in outcomes for i, s in enumerate(o.scores)
                               if i != o.searcher) if n and players > 1 else 0
    per = statistics.mean(o.seconds for o in outcomes) if n else 0.0
    searched = sum(o.searched for o in outcomes)
    overrides: Counter[str] = Counter()
    for o in outcomes:
        overrides.update(o.overrides)
    top = ",".join(f"{k}:{v}" for k, v in overrides.most_common(6))
    return (f"bot_strength {game_id} {level}({budget}) vs {games()[game_id].default_bot} "
            f"players={players} games={n} wins={wins} rate={wins / max(n, 1):.2f} "
            f"[{lo:.2f}-{hi:.2f}] fair={1 / players:.2f} heuristic_wins={others} "
            f"no_winner={none} median_score={mine} vs {theirs} s_per_game={per:.1f} "
            f"refused={sum(o.fallbacks for o in outcomes)} searched={searched} "
            f"overrides={sum(overrides.values())} ({top})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="venus,venus-standard,star-traders")
    parser.add_argument("--n", type=int, default=200, help="games per row")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="the think-time cap (0: none, the iterations alone)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS)
    args = parser.parse_args()
    budget = ",".join(f"{k}={v}" for k, v in (("iterations", args.iterations),
                                                ("seconds", args.seconds)) if v is not None)
    rows = []
    for game_id in args.games.split(","):
        jobs = [(game_id, args.level, args.players, i, args.seed, args.iterations,
                 args.seconds, args.max_rounds) for i in range(args.n)]
        outcomes: list[Outcome] = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for o in pool.map(play, *zip(*jobs, strict=True)):
                outcomes.append(o)
                print(f"{game_id} game {o.index}: search seat {o.searcher}, winner {o.winner}, "
                      f"scores {o.scores}, rounds {o.rounds}, {o.seconds:.1f}s, "
                      f"refused {o.fallbacks}", flush=True)
        rows.append(row(game_id, args.level, args.players, outcomes, budget or "default"))
        print(rows[-1], flush=True)
    for line in rows:
        print(line)


if __name__ == "__main__":
    main()
