"""What a server keeps of the tables played: a soak (``bench/soak.py``) made small and
in-process, to name the owner of memory that grows with the tables played.

An app (``server.app.create_app``, on a fresh SQLite file, rate limits off, as the server
tests make it) is played by short tables the way the soak plays them: created, joined,
started, watched over websockets (a seat and a spectator), some commands, a chat line, a
read of the table and its log, My games, a link re-issued, then ended by its host and its
replay opened. After ``--tables`` of them and again after twice as many, every finished
game is let go (``evict_idle(0)``, as the sweep does after ten minutes) and a full
collection runs (thawed first: ``server/gcpolicy.py`` freezes), then ``tracemalloc``
compares the two (the bounded caches of frames and timelines cut to ``--keep`` games, so
what they hold is not taken for growth): the allocation sites that grew the most (by
traceback), and the objects of each type that grew in number. What a table leaves behind
after it ended and was let go shows up in both, once per table played.

    .venv/bin/python bench/leak_hunt.py                # 20 tables, then 20 more
    .venv/bin/python bench/leak_hunt.py --tables 40 --frames 10 --top 15
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import tracemalloc
import uuid
from collections import Counter
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from server import frames  # noqa: E402
from server.app import create_app  # noqa: E402
from server.config import Settings  # noqa: E402
from server.timeline import Timelines  # noqa: E402

SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # they only loop (as the bots skip them)


def h(token: str) -> dict[str, str]:
    return {"X-Starport-Token": token}


def play_table(c: TestClient, rng: random.Random, moves: int) -> str:
    """One short table, played, ended and replayed as the soak's are; its id."""
    seats = rng.choice((2, 2, 3))
    doc = c.post("/api/tables", json={"name": "hunt", "seats": seats, "bots": [],
                                      "options": {"edition": "avalon-hill"}}).json()
    tid = doc["table_id"]
    tokens = [s["token"] for s in doc["seats"]]
    host, spectator = doc["host"]["token"], doc["spectator"]["token"]
    for i, token in enumerate(tokens):
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}, headers=h(token))
    c.post(f"/api/tables/{tid}/start", headers=h(host))
    hello = {"type": "hello", "after": 0, "view": True, "inline_view": True,
             "inline_ack": True, "view_delta": False}
    with c.websocket_connect(f"/api/tables/{tid}/ws") as seat_ws, \
            c.websocket_connect(f"/api/tables/{tid}/ws") as watch_ws:
        seat_ws.send_json({**hello, "token": tokens[0]})
        watch_ws.send_json({**hello, "token": spectator})
        seat_ws.receive_json()
        watch_ws.receive_json()
        for _ in range(moves):
            v = c.get(f"/api/tables/{tid}/view", headers=h(spectator)).json()
            if not v.get("pending"):
                break
            seat = v["pending"]["seats"][0]
            mine = c.get(f"/api/tables/{tid}/view", headers=h(tokens[seat])).json()
            legal = [a for a in mine["legal"] if a["type"] not in SKIP] or mine["legal"]
            c.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                   json={"seq": mine["seq"], "client_id": uuid.uuid4().hex,
                         "command": rng.choice(legal)})
        c.post(f"/api/tables/{tid}/chat", json={"text": "gg"}, headers=h(tokens[0]))
        c.get(f"/api/tables/{tid}", headers=h(spectator))
        c.get(f"/api/tables/{tid}/log?after=0", headers=h(spectator))
        c.post("/api/mygames", json={"tokens": [*tokens, host]})
        c.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(tokens[0]),
              json={"quiet_start": "23:00", "quiet_end": "07:00", "time_zone": "Europe/Paris"})
        link = c.post(f"/api/tables/{tid}/seats/1/link", headers=h(host)).json()
        tokens[1] = link.get("token", tokens[1])
    c.post(f"/api/tables/{tid}/end", headers=h(host))
    seq = int(c.get(f"/api/tables/{tid}/history", headers=h(spectator)).json().get("seq") or 0)
    for _ in range(3):
        c.get(f"/api/tables/{tid}/replay?at={rng.randint(0, seq)}", headers=h(spectator))
    return tid


def settle(c: TestClient) -> None:
    """Let every finished game go, as the sweep would, and collect everything."""
    service = c.app.state.service  # type: ignore[attr-defined]
    c.portal.call(service.evict_idle, 0.0)  # type: ignore[union-attr]
    gc.unfreeze()
    gc.collect()
    gc.collect()


def census() -> Counter[str]:
    return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20, help="tables per round (2 rounds)")
    parser.add_argument("--moves", type=int, default=25, help="commands per table (at most)")
    parser.add_argument("--frames", type=int, default=10, help="traceback depth")
    parser.add_argument("--top", type=int, default=12, help="allocation sites shown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=2,
                        help="games the bounded caches keep (frames, timelines; the server's "
                             "own is 32): fewer than a round's tables, so what they hold "
                             "does not look like growth")
    args = parser.parse_args()
    frames.KEEP = args.keep
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="starport-leak-") as tmp:
        settings = Settings(data_dir=Path(tmp), database_url=f"sqlite:///{tmp}/hunt.sqlite3",
                            rate_limits="off", bot_delay=0.0, scheduler_interval=0.2)
        app = create_app(settings)
        app.state.timelines = lines = Timelines(keep=args.keep)
        with TestClient(app) as c:
            app.state.service.on_evict.append(lines.forget)  # as api.timelines does
            for _ in range(3):  # warm-up: first-use caches filled
                play_table(c, rng, args.moves)
            settle(c)
            tracemalloc.start(args.frames)
            for _ in range(args.tables):
                play_table(c, rng, args.moves)
            settle(c)
            first, count1 = tracemalloc.take_snapshot(), census()
            for _ in range(args.tables):
                play_table(c, rng, args.moves)
            settle(c)
            second, count2 = tracemalloc.take_snapshot(), census()
            service = c.app.state.service  # type: ignore[attr-defined]
            print(f"entries in memory: {len(service.entries)}")
            grown = second.compare_to(first, "traceback")
            total = sum(d.size_diff for d in grown)
            print(f"{args.tables} more tables: {total / 2**20:+.2f} MiB traced "
                  f"({total / args.tables / 1024:+.1f} KiB per table)")
            for d in grown[:args.top]:
                print(f"\n{d.size_diff / 1024:+9.1f} KiB {d.count_diff:+7d} blocks")
                for frame in d.traceback.format()[-2 * args.frames:]:
                    print("   ", frame)
            print("\nobjects that grew in number (per table):")
            diff = count2 - count1
            for name, n in diff.most_common(25):
                print(f"  {n / args.tables:8.1f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
