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

sys.path.insert(0, str(Path.cwd()))

from engine.kernel import Game  # noqa: E402
from server.rulesets import hosted  # noqa: E402

SEATS = 4
SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # as bench/server_load.py
EDITIONS = ("avalon-hill", "classic-2012")


def play(game_no: int, commands: int) -> tuple[int, int, int, int]:
    """One game: CPU time (ns) of the acting seat's part at every seq and at move seqs, and
    the numbers of seqs and move seqs."""
    venus = hosted("venus")
    ruleset = venus.ruleset
    rng = random.Random(game_no)
    game = Game.start(ruleset, {"edition": EDITIONS[game_no % 2]},
                      [f"p{i}" for i in range(SEATS)], seed=game_no)
    spent = moving = seqs = moves = 0
    for _ in range(commands):
        p = game.pending()
        if p is None:
            break
        seat = p.seats[0]
        state = game.state
        turn = state.turn
        in_move = turn is not None and turn.phase == "move"
        t0 = time.thread_time_ns()
        with venus.look(state, seat):
            list(ruleset.legal_actions(state, seat))
            venus.extras(state, seat)
        took = time.thread_time_ns() - t0
        spent += took
        seqs += 1
        if in_move:
            moving += took
            moves += 1
        legal = [c for c in ruleset.legal_actions(state, seat) if c.type not in SKIP]
        if not legal:
            break
        game.play(seat, rng.choice(legal))
    return spent, moving, seqs, moves


def interleaved(games: int, commands: int) -> tuple[int, int, int, int]:
    """``games`` games at once, a command of each in turn: ``play``'s figures for all."""
    venus = hosted("venus")
    ruleset = venus.ruleset
    rngs = [random.Random(n) for n in range(games)]
    played = [Game.start(ruleset, {"edition": EDITIONS[n % 2]},
                         [f"p{i}" for i in range(SEATS)], seed=n) for n in range(games)]
    spent = moving = seqs = moves = 0
    for _ in range(commands):
        for rng, game in zip(rngs, played, strict=True):
            p = game.pending()
            if p is None:
                continue
            seat = p.seats[0]
            state = game.state
            turn = state.turn
            in_move = turn is not None and turn.phase == "move"
            t0 = time.thread_time_ns()
            with venus.look(state, seat):
                list(ruleset.legal_actions(state, seat))
                venus.extras(state, seat)
            took = time.thread_time_ns() - t0
            spent += took
            seqs += 1
            if in_move:
                moving += took
                moves += 1
            legal = [c for c in ruleset.legal_actions(state, seat) if c.type not in SKIP]
            if legal:
                game.play(seat, rng.choice(legal))
    return spent, moving, seqs, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--commands", type=int, default=80, help="per game")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--interleave", type=int, default=0, help="games played at once")
    args = parser.parse_args()
    if args.interleave:
        spent, took, n, m = interleaved(args.interleave, args.commands)
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
