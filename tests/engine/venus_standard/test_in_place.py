"""The standard game decides on the live state, not a copy (the kernel's ``DecidesInPlace``):
the property of ``tests/engine/in_place.py`` over random play of its variants with the
optional rules and take-backs on; a rule refusing after its first event rebuilds the state.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Game
from engine.venus_standard.order import HOOKS
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState
from tests.engine.in_place import first_command, random_play, refused_half_way, refusing_late

OPTIONAL = {"title_intel_in_play": True, "asteroid_telegate": True,
            "maximum_production": True, "demand": True}


def _start(seed: int, players: int, variant: str, optional: bool) -> Game[StandardState]:
    options: dict[str, object] = {"variant": variant, "takebacks": True}
    if optional:
        options.update(OPTIONAL)
    names = ["solo"] if variant == "solo-challenge" else [f"p{i}" for i in range(players)]
    return Game.start(ruleset, options, names, seed=seed)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       variant=st.sampled_from(["standard", "light-speed", "solo-challenge"]),
       optional=st.booleans(), steps=st.integers(20, 300))
def test_decide_in_place_equals_the_plain_decide_and_the_fold(
        seed: int, players: int, variant: str, optional: bool, steps: int) -> None:
    game = _start(seed, players, variant, optional)
    random_play(game, seed, len(game.state.players), steps)


def test_a_refusal_half_way_rebuilds_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that refuses after the command's first event was applied (``HalfDone``): the
    live state is rebuilt from the log, the refusal reaches the caller unchanged."""
    game = _start(7, 2, "standard", optional=False)
    actor, command = first_command(game)
    monkeypatch.setitem(HOOKS.rules, type(command),
                        refusing_late(HOOKS.rules[type(command)], "Setup"))
    refused_half_way(game, actor, command, monkeypatch)
