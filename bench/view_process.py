"""The views of a seq through the view process's messages, in one process and hot: what the
child's work costs when its caches are warm (``server/viewproc.py``), beside the in-process
views (``frames.view_bytes``). Random legal play of fixed games as ``bench/view_path.py``
plays them; at each seq, thread CPU time, microseconds a seq:

- ``in_process``: the four seats' ``view`` messages made in-process;
- ``server_side``: the new events' JSON and the request pickled (what the loop adds);
- ``child_events``: the child's ``E`` (events read from JSON, applied to its copy);
- ``child_views``: the child's ``V`` (the four views) and its answer pickled;
- ``answer``: the answer unpickled on the loop.

    .venv/bin/python bench/view_process.py [--games 12] [--commands 80]
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from view_path import EDITIONS, SEATS, play_one  # noqa: E402  (this folder)

from engine.kernel import Game  # noqa: E402
from server import frames, store  # noqa: E402
from server.rulesets import hosted  # noqa: E402
from server.service import Entry  # noqa: E402
from server.viewproc import Views  # noqa: E402

PARTS = ("in_process", "server_side", "child_events", "child_views", "answer")


def play(game_no: int, commands: int, spent: dict[str, int]) -> int:
    """One game's seqs; the time of each part added to ``spent`` (ns); the seqs."""
    venus = hosted("venus")
    rng = random.Random(game_no)
    game = Game.start(venus.ruleset, {"edition": EDITIONS[game_no % 2]},
                      [f"p{i}" for i in range(SEATS)], seed=game_no)
    entry = Entry("g", venus, game, "playing", set(), None, 0, committed=game.seq)
    child = Views()
    child.handle(("L", "g", "venus", game.seed, 0, None, store.events_json(game.events)))
    known = game.seq
    wanted = [(s, "seat") for s in range(SEATS)]
    seqs = 0
    for step in range(commands):
        seqs += 1
        t0 = time.thread_time_ns()
        for seat in range(SEATS):
            frames.view_bytes(entry, seat, "seat")
        t1 = time.thread_time_ns()
        msgs: list[tuple[object, ...]] = []
        if known < game.seq:
            msgs.append(("E", "g", store.events_json(game.events[known - game.seq:])))
        msgs.append(("V", step, "g", game.seq, "playing", None, wanted))
        data = pickle.dumps(msgs, protocol=pickle.HIGHEST_PROTOCOL)
        known = game.seq
        t2 = time.thread_time_ns()
        got = pickle.loads(data)
        for msg in got[:-1]:
            child.handle(msg)
        t3 = time.thread_time_ns()
        answer = pickle.dumps([child.handle(got[-1])], protocol=pickle.HIGHEST_PROTOCOL)
        t4 = time.thread_time_ns()
        pickle.loads(answer)
        t5 = time.thread_time_ns()
        for part, took in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4),
                              strict=True):
            spent[part] += took
        if not play_one(venus, game, rng):
            break
        entry.committed = game.seq
    return seqs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--commands", type=int, default=80, help="per game")
    args = parser.parse_args()
    spent = dict.fromkeys(PARTS, 0)
    seqs = sum(play(g, args.commands, spent) for g in range(args.games))
    print(f"view_process seqs={seqs} " + " ".join(
        f"{part}_us={spent[part] / seqs / 1000:.1f}" for part in PARTS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
