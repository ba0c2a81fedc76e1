"""The server's own CPU for a command, in-process: what ``bench/engine_floor.py`` measures of
``decide`` and the append, plus the server's bookkeeping around them.

The load of ``bench/server_load.py`` (4-seat Merchant of Venus games, a legal command chosen
at random) played through ``server.commands.run_command`` -> ``Service.submit`` ->
``_decide_and_append`` on the server's event loop (an in-process app, SQLite): the seat's
checks, the parse, ``decide``, the append to the game in memory, the prompt, the snapshot
check, the countdown, the bots' check and the hub's hint. No websocket, no views, no pushes.
The database write is left out (``Service.write`` answers at once: the append's statements
are ``server/store.py``'s and the commit is a thread's) unless ``--write``. CPU time of the
loop's thread (``thread_time``) across each command, in microseconds. The last line is
``command_path commands=<n> loop_us=<x>``.

    .venv/bin/python bench/command_path.py [--games 40] [--commands 6000] [--write]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fastapi.testclient import TestClient  # noqa: E402

from server import store  # noqa: E402
from server.app import create_app  # noqa: E402
from server.commands import run_command  # noqa: E402
from server.config import Settings, database_url  # noqa: E402
from server.schemas import CommandIn  # noqa: E402

SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # as bench/server_load.py plays
SEATS = 4


def _tables(c: TestClient, games: int) -> list[str]:
    out = []
    for g in range(games):
        r = c.post("/api/tables", json={"name": f"t{g}", "seats": SEATS, "bots": [],
                                        "options": {"edition": "avalon-hill"}})
        t = r.json()
        for i, link in enumerate(t["seats"]):
            c.post(f"/api/tables/{t['table_id']}/join", json={"name": f"P{i}"},
                   headers={"X-Starport-Token": link["token"]})
        c.post(f"/api/tables/{t['table_id']}/start",
               headers={"X-Starport-Token": t["host"]["token"]})
        out.append(t["table_id"])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--commands", type=int, default=6000, help="in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true",
                        help="append to SQLite and wait for the commit too")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="command-path-"))
    settings = Settings(data_dir=data, database_url=database_url(None, data),
                        rate_limits="off", bot_delay=0.0, scheduler_interval=60.0)
    app = create_app(settings)
    rng = random.Random(args.seed)
    with TestClient(app) as c:
        tables = _tables(c, args.games)
        service = app.state.service
        limits = app.state.limits
        if not args.write:
            async def answered(fn: Any, appends: bool = False) -> None:
                return None

            service.write = answered

        async def play() -> tuple[int, int]:
            cpu = n = i = 0
            live = list(tables)
            for tid in live:
                await service.entry(tid)
            gc.collect()
            gc.freeze()  # the tables' set-up is not the load's
            while n < args.commands and live:
                tid = live[i % len(live)]
                i += 1
                entry = await service.entry(tid)
                pending = entry.pending()
                if pending is None:
                    live.remove(tid)
                    continue
                seat = pending.seats[0]
                legal = [x.model_dump(mode="json")
                         for x in entry.hosted.ruleset.legal_actions(entry.game.state, seat)]
                raw = rng.choice([x for x in legal if x["type"] not in SKIP] or legal)
                body = {"seq": entry.seq, "client_id": uuid.uuid4().hex, "command": raw}
                ident = store.Identity(tid, "seat", seat, "bench")
                t0 = time.thread_time_ns()
                await run_command(service, limits, ident, CommandIn.model_validate(body))
                cpu += time.thread_time_ns() - t0
                n += 1
            return cpu, n

        assert c.portal is not None  # inside ``with``
        cpu, n = c.portal.call(play)
    print(f"{n} commands in {args.games} games of {SEATS} seats"
          f"{' (SQLite appends and commits)' if args.write else ' (no database write)'}")
    print(f"command_path commands={n} loop_us={cpu / max(n, 1) / 1000:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
