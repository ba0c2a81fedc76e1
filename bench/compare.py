"""Our server beside boardgame.io 0.50.2's, the same load shape, back to back in one run.

First ``bench/server_load.py`` (our server, 4 websocket clients per game, a command per game
every 0.25-0.75 s), then the peer: boardgame.io's own server (``bench/peers/bgio_server.js``,
a one-move game) under its own client (``bench/peers/bgio_load.js``, 4 socket.io clients per
match, the same pacing). ``npm`` installs ``bench/peers/package.json`` (boardgame.io 0.50.2)
into a cache dir on first run. Prints both result lines and our figures as ratios of the
peer's (below 1.0: we are faster).

    .venv/bin/python bench/compare.py --games 200
    .venv/bin/python bench/compare.py --games 200 --database-url postgresql://...
    git archive main | tar -x -C /tmp/base   # a baseline copy of the project
    .venv/bin/python bench/compare.py --games 1000 --baseline /tmp/base

``--baseline`` serves that copy under the same load first (same venv, same load generator)
and prints ours/baseline too: before and after in one run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PEERS = ROOT / "bench" / "peers"
NODE = shutil.which("node") or "/usr/bin/node"
RESULT = re.compile(r"^(server_load|peer_load) games=(\d+) commands_per_s=([\d.]+) "
                    r"p50_ms=([\d.]+) p99_ms=([\d.]+)$", re.M)


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "starport-peers" / "bgio-0.50.2"


def install_peer() -> Path:
    """``npm install`` the peer's package.json into the cache dir (once per package.json)."""
    target = cache_dir()
    wanted = (PEERS / "package.json").read_text()
    stamp = target / "node_modules" / ".starport-package.json"
    if stamp.exists() and stamp.read_text() == wanted:
        return target / "node_modules"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    (target / "package.json").write_text(wanted)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
                   cwd=target, check=True)
    stamp.write_text(wanted)
    return target / "node_modules"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_ours(args: argparse.Namespace, server_root: Path | None = None) -> str:
    cmd = [sys.executable, str(ROOT / "bench" / "server_load.py"), "--games", str(args.games),
           "--duration", str(args.duration)]
    if server_root is not None:
        cmd += ["--server-root", str(server_root)]
    if args.takebacks:
        cmd += ["--takebacks"]
    if args.database_url:
        cmd += ["--database-url", args.database_url, "--workers", str(args.workers)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if RESULT.search(done.stdout) is None:  # say why (a set-up that timed out, a crash)
        return done.stdout + "\n".join(done.stderr.strip().splitlines()[-3:])
    return done.stdout


def run_peer(args: argparse.Namespace) -> str:
    modules = install_peer()
    env = {**os.environ, "NODE_PATH": str(modules), "NODE_ENV": "production"}
    port = free_port()
    server = subprocess.Popen([NODE, str(PEERS / "bgio_server.js"), str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/games", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        load = subprocess.run(
            [NODE, str(PEERS / "bgio_load.js"), str(port), str(args.games), str(args.duration),
             str(server.pid)], env=env, capture_output=True, text=True, check=False,
            timeout=args.duration + 600)
        return load.stdout + load.stderr
    finally:
        server.terminate()
        server.wait(timeout=20)


CPU = re.compile(r"^(?:database|peer)=.* server_cpu_us_per_command=(\d+)", re.M)


def cpu_per_command(output: str) -> float | None:
    """The server's CPU time per command (µs) a load printed, if it did."""
    m = CPU.search(output)
    return float(m.group(1)) if m else None


def figures(output: str, kind: str) -> tuple[float, float, float] | None:
    for m in RESULT.finditer(output):
        if m.group(1) == kind:
            return float(m.group(3)), float(m.group(4)), float(m.group(5))
    return None


def versus(base_out: str, ours_out: str, label: str) -> str:
    """Our figures as ratios of the baseline's (same load, same run)."""
    ours, base = figures(ours_out, "server_load"), figures(base_out, "server_load")
    if ours is None or base is None:
        return f"compare: {label}: a run gave no result line"
    names = ("commands_per_s", "p50_ms", "p99_ms")
    ratios = " ".join(f"{n}={o / b:.2f}" if b else f"{n}=n/a"
                      for n, o, b in zip(names, ours, base, strict=True))
    ours_cpu, base_cpu = cpu_per_command(ours_out), cpu_per_command(base_out)
    if ours_cpu and base_cpu:
        ratios += f" server_cpu_per_command={ours_cpu / base_cpu:.2f}"
    return f"compare {label} {ratios}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play, each")
    parser.add_argument("--database-url", default="", help="ours on PostgreSQL (default SQLite)")
    parser.add_argument("--workers", type=int, default=1, help="our processes (PostgreSQL)")
    parser.add_argument("--skip-peer", action="store_true", help="only our load")
    parser.add_argument("--takebacks", action="store_true",
                        help="our random players may pick TakeBack too (server_load.py)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="also serve this copy of the project (e.g. `git archive main`) "
                             "under the same load first, and print ours/baseline")
    args = parser.parse_args()
    base_out = ""
    if args.baseline is not None:
        base_out = run_ours(args, args.baseline)
        print("baseline:", base_out.strip(), flush=True)
    ours_out = run_ours(args)
    print(ours_out.strip(), flush=True)
    if base_out:
        print(versus(base_out, ours_out, "ours/baseline"), flush=True)
    if args.skip_peer:
        return 0
    peer_out = run_peer(args)
    print(peer_out.strip(), flush=True)
    ours, peer = figures(ours_out, "server_load"), figures(peer_out, "peer_load")
    if ours is None or peer is None:
        print("compare: a run gave no result line")
        return 1
    names = ("commands_per_s", "p50_ms", "p99_ms")
    ratios = " ".join(f"{n}={o / p:.2f}" if p else f"{n}=n/a"
                      for n, o, p in zip(names, ours, peer, strict=True))
    ours_cpu, peer_cpu = cpu_per_command(ours_out), cpu_per_command(peer_out)
    if ours_cpu and peer_cpu:
        ratios += f" server_cpu_per_command={ours_cpu / peer_cpu:.2f}"
    print(f"compare games={args.games} ours/peer {ratios}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
