"""New Personalities implemented so far (table option ``personalities``): the Banker and
Verdant Velma."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.startraders.ruleset import ruleset

from .kit import c, game_of, play


def test_the_banker_starts_with_one_engine_and_150_stellors_new_personalities() -> None:
    game = Game.start(ruleset, {"personalities": ["banker", None]}, ["A", "B"], seed=1)
    banker = game.state.players[0]
    assert (banker.engines, banker.stellors) == (1, 150)


@pytest.mark.parametrize(("world", "command", "share"), [
    (25, c.BuildStation(), 1),  # 5 Stellors: 10% rounded up
    (11, c.BuyEngine(), 3),  # 30 Stellors
])
def test_the_banker_receives_a_tenth_of_payments_to_the_bank(world: int, command: c.Command,
                                                             share: int) -> None:
    game = game_of(players=[{"name": "Ann", "world": world},
                            {"name": "Bo", "personality": "banker"}])
    play(game, 0, c.EndMovement())
    play(game, 0, command)
    assert game.state.players[1].stellors == 40 + share


def test_no_envoy_for_a_banker_with_fewer_than_two_engines() -> None:
    game = game_of(players=[{"name": "Ann", "hand": ["envoy-1"]},
                            {"name": "Bo", "personality": "banker", "engines": 1}])
    with pytest.raises(RuleError, match="Banker"):
        play(game, 0, c.PlayCard(card="envoy-1", target=1))


@pytest.mark.parametrize(("kind", "roll", "ok"), [("regular", 3, True), ("regular", 2, False),
                                                  ("station", 1, True)])
def test_verdant_velma_green_lines_need_three_or_nothing_by_station(kind: str, roll: int,
                                                                    ok: bool) -> None:
    game = game_of(players=[{"name": "Vel", "world": 13, "personality": "verdant-velma"},
                            {"name": "Bo"}], stations={51: 0}, dice=[roll])
    play(game, 0, c.Jump(to=51, kind=kind))  # type: ignore[arg-type]
    assert (game.state.players[0].world == 51) is ok
