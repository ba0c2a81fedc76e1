"""Star Traders decides on the live state, not a copy (the kernel's ``DecidesInPlace``): the
property of ``tests/engine/in_place.py`` over random play of the basic and advanced game,
Personalities and take-backs on (a random player never drops out).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Game
from engine.startraders import rules
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState
from tests.engine.in_place import random_play, refused_half_way, refusing_late


def _start(seed: int, players: int, advanced: bool) -> Game[StarState]:
    options = {"advanced": advanced, "takebacks": True, "reaction_timer": 0}
    return Game.start(ruleset, options, [f"p{i}" for i in range(players)], seed=seed)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), advanced=st.booleans(),
       steps=st.integers(20, 200))
def test_decide_in_place_equals_the_plain_decide_and_the_fold(
        seed: int, players: int, advanced: bool, steps: int) -> None:
    random_play(_start(seed, players, advanced), seed, players, steps,
                choosable=lambda a: a.type != "DropOut")


def test_a_refusal_half_way_rebuilds_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that refuses after the command's first event was applied (``HalfDone``): the
    live state is rebuilt from the log, the refusal reaches the caller unchanged."""
    game = _start(11, 2, advanced=False)
    pending = ruleset.pending(game.state)
    assert pending is not None
    actor = pending.seats[0]
    command = next(a for a in ruleset.legal_actions(game.state, actor)
                   if a.type in ("Jump", "EndMovement"))
    monkeypatch.setitem(rules.RULES, type(command),
                        refusing_late(rules.RULES[type(command)], "Stages of the Turn"))
    refused_half_way(game, actor, command, monkeypatch)
