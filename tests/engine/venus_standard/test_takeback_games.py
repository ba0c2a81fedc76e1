"""Take-backs (house rule, ``engine.kernel.takeback``) over the standard game's variants the
kernel's property (``tests/engine/kernel/test_takeback_properties.py``) does not draw: the
solo challenge game (one seat, Challenge cards and their fees) and the optional rules
(Demand, Title & Intel Cards, Asteroid System Telegate, Maximum Production). Wherever a
take-back is legal, taking it back equals the log replayed to its rewind point."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.venus_standard.ruleset import ruleset
from tests.engine.kernel.test_takeback_properties import play_with_takebacks

OPTIONAL = {"demand": True, "title_intel_in_play": True, "asteroid_telegate": True,
            "maximum_production": True}


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), solo=st.booleans(),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=300))
def test_take_backs_equal_the_replay_in_the_solo_game_and_with_every_optional_rule(
        seed: int, solo: bool, picks: list[int]) -> None:
    options: dict[str, Any] = {"variant": "solo-challenge"} if solo else dict(OPTIONAL)
    play_with_takebacks(ruleset, options, 1 if solo else 3, seed, picks)


def test_a_solo_game_does_take_back() -> None:
    """Not vacuous: a seeded solo game reaches legal take-backs and takes them."""
    game = play_with_takebacks(ruleset, {"variant": "solo-challenge"}, 1, 7,
                               [i // 2 for i in range(600)])
    assert any(e.type == "TookBack" for e in game.events)
