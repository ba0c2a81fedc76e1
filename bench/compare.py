"""Our server beside boardgame.io 0.50.2's, the same load shape, back to back in one run.

First ``bench/server_load.py`` (our server, 4 websocket clients per game, a command per game
every 0.25-0.75 s; the games played by Node, ``bench/peers/ours_load.js``, unless
``--generator python``), then the peer: boardgame.io's own server
(``bench/peers/bgio_server.js``, a one-move game) under its own client
(``bench/peers/bgio_load.js``, 4 socket.io clients per match, the same pacing). ``npm``
installs ``bench/peers/package.json`` (boardgame.io 0.50.2, ws) into a cache dir on first run
(``bench/node_peers.py``). Prints both result lines and our figures as ratios of the peer's
(below 1.0: we are faster), then how much of the machine each load took: its server's and
its load generator's CPU (per command and in cores) and the generator's own loop lag.

    .venv/bin/python bench/compare.py --games 200
    .venv/bin/python bench/compare.py --games 200 --database-url postgresql://...
    git archive main | tar -x -C /tmp/base   # a baseline copy of the project
    .venv/bin/python bench/compare.py --games 1000 --baseline /tmp/base

``--baseline`` serves that copy under the same load first (same venv, same load generator)
and prints ours/baseline too: before and after in one run.

The machine has two cores, shared with whatever else runs. ``--pin`` puts each server on
one core (``--server-cpu``, default 0: the process, its threads and workers) and the load
generators and this harness on the other (``--load-cpu``, default 1). ``--pairs N`` runs N
rounds of (ours, peer) -- with ``--baseline``, (baseline, ours, peer), the baseline and ours
taking turns to go first -- and ends with each figure's median and spread (min-max) per
server, and the ratios of the medians and the median of each round's ratio. The figures:
commands/s, p50, p99, the server's CPU time per command (its process's user + system time
over play / the commands: the robust figure on a shared machine) and the kernel's share of
it (system time: the sockets' writes and reads, polling, the database's files), the fsync
(the commit thread's time per batch) and a write's group-commit wait (ours on SQLite,
``bench/commit_serve.py``), and the load average (``uptime``'s first figure) when each run
began.

    .venv/bin/python bench/compare.py --pin --pairs 5 --games 200 --duration 20 \
        --baseline /tmp/base
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from node_peers import NODE, PEERS, node_env

ROOT = Path(__file__).resolve().parents[1]
RESULT = re.compile(r"^(server_load|peer_load) games=(\d+) commands_per_s=([\d.]+) "
                    r"p50_ms=([\d.]+) p99_ms=([\d.]+)$", re.M)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_ours(args: argparse.Namespace, server_root: Path | None = None) -> str:
    server_root = server_root or args.ours
    cmd = [sys.executable, str(ROOT / "bench" / "server_load.py"), "--games", str(args.games),
           "--duration", str(args.duration)]
    if server_root is not None:
        cmd += ["--server-root", str(server_root)]
    cmd += ["--generator", args.generator]
    if args.pin:
        cmd += ["--server-cpus", str(args.server_cpu)]
    if not args.database_url and args.workers == 1:
        cmd += ["--commit-watch"]
    if args.takebacks:
        cmd += ["--takebacks"]
    if args.database_url:
        cmd += ["--database-url", args.database_url, "--workers", str(args.workers)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if RESULT.search(done.stdout) is None:  # say why (a set-up that timed out, a crash)
        return done.stdout + "\n".join(done.stderr.strip().splitlines()[-3:])
    return done.stdout


def run_peer(args: argparse.Namespace) -> str:
    env = node_env()
    port = free_port()
    cpus = {args.server_cpu} if args.pin else None
    server = subprocess.Popen([NODE, str(PEERS / "bgio_server.js"), str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=(lambda: os.sched_setaffinity(0, cpus))
                              if cpus else None)
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


GENERATOR = re.compile(r"^load_generator generator=(\w+) cpu_us_per_command=(\d+) "
                       r"cores=([\d.]+) lag_p50_ms=([\d.]+) lag_p99_ms=([\d.]+) "
                       r"lag_max_ms=([\d.]+)", re.M)


def shares(output: str, kind: str, label: str) -> str | None:
    """How much of the machine's cores a load took: its server's and its generator's CPU
    (per command and in cores), and the generator's own loop lag."""
    rate, gen = figures(output, kind), GENERATOR.search(output)
    server_us = cpu_per_command(output)
    if rate is None or gen is None or server_us is None:
        return None
    name, gen_us, cores, _, lag99, lagmax = gen.groups()
    return (f"cpu {label}: server {server_us * rate[0] / 1e6:.2f} cores ({server_us:.0f} "
            f"us/command), generator {name} {float(cores):.2f} cores ({gen_us} us/command, "
            f"loop lag p99 {lag99} ms, max {lagmax} ms)")


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


KERNEL = re.compile(r"^(?:database|peer)=.* server_cpu_us_per_command=.*?kernel (\d+)%", re.M)
WATCH = re.compile(r"^commit_watch fsync_p50_ms=([\d.]+) .*?wait_p50_ms=([\d.]+) ", re.M)

# a run's figures: (name, how it is printed, higher is better)
FIGURES: list[tuple[str, str, bool]] = [
    ("commands_per_s", "{:.1f}", True), ("p50_ms", "{:.1f}", False), ("p99_ms", "{:.1f}", False),
    ("cpu_us", "{:.0f}", False), ("kernel_pct", "{:.0f}", False),
    ("fsync_ms", "{:.2f}", False), ("wait_ms", "{:.2f}", False), ("load", "{:.2f}", False)]


def run_figures(output: str, kind: str, load: float) -> dict[str, float]:
    """A run's figures by name (those it printed), with the load average when it began."""
    got: dict[str, float] = {"load": load}
    rate = figures(output, kind)
    if rate is not None:
        got["commands_per_s"], got["p50_ms"], got["p99_ms"] = rate
    cpu = cpu_per_command(output)
    if cpu is not None:
        got["cpu_us"] = cpu
    kernel = KERNEL.search(output)
    if kernel is not None:
        got["kernel_pct"] = float(kernel.group(1))
    watch = WATCH.search(output)
    if watch is not None:
        got["fsync_ms"], got["wait_ms"] = float(watch.group(1)), float(watch.group(2))
    return got


def spread(values: list[float], form: str) -> str:
    """``median [min-max]``."""
    if not values:
        return "-"
    med = statistics.median(values)
    return f"{form.format(med)} [{form.format(min(values))}-{form.format(max(values))}]"


def summary(runs: dict[str, list[dict[str, float]]], over: list[tuple[str, str]]) -> list[str]:
    """Each figure's median and spread per server, then for each (a, b) in ``over`` the
    ratio a/b of the medians and the median of the rounds' own ratios."""
    names = [n for n in runs if runs[n]]
    lines = [f"{'figure':16}" + "".join(f"{n:>28}" for n in names)]
    for fig, form, _ in FIGURES:
        cells = [spread([r[fig] for r in runs[n] if fig in r], form) for n in names]
        if any(c != "-" for c in cells):
            lines.append(f"{fig:16}" + "".join(f"{c:>28}" for c in cells))
    for a, b in over:
        if not runs.get(a) or not runs.get(b):
            continue
        parts = []
        for fig, _, _ in FIGURES[:4]:
            pa = [r[fig] for r in runs[a] if fig in r]
            pb = [r[fig] for r in runs[b] if fig in r]
            rounds = [ra[fig] / rb[fig] for ra, rb in zip(runs[a], runs[b], strict=False)
                      if ra.get(fig) and rb.get(fig)]
            if pa and pb and statistics.median(pb):
                parts.append(f"{fig}={statistics.median(pa) / statistics.median(pb):.2f}"
                             f" (rounds {spread(rounds, '{:.2f}')})")
        lines.append(f"{a}/{b}: " + " ".join(parts))
    return lines


def pairs(args: argparse.Namespace) -> int:
    """``--pairs N`` rounds, then the medians and spreads (see the module)."""
    runs: dict[str, list[dict[str, float]]] = {"baseline": [], "ours": [], "peer": []}

    def one(name: str, go: Callable[[], str], kind: str) -> None:
        load = os.getloadavg()[0]
        out = go()
        got = run_figures(out, kind, load)
        if "commands_per_s" not in got:
            print(f"{name}: no result line\n{out.strip()[-600:]}", flush=True)
            return
        runs[name].append(got)
        cells = " ".join(f"{f}={form.format(got[f])}" for f, form, _ in FIGURES if f in got)
        print(f"round {r + 1} {name}: {cells}", flush=True)

    for r in range(args.pairs):
        ours_first = args.baseline is None or r % 2 == 1
        order = ["ours", "baseline"] if ours_first else ["baseline", "ours"]
        for name in order:
            if name == "baseline" and args.baseline is not None:
                one(name, lambda: run_ours(args, args.baseline), "server_load")
            elif name == "ours":
                one(name, lambda: run_ours(args), "server_load")
        if not args.skip_peer:
            one("peer", lambda: run_peer(args), "peer_load")
    where = (f"servers pinned to CPU {args.server_cpu}, load generators to CPU {args.load_cpu}"
             if args.pin else "unpinned")
    print(f"summary: {args.pairs} rounds, {args.games} games, {args.duration:.0f} s each, "
          f"{where}; median [min-max]")
    for line in summary(runs, [("ours", "peer"), ("baseline", "peer"), ("ours", "baseline")]):
        print(line)
    return 0 if runs["ours"] else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play, each")
    parser.add_argument("--database-url", default="", help="ours on PostgreSQL (default SQLite)")
    parser.add_argument("--workers", type=int, default=1, help="our processes (PostgreSQL)")
    parser.add_argument("--generator", choices=["node", "python"], default="node",
                        help="our load generator (server_load.py --generator): Node (ws "
                             "package, bench/peers/ours_load.js) or the Python one")
    parser.add_argument("--skip-peer", action="store_true", help="only our load")
    parser.add_argument("--takebacks", action="store_true",
                        help="our random players may pick TakeBack too (server_load.py)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="also serve this copy of the project (e.g. `git archive main`) "
                             "under the same load first, and print ours/baseline")
    parser.add_argument("--ours", type=Path, default=None,
                        help="serve this copy of the project as ours (default: this one); "
                             "with --baseline, two clean copies side by side (`git archive`), "
                             "whatever the checkout holds uncommitted")
    parser.add_argument("--pin", action="store_true",
                        help="each server on --server-cpu, the load and this harness on "
                             "--load-cpu")
    parser.add_argument("--server-cpu", type=int, default=0)
    parser.add_argument("--load-cpu", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=0,
                        help="rounds of (baseline,) ours, peer; then medians and spreads")
    args = parser.parse_args()
    if args.pin:  # inherited by every child but the servers (pinned as they start)
        os.sched_setaffinity(0, {args.load_cpu})
    if args.pairs:
        return pairs(args)
    base_out = ""
    if args.baseline is not None:
        base_out = run_ours(args, args.baseline)
        print("baseline:", base_out.strip(), flush=True)
    ours_out = run_ours(args)
    print(ours_out.strip(), flush=True)
    if base_out:
        print(versus(base_out, ours_out, "ours/baseline"), flush=True)
    if args.skip_peer:
        print(shares(ours_out, "server_load", "ours") or "")
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
    for line in (shares(ours_out, "server_load", "ours"), shares(peer_out, "peer_load", "peer")):
        if line:
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
