"""Benchmark: the search bot's think time per decision (``docs/bots.md``), at each level, in
each game, beside the game's heuristic bot's in the same run.

For each game and each level (``normal``, ``hard``) one seeded 2-player game is played,
seat 0 the search bot at that level and seat 1 the game's heuristic bot, for ``--commands``
commands (or to the end). Every decision is timed (``act``: the view, the legal commands
and the bot's choice). Prints per game and bot: decisions, p50, p95 and max in seconds, the
search's playouts per decision, and the p50 as a ratio to the heuristic's p50 of the same
run (its baseline); then one line ``bot_think <game> <level> p95=<s>`` per row. A level
may be the heuristic bot itself (``--levels merchant``: both seats play it). ``--clock cpu``
times each decision in the process's CPU time instead of the wall clock: on a loaded machine
the wall clock also counts the turns other processes get.

    .venv/bin/python bench/bot_think.py [--games venus,venus-standard,star-traders]
        [--levels normal,hard] [--commands 300] [--seed think] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import act  # noqa: E402
from engine.kernel import Game  # noqa: E402
from engine.kernel.registry import games  # noqa: E402


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run(game_id: str, level: str, commands: int, seed: str, clock: str = "wall"
        ) -> tuple[dict[str, list[float]], list[int]]:
    """The decision times of each bot kind in one game, and the search's playouts."""
    definition = games()[game_id]
    kinds = [level, definition.default_bot]
    game: Game[Any] = Game.start(definition.ruleset, dict(definition.simulation.options),
                                 ["a", "b"], seed=seed)
    bots = [definition.make_bot(k, f"{seed}|seat{i}") for i, k in enumerate(kinds)]
    times: dict[str, list[float]] = {k: [] for k in kinds}
    playouts: list[int] = []
    now = CLOCKS[clock]
    for _ in range(commands):
        pending = definition.ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        started = now()
        command = act(bots[seat], definition, game.state, seat, game.seq)
        times[kinds[seat]].append(now() - started)
        if seat == 0:
            playouts.append(getattr(bots[0], "playouts", 0))
        assert command is not None
        game.play(seat, command)
    return times, playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="venus,venus-standard,star-traders")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--seed", default="think")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args()
    rows: list[str] = []
    for game_id in args.games.split(","):
        for level in args.levels.split(","):
            times, playouts = run(game_id, level, args.commands, f"{args.seed}-{game_id}",
                                  args.clock)
            heuristic = games()[game_id].default_bot
            base = statistics.median(times[heuristic]) if times[heuristic] else 0.0
            for kind, ts in times.items():
                if not ts:
                    continue
                p50 = statistics.median(ts)
                ratio = f"{p50 / base:7.1f}x" if base else "      -"
                searched = [n for n in playouts if n] if kind == level else []
                extra = (f"  playouts/decision p50 {statistics.median(searched):.0f}"
                         if searched else "")
                print(f"{game_id:15} {kind:12} decisions {len(ts):4}  p50 {p50:.4f}s  "
                      f"p95 {quantile(ts, 0.95):.4f}s  max {max(ts):.4f}s  "
                      f"mean {statistics.fmean(ts):.4f}s  p50 vs {heuristic} {ratio}{extra}")
            rows.append(f"bot_think {game_id} {level} p95={quantile(times[level], 0.95):.3f}")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
