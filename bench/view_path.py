"""The four seats' ``view`` messages of a seq as a server's push makes them, in-process and
without the rest of the push: random legal play of fixed games (as ``bench/server_load.py``
plays: no take-backs; both editions, seeded: the same seqs in every tree), at each seq the
four seats' messages encoded (``frames.view_bytes``, or ``view_message(...).encode()`` in a
tree without it, as its ``ws._push_game`` did). CPU time of the thread, microseconds a seq;
each game replayed ``--repeat`` times, the best kept.

    .venv/bin/python bench/view_path.py [--games 12] [--commands 80] [--repeat 5]

Run it from a baseline's tree to compare (``cd /tmp/base && python .../view_path.py``): it
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

from engine.kernel import Game  # noqa: E402
from server import frames  # noqa: E402
from server.entries import Entry  # noqa: E402
from server.rulesets import hosted  # noqa: E402

SEATS = 4
SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # as bench/server_load.py
EDITIONS = ("avalon-hill", "classic-2012")


def _encoded() -> Any:
    made = getattr(frames, "view_bytes", None)
    if made is not None:
        return made
    return lambda entry, viewer, role: frames.view_message(entry, viewer, role).encode()


def play(game_no: int, commands: int) -> tuple[int, int]:
    """One game's seqs, the four seats' messages of each: the thread's CPU time (ns) and
    the number of seqs."""
    venus = hosted("venus")
    encoded = _encoded()
    rng = random.Random(game_no)
    game = Game.start(venus.ruleset, {"edition": EDITIONS[game_no % 2]},
                      [f"p{i}" for i in range(SEATS)], seed=game_no)
    entry = Entry("g", venus, game, "playing", set(), None, 0, committed=game.seq)
    spent = seqs = 0
    for _ in range(commands):
        seqs += 1
        t0 = time.thread_time_ns()
        for seat in range(SEATS):
            encoded(entry, seat, "seat")
        spent += time.thread_time_ns() - t0
        if not play_one(venus, game, rng):
            break
        entry.committed = game.seq
    return spent, seqs


def play_one(venus: Any, game: Game[Any], rng: random.Random) -> bool:
    """A random legal command (as ``bench/server_load.py`` plays: ``SKIP`` left out) played
    by the seat ``game`` waits for; False when it waits for nobody or that seat has none."""
    p = game.pending()
    if p is None:
        return False
    seat = p.seats[0]
    legal = [c for c in venus.ruleset.legal_actions(game.state, seat) if c.type not in SKIP]
    if not legal:
        return False
    game.play(seat, rng.choice(legal))
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--commands", type=int, default=80, help="per game")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    total = 0.0
    seqs = 0
    for game_no in range(args.games):
        runs = [play(game_no, args.commands) for _ in range(args.repeat)]
        total += min(spent for spent, _ in runs)
        seqs += runs[0][1]
    print(f"view_path seqs={seqs} views_us={total / seqs / 1000:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
