"""Scenarios: a position set up directly, for rule tests, tutorials, puzzles, bug reports.

The format is documented in ``docs/scenarios.md`` (its schema and the events that set the
position up: ``scenario_setup``). A game started from a scenario is a sandbox game
(``sandbox`` in its state and view): only there may dice be predetermined.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.kernel import Game

from .ruleset import ruleset
from .scenario_setup import Scenario, parse_scenario
from .state import VenusState

__all__ = ["Scenario", "parse_scenario", "start"]


def start(data: Scenario | str | dict[str, Any] | Path, seed: str | int = "scenario") -> Game[
    VenusState
]:
    """A sandbox game from a scenario document (model, JSON text, dict or file path)."""
    if isinstance(data, Path):
        sc = parse_scenario(json.loads(data.read_text("utf-8")))
    else:
        sc = data if isinstance(data, Scenario) else parse_scenario(data)
    return Game.start(ruleset, {"scenario": sc.model_dump(mode="json")}, [], seed)
