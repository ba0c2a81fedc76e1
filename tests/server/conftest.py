"""Fixtures for the server tests: both databases, in-process apps and real server processes.

Every test taking ``db_url`` runs twice: on SQLite and on PostgreSQL (marker ``postgres``).
PostgreSQL needs ``STARPORT_TEST_PG``, an admin URL of a throwaway cluster; ``make test``
starts one (``tests/server/pg_cluster.sh``). Without it the PostgreSQL runs are skipped.

A test's database starts as a copy of a migrated template (``alembic upgrade head`` runs
once per test process, not once per test; the app's own start-up migration then finds the
schema at head): a SQLite file copied, on PostgreSQL ``CREATE DATABASE ... TEMPLATE``. Each
pytest-xdist worker makes its own template and names its databases after itself, so the
workers share the one cluster without sharing a database.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from server import gcpolicy
from server.app import create_app
from server.config import Settings, database_url
from server.db import make_engine, migrate

from .helpers import serve_forked

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN = os.environ.get("STARPORT_TEST_PG", "")
# this process's name among pytest-xdist's workers (gw0, gw1, ...), "main" without xdist
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")


class _Templates:
    """This process's migrated template databases, made on first use and removed at exit."""

    sqlite: Path | None = None
    postgres: str | None = None

    @classmethod
    def sqlite_file(cls) -> Path:
        if cls.sqlite is None:
            folder = Path(tempfile.mkdtemp(prefix=f"starport-template-{WORKER}-"))
            atexit.register(shutil.rmtree, folder, True)
            path = folder / "template.sqlite3"
            engine = make_engine(f"sqlite:///{path}")
            try:
                migrate(engine)
                with engine.connect() as conn:  # everything in the file, no -wal beside it
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                engine.dispose()
            cls.sqlite = path
        return cls.sqlite

    @classmethod
    def postgres_name(cls) -> str:
        if cls.postgres is None:
            name = f"sp_template_{WORKER}_{secrets.token_hex(4)}"
            with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {name}")
            engine = make_engine(database_url(_pg_base() + "/" + name, Path(".")))
            try:
                migrate(engine)
            finally:
                engine.dispose()  # no session may stay connected to a template
            atexit.register(_drop_pg, name)
            cls.postgres = name
        return cls.postgres


def _pg_base() -> str:
    return PG_ADMIN.rsplit("/", 1)[0]


def _drop_pg(name: str) -> None:
    with contextlib.suppress(psycopg.Error), \
            psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")


def _pg_database() -> str:
    """A new database of this worker's, migrated (a copy of its template)."""
    template = _Templates.postgres_name()
    name = f"sp_{WORKER}_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return f"{_pg_base()}/{name}"


def seed_sqlite(url: str, within: Path) -> None:
    """A SQLite database file under ``within`` that does not exist yet starts as a copy of
    the migrated template (a URL elsewhere, or of another database, is left alone)."""
    if not url.startswith("sqlite"):
        return
    name = make_url(url).database
    if not name:
        return
    path = Path(name).resolve()
    if path.exists() or not path.is_relative_to(within.resolve()):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_Templates.sqlite_file(), path)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return _sqlite_database(tmp_path)
    if not PG_ADMIN:
        pytest.skip("no PostgreSQL (STARPORT_TEST_PG unset; `make test` starts one)")
    return database_url(_pg_database(), tmp_path)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A migrated SQLite database, for what only SQLite's writer does."""
    return _sqlite_database(tmp_path)


def _sqlite_database(tmp_path: Path) -> str:
    url = database_url(None, tmp_path / "data")
    seed_sqlite(url, tmp_path)
    return url


@pytest.fixture
def pg_url(tmp_path: Path) -> str:
    if not PG_ADMIN:
        pytest.skip("no PostgreSQL (STARPORT_TEST_PG unset; `make test` starts one)")
    return database_url(_pg_database(), tmp_path)


def settings_for(url: str, tmp_path: Path, **extra: Any) -> Settings:
    values: dict[str, Any] = {"data_dir": tmp_path / "data", "database_url": url,
                              "rate_limits": "off", "bot_delay": 0.0,
                              "scheduler_interval": 0.2}
    values.update(extra)
    seed_sqlite(url, tmp_path)
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


# Server processes are forked from a fork server of this worker's that imported the app
# once (``python -m engine.cli serve`` imports it afresh each time: seconds of CPU): each is
# still a process of its own, run by the command's own code (``helpers.serve_forked``).
FORKS = multiprocessing.get_context("forkserver")
FORKS.set_forkserver_preload(["engine.cli", "server.app", "tests.server.helpers"])


class Forked:
    """A forked ``starport`` process, with the parts of ``subprocess.Popen`` used here."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.process = FORKS.Process(target=serve_forked, args=(argv, env, str(log), str(ROOT)),
                                     daemon=True)  # ended with this worker, if not before
        self.process.start()
        assert self.process.pid is not None
        self.pid: int = self.process.pid

    def poll(self) -> int | None:
        return self.process.exitcode

    def send_signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.process.terminate()

    def kill(self) -> None:
        self.process.kill()

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(f"starport (pid {self.pid})", timeout or 0)
        return self.process.exitcode


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
            seed_sqlite(database_url(None, data_dir), data_dir.parent)
        self.proc: subprocess.Popen[bytes] | Forked | None = None
        self.log = data_dir.parent / f"server-{self.port}.log"

    def start(self) -> ServerProcess:
        argv = ["serve", "--port", str(self.port), *self.args]
        if "--workers" in self.args:  # uvicorn's worker processes import the app afresh
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen([sys.executable, "-m", "engine.cli", *argv],
                                             cwd=ROOT, env=self.env, stdout=out,
                                             stderr=subprocess.STDOUT)
        else:
            self.proc = Forked(argv, self.env, self.log)
        # waited for until it answers (or exits): a process that imports and starts the
        # whole app took over 30 s at load average 20; the test's own timeout bounds it
        deadline = time.monotonic() + 240
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
