"""Installs the tests' own game, Tiny Duel (``tests/platform/tinygame``), for every test.

A game installed as a package of its own is found through its distribution's metadata: a
``*.dist-info`` folder with an ``entry_points.txt`` naming its ``GameDefinition`` in the
``starport.games`` group (``engine.kernel.registry``). ``tests/platform/site`` holds such a
folder; putting it on ``sys.path`` installs the game in this process, and on ``PYTHONPATH``
(with the project's root, where ``tests`` is a package) in every process the tests start (a
server, the CLI). This runs before any test module is imported, so before anything asks the
registry (``games()`` reads the entry points once).

It also marks the suite's tiers from what a test uses (the markers are declared in
pyproject.toml):

- ``browser``: drives Chromium (the ``browser``, ``page``, ``phone`` or ``csp_page`` fixture);
- ``postgres``: runs on PostgreSQL (``db_url``'s second run, ``pg_url``);
- ``process``: starts real server processes (``spawn``) or other child processes;
- ``slow``: takes seconds on its own (``SLOW`` below: whole games, property tests, long
  waits; measured with ``--durations``).

``make test`` runs every tier. The fast tier alone:
``.venv/bin/pytest -n auto -m "not slow and not browser and not postgres and not process"``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(__file__).resolve().parent / "platform" / "site"


def _install_tiny_duel() -> None:
    for folder in (str(SITE), str(ROOT)):
        if folder not in sys.path:
            sys.path.insert(0 if folder == str(SITE) else len(sys.path), folder)
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    for folder in (str(SITE), str(ROOT)):
        if folder not in paths:
            paths.append(folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    registry = sys.modules.get("engine.kernel.registry")
    if registry is not None:  # asked already (a plugin?): ask again with the game installed
        registry.games.cache_clear()


_install_tiny_duel()


BROWSER_FIXTURES = frozenset({"browser", "page", "phone", "csp_page"})
# ``spawn`` (tests/server), ``server`` (tests/platform: one ``starport serve`` a module)
PROCESS_FIXTURES = frozenset({"spawn", "server"})
# modules whose tests start child processes of their own
PROCESS_MODULES = frozenset({
    "tests/engine/kernel/test_hooks.py",
    "tests/platform/test_conformance_cli.py",
    "tests/platform/test_conformance_server.py",
    "tests/server/test_workers.py",
})
# tests (or whole modules) that take seconds on their own, by node id without parameters
SLOW: frozenset[str] = frozenset({
})


def _slow(nodeid: str) -> bool:
    plain = nodeid.split("[", 1)[0]
    return plain in SLOW or plain.split("::", 1)[0] in SLOW


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        module = item.nodeid.split("::", 1)[0]
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if "pg_url" in used:
            item.add_marker(pytest.mark.postgres)
        if used & PROCESS_FIXTURES or module in PROCESS_MODULES:
            item.add_marker(pytest.mark.process)
        if _slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
