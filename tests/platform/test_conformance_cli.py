"""The platform's conformance test, command line: ``starport`` (``engine/cli.py``) offers Tiny
Duel, a game it does not know, from the registry: its board drawn, whole games simulated
between its bots. Run as an operator would, in a process of its own (``PYTHONPATH`` from
``tests/conftest.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def starport(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_the_board_of_an_installed_game_is_drawn(tmp_path: Path) -> None:
    out = tmp_path / "tiny.svg"
    done = starport("board", "tiny-duel", "--svg", str(out))
    assert done.returncode == 0, done.stderr
    assert ET.parse(out).getroot().get("viewBox") == "0 0 300 120"


def test_whole_games_are_simulated_between_its_bots() -> None:
    """``starport simulate tiny-duel``: the game's own bot against the uniform one, and the
    seats' points and winner as the game's ``Simulation`` reads them."""
    assert "tiny-duel" in starport("simulate", "--help").stdout
    done = starport("simulate", "tiny-duel", "--players", "2", "--bots", "tiny,random",
                    "--games", "4", "--seed", "3", "--option", "rounds=3", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 4, summary
    refused = starport("simulate", "tiny-duel", "--players", "2", "--option", "rounds=9")
    assert refused.returncode == 2 and "rounds" in refused.stderr, refused.stderr
