"""The server's direct pushes per command, in-process: what ``Hub._push_direct`` costs the
loop for the four sockets of a moved game, its views made beforehand (``--with-views`` to
count them too), the socket writes replaced by a join of the frame's parts (no system
call). A real ``Service`` on SQLite plays 4-seat Merchant of Venus games (a legal command at
random), each watched by one socket per seat (hello ``view``, ``inline_view``,
``inline_ack``; ``--view-delta``: also ``view_delta``, as ``bench/peers/ours_load.js``'s
clients), the acting seat's ack left as ``ws._command`` leaves it. CPU time of the
loop's thread, in microseconds a command; the last line is
``push_path commands=<n> push_us=<x> bytes=<b> writes=<w a command>`` (the writes are
the system calls the real sockets would make).

    .venv/bin/python bench/push_path.py [--games 20] [--commands 60] [--with-views]
                                        [--view-delta] [--seed N]

``--seed N``: the games' seeds and races drawn from ``random.Random(N)`` instead of the
lobby's ``secrets``, so two runs (two trees) play the same games: what callgrind's
instruction counts need (``docs/performance.md``, How to measure).

Run it from a baseline's tree to compare (``cd /tmp/base && python .../push_path.py``):
it uses that tree's ``server`` package (``pushes.push_game``, or before it
``ws._push_game``).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import importlib
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

from server import frames, store, ws  # noqa: E402
from server.config import Settings  # noqa: E402
from server.hub import Subscriber  # noqa: E402
from server.service import Service  # noqa: E402

SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # as bench/server_load.py
SEATS = 4


async def _table(service: Service) -> str:
    def create(conn: Any) -> str:
        table_id, _ = store.create_table(conn, name="t", ruleset="venus",
                                         options={"edition": "avalon-hill"}, seats=SEATS,
                                         bots=[], turn_timer=None)
        for seat in range(SEATS):
            store.update_seat(conn, table_id, seat, name=f"P{seat}", joined_at=store.now())
        return table_id

    table_id: str = await service.write(create)
    await service.start_game(table_id)
    return table_id


class SeededSecrets:
    """The lobby's ``secrets`` for ``--seed``: its draws (a game's seed, the races) from
    one seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def token_hex(self, nbytes: int) -> str:
        return self.rng.randbytes(nbytes).hex()

    def SystemRandom(self) -> random.Random:  # noqa: N802 (as ``secrets`` names it)
        return self.rng


async def play(games: int, commands: int, with_views: bool,
               view_delta: bool = False) -> tuple[int, int, int, int]:
    tmp = Path(tempfile.mkdtemp())
    service = Service(Settings(data_dir=tmp / "data", database_url=f"sqlite:///{tmp}/db",
                               rate_limits="off", bot_delay=0.0))
    await service.start()
    loop = asyncio.get_running_loop()
    written = [0, 0]  # bytes, writes

    def frames_of(frames: list[list[Any]]) -> bool:  # send_frames, no write
        written[0] += sum(len(b"".join(parts)) for parts in frames)
        written[1] += 1
        return True

    def parts(pieces: list[Any], then: bytes | None = None) -> bool:  # send_parts (before)
        written[0] += len(b"".join(pieces)) + (len(then) if then is not None else 0)
        written[1] += 1
        return True

    try:
        pusher: Any = importlib.import_module("server.pushes").push_game
        direct: Any = frames_of
    except ImportError:  # a tree from before ``pushes.py``
        pusher, direct = getattr(ws, "_push_game"), parts  # noqa: B009
    service.hub.pusher = functools.partial(pusher, service)
    socks: dict[str, list[Subscriber]] = {}
    for _ in range(games):
        table_id = await _table(service)
        entry = service.entries[table_id]
        group = [Subscriber(table_id, seat, "seat", sent=entry.seq, want_view=True,
                            inline_view=True, inline_ack=True, view_delta=view_delta)
                 for seat in range(SEATS)]
        for sub in group:
            sub.direct = direct
            sub.loop = loop
            sub.was_pending = sub.viewer in entry.pending_seats()
            service.hub.add(sub)
        for sub in group:  # the senders parked, as ws._send_loop parks them
            sub.kinds.clear()
            sub.waiter = loop.create_future()
        socks[table_id] = group
    hub = service.hub
    push = hub._push_direct
    spent = [0]

    def timed() -> None:
        if not with_views:
            for sub in hub.direct:
                frames.view_bytes(service.entries[sub.table_id], sub.viewer, sub.role,
                                  sub.held)
        t0 = time.thread_time_ns()
        push()
        spent[0] += time.thread_time_ns() - t0

    hub._push_direct = timed  # type: ignore[method-assign]
    rng = random.Random(1)
    done = 0
    for n in range(commands):
        for table_id, group in socks.items():
            entry = service.entries[table_id]
            pending = entry.pending()
            if pending is None:
                continue
            seat = pending.seats[0]
            legal = [c for c in entry.hosted.ruleset.legal_actions(entry.game.state, seat)
                     if c.type not in SKIP]
            if not legal:
                continue
            out = await service.submit(table_id, seat, entry.seq, f"c{n}",
                                       rng.choice(legal).model_dump(mode="json"))
            acting = group[seat]
            if acting.ack is None and acting.sent < out.seq:
                acting.ack = {"client_id": f"c{n}", "first_seq": out.first_seq,
                              "seq": out.seq, "duplicate": out.duplicate}
            await asyncio.sleep(0)  # the hub's push, queued by the commit's publish
            for sub in group:
                if sub.sent != entry.seq:
                    raise SystemExit(f"a socket was not pushed (seq {sub.sent} of "
                                     f"{entry.seq}, poked {sub.kinds})")
                assert sub.waiter is not None and not sub.waiter.done()
            done += 1
    await service.stop()
    return done, spent[0], written[0], written[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--commands", type=int, default=60, help="per game")
    parser.add_argument("--with-views", action="store_true",
                        help="count the views too (made in the push, as under load)")
    parser.add_argument("--view-delta", action="store_true",
                        help="sockets take views without the parts they hold (hello "
                             "view_delta)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the games' seeds drawn from this seed (the same games in "
                             "every run)")
    args = parser.parse_args()
    if args.seed is not None:
        lobby = importlib.import_module("server.lobby")
        lobby.secrets = SeededSecrets(args.seed)  # type: ignore[attr-defined]
    done, spent, written, writes = asyncio.run(play(args.games, args.commands,
                                                    args.with_views, args.view_delta))
    print(f"push_path commands={done} push_us={spent / done / 1000:.1f} bytes={written} "
          f"writes={writes / done:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
