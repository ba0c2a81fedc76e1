"""A wrong scenario is refused with its mistake named (never a crash later): the inputs the
API fuzzer found (DESIGN: bad input gets a clear error naming what was wrong)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import BadCommand
from engine.venus.scenario import start

TWO = [{"name": "a"}, {"name": "b"}]


@pytest.mark.parametrize(("extra", "words"), [
    ({"cultures": {"jungle-planet": "martian"}}, "unknown culture 'martian'"),
    ({"cultures": {"jungle-planet": "base"}}, "unknown culture 'base'"),
    ({"cultures": {"jungle-planet": "graw", "ice-planet": "graw"}}, "two systems"),
    ({"observed": {"5": {"jungle-planet": "graw"}}}, "observed: no seat 5"),
    ({"observed": {"-1": {"jungle-planet": "graw"}}}, "observed: no seat -1"),
    ({"options": {"game_length": "long"}}, "game_length"),
    ({"options": {"game_length": None}}, "game_length"),
    ({"factories": {"base": {"dot": "galactic-base", "owner": 0}}}, "'base'"),
    ({"players": [{"name": "a", "ious": ["base"]}, {"name": "b"}]}, "'base'"),
    ({"players": [{"name": "a", "equipment": ["warp"]}, {"name": "b"}]}, "'warp'"),
    ({"players": [{"name": "a", "race": "martian"}, {"name": "b"}]}, "'martian'"),
    ({"players": [{"name": "a", "cash": -5}, {"name": "b"}]}, "negative cash"),
    ({"dice": [0, 7]}, "1 to 6"),
    ({"bank": -1}, "negative bank"),
])
def test_a_wrong_scenario_is_refused_naming_the_mistake(extra: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(BadCommand) as err:
        start({"players": TWO, **extra})
    assert words in err.value.message
