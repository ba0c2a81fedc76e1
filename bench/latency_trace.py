"""Where a sample's time goes: ``bench/server_load.py`` with the server's command trace
(``STARPORT_LATENCY_TRACE``: ``bench/latency.py``, installed from outside the server by
``bench/traced_serve.py``) joined to the client's own times.

The client notes when each command was sent and when each of the game's four sockets read
the frame bringing its events; the server notes when the command's handler began, its write
joined the group commit, its batch ran, the commit thread committed, the loop took the
answer, the coroutine resumed, and each socket's push began, had its frames made and had
them written (the hub's direct push of the game, or the socket's sender). Both use the
system's monotonic clock (``time.perf_counter``), so the steps line up across the two
processes. Printed: each step's median and its mean over the samples at or above the p99
(and over the p45-p55 band), and how many of the slowest samples met a collection of the
cycle collector (which generation).

    .venv/bin/python bench/latency_trace.py --games 200 --duration 20

Every argument is ``server_load.py``'s.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load  # noqa: E402

sent_at: dict[tuple[str, str], float] = {}
reads: dict[tuple[str, int], list[tuple[int, float]]] = {}  # (table, socket) -> (seq, when)


class TimedSocket:
    """A game socket whose sends note the command's client id and time."""

    def __init__(self, ws: Any, table: str) -> None:
        self.ws, self.table = ws, table

    async def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg.get("type") == "command":
            sent_at[(self.table, msg["client_id"])] = time.perf_counter()
        await self.ws.send(text)

    async def close(self) -> None:
        await self.ws.close()


def patch() -> None:
    arrived, connect = server_load.Game.arrived, server_load.connect

    def timed_arrived(self: server_load.Game, i: int, seq: int) -> None:
        reads.setdefault((self.tid, i), []).append((seq, time.perf_counter()))
        arrived(self, i, seq)

    async def timed_connect(game: server_load.Game, ws_base: str, views: bool) -> None:
        await connect(game, ws_base, views)
        game.sockets = [TimedSocket(ws, game.tid) for ws in game.sockets]

    server_load.Game.arrived = timed_arrived  # type: ignore[method-assign]
    server_load.connect = timed_connect


def first_read(table: str, socket: int, seq: int) -> float | None:
    for s, when in reads.get((table, socket), []):
        if s >= seq:
            return when
    return None


STEPS = [  # (name, from, to): the stamps of a sample, in order
    ("to server handler", "send", "recv"),
    ("handler to commit queue (checks, decide, append)", "recv", "queued"),
    ("queue to batch start", "queued", "batch"),
    ("batch statements (SQLite: on the loop)", "batch", "handed"),
    ("handed to the commit thread starting", "handed", "commit_start"),
    ("commit (fsync)", "commit_start", "commit_end"),
    ("thread hand-off to loop", "commit_end", "committed"),
    ("loop to coroutine resumed", "committed", "resumed"),
    ("resumed to published", "resumed", "answered"),
    ("published to last push begun", "answered", "woke_last"),
    ("last push begun to its frames made", "woke_last", "start_last"),
    ("its frames written", "start_last", "end_last"),
    ("last frame sent to last read by client", "end_last", "read_last"),
]


def joined(trace: dict[str, Any]) -> list[dict[str, float]]:
    out = []
    for rec in trace["records"]:
        key = (rec["table"], rec["client_id"])
        if key not in sent_at or "seq" not in rec or len(rec.get("sends", [])) < 4:
            continue
        row = {k: v for k, v in rec.items() if isinstance(v, float)}
        row["send"] = sent_at[key]
        sends = rec["sends"]
        last = max(sends, key=lambda s: s[3])
        row["woke_last"], row["start_last"], row["end_last"] = last[1], last[2], last[3]
        row["woke_first"] = min(s[1] for s in sends)
        got = [first_read(rec["table"], i, rec["seq"]) for i in range(4)]
        if any(g is None for g in got):
            continue
        row["read_last"] = max(g for g in got if g is not None)
        row["total"] = row["read_last"] - row["send"]
        row["batch_size"] = float(rec.get("batch_size", 0))
        row["sender_order"] = float([s[0] for s in sorted(sends, key=lambda s: s[3])].index(
            last[0]))
        out.append(row)
    return out


def report(rows: list[dict[str, float]], gcs: list[list[float]]) -> None:
    rows.sort(key=lambda r: r["total"])
    n = len(rows)
    p99 = rows[int(n * 0.99)]["total"]
    top = [r for r in rows if r["total"] >= p99]
    mid = rows[int(n * 0.45):int(n * 0.55)]
    print(f"joined samples={n} p50_ms={1000 * rows[n // 2]['total']:.2f} "
          f"p99_ms={1000 * p99:.2f} max_ms={1000 * rows[-1]['total']:.2f}")
    print(f"{'step':52} {'median':>8} {'p45-55':>8} {'>=p99':>8} {'max@p99+':>9}")
    for name, a, b in STEPS:
        def ms(rs: list[dict[str, float]], a: str = a, b: str = b) -> list[float]:
            return [1000 * (r[b] - r[a]) for r in rs if a in r and b in r]
        every, m, t = ms(rows), ms(mid), ms(top)
        if not every:
            continue
        print(f"{name:52} {statistics.median(every):8.3f} {statistics.fmean(m):8.3f} "
              f"{statistics.fmean(t):8.3f} {max(t):9.3f}")
    print(f"batch size: median {statistics.median(r['batch_size'] for r in rows):.0f}, "
          f">=p99 mean {statistics.fmean(r['batch_size'] for r in top):.1f}")
    for gen in range(3):
        spans = [(c[0], c[1]) for c in gcs if c[2] == gen]
        freed = sum(c[3] for c in gcs if c[2] == gen)
        met = sum(1 for r in top if any(s < r["read_last"] and e > r["send"] for s, e in spans))
        met_all = sum(1 for r in rows if any(s < r["read_last"] and e > r["send"]
                                              for s, e in spans))
        durations = sorted(1000 * (e - s) for s, e in spans) or [0.0]
        print(f"gc gen{gen}: {len(spans)} collections, median "
              f"{statistics.median(durations):.2f} ms, max {durations[-1]:.2f} ms, {freed} "
              f"objects freed; met by {met}/{len(top)} of the >=p99 samples, "
              f"{met_all}/{n} of all")


def main() -> int:
    patch()
    with tempfile.TemporaryDirectory(prefix="latency-trace-") as tmp:
        path = Path(tmp) / "trace.json"
        os.environ["STARPORT_LATENCY_TRACE"] = str(path)
        code = server_load.main()
        if not path.exists():
            print("the server wrote no trace")
            return 1
        trace = json.loads(path.read_text())
        keep = os.environ.get("LATENCY_TRACE_KEEP")
        if keep:
            rows = joined(trace)
            Path(keep).write_text(json.dumps({"rows": rows, "gc": trace["gc"]}))
    rows = joined(trace)
    if not rows:
        print("no samples joined")
        return 1
    report(rows, trace["gc"])
    return code


if __name__ == "__main__":
    raise SystemExit(main())
