"""Fixtures for the server tests: both databases, in-process apps and real server processes.

Every test taking ``db_url`` runs twice: on SQLite and on PostgreSQL (marker ``postgres``).
PostgreSQL needs ``STARPORT_TEST_PG``, an admin URL of a throwaway cluster; ``make test``
starts one (``tests/server/pg_cluster.sh``). Without it the PostgreSQL runs are skipped.
"""

from __future__ import annotations

import contextlib
import gc
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from server import gcpolicy
from server.app import create_app
from server.config import Settings, database_url

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN = os.environ.get("STARPORT_TEST_PG", "")


def _pg_database() -> str:
    import psycopg

    name = "sp_" + secrets.token_hex(6)
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    base = PG_ADMIN.rsplit("/", 1)[0]
    return f"{base}/{name}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return database_url(None, tmp_path / "data")
    if not PG_ADMIN:
        pytest.skip("no PostgreSQL (STARPORT_TEST_PG unset; `make test` starts one)")
    return database_url(_pg_database(), tmp_path)


@pytest.fixture
def pg_url(tmp_path: Path) -> str:
    if not PG_ADMIN:
        pytest.skip("no PostgreSQL (STARPORT_TEST_PG unset; `make test` starts one)")
    return database_url(_pg_database(), tmp_path)


def settings_for(url: str, tmp_path: Path, **extra: Any) -> Settings:
    values: dict[str, Any] = {"data_dir": tmp_path / "data", "database_url": url,
                              "rate_limits": "off", "bot_delay": 0.0,
                              "scheduler_interval": 0.2,
                              # STARPORT_VIEW_PROCESS=1: the suite with the views made in a
                              # child process (server/viewproc.py)
                              "view_process": os.environ.get("STARPORT_VIEW_PROCESS") == "1"}
    values.update(extra)
    return Settings(**values)


@pytest.fixture
def client(db_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url, tmp_path))) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def uvicorn_thread(app: Any, **config: Any) -> Iterator[int]:
    """``app`` under uvicorn in a thread of this process (``config``: uvicorn's settings);
    its port."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", **config))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as it was (thresholds, frozen objects)."""
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)
    gc.unfreeze()
    gcpolicy._configured = False  # later tests' apps are not serving processes


class ServerProcess:
    """``starport serve`` in a child process, as an operator would run it."""

    def __init__(self, url: str, data_dir: Path, port: int | None = None,
                 env: dict[str, str] | None = None, args: list[str] | None = None) -> None:
        self.args = args or []
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": url, "STARPORT_DATA_DIR": str(data_dir),
                    "STARPORT_RATE_LIMITS": "off", "STARPORT_BOT_DELAY": "0",
                    **(env or {})}
        if url.startswith("sqlite"):
            self.env.pop("DATABASE_URL")
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir.parent / f"server-{self.port}.log"

    def start(self) -> ServerProcess:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "serve", "--port", str(self.port), *self.args],
            cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        # worker processes each import and start the whole app: slow on a loaded machine (and
        # one process took over 30 s at load average 20)
        deadline = time.monotonic() + (90 if "--workers" in self.args else 60)
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what a crash looks like."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    """Start server processes; all are stopped at the end of the test."""
    started: list[ServerProcess] = []

    def make(url: str, **kwargs: Any) -> ServerProcess:
        server = ServerProcess(url, tmp_path / "data", **kwargs)
        started.append(server)
        return server.start()

    yield make
    for server in started:
        server.stop()
