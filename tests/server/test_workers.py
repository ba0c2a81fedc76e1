"""``starport serve --workers N``: several processes serve the same games on PostgreSQL
(``docs/architecture.md``, "The path of a command": NOTIFY carries the hints between processes);
SQLite stays one
process and says so."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import httpx

from server.config import database_url

from .conftest import Forked
from .helpers import open_table, play
from .wsclient import Viewer


def test_sqlite_refuses_more_than_one_worker(tmp_path: Path) -> None:
    """``starport serve --workers 2`` run by the command's own code in a process of its own,
    forked from this worker's fork server (the app imported once: ``conftest.Forked``)."""
    env = {**os.environ, "STARPORT_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    log = tmp_path / "serve.log"
    done = Forked(["serve", "--workers", "2", "--port", "1"], env, log)
    assert done.wait(timeout=120) == 2
    assert "SQLite is served by one process" in log.read_text()
    assert database_url(None, tmp_path)  # the default is SQLite


def test_two_workers_serve_one_game_and_every_viewer_gets_every_event(pg_url: str,
                                                                      spawn: Any) -> None:
    server = spawn(pg_url, args=["--workers", "2"])
    assert server.proc is not None
    workers = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True,
                             text=True, check=False).stdout.split()
    assert len(workers) >= 2
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=3)
        tokens = [s["token"] for s in table["seats"]] + [table["spectator"]["token"]]
        # several connections: uvicorn's workers share the port, the kernel spreads them
        viewers = [Viewer(server.ws_base, table["table_id"], t) for t in tokens * 2]
        last = play(c, table, 10)[-1]["seq"]
    for v in viewers:
        v.until(last)
        v.pump()
        v.assert_unbroken()
