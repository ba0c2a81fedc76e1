"""Schemathesis against a live server (``docs/operations.md``, What the server protects):
``starport serve`` in a child process on a
throwaway SQLite file (or ``DATABASE_URL``), one table with its game started, and every
check Schemathesis has over the whole OpenAPI schema, with a seat's token and that table's id
in every path. Prints Schemathesis' own summary (cases, failures per check).

    .venv/bin/python tools/fuzz_live.py --max-examples 200 [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "STARPORT_DATA_DIR": str(data), "STARPORT_RATE_LIMITS": "off"}
    log = (data / "server.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def open_table(base: str) -> tuple[str, str]:
    """A started two-seat table: its id and seat 0's token."""
    with httpx.Client(base_url=base) as c:
        t = c.post("/api/tables", json={"name": "Fuzz", "seats": 2}).json()
        for i, link in enumerate(t["seats"]):
            c.post(f"/api/tables/{t['table_id']}/join", json={"name": f"P{i}"},
                   headers={"X-Starport-Token": link["token"]}).raise_for_status()
        c.post(f"/api/tables/{t['table_id']}/start",
               headers={"X-Starport-Token": t["host"]["token"]}).raise_for_status()
        return t["table_id"], t["seats"][0]["token"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-examples", type=int, default=200)
    ap.add_argument("--workers", default="1")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="starport-fuzz-"))
    port = free_port()
    proc = start_server(data, port)
    base = f"http://127.0.0.1:{port}"
    try:
        table_id, token = open_table(base)
        config = data / "schemathesis.toml"
        config.write_text(f'[parameters]\n"path.table_id" = "{table_id}"\n')
        cmd = [str(Path(sys.executable).parent / "st"), "--config-file", str(config), "run",
               f"{base}/openapi.json", "--checks", "all", "-H", f"X-Starport-Token:{token}",
               "--max-examples", str(args.max_examples), "--workers", args.workers,
               "--seed", str(args.seed), "--continue-on-failure", "--no-color",
               "--report", "junit", "--report-dir", str(data)]
        done = subprocess.run(cmd, cwd=data)
        log = (data / "server.log").read_text()
        print(f"server log: {log.count('Traceback')} tracebacks, "
              f"{log.count(' 500 ')} answers 500 ({data / 'server.log'})")
        return done.returncode
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    raise SystemExit(main())
