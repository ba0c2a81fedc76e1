"""The engine's own CPU per command: the floor under the server's path.

The load of ``bench/server_load.py`` (4-seat Merchant of Venus games, a legal command chosen
at random) played in-process, no server: per command, what the server cannot avoid doing --
parse the command, ``decide``, append its events (``evolve``), then what each push carries:
the view of each of the four seats (the public part made once, as the server does, with the parts
of the game's last view that did not change kept: ``docs/performance.md``, The levers),
and for the seat asked to act its legal commands and extras (reachable destinations,
market). CPU time (``process_time``), in microseconds a command. The last line is
``engine_floor commands=<n> decide_append_us=<x> views_us=<y> total_us=<z>``.

    .venv/bin/python bench/engine_floor.py [--games 40] [--commands 150]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.kernel import Game  # noqa: E402
from server.rulesets import hosted  # noqa: E402

FIDDLING = {"SetDrives", "UseGateLock"}
TAKEBACK = "TakeBack"  # skipped unless --takebacks, as bench/server_load.py does
SEATS = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--commands", type=int, default=150, help="per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--separate-views", action="store_true",
                        help="each seat's view from scratch (before the shared public part)")
    parser.add_argument("--takebacks", action="store_true",
                        help="the random player may pick TakeBack too (a third of its picks)")
    args = parser.parse_args()
    skip = FIDDLING if args.takebacks else FIDDLING | {TAKEBACK}
    h = hosted("venus")
    ruleset = h.ruleset
    rng = random.Random(args.seed)
    shared = hasattr(ruleset, "public_view") and not args.separate_views
    clock = time.process_time_ns
    core = views = commands = 0
    for g in range(args.games):
        game = Game.start(ruleset, {"edition": "avalon-hill"},
                          [f"P{i}" for i in range(SEATS)], f"floor-{args.seed}-{g}")
        legal = []
        for _ in range(args.commands + 1):
            t0 = clock()
            pending = game.pending()
            if pending is None:
                break
            seat = pending.seats[0]
            if shared:  # as the server makes them (frames.py): the public part once, with
                # the prompt the game asked and the parts of its last view kept on the game
                parts: Any = ruleset  # engine.kernel.ruleset.SharedViews
                kept = game.views_kept
                if kept is None:
                    kept = game.views_kept = {}
                public = parts.public_view(game.state, game.pending(), kept)
                for s in range(SEATS):
                    parts.seat_view(game.state, public, s)
            else:
                for s in range(SEATS):
                    ruleset.view(game.state, s)
            legal = [c.model_dump(mode="json") for c in ruleset.legal_actions(game.state, seat)]
            h.extras(game.state, seat)
            t1 = clock()
            views += t1 - t0
            if commands >= args.games * args.commands:
                break
            raw = rng.choice([c for c in legal if c["type"] not in skip] or legal)
            t2 = clock()
            game.append(game.decide(seat, ruleset.parse_command(raw)))
            core += clock() - t2
            commands += 1
    print(f"{commands} commands in {args.games} games of {SEATS} seats")
    print(f"engine_floor commands={commands} decide_append_us={core / commands / 1000:.0f} "
          f"views_us={views / commands / 1000:.0f} total_us={(core + views) / commands / 1000:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
