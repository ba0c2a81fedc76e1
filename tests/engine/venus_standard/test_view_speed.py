"""The caches behind a fast bot game change nothing a seat sees: ``clone_state`` (the
draft's copy, ``engine.kernel.clone``) equals ``copy.deepcopy`` and shares nothing mutable;
the cached markets view equals the one built afresh, and a caller setting a market's keys in
its view does not change the next one (the values inside are shared and read only)."""

from __future__ import annotations

import copy

from engine.bots.simulate import drive
from engine.kernel import Game
from engine.venus_standard import market_view
from engine.venus_standard.definition import GAME
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState, clone_state


def midgame() -> Game[StandardState]:
    game: Game[StandardState] = Game.start(ruleset, {}, ["a", "b", "c"], seed="speed")
    drive(game, [GAME.make_bot("merchant", f"s{i}") for i in range(3)], "speed", max_rounds=8)
    return game


def test_clone_state_is_a_deep_copy() -> None:
    state = midgame().state
    fresh, deep = clone_state(state), copy.deepcopy(state)
    assert fresh == deep and fresh.model_dump() == state.model_dump()
    assert fresh.rewinds is state.rewinds  # the take-back record is shared, immutable
    fresh.players[0].cargo.append("x")
    fresh.trade.markets[next(iter(fresh.trade.markets))].goods.append("x")
    fresh.players[0].credits += 1
    assert fresh.model_dump() != state.model_dump() and deep.model_dump() == state.model_dump()


def test_cached_markets_view_equals_a_fresh_one_for_every_seat() -> None:
    game = midgame()
    systems = {cu: s for s, cu in game.state.discovered.items()}
    for seat in range(3):
        view = ruleset.view(game.state, seat)
        fresh = {cu: market_view._market_view(game.state, cu, systems.get(cu))
                 for cu in view["markets"]}
        assert view["markets"] == fresh
        view["markets"][next(iter(view["markets"]))]["passengers"] = ["changed"]
        assert ruleset.view(game.state, seat)["markets"] == fresh
