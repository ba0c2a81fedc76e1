"""Benchmark: the reachable-destinations query over 1,000 random positions and rolls.

Random dots of the 1988 map, random ships (2-4 dice), drives, shields and movement relics
mixed in, half of the "?" boxes face up. Prints the median and p99 time of ``reachable``,
ending with the line ``reachable p50_ms=<x> p99_ms=<y>``.

    .venv/bin/python bench/movement.py [--positions 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.venus.board import DotKind, load_board  # noqa: E402
from engine.venus.commands import DeclareHeading, RollDice  # noqa: E402
from engine.venus.legal import legal_actions  # noqa: E402
from engine.venus.reach import reachable  # noqa: E402
from engine.venus.scenario import start  # noqa: E402
from engine.venus.state import VenusState  # noqa: E402

SHIPS = {"scout": 3, "clipper": 4, "transport": 3, "freighter": 2}
DRIVES = ["yellow_drive", "red_drive", "combined_drive"]
RELICS = ["air_foil", "auto_pilot", "jump_start", "spy_eye", "switch_switch", "gate_lock",
          "yellow_drive", "shield"]


def random_position(rng: random.Random) -> VenusState | None:
    board = load_board("avalon-hill")
    dots = sorted(board.dots)
    ship = rng.choice(sorted(SHIPS))
    qboxes = {}
    for dot in sorted(d for d, info in board.dots.items() if info.kind is DotKind.QBOX):
        if rng.random() < 0.5:
            qboxes[dot] = {"kind": "telegate", "number": rng.randint(1, 6), "face_up": True} \
                if rng.random() < 0.3 else {"kind": "empty"}
    game = start({
        "players": [{
            "name": "bench",
            "cash": rng.choice([0, 30, 200]),
            "ship": ship,
            "dot": rng.choice(dots),
            "equipment": rng.sample(DRIVES, rng.randint(0, 2)) + ["shield"] * rng.randint(0, 2),
            "relics": rng.sample(RELICS, rng.randint(0, 3)),
        }],
        "qboxes": qboxes,
        "dice": [rng.randint(1, 6) for _ in range(SHIPS[ship])],
    }, seed=rng.randint(0, 10**9))
    headings = [a for a in legal_actions(game.state, 0) if isinstance(a, DeclareHeading)]
    if not headings:
        return None
    game.play(0, rng.choice(headings))
    game.play(0, RollDice())
    if game.state.turn is None or game.state.turn.phase != "move":
        return None
    return game.state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times: list[float] = []
    counts: list[int] = []
    while len(times) < args.positions:
        state = random_position(rng)
        if state is None:
            continue
        gc.collect()  # time the query, not the collection of the setup's garbage,
        gc.freeze()  # nor of long-lived objects (the server freezes them at start too)
        t0 = time.perf_counter()
        found = reachable(state)
        times.append((time.perf_counter() - t0) * 1000)
        counts.append(len(found))
    times.sort()
    p50 = statistics.median(times)
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"positions={len(times)} destinations median={statistics.median(counts)} "
          f"max={max(counts)} worst_ms={times[-1]:.2f}")
    print(f"reachable p50_ms={p50:.2f} p99_ms={p99:.2f}")


if __name__ == "__main__":
    main()
