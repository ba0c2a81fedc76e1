"""Installs the tests' own game, Tiny Duel (``tests/platform/tinygame``), for every test.

A game installed as a package of its own is found through its distribution's metadata: a
``*.dist-info`` folder with an ``entry_points.txt`` naming its ``GameDefinition`` in the
``starport.games`` group (``engine.kernel.registry``). ``tests/platform/site`` holds such a
folder; putting it on ``sys.path`` installs the game in this process, and on ``PYTHONPATH``
(with the project's root, where ``tests`` is a package) in every process the tests start (a
server, the CLI). This runs before any test module is imported, so before anything asks the
registry (``games()`` reads the entry points once)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
