"""The acting seat's part of a seq's views, in-process: its legal commands (dumped as
``frames._dump`` does not: ``model_dump``-free, the objects only) and its extras (the
reachable destinations during a move, the market at a port), made inside the seq's look as
``frames.view_bytes`` makes them, on the games ``bench/view_path.py`` plays (random legal
commands, no take-backs, both editions, seeded). CPU time of the thread, microseconds a seq
(all seqs, and the move phase's alone); each game replayed ``--repeat`` times, the best kept.

    .venv/bin/python bench/acting_path.py [--games 24] [--commands 80] [--repeat 5]
    .venv/bin/python bench/acting_path.py --interleave 500   # 500 games at once, as a server

``--interleave N`` plays N games at once, a command of each in turn (the movement caches
shared between games then hold many games' terrains, as in a server under load), once.

Run it from a baseline's tree to compare (``cd /tmp/base && python .../acting_path.py``): it
uses the ``engine`` and ``server`` packages of the working directory.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from view_path import EDITIONS, SEATS, play_one  # noqa: E402  (this folder)

from engine.kernel import Game  # noqa: E402
from server.rulesets import hosted  # noqa: E402


def play(game_no: int, commands: int) -> tuple[int, int, int, int]:
    """One game: CPU time (ns) of the acting seat's part at every seq and at move seqs, and
    the numbers of seqs and move seqs."""
    return interleaved(commands, [game_no])


def interleaved(commands: int, numbers: list[int]) -> tuple[int, int, int, int]:
    """The games ``numbers`` at once, a command of each in turn: ``play``'s figures for all."""
    venus = hosted("venus")
    rngs = [random.Random(n) for n in numbers]
    played = [Game.start(venus.ruleset, {"edition": EDITIONS[n % 2]},
                         [f"p{i}" for i in range(SEATS)], seed=n) for n in numbers]
    spent = moving = seqs = moves = 0
    for _ in range(commands):
        for rng, game in zip(rngs, played, strict=True):
            timed = _seq(venus, game, rng)
            if timed is None:
                continue
            took, in_move = timed
            spent += took
            seqs += 1
            if in_move:
                moving += took
                moves += 1
    return spent, moving, seqs, moves


def _seq(venus: Any, game: Game[Any], rng: random.Random) -> tuple[int, bool] | None:
    """The acting seat's part of ``game``'s seq timed (ns; whether in a move), then a random
    legal command played; None once the game waits for nobody or its seat has no command."""
    p = game.pending()
    if p is None:
        return None
    seat = p.seats[0]
    state = game.state
    turn = state.turn
    in_move = turn is not None and turn.phase == "move"
    ruleset = venus.ruleset
    t0 = time.thread_time_ns()
    with venus.look(state, seat):
        list(ruleset.legal_actions(state, seat))
        venus.extras(state, seat)
    took = time.thread_time_ns() - t0
    if not play_one(venus, game, rng):
        return None
    return took, in_move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--commands", type=int, default=80, help="per game")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--interleave", type=int, default=0, help="games played at once")
    args = parser.parse_args()
    if args.interleave:
        spent, took, n, m = interleaved(args.commands, list(range(args.interleave)))
        print(f"acting_path interleaved={args.interleave} seqs={n} "
              f"us_per_seq={spent / n / 1000:.1f} move_seqs={m} "
              f"us_per_move_seq={took / max(m, 1) / 1000:.1f}")
        return 0
    total = moving = 0.0
    seqs = moves = 0
    for game_no in range(args.games):
        runs = [play(game_no, args.commands) for _ in range(args.repeat)]
        total += min(r[0] for r in runs)
        moving += min(r[1] for r in runs)
        seqs += runs[0][2]
        moves += runs[0][3]
    print(f"acting_path seqs={seqs} us_per_seq={total / seqs / 1000:.1f} "
          f"move_seqs={moves} us_per_move_seq={moving / max(moves, 1) / 1000:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
