"""Take-backs (house rule, ``engine.kernel.takeback``; docs/rulings.md "Take-backs", the
standard game's barriers) while a flight's question is open:

- "Pirates" 1-2: a ship that enters a pirate's space stops and is asked how it engages.
  The move turned nothing over (the pirate token, its modifier and so the odds lie face up),
  so the move may be taken back while the question is open: the ship is where it was, the
  question gone, the dice as rolled. Engaging rolls a die ("Pirates" 3): a barrier.
- "Hazards": the check is a roll, so a failed check's question offers no take-back.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import RuleError, takeback
from engine.venus_standard import takeback as standard_takeback
from engine.venus_standard.card_rules import EngagePirates
from engine.venus_standard.flight import Flight
from engine.venus_standard.helm_commands import DeclareHeading, MoveTo, RollSpeed
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState
from tests.engine.venus_standard.kit import game_of

PIRATE: dict[str, Any] = {
    "players": [{"name": "Ann", "laser": 4, "shield": 2}, {"name": "Bob"}],
    "dice": [2, 2, 2, 1],
    "state": {"cards": {"tokens": {"base-colony.1": {"kind": "pirate", "pirate": "pirate-6",
                                                     "infamy": 1}}}}}
HAZARD: dict[str, Any] = {"players": [{"name": "Ann", "laser": 2, "shield": 1}, {"name": "Bob"}],
                          "dice": [2, 2, 2, 6]}


def _offered(state: StandardState) -> bool:
    return any(c.type == "TakeBack" for c in ruleset.legal_actions(state, 0))


def _flight(state: StandardState) -> Flight:
    assert state.turn is not None and state.turn.flight is not None
    return state.turn.flight


def _fly(doc: dict[str, Any], heading: str, to: str) -> Any:
    game = game_of(**doc)
    game.play(0, DeclareHeading(toward=heading))
    game.play(0, RollSpeed())
    reach = ruleset.view(game.state, 0)["movement"]["reach"]
    game.play(0, MoveTo(path=next(r["path"] for r in reach if r["space"] == to)))
    return game


def test_pirates_1_the_move_onto_a_pirate_may_be_taken_back_while_it_asks() -> None:
    game = _fly(PIRATE, "base-colony.1", "base-colony.1")
    state = game.state
    assert state.ask is not None and state.ask.prompt == "engage_pirates"
    assert state.players[0].space == "base-colony.1"
    assert _offered(state)
    flight = _flight(state)
    assert flight.dice == [2, 2, 2]
    spent = flight.spent
    game.play(0, takeback.TakeBack())
    state = game.state
    assert state.ask is None and state.players[0].space == "galactic-base"
    assert _flight(state).dice == [2, 2, 2]  # as rolled
    assert _flight(state).spent < spent  # the movement point of the flight is back
    assert state.cards.tokens["base-colony.1"].kind == "pirate"
    # the heading and the roll were before the roll's barrier: nothing more to take back
    assert not _offered(state)
    with pytest.raises(RuleError, match="nothing to take back"):
        game.play(0, takeback.TakeBack())


def test_pirates_3_no_take_back_once_the_engagement_rolled() -> None:
    """The engagement's die ("Pirates" 3) is a barrier: a win with the laser ends the move
    and the turn passes; nothing of Ann's may be taken back."""
    game = _fly(PIRATE, "base-colony.1", "base-colony.1")
    fight = game.play(0, EngagePirates(attribute="laser"))
    engaged = [e for e in fight if e.type == "PirateEngaged"]
    assert engaged and engaged[0].data["won"] and standard_takeback.barrier(engaged[0])
    assert takeback.point(game.state, 0) is None
    assert not _offered(game.state)


def test_hazards_a_failed_check_asks_without_a_take_back() -> None:
    game = _fly(HAZARD, "base-giant.1", "base-giant.2")
    assert {c.type for c in ruleset.legal_actions(game.state, 0)} == {"AnswerHazard"}
    assert not _offered(game.state)
    with pytest.raises(RuleError, match="nothing to take back"):
        game.play(0, takeback.TakeBack())
