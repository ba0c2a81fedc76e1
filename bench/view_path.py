"""``bench/push_path.py --with-views`` on the same games every run: the tables' seeds are
fixed (``secrets.token_hex`` of the service counted, not random), so two trees' figures
compare the same seqs. The loop's CPU time of the four sockets' pushes of a command, their
views made in the push as under load, in microseconds; the best of ``--repeat`` runs.

    .venv/bin/python bench/view_path.py [--games 20] [--commands 60] [--repeat 3]

Run it from a baseline's tree to compare (``cd /tmp/base && python .../view_path.py``): it
uses the ``server`` package of the working directory.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

import push_path  # noqa: E402

from server import service as service_module  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--commands", type=int, default=60, help="per game")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = None
    for _ in range(args.repeat):
        count = itertools.count()

        def token_hex(n: int = 32) -> str:
            return hashlib.sha256(str(next(count)).encode()).hexdigest()[:2 * n]

        service_module.secrets.token_hex = token_hex  # type: ignore[assignment]
        done, spent, written = asyncio.run(push_path.play(args.games, args.commands, True))
        us = spent / done / 1000
        best = us if best is None else min(best, us)
        print(f"  run: commands={done} push_us={us:.1f} bytes={written}", flush=True)
    print(f"view_path commands={done} push_us={best:.1f} bytes={written}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
