"""Fixtures of the platform's conformance tests: a real ``starport serve`` process (as an
operator runs it, ``tests/server``), the Tiny Duel installed in it through ``PYTHONPATH``
(``tests/conftest.py``); turn timers may be one second and the scheduler looks often."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.config import database_url
from tests.server.conftest import ServerProcess
from tests.web.conftest import CHROMIUM, launch

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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real headless Chromium (tests/web)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless (``tests/web/conftest.py``); skipped without it."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = launch(pw)
        yield b
        b.close()
