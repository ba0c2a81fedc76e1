"""A soak: the server under a realistic load for a long time, watched for what grows.

A server (``starport serve``, a child process on loopback, a fresh SQLite file in a temporary
data dir, or ``--database-url`` on loopback PostgreSQL, the default rate limits on) is played
by tables that come and go as a game night's do: ``--tables`` human tables of 2-3 seats
played over their websockets (a command every 1-3 s of think time, views pushed inline),
each lasting 2-8 minutes, then ended by its host, its replay opened, and a new table made in
its slot; ``--bots`` tables of bots, replaced the same way. Meanwhile players close and
reopen tabs (a socket reconnects from its last seq), chat, read the lobby and the log, open
My games, save alert settings, and hosts re-issue a seat's link (the seat reconnects with the
new one). Each slot is a client of its own (its own loopback address, 127.0.0.x), as the
rate limits see them.

Every ``--every`` seconds (a minute) it samples the server's memory (RSS, its workers
included), open files, threads, the database's size and the rows of each table (rate
counters, tokens, games, events, snapshots, chat, ...), and prints them with the commands
played and the errors seen. At the end each figure gets its slope (least squares over the
samples after the first, the warm-up) and is called flat when it moved less than 5% of its
mean (or a small absolute amount) over the run: memory, files (less the load's websockets)
and threads should be flat; data tables grow with the games played. Then every client
closes, and a last sample says what the server keeps without load. The run is bounded:
``--minutes`` (default 60, at most 24 hours), then everything is closed and the server
stopped.

A finished game stays in the server's memory until nobody has read it for ten minutes
(``server/entries.py``, ``IDLE_FINISHED``; the sweep lets it go): over the first ten to
fifteen minutes the memory grows with every game played, by design, so a slope that says
something about what is kept for good needs a longer run. What a table leaves behind once
let go is measured faster in-process by ``bench/leak_hunt.py``.

    .venv/bin/python bench/soak.py                 # an hour
    .venv/bin/python bench/soak.py --minutes 10 --tables 12 --bots 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import psycopg
import websockets
from server_load import family, free_port, rss_kib

ROOT = Path(__file__).resolve().parents[1]
SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # they only loop (as the bots skip them)
TABLES = ("tables", "seats", "tokens", "games", "events", "commands", "snapshots", "chat",
          "push_subscriptions", "rate_counters")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass
class Tally:
    """What the load did since the last sample."""

    commands: int = 0
    tables: int = 0
    reconnects: int = 0
    reads: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    sockets: int = 0  # websockets open now (a gauge: not reset)

    def take(self) -> Tally:
        out = Tally(self.commands, self.tables, self.reconnects, self.reads,
                    Counter(self.errors), self.sockets)
        self.commands = self.tables = self.reconnects = self.reads = 0
        self.errors.clear()
        return out


class Seat:
    def __init__(self, token: str) -> None:
        self.token = token
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.view: dict[str, Any] | None = None
        self.seq = 0
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}


class Slot:
    """One client (its own loopback address): a table after another."""

    def __init__(self, index: int, base: str, tally: Tally, rng: random.Random,
                 bots: bool) -> None:
        self.addr = f"127.0.0.{10 + index}"
        self.base, self.tally, self.rng, self.bots = base, tally, rng, bots
        self.http = httpx.AsyncClient(
            base_url=base, timeout=60,
            transport=httpx.AsyncHTTPTransport(local_address=self.addr))
        self.ws_base = base.replace("http://", "ws://")

    async def call(self, method: str, path: str, token: str | None = None,
                   body: Any = None, ok: tuple[int, ...] = (200, 201)) -> Any:
        headers = {"X-Starport-Token": token} if token else {}
        try:
            r = await self.http.request(method, path, headers=headers, json=body)
        except httpx.HTTPError as exc:
            self.tally.errors[type(exc).__name__] += 1
            return None
        if r.status_code not in ok:
            self.tally.errors[f"{r.status_code} {method} {path.split('/')[-1]}"] += 1
            return None
        return r.json() if r.content else {}

    async def open_table(self) -> dict[str, Any] | None:
        seats = self.rng.choice((2, 2, 3))
        doc = await self.call("POST", "/api/tables", body={
            "name": "soak", "seats": seats, "bots": list(range(seats)) if self.bots else [],
            "options": {"edition": "avalon-hill"}})
        if doc is None:
            return None
        tid = doc["table_id"]
        if not self.bots:
            for i, link in enumerate(doc["seats"]):
                await self.call("POST", f"/api/tables/{tid}/join", link["token"],
                                {"name": f"P{i}"})
        await self.call("POST", f"/api/tables/{tid}/start", doc["host"]["token"])
        self.tally.tables += 1
        return dict(doc)

    async def connect(self, tid: str, seat: Seat) -> None:
        try:
            seat.ws = await websockets.connect(
                f"{self.ws_base}/api/tables/{tid}/ws", compression=None, max_size=2**22,
                open_timeout=60, ping_interval=None, proxy=None, local_addr=(self.addr, 0))
            await seat.ws.send(json.dumps({"type": "hello", "token": seat.token,
                                           "after": seat.seq, "view": True,
                                           "inline_view": True, "inline_ack": True,
                                           "view_delta": False}))
        except (OSError, websockets.WebSocketException, TimeoutError) as exc:
            self.tally.errors[f"connect {type(exc).__name__}"] += 1
            seat.ws = None
            return
        self.tally.sockets += 1
        seat.reader = asyncio.ensure_future(self.read(seat))

    async def read(self, seat: Seat) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in seat.ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "events":
                    if msg["events"]:
                        seat.seq = max(seat.seq, msg["events"][-1]["seq"])
                    if "view" in msg:
                        seat.view = msg["view"]
                    if "ack" in msg:
                        self._answer(seat, msg["ack"].get("client_id"), {"type": "ack"})
                elif kind == "view":
                    seat.view = msg
                elif kind in ("ack", "error"):
                    if kind == "error" and msg.get("for") != "command" and \
                            msg.get("code") != "revoked":  # the old link, re-issued
                        self.tally.errors[f"ws {msg.get('code')}"] += 1
                    self._answer(seat, msg.get("client_id"), msg)

    @staticmethod
    def _answer(seat: Seat, cid: str | None, msg: dict[str, Any]) -> None:
        fut = seat.answers.pop(cid or "", None)
        if fut is not None and not fut.done():
            fut.set_result(msg)

    async def close(self, seat: Seat) -> None:
        if seat.ws is not None:
            self.tally.sockets -= 1
            with contextlib.suppress(Exception):
                await seat.ws.close()
        if seat.reader is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(seat.reader, 10)
        seat.ws = seat.reader = None

    async def act(self, tid: str, seats: list[Seat]) -> None:
        """The seat the game waits for plays one of its legal commands."""
        for seat in seats:
            v = seat.view
            if v and v.get("pending") and v.get("legal") and \
                    seats.index(seat) in v["pending"]["seats"] and seat.ws is not None:
                legal = [a for a in v["legal"] if a["type"] not in SKIP] or v["legal"]
                cid = f"{tid}-{self.rng.getrandbits(48):x}"
                fut: asyncio.Future[dict[str, Any]] = \
                    asyncio.get_running_loop().create_future()
                seat.answers[cid] = fut
                seat.view = None  # the next push brings the next view
                try:
                    await seat.ws.send(json.dumps({"type": "command", "seq": v["seq"],
                                                   "client_id": cid,
                                                   "command": self.rng.choice(legal)}))
                    got = await asyncio.wait_for(fut, 30)
                except (websockets.ConnectionClosed, TimeoutError) as exc:
                    self.tally.errors[f"command {type(exc).__name__}"] += 1
                    return
                if got["type"] == "ack":
                    self.tally.commands += 1
                    return
                if got.get("status") != 409:  # a bot's or a timer's move came first
                    self.tally.errors[f"command {got.get('status')}"] += 1
                if seat.view is None:  # refused: nothing new is pushed, pick again
                    seat.view = v
                return

    async def aside(self, doc: dict[str, Any], seats: list[Seat]) -> None:
        """What players and hosts do between moves, now and then."""
        tid, roll = doc["table_id"], self.rng.random()
        spectator, host = doc["spectator"]["token"], doc["host"]["token"]
        if roll < 0.04 and seats:  # a tab closed and opened again
            seat = self.rng.choice(seats)
            await self.close(seat)
            await self.connect(tid, seat)
            self.tally.reconnects += 1
        elif roll < 0.10 and seats:
            await self.call("POST", f"/api/tables/{tid}/chat", self.rng.choice(seats).token,
                            {"text": self.rng.choice(("gg", "hmm", "nice roll", "brb"))})
        elif roll < 0.16:
            await self.call("GET", f"/api/tables/{tid}", spectator)
            self.tally.reads += 1
        elif roll < 0.20:
            after = max(0, (seats[0].seq if seats else 0) - 50)
            await self.call("GET", f"/api/tables/{tid}/log?after={after}", spectator)
            self.tally.reads += 1
        elif roll < 0.22:
            await self.call("POST", "/api/mygames", body={
                "tokens": [s.token for s in seats] + [host]})
            self.tally.reads += 1
        elif roll < 0.23 and seats:
            i = self.rng.randrange(len(seats))
            await self.call("PUT", f"/api/tables/{tid}/seats/{i}/alerts", seats[i].token,
                            {"quiet_start": "23:00", "quiet_end": "07:00",
                             "time_zone": "Europe/Paris"})
        elif roll < 0.24 and seats:  # the host re-issues a link: the seat comes back on it
            i = self.rng.randrange(len(seats))
            link = await self.call("POST", f"/api/tables/{tid}/seats/{i}/link", host)
            if link is not None:
                await self.close(seats[i])
                seats[i].token = link["token"]
                doc["seats"][i]["token"] = link["token"]
                await self.connect(tid, seats[i])
                self.tally.reconnects += 1

    async def finish(self, doc: dict[str, Any], seats: list[Seat]) -> None:
        """The host ends the game; someone looks at its replay; the tabs close."""
        tid, spectator = doc["table_id"], doc["spectator"]["token"]
        await self.call("POST", f"/api/tables/{tid}/end", doc["host"]["token"],
                        ok=(200, 409))
        history = await self.call("GET", f"/api/tables/{tid}/history", spectator)
        if history is not None:
            seq = int(history.get("seq") or 0)
            for _ in range(3):
                await self.call("GET", f"/api/tables/{tid}/replay?at={self.rng.randint(0, seq)}",
                                spectator)
                self.tally.reads += 1
        for seat in seats:
            await self.close(seat)

    async def run(self, until: float) -> None:
        await asyncio.sleep(self.rng.uniform(0, 5))  # out of step
        while time.monotonic() < until:
            doc = await self.open_table()
            if doc is None:
                await asyncio.sleep(5)
                continue
            tid = doc["table_id"]
            seats = [] if self.bots else [Seat(s["token"]) for s in doc["seats"]]
            watcher = Seat(doc["spectator"]["token"])  # a spectator's tab
            for seat in [*seats, watcher]:
                await self.connect(tid, seat)
            ends = min(until, time.monotonic() + self.rng.uniform(120, 480))
            while time.monotonic() < ends:
                await self.act(tid, seats)
                await self.aside(doc, seats)
                await asyncio.sleep(self.rng.uniform(1.0, 3.0))
            await self.finish(doc, [*seats, watcher])

    async def aclose(self) -> None:
        await self.http.aclose()


def _fds(pid: int) -> int:
    return sum(len(list(Path(f"/proc/{p}/fd").iterdir())) for p in family(pid)
               if Path(f"/proc/{p}/fd").exists())


def _threads(pid: int) -> int:
    return sum(len(list(Path(f"/proc/{p}/task").iterdir())) for p in family(pid)
               if Path(f"/proc/{p}/task").exists())


def _rows(database_url: str, data_dir: Path) -> dict[str, float]:
    """Each table's rows and the database's size (MiB)."""
    out: dict[str, float] = {}
    if database_url:
        with psycopg.connect(database_url) as conn:
            for t in TABLES:
                row = conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()
                out[t] = float(row[0]) if row else 0.0
            size = conn.execute("SELECT pg_database_size(current_database())").fetchone()
            out["db_mib"] = (size[0] if size else 0) / 2**20
        return out
    path = data_dir / "starport.sqlite3"
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True,
                                            timeout=30)) as conn:
        for t in TABLES:
            out[t] = float(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0])
    out["db_mib"] = sum(p.stat().st_size for p in data_dir.glob("starport.sqlite3*")) / 2**20
    return out


def sample(pid: int, database_url: str, data_dir: Path, sockets: int) -> dict[str, float]:
    """The server's figures; ``other_files``: its open files but the load's websockets (the
    number of tables, so of sockets, varies)."""
    files = _fds(pid)
    return {"rss_mib": rss_kib(pid) / 1024, "open_files": float(files),
            "other_files": float(files - sockets), "threads": float(_threads(pid)),
            **_rows(database_url, data_dir)}


def slope(points: list[tuple[float, float]]) -> float:
    """Least squares: units per minute."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var if var else 0.0


SMALL = {"rss_mib": 4.0, "open_files": 8.0, "other_files": 4.0, "threads": 2.0,
         "db_mib": 1.0}


def verdicts(samples: list[tuple[float, dict[str, float]]]) -> list[str]:
    """Each figure: first, last, slope per hour, flat or not (after the warm-up sample)."""
    kept = samples[1:] if len(samples) > 2 else samples
    span = kept[-1][0] - kept[0][0]
    lines = []
    for name in samples[0][1]:
        points = [(t, s[name]) for t, s in kept]
        per_min = slope(points)
        mean = sum(y for _, y in points) / len(points)
        moved = abs(per_min * span)
        flat = moved <= max(0.05 * abs(mean), SMALL.get(name, 2.0))
        verdict = "flat" if flat else "GROWS" if per_min > 0 else "shrinks"
        lines.append(f"  {name:<19} {points[0][1]:>10.1f} -> {points[-1][1]:>10.1f}  "
                     f"slope {per_min * 60:>+10.1f}/h  {verdict}")
    return lines


def line(t: float, s: dict[str, float], tally: Tally) -> str:
    errors = ", ".join(f"{k}: {v}" for k, v in tally.errors.most_common(4)) or "none"
    rows = " ".join(f"{t}={int(s[t])}" for t in TABLES)
    return (f"t={t:5.1f} min rss={s['rss_mib']:.1f} MiB files={int(s['open_files'])} "
            f"(websockets {tally.sockets}) threads={int(s['threads'])} "
            f"db={s['db_mib']:.1f} MiB {rows} | "
            f"commands={tally.commands} tables={tally.tables} reconnects={tally.reconnects} "
            f"reads={tally.reads} errors: {errors}")


async def soak(args: argparse.Namespace, base: str, pid: int, data_dir: Path) -> int:
    tally = Tally()
    rng = random.Random(args.seed)
    start = time.monotonic()
    until = start + args.minutes * 60
    slots = [Slot(i, base, tally, random.Random(rng.random()), bots=i >= args.tables)
             for i in range(args.tables + args.bots)]
    players = [asyncio.ensure_future(s.run(until)) for s in slots]
    samples: list[tuple[float, dict[str, float]]] = []
    try:
        while True:
            now = time.monotonic()
            s = await asyncio.to_thread(sample, pid, args.database_url, data_dir,
                                        tally.sockets)
            minutes = (now - start) / 60
            samples.append((minutes, s))
            print(line(minutes, s, tally.take()), flush=True)
            if now >= until:
                break
            await asyncio.sleep(max(0.0, min(args.every, until - time.monotonic())))
    finally:
        for p in players:
            p.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        for slot in slots:
            await slot.aclose()
    await asyncio.sleep(min(args.every, 30.0))  # the load gone: what the server keeps
    idle = await asyncio.to_thread(sample, pid, args.database_url, data_dir, 0)
    print(f"after the load ({min(args.every, 30.0):g} s, every socket closed): "
          f"rss={idle['rss_mib']:.1f} MiB files={int(idle['open_files'])} "
          f"threads={int(idle['threads'])}")
    print(f"over {samples[-1][0]:.1f} minutes ({len(samples)} samples; slopes after the "
          "first, flat: moved under 5% of the mean):")
    print("\n".join(verdicts(samples)))
    rss = slope([(t, v["rss_mib"]) for t, v in samples[1:]] or [(0, 0)]) * 60
    print(f"soak minutes={args.minutes:g} rss_mib_first={samples[0][1]['rss_mib']:.1f} "
          f"rss_mib_last={samples[-1][1]['rss_mib']:.1f} rss_slope_mib_h={rss:+.1f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=60.0,
                        help="how long (default 60, at most 24 hours)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--tables", type=int, default=12, help="human tables at a time")
    parser.add_argument("--bots", type=int, default=3, help="tables of bots at a time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="",
                        help="PostgreSQL on loopback (default: a fresh SQLite file)")
    args = parser.parse_args()
    if not 0 < args.minutes <= 24 * 60:
        parser.error("--minutes is between 0 and 1440")
    if not 1 <= args.tables + args.bots <= 200:
        parser.error("between 1 and 200 tables in all (each its own 127.0.0.x)")
    if args.database_url and urlsplit(args.database_url).hostname not in LOOPBACK:
        parser.error("the soak stays on loopback: a PostgreSQL on 127.0.0.1")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="starport-soak-") as tmp:
        data_dir = Path(tmp)
        env = {**os.environ, "STARPORT_DATA_DIR": tmp}
        for name in ("DATABASE_URL", "STARPORT_RATE_LIMITS", "STARPORT_BOT_DELAY"):
            env.pop(name, None)  # the defaults, as a host runs it
        if args.database_url:
            env["DATABASE_URL"] = args.database_url
        with open(Path(tmp) / "server.log", "wb") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "engine.cli", "serve", "--port", str(port)],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        print((Path(tmp) / "server.log").read_text()[-2000:])
                        raise
                time.sleep(0.2)
            bound = args.minutes * 60 + 300  # the load's own end, then a margin to close
            return asyncio.run(asyncio.wait_for(soak(args, base, server.pid, data_dir),
                                                bound))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=20)
            tail = (Path(tmp) / "server.log").read_text().splitlines()
            problems = [x for x in tail if "Traceback" in x or " ERROR " in x or "ERROR:" in x]
            print(f"server log: {len(tail)} lines, {len(problems)} errors"
                  + (f" (first: {problems[0][:200]})" if problems else ""))


if __name__ == "__main__":
    raise SystemExit(main())
