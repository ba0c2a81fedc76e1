"""Fixtures of the platform's conformance tests: a real ``starport serve`` process (as an
operator runs it, ``tests/server``), the Tiny Duel installed in it through ``PYTHONPATH``
(``tests/conftest.py``); turn timers may be one second and the scheduler looks often."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.config import database_url
from tests.server.conftest import ServerProcess

# the turn timer's floor down to one second, the sweep five times a second, bots at once
FAST = {"STARPORT_SCHEDULER_INTERVAL": "0.2", "STARPORT_MIN_TURN_TIMER": "1",
        "STARPORT_BOT_DELAY": "0"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server process (SQLite) for a module's tests."""
    data: Path = tmp_path_factory.mktemp("platform") / "data"
    process = ServerProcess(database_url(None, data), data, env=FAST)
    process.start()
    yield process
    process.stop()
