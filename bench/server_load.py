"""Load on the game server: N concurrent games, 4 websocket clients each (loopback only).

In every game the seat the game waits for picks one of its legal commands at random and
sends it, then the game waits a think time drawn uniformly from 0.25-0.75 s (games start
out of step). ``--transport ws`` (the default, as the browser does): commands go over the
seat's websocket and every socket asks for its view with each push (legal commands,
prompt, destinations); ``--transport http``: the seat ``GET``s its view and ``POST``s.
A sample is the time from sending the command until all four clients of the game have the
resulting push. ``--generator node`` has Node play the games (``bench/peers/ours_load.js``,
the ``ws`` transport, the same work per command for less CPU; this process still sets the
tables up and measures the server). The server runs as a child process (``starport serve``)
on a fresh SQLite file by default, or on ``--database-url`` (PostgreSQL). Also measured: the
server's memory per idle websocket. ``BENCH_PYSPY=<file>`` profiles the server with py-spy
while it plays (collapsed stacks; summarise with ``bench/pyspy_top.py``).
``BENCH_NODE_PROFILE=<dir>`` profiles the Node generator (V8's ``--cpu-prof``).
``STARPORT_LOOP_WATCH=<file>`` has the server watch its event loop (``bench/loopwatch.py``:
lag, the collector's pauses, the stacks of stalls), counting play only; with
``STARPORT_LOOP_WATCH_GARBAGE=1`` also the cyclic garbage by type at the end;
``STARPORT_LATENCY_TRACE=<file>`` has it stamp each command's steps (``bench/latency.py``,
read by ``bench/latency_trace.py``). Either starts the server through
``bench/traced_serve.py``, which installs them from outside it (one process). The run is
bounded (``--duration``; set-up has its own timeout). ``--commit-watch`` starts the server
through ``bench/commit_serve.py`` (SQLite) and prints the commit thread's time per batch (the
COMMIT and its fsync) and a write's wait for durability during play. ``--server-cpus 0``
pins the server (and its threads and workers) to those CPUs (``bench/compare.py --pin``). The
last line is
``server_load games=<n> commands_per_s=<x> p50_ms=<y> p99_ms=<z>``.

    .venv/bin/python bench/server_load.py --games 200
    .venv/bin/python bench/server_load.py --games 1000 --generator node
    .venv/bin/python bench/server_load.py --database-url postgresql://user@127.0.0.1/db
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from orjson import loads  # the load generator shares the machine: parse as cheaply as it can

ROOT = Path(__file__).resolve().parents[1]
FIDDLING = {"SetDrives", "UseGateLock"}
# a random player picks ``TakeBack`` whenever it is offered (a third of its commands, each a
# rewind of the state): it would only loop, so, like the project's bots
# (``engine.kernel.takeback.without``), the load skips it unless ``--takebacks``
TAKEBACK = "TakeBack"


def family(pid: int) -> list[int]:
    """The process and its descendants (the workers of ``serve --workers N``)."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                found += family(int(child))
    return found


def rss_kib(pid: int) -> int:
    if not pid:
        return 0
    total = 0
    for p in family(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User + system CPU time so far of a process and its workers (0.0 when unknown): of
    their main threads (the event loops) and of their other threads (the database writer,
    worker threads)."""
    if not pid:
        return 0.0, 0.0
    main = other = 0
    for p in family(pid):
        for task in Path(f"/proc/{p}/task").glob("*"):
            with contextlib.suppress(OSError):
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                ticks = int(fields[11]) + int(fields[12])
                if task.name == str(p):
                    main += ticks
                else:
                    other += ticks
    hz = os.sysconf("SC_CLK_TCK")
    return main / hz, other / hz


def kernel_seconds(pid: int) -> float:
    """System (kernel) CPU time so far of a process and its workers, all threads: its
    socket writes and reads (loopback TCP runs the reader's side too), polling, the
    database's file writes."""
    if not pid:
        return 0.0
    ticks = 0
    for p in family(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def pyspy(pid: int, duration: float) -> subprocess.Popen[bytes] | None:
    """With ``BENCH_PYSPY=<file>``: py-spy samples the server during play (collapsed stacks,
    the ``raw`` format, one line per stack with its count)."""
    out = os.environ.get("BENCH_PYSPY")
    if not out or not pid:
        return None
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen([str(spy), "record", "--pid", str(pid), "--duration",
                             str(int(duration)), "--format", "raw", "--nonblocking",
                             "--subprocesses", "--output", out], stdout=subprocess.DEVNULL)


def arun(coro: Any) -> Any:
    try:
        import uvloop

        return uvloop.run(coro)
    except ImportError:
        return asyncio.run(coro)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Game:
    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self.tid = table["table_id"]
        self.tokens = [s["token"] for s in table["seats"]]
        self.sockets: list[Any] = []
        self.seen = [0, 0, 0, 0]
        self.waiters: list[tuple[int, asyncio.Future[None]]] = []
        self.views: list[dict[str, Any] | None] = [None, None, None, None]
        self.viewed = asyncio.Event()  # a view arrived
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}

    def acting_view(self, seq: int) -> tuple[int, dict[str, Any]] | None:
        """The seat asked to act at ``seq`` or later, and its pushed view."""
        for i, v in enumerate(self.views):
            if v is not None and v["seq"] >= seq and v["legal"] and v["pending"] \
                    and i in v["pending"]["seats"]:
                return i, v
        return None

    def arrived(self, i: int, seq: int) -> None:
        self.seen[i] = max(self.seen[i], seq)
        low = min(self.seen)
        keep = []
        for target, fut in self.waiters:
            if low >= target and not fut.done():
                fut.set_result(None)
            elif not fut.done():
                keep.append((target, fut))
        self.waiters = keep

    def all_have(self, seq: int) -> asyncio.Future[None]:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if min(self.seen) >= seq:
            fut.set_result(None)
        else:
            self.waiters.append((seq, fut))
        return fut


async def setup_game(http: httpx.AsyncClient) -> Game:
    r = await http.post("/api/tables", json={"name": "bench", "seats": 4,
                                             "options": {"edition": "avalon-hill"}})
    r.raise_for_status()
    game = Game(r.json())
    for i, token in enumerate(game.tokens):
        (await http.post(f"/api/tables/{game.tid}/join", json={"name": f"P{i}"},
                         headers={"X-Starport-Token": token})).raise_for_status()
    (await http.post(f"/api/tables/{game.tid}/start",
                     headers={"X-Starport-Token": game.table["host"]["token"]})).raise_for_status()
    return game


async def reader(game: Game, i: int, ws: Any) -> None:
    async for raw in ws:
        msg = loads(raw)
        kind = msg["type"]
        if kind == "events" and msg["events"]:
            game.arrived(i, msg["events"][-1]["seq"])
            if "view" in msg:  # the view in the same frame (hello "inline_view")
                view, last = msg["view"], game.views[i]
                for part in view.pop("same", ()):  # hello "view_delta": kept from the last
                    assert last is not None  # a view leaves out parts only after one
                    view["view"][part] = last["view"][part]
                game.views[i] = view
                game.viewed.set()
            if "ack" in msg:  # our command's ack in the same frame (hello "inline_ack")
                fut = game.answers.pop(msg["ack"].get("client_id") or "", None)
                if fut is not None and not fut.done():
                    fut.set_result({"type": "ack", **msg["ack"]})
        elif kind == "view":
            game.views[i] = msg
            game.viewed.set()
        elif kind in ("ack", "error"):
            fut = game.answers.pop(msg.get("client_id") or "", None)
            if fut is not None and not fut.done():
                fut.set_result(msg)


async def connect(game: Game, ws_base: str, views: bool) -> None:
    for i, token in enumerate(game.tokens):
        ws = await websockets.connect(f"{ws_base}/api/tables/{game.tid}/ws", compression=None,
                                      max_size=2**22, open_timeout=60, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "token": token, "after": 0,
                                  "view": views, "inline_view": views,
                                  "inline_ack": views, "view_delta": views}))
        hello = json.loads(await ws.recv())
        game.seen[i] = 0
        game.sockets.append(ws)
        asyncio.ensure_future(reader(game, i, ws))
        _ = hello


class RawHttp:
    """A minimal HTTP/1.1 keep-alive client (one connection per game): the load generator
    shares the machine with the server, so it must spend as little CPU as it can."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, token: str,
                      body: dict[str, Any] | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        self.writer.write(
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"X-Starport-Token: {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, json.loads(await self.reader.readexactly(length)) if length else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def choosable(legal: list[dict[str, Any]], skip: set[str]) -> list[dict[str, Any]]:
    """The commands the load picks from (all of them if it would skip every one)."""
    return [a for a in legal if a["type"] not in skip] or legal


async def play(game: Game, http: RawHttp, rng: random.Random, until: float,
               samples: list[float], errors: list[str], skip: set[str]) -> None:
    await asyncio.sleep(rng.uniform(0.0, 0.75))  # out of step
    n = 0
    seat = 0
    while time.monotonic() < until:
        # the view of the seat that acted last; if the game now waits for another, ask it
        status, mine = await http.request("GET", f"/api/tables/{game.tid}/view",
                                          game.tokens[seat])
        if mine["pending"]["seats"][0] != seat:
            seat = mine["pending"]["seats"][0]
            status, mine = await http.request("GET", f"/api/tables/{game.tid}/view",
                                              game.tokens[seat])
        legal = choosable(mine["legal"], skip)
        command = rng.choice(legal)
        n += 1
        t0 = time.perf_counter()
        status, answer = await http.request(
            "POST", f"/api/tables/{game.tid}/commands", game.tokens[seat],
            {"seq": mine["seq"], "client_id": f"b{n}", "command": command})
        if status != 200:
            errors.append(f"{status} {str(answer)[:120]}")
        else:
            try:
                await asyncio.wait_for(game.all_have(answer["seq"]), 30)
                samples.append((time.perf_counter() - t0) * 1000)
            except TimeoutError:
                errors.append("push not received within 30 s")
        await asyncio.sleep(rng.uniform(0.25, 0.75))


async def play_ws(game: Game, rng: random.Random, until: float, samples: list[float],
                  errors: list[str], skip: set[str]) -> None:
    """Commands over the seats' sockets, chosen from the views pushed with the events."""
    await asyncio.sleep(rng.uniform(0.0, 0.75))  # out of step
    n = 0
    seq = 0
    while time.monotonic() < until:
        found = game.acting_view(seq)
        if found is None:
            game.viewed.clear()
            try:
                await asyncio.wait_for(game.viewed.wait(), 30)
            except TimeoutError:
                errors.append("no view pushed within 30 s")
                return
            continue
        seat, mine = found
        legal = choosable(mine["legal"], skip)
        n += 1
        cid = f"b{n}"
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        game.answers[cid] = answer
        t0 = time.perf_counter()
        await game.sockets[seat].send(json.dumps({
            "type": "command", "seq": mine["seq"], "client_id": cid,
            "command": rng.choice(legal)}))
        try:
            got = await asyncio.wait_for(answer, 30)
            if got["type"] != "ack":
                errors.append(f"{got.get('status')} {str(got)[:120]}")
                seq = max(seq, int(got.get("seq") or mine["seq"]))
            else:
                await asyncio.wait_for(game.all_have(got["seq"]), 30)
                samples.append((time.perf_counter() - t0) * 1000)
                seq = got["seq"]
        except TimeoutError:
            errors.append("no answer or push within 30 s")
        await asyncio.sleep(rng.uniform(0.25, 0.75))


async def lag_watch(until: float, lags: list[float]) -> None:
    """The load generator's own event loop: how late a 2 ms timer runs (ms). A sample's time
    includes the generator's delays too, so its lag says how much of a tail is its own."""
    while time.monotonic() < until:
        t = time.perf_counter()
        await asyncio.sleep(0.002)
        lags.append((time.perf_counter() - t) * 1000 - 2.0)


class NodeLoad:
    """``bench/peers/ours_load.js`` as a child process (``--generator node``): it holds the
    games' websockets and plays them as ``play_ws`` does; this process sets the tables up
    and measures the server. JSON lines both ways (the protocol is in the script's head)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def connect(cls, ws_base: str, games: list[Game], skip: set[str],
                      seed: int) -> NodeLoad:
        """Start the script and have it open every game's four sockets."""
        from node_peers import NODE, PEERS, node_env

        profile = os.environ.get("BENCH_NODE_PROFILE")  # a dir for V8's .cpuprofile
        flags = ["--cpu-prof", f"--cpu-prof-dir={profile}"] if profile else []
        # V8's young generation at 64 MiB, not 16: the parsed pushes (21 KiB of JSON a
        # command, views kept until the next push) then mostly die young instead of being
        # copied by the scavenger; 0.83-0.91x the CPU per command at 200 games
        # (docs/performance.md, "The levers")
        proc = await asyncio.create_subprocess_exec(
            NODE, "--max-semi-space-size=64", *flags, str(PEERS / "ours_load.js"),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=node_env(), limit=2**26)
        load = cls(proc)
        await load.say({"ws_base": ws_base, "games": [[g.tid, g.tokens] for g in games],
                        "skip": sorted(skip), "seed": seed})
        await load.hear()  # {"connected": sockets}
        return load

    async def say(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        await self.proc.stdin.drain()

    async def hear(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"ours_load.js ended (exit code {await self.proc.wait()})")
        answer: dict[str, Any] = loads(line)
        return answer

    async def play(self, duration: float) -> dict[str, Any]:
        """Play for ``duration`` s: samples (ms), errors, elapsed (s), its CPU (s), lags."""
        await self.say({"play": duration})
        return await self.hear()

    async def close(self) -> None:
        await self.say({"close": True})
        await asyncio.wait_for(self.proc.wait(), 60)


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://")
    skip = FIDDLING if args.takebacks else FIDDLING | {TAKEBACK}
    node: NodeLoad | None = None
    # idle connections are dropped here after 2 s, before the server's keep-alive (5 s)
    # closes them: with both at 5 s a request sent on a connection the server was closing
    # failed with httpx.ReadError, which ended PostgreSQL runs in set-up on a loaded machine
    limits = httpx.Limits(max_connections=args.http_connections,
                          max_keepalive_connections=args.http_connections, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        t = time.monotonic()
        sem = asyncio.Semaphore(32)

        async def one() -> Game:
            async with sem:
                return await setup_game(http)

        games = await asyncio.gather(*(one() for _ in range(args.games)))
        print(f"set up {len(games)} games in {time.monotonic() - t:.1f} s", flush=True)
        await asyncio.sleep(1.0)
        before = rss_kib(pid)
        if args.generator == "node":
            node = await NodeLoad.connect(ws_base, games, skip, args.seed)
        else:
            for i in range(0, len(games), 50):
                await asyncio.gather(*(connect(g, ws_base, args.transport == "ws")
                                       for g in games[i:i + 50]))
        await asyncio.sleep(2.0)
        after = rss_kib(pid)
        sockets = 4 * len(games)
        per_ws = (after - before) / sockets
        print(f"{sockets} idle websockets: server RSS {before} -> {after} KiB, "
              f"{per_ws:.1f} KiB each", flush=True)
        samples: list[float] = []
        errors: list[str] = []
        rng = random.Random(args.seed)
        start = time.monotonic()
        until = start + args.duration
        host, port = base.removeprefix("http://").split(":")
        raws = [RawHttp(host, int(port)) for _ in games]
        spy = pyspy(pid, args.duration)
        watched = os.environ.get("STARPORT_LOOP_WATCH") and pid and args.workers == 1
        if watched:  # the watch counts play only (one process: the signal goes to its pid)
            os.kill(pid, signal.SIGUSR1)
        cpu = cpu_seconds(pid)
        kernel = kernel_seconds(pid)
        window = time.perf_counter()
        lags: list[float] = []
        # the generator's own cycle collector off during play: with it on, its pauses (up to
        # 230 ms at 200 games, its loop's lag) were most of the samples' p99 and its CPU per
        # command 1.2 ms against 0.6-0.7 without (docs/performance.md, "The levers")
        gc.collect()
        gc.freeze()
        gc.disable()
        watch = asyncio.ensure_future(lag_watch(until, lags) if node is None else asyncio.sleep(0))
        own_cpu = time.process_time()
        played: dict[str, Any] = {}
        if node is not None:  # the Node process watches its own loop's lag
            played = await node.play(args.duration)
            samples, errors, lags = played["samples"], played["errors"], played["lags"]
            own_cpu = played["cpu_s"]
            per = max(1, len(samples))
            print(f"load_generator node: {played['frames'] / per:.1f} frames and "
                  f"{played['bytes'] / per / 1024:.1f} KiB parsed per command; of its CPU "
                  f"{played['system_s'] / max(own_cpu, 1e-9):.0%} in the kernel", flush=True)
        elif args.transport == "ws":
            await asyncio.gather(*(play_ws(g, random.Random(rng.random()), until, samples,
                                           errors, skip) for g in games))
        else:
            await asyncio.gather(*(play(g, raw, random.Random(rng.random()), until, samples,
                                        errors, skip)
                                   for g, raw in zip(games, raws, strict=True)))
        window_end = time.perf_counter()
        if node is None:
            own_cpu = time.process_time() - own_cpu
        gc.enable()
        await watch
        for raw in raws:
            raw.close()
        if spy is not None:
            spy.wait(timeout=60)
        if watched and os.environ.get("STARPORT_LOOP_WATCH_GARBAGE"):  # the garbage, by type
            os.kill(pid, signal.SIGUSR2)
            await asyncio.sleep(1.0)
        cpu_now = cpu_seconds(pid)
        kernel = kernel_seconds(pid) - kernel
        elapsed = played["elapsed"] if node is not None else time.monotonic() - start
        cpu = (cpu_now[0] - cpu[0], cpu_now[1] - cpu[1])
        if node is not None:
            await node.close()
        for g in games:
            for ws in g.sockets:
                await ws.close()
    return {"samples": samples, "errors": errors, "elapsed": elapsed, "per_ws_kib": per_ws,
            "cpu_s": cpu, "lags": sorted(lags), "own_cpu_s": own_cpu,
            "acks": played.get("acks", []), "observers": played.get("observers", []),
            "window": (window, window_end), "kernel_s": kernel}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play")
    parser.add_argument("--database-url", default="", help="default: a fresh SQLite file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--transport", choices=["ws", "http"], default="ws",
                        help="commands over the websocket (views pushed) or HTTP POST")
    parser.add_argument("--generator", choices=["python", "node"], default="python",
                        help="who plays the games: this process, or bench/peers/ours_load.js "
                             "(Node, the ws transport; npm installs its package on first use)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument("--server-root", type=Path, default=None,
                        help="serve another copy of the project (a baseline), same venv")
    parser.add_argument("--takebacks", action="store_true",
                        help="the random player may pick TakeBack too (a third of its picks)")
    parser.add_argument("--http-connections", type=int, default=200)
    parser.add_argument("--rate-limits", default="off",
                        help="the server's STARPORT_RATE_LIMITS (on PostgreSQL every allowed "
                             "hit is also counted in the database)")
    parser.add_argument("--url", default="", help="use a running server (loopback) instead")
    parser.add_argument("--server-pid", type=int, default=0, help="its pid, for memory figures")
    parser.add_argument("--server-cpus", default="",
                        help="pin the server to these CPUs (comma-separated numbers)")
    parser.add_argument("--commit-watch", action="store_true",
                        help="time the group commit (SQLite, one process: bench/commit_serve.py)")
    args = parser.parse_args()
    if args.generator == "node" and args.transport != "ws":
        parser.error("--generator node plays the ws transport only")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # 4 sockets a game, also for node
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    if args.url:
        result = arun(asyncio.wait_for(run(args, args.url, args.server_pid),
                                       args.duration + 600))
        return report(args, result)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="starport-bench-") as tmp:
        env = {**os.environ, "STARPORT_DATA_DIR": tmp,
               "STARPORT_RATE_LIMITS": args.rate_limits}
        env.pop("DATABASE_URL", None)
        if args.database_url:
            env["DATABASE_URL"] = args.database_url
        log = open(Path(tmp) / "server.log", "wb")  # noqa: SIM115
        profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] if os.environ.get(
            "BENCH_PROFILE") else []
        serve = ["-m", "engine.cli", "serve", "--workers", str(args.workers)]
        if os.environ.get("STARPORT_LOOP_WATCH") or os.environ.get("STARPORT_LATENCY_TRACE"):
            if args.workers != 1:
                parser.error("the loop watch and the latency trace watch one process")
            serve = [str(ROOT / "bench" / "traced_serve.py")]
        watch = Path(tmp) / "commit-watch.json"
        if args.commit_watch:
            if args.workers != 1 or args.database_url or serve[0] != "-m":
                parser.error("--commit-watch times SQLite's one process, without the trace")
            env["STARPORT_COMMIT_WATCH"] = str(watch)
            serve = [str(ROOT / "bench" / "commit_serve.py")]
        cpus = {int(c) for c in args.server_cpus.split(",") if c.strip()}
        server = subprocess.Popen(
            [sys.executable, *profile, *serve, "--port", str(port)],
            cwd=args.server_root or ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120  # a loaded machine starts a server slowly
            while True:
                try:
                    if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                time.sleep(0.1)
            result = arun(asyncio.wait_for(run(args, base, server.pid), args.duration + 600))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:  # workers slow to close their sockets
                for p in family(server.pid):
                    with contextlib.suppress(OSError):
                        os.kill(p, 9)
                server.wait(timeout=20)
        if args.commit_watch:
            result["commit_watch"] = read_watch(watch, result["window"])
    return report(args, result)


def read_watch(path: Path, window: tuple[float, float]) -> dict[str, list[float]]:
    """``bench/commit_serve.py``'s timings (seconds) that began during play."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    start, end = window
    return {name: sorted(s for t, s in rows if start <= t <= end)
            for name, rows in data.items()}


def _pct(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def report(args: argparse.Namespace, result: dict[str, Any]) -> int:
    samples = sorted(result["samples"])
    if not samples:
        print("no samples", result["errors"][:5])
        return 1
    p50 = statistics.median(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    rate = len(samples) / result["elapsed"]
    db = "postgresql" if args.database_url else "sqlite"
    print(f"database={db} workers={args.workers} transport={args.transport} samples={len(samples)} "
          f"errors={len(result['errors'])} max_ms={samples[-1]:.1f} "
          f"mean_ms={statistics.fmean(samples):.1f} idle_ws_kib={result['per_ws_kib']:.1f} "
          f"server_cpu_us_per_command={1e6 * sum(result['cpu_s']) / len(samples):.0f} "
          f"(loop {1e6 * result['cpu_s'][0] / len(samples):.0f}, "
          f"threads {1e6 * result['cpu_s'][1] / len(samples):.0f}; "
          f"loop {result['cpu_s'][0] / result['elapsed']:.2f} cores; "
          f"kernel {result['kernel_s'] / max(sum(result['cpu_s']), 1e-9):.0%})")
    lags = result.get("lags") or [0.0]
    own_us = 1e6 * result.get("own_cpu_s", 0) / len(samples)
    cores = result.get("own_cpu_s", 0) / result["elapsed"]
    print(f"load_generator generator={args.generator} cpu_us_per_command={own_us:.0f} "
          f"cores={cores:.2f} "
          f"lag_p50_ms={lags[len(lags) // 2]:.1f} lag_p99_ms={lags[int(len(lags) * 0.99)]:.1f} "
          f"lag_max_ms={lags[-1]:.1f}")
    acks, observers = sorted(result.get("acks", [])), sorted(result.get("observers", []))
    if acks and observers:  # the Node generator: the acting socket's frame and the others'
        print(f"pushes ack_p50_ms={_pct(acks, 0.5):.1f} ack_p99_ms={_pct(acks, 0.99):.1f} "
              f"observer_p50_ms={_pct(observers, 0.5):.1f} "
              f"observer_p99_ms={_pct(observers, 0.99):.1f}")
    watch = result.get("commit_watch") or {}
    commits, waits = watch.get("commit") or [], watch.get("wait") or []
    if commits and waits:
        print(f"commit_watch fsync_p50_ms={1000 * _pct(commits, 0.5):.2f} "
              f"fsync_p99_ms={1000 * _pct(commits, 0.99):.2f} "
              f"wait_p50_ms={1000 * _pct(waits, 0.5):.2f} "
              f"wait_p99_ms={1000 * _pct(waits, 0.99):.2f} batches={len(commits)} "
              f"writes_per_batch={len(waits) / len(commits):.2f}")
    for e in result["errors"][:3]:
        print("  error:", e)
    print(f"server_load games={args.games} commands_per_s={rate:.1f} p50_ms={p50:.1f} "
          f"p99_ms={p99:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
