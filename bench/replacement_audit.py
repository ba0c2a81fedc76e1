"""Benchmark: what the search bot's replacements are worth (``docs/bots.md``, "What hard's
replacements are worth").

The search bot plays its game's heuristic choice unless another candidate leads it in
playouts that end with the turn. This bench asks what such a replacement is worth over the
whole game: it plays games of one search bot against the heuristic (as ``bot_strength.py``:
game ``i`` from the seed ``<seed>-<i>``, the search bot at seat ``i % 2``, a fixed budget of
``--iterations`` playouts and no time cap), and at each decision where the search bot played
another command than the heuristic's, it plays both commands to the END of the game, every
seat's heuristic bot on from there, in ``--worlds`` worlds dealt from the seat's view (the
game's ``determinize``), the two commands of a world with the same dice (common random
numbers). A replacement's worth is the mean of (the game's evaluation after the chosen
command) - (after the heuristic's): at the end of a game, a win's 1 against a loss's 0.

Prints one line per game (its replacements), then per kind ("heuristic's type>chosen type")
the replacements, the mean worth with its standard error and the sum, and all of them
summed per game: a win share the replacements bring against the heuristic's play, if the
rest of the game were the heuristic's. That is what it measures, not a prediction: hard's
later decisions are its own, and a change of the budget that makes more replacements of a
kind the bench rates well need not win more games (``docs/bots.md``).

    .venv/bin/python bench/replacement_audit.py [--game star-traders] [--n 24]
        [--worlds 40] [--iterations 60] [--seed aud] [--jobs 2] [--budget NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # the repo's packages, the benches beside

from bot_strength import budget_field, play_game  # noqa: E402

from engine.bots.base import Aid  # noqa: E402
from engine.bots.search import Budget, SearchBot  # noqa: E402
from engine.bots.simulate import MAX_ROUNDS  # noqa: E402
from engine.kernel import Command, Randomness  # noqa: E402
from engine.kernel.registry import games  # noqa: E402

# a playout with these never stops before the game's end (or its stall)
TO_THE_END = Budget(iterations=1, seconds=None, depth=1_000_000, handoffs=1_000_000)


@dataclasses.dataclass(frozen=True)
class Replacement:
    """One decision where the search bot did not play the heuristic's command."""

    state: Any  # the position (a copy), as the rules hold it
    seat: int
    seq: int
    heuristic: Command
    chosen: Command

    @property
    def kind(self) -> str:
        return f"{self.heuristic.type}>{self.chosen.type}"


class Recording(SearchBot):
    """A search bot that keeps each decision where it replaced the heuristic's choice."""

    def __init__(self, game: str, seed: str, budget: Budget) -> None:
        super().__init__(game, seed, budget, name="audited")
        self.replacements: list[Replacement] = []
        self._heuristic: Command | None = None

    def candidates(self, heuristic: Command, legal: Sequence[Command],
                   seq: int) -> list[Command]:
        self._heuristic = heuristic
        return super().candidates(heuristic, legal, seq)

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               aid: Aid | None = None, state: Any = None) -> Command:
        self._heuristic = None
        chosen = super().choose(view, legal, seat=seat, seq=seq, aid=aid, state=state)
        heuristic = self._heuristic
        if state is not None and heuristic is not None and chosen != heuristic:
            self.replacements.append(Replacement(self.game.ruleset.clone(state), seat, seq,
                                                 heuristic, chosen))
        return chosen


def worth(game_id: str, replacement: Replacement, worlds: int, index: int) -> list[float]:
    """The chosen command's evaluation less the heuristic's, each played to the end of the
    game by the heuristic bots, in each of ``worlds`` worlds of the replacement at its seq in
    game ``index`` (a world where either command was refused or broke the position is left
    out)."""
    definition = games()[game_id]
    rules = definition.ruleset
    judge = SearchBot(game_id, "audit", TO_THE_END, name="judge")
    r = replacement
    diffs = []
    for w in range(worlds):
        stream = f"audit|{index}|{r.seq}|{w}"
        world = definition.determinize(r.state, r.seat, Randomness(stream, r.seq, "determinize"))
        before = judge.playout(rules, world, r.seat, r.seq, r.heuristic, {}, stream)
        after = judge.playout(rules, world, r.seat, r.seq, r.chosen, {}, stream)
        if before is not None and after is not None:
            diffs.append(after - before)
    return diffs


def audit_game(game_id: str, index: int, seed: str, budget: Budget, worlds: int,
               max_rounds: int = MAX_ROUNDS) -> dict[str, Any]:
    """Game ``index`` of the search bot against the heuristic (``bot_strength.play_game``'s
    game, the search bot recording), and each replacement's worth:
    ``{"index", "won", "seconds", "worths": [(kind, [differences...]), ...]}``."""
    audited = Recording(game_id, f"{seed}-{index}|seat{index % 2}", budget)
    _, outcome = play_game(game_id, "audited", 2, index, seed, None, None, max_rounds,
                           dict(games()[game_id].simulation.options), measured=audited)
    worths = [(r.kind, worth(game_id, r, worlds, index)) for r in audited.replacements]
    return {"index": index, "won": outcome.winner == outcome.searcher,
            "seconds": outcome.seconds, "worths": worths}


def kinds_lines(results: list[dict[str, Any]]) -> list[str]:
    """Per kind of replacement: how many, the mean worth and its standard error, the sum; then
    every replacement's worth summed per game."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    for result in results:
        for kind, diffs in result["worths"]:
            if diffs:
                by_kind[kind].append(statistics.mean(diffs))
    lines = []
    for kind, means in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        se = statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else float("nan")
        lines.append(f"replacement_audit {kind}: n={len(means)} mean={statistics.mean(means):+.3f} "
                     f"se={se:.3f} sum={sum(means):+.2f}")
    every = [m for means in by_kind.values() for m in means]
    games_n = max(len(results), 1)
    won = sum(r["won"] for r in results)
    lines.append(f"replacement_audit all: games={len(results)} searcher_wins={won} "
                 f"replacements={len(every)} worth_per_game={sum(every) / games_n:+.3f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="star-traders")
    parser.add_argument("--n", type=int, default=24, help="games")
    parser.add_argument("--worlds", type=int, default=40, help="worlds per replacement")
    parser.add_argument("--iterations", type=int, default=60, help="playouts a decision")
    parser.add_argument("--budget", type=budget_field, action="append", default=[],
                        metavar="NAME=VALUE", help="another field of the search's budget")
    parser.add_argument("--seed", default="aud")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    hard = games()[args.game].make_bot("hard", args.seed)
    assert isinstance(hard, SearchBot)
    budget = dataclasses.replace(hard.budget, iterations=args.iterations, seconds=None,
                                 **dict(args.budget))
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [pool.submit(audit_game, args.game, i, args.seed, budget, args.worlds)
                for i in range(args.n)]
        for job in jobs:
            result = job.result()
            results.append(result)
            means = [statistics.mean(d) for _, d in result["worths"] if d]
            print(f"{args.game} audited game {result['index']}: won {result['won']}, "
                  f"replacements {len(means)}, worth {sum(means):+.2f}, "
                  f"{result['seconds']:.1f}s", flush=True)
    print("\n".join(kinds_lines(results)))


if __name__ == "__main__":
    main()
