"""The standard game's seat tally (``tools/seats_venus_standard.py``): a seat's credits by
reason, its fame by source with the Fuzzy Dice, and the rounds in which it did nothing, by
how its Movement phase ended."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from engine.kernel import Event


def _load_tool() -> Any:
    path = Path(__file__).resolve().parents[2] / "tools" / "seats_venus_standard.py"
    spec = importlib.util.spec_from_file_location("seats_venus_standard", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_seats_tally() -> None:
    tool = _load_tool()
    events = [Event(type="TurnStarted", data={"seat": 0, "round": 1}),
              Event(type="GoodsBought", data={"seat": 0, "token": "zum:g1"}),
              Event(type="CreditsChanged", data={"seat": 0, "delta": -40,
                                                 "reason": "goods_bought"}),
              Event(type="TurnStarted", data={"seat": 1, "round": 1}),
              Event(type="GoodsBought", data={"seat": 1, "token": "zum:g2"}),
              Event(type="TurnStarted", data={"seat": 0, "round": 2}),
              Event(type="MoveEnded", data={"seat": 0, "how": "stopped",
                                            "reason": "failed shield check"}),
              Event(type="MovementEnded", data={"seat": 0, "landed": None}),
              Event(type="TurnStarted", data={"seat": 0, "round": 3}),
              Event(type="MoveEnded", data={"seat": 0, "how": "landed"}),
              Event(type="MovementEnded", data={"seat": 0, "landed": "galactic-base"}),
              Event(type="FameCounted", data={"seat": 0, "parts": {"cargo_holds": 2},
                                              "fuzzy": [3, 3]})]
    tally = tool._tally(events, 0)
    assert tally["GoodsBought"] == 1 and tally["credits: goods_bought"] == -40
    assert tally["fame: cargo_holds"] == 2 and tally["fame: fuzzy dice"] == 6
    assert tally["idle rounds"] == 2  # rounds 2 and 3
    assert tally["idle rounds: stopped by a hazard"] == 1  # round 2
    assert tally["idle rounds: landed"] == 1  # round 3
