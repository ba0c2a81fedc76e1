"""Where a py-spy profile's time goes: the share of samples in each frame (inclusive) and at
the top of the stack (self), from py-spy's collapsed ``raw`` output.

    BENCH_PYSPY=/tmp/server.txt .venv/bin/python bench/server_load.py --games 200
    .venv/bin/python bench/pyspy_top.py /tmp/server.txt [--top 40] [--loop]

``--loop``: the event loop's thread alone (the stacks that did not start in a thread of
``threading``: the commit thread's are left out), shares of its own samples.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

LINE = re.compile(r"^(.*) (\d+)$")


def frame_name(frame: str) -> str:
    """``fn (path/to/file.py:12)`` -> ``fn (file.py)``: lines merged per function."""
    m = re.match(r"^(.*?) \((.*?)(?::\d+)?\)$", frame)
    if not m:
        return frame
    path = m.group(2)
    parts = path.split("/")
    short = "/".join(parts[-2:]) if len(parts) > 1 else path
    return f"{m.group(1)} ({short})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("profile", type=Path)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--loop", action="store_true",
                        help="the event loop's thread only (no threading.Thread's stacks)")
    args = parser.parse_args()
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in args.profile.read_text(errors="replace").splitlines():
        m = LINE.match(line)
        if not m:
            continue
        count = int(m.group(2))
        frames = [frame_name(f) for f in m.group(1).split(";")]
        if args.loop and any(f.startswith("_bootstrap (") for f in frames):
            continue  # a thread started by ``threading``: not the loop's
        total += count
        for name in set(frames[1:]):  # the first frame is the thread
            inclusive[name] += count
        own[frames[-1]] += count
    print(f"{total} samples")
    for title, table in (("inclusive", inclusive), ("self", own)):
        print(f"--- {title}")
        for name, count in table.most_common(args.top):
            print(f"{100 * count / total:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
