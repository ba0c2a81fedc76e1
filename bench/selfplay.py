"""Benchmark: whole 4-player games between ``trader`` bots, in-process, on one core.

Each game is played from setup to its winner (13.2) with the simulator of ``starport
simulate`` (engine and bots: legal actions, views, the reachable query, decide, evolve).
A warm-up game fills the per-process caches first. Prints per-game figures, then ends with
the line ``selfplay games_per_s=<x> events_per_s=<y>``.

With ``--game <id>`` (another installed game), the same with that game's heuristic bot in
every seat and its simulation options (``starport simulate <id>``'s loop); it ends with
``selfplay <id> commands_per_s=<x> cpu_ms_per_command=<y>`` (wall time, and the process's
CPU time, which the machine's other load changes less).

    .venv/bin/python bench/selfplay.py [--games 20] [--players 4] [--seed bench] [--target 2000]
        [--game star-traders]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.simulate import BotGames  # noqa: E402
from engine.kernel.registry import games as installed  # noqa: E402
from engine.venus.simulation import play_game  # noqa: E402


def other_game(game_id: str, n: int, players: int, seed: str) -> None:
    """``--game``: whole games of the game's heuristic bot, commands per second."""
    definition = installed()[game_id]
    bots = [definition.default_bot] * players
    play = BotGames(definition).play_game
    play(bots, f"{seed}-warmup")
    commands = events = 0
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        result = play(bots, f"{seed}-{i}", index=i)
        commands += result.commands
        events += result.events
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"{n} games of {players} {bots[0]} bots of {game_id}: {elapsed:.2f}s "
          f"({cpu:.2f}s CPU), {commands / n:.0f} commands and {events / n:.0f} events per game")
    print(f"selfplay {game_id} commands_per_s={commands / elapsed:.0f} "
          f"cpu_ms_per_command={1000 * cpu / commands:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--target", type=int, default=2000)
    parser.add_argument("--game", default="venus")
    args = parser.parse_args()
    if args.game != "venus":
        other_game(args.game, args.games, args.players, args.seed)
        return
    bots = ["trader"] * args.players
    options = {"game_length": args.target}
    play_game(bots, f"{args.seed}-warmup", options)  # fills the distance and terrain caches
    events = commands = 0
    rounds: list[int] = []
    started = time.perf_counter()
    for i in range(args.games):
        result = play_game(bots, f"{args.seed}-{i}", options, index=i)
        events += result.events
        commands += result.commands
        rounds.append(result.rounds)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.players} traders to {args.target}: {elapsed:.2f}s, "
          f"median {statistics.median(rounds)} rounds, {events / args.games:.0f} events and "
          f"{commands / args.games:.0f} commands per game")
    print(f"selfplay games_per_s={args.games / elapsed:.2f} events_per_s={events / elapsed:.0f}")


if __name__ == "__main__":
    main()
