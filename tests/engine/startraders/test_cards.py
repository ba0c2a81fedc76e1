"""Trader's Luck cards with an effect in our words (docs/rulings.md): Takeover, Piracy,
Stressed Engines, Imperial Envoy, Priority Run, Superjump, Codebreaker, Jubilee."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError
from engine.startraders.ruleset import ruleset

from .kit import asked, c, game_of, play, turn_of, types


def _two(ann: dict, bob: dict | None = None) -> list[dict]:
    return [{"name": "Ann", **ann}, {"name": "Bob", **(bob or {})}]


def test_takeover_takes_the_station_and_spends_the_action_takeover() -> None:
    """Takeover: "ends your movement and counts as your Action"; no Prestige (no new
    station)."""
    game = game_of(players=_two({"world": 25, "hand": ["takeover-1"]}), stations={25: 1})
    play(game, 0, c.PlayCard(card="takeover-1", target=1, world=25))
    assert game.state.stations[25] == 0 and turn_of(game.state).stage == "draw"
    assert game.state.players[0].prestige == 1


def test_takeover_avoided_costs_neither_movement_nor_action_takeover() -> None:
    game = game_of(players=_two({"world": 25, "hand": ["takeover-1"]}, {"hand": ["avoid-1"]}),
                   stations={25: 1})
    play(game, 0, c.PlayCard(card="takeover-1", target=1, world=25))
    play(game, 1, c.AvoidCalamity(card="avoid-1"))
    assert game.state.stations[25] == 1 and turn_of(game.state).stage == "move"


def test_takeover_only_on_your_own_turn_and_world() -> None:
    game = game_of(players=_two({"world": 25}, {"hand": ["takeover-1"]}), stations={25: 0})
    with pytest.raises(RuleError, match="own turn"):
        play(game, 1, c.PlayCard(card="takeover-1", target=0, world=25))


def test_piracy_steals_a_cargo_and_two_prestige_piracy() -> None:
    game = game_of(players=_two({"world": 25, "hand": ["piracy-1"]},
                                {"world": 25, "hold": ["Fur"], "prestige": 1}))
    play(game, 0, c.PlayCard(card="piracy-1", target=1, cargo="Fur"))
    ann, bob = game.state.players
    assert (ann.hold, bob.hold, ann.prestige, bob.prestige) == (["Fur"], [], 2, 0)


def test_piracy_needs_the_same_world_piracy() -> None:
    game = game_of(players=_two({"world": 25, "hand": ["piracy-1"]}, {"world": 13}))
    with pytest.raises(RuleError, match="share your world"):
        play(game, 0, c.PlayCard(card="piracy-1", target=1))


@pytest.mark.parametrize(("bob", "stellors", "engines"), [
    ({}, 30, 3), ({"stellors": 4}, 4, 2), ({"personality": "engineer"}, 35, 3)])
def test_stressed_engines_repairs_or_an_engine_stressed_engines(
        bob: dict, stellors: int, engines: int) -> None:
    """Stressed Engines: 10 Stellors of repairs (the Engineer 5), else an engine is lost."""
    game = game_of(players=_two({"hand": ["stressed-1"]}, bob))
    play(game, 0, c.PlayCard(card="stressed-1", target=1))
    assert (game.state.players[1].stellors, game.state.players[1].engines) == (stellors,
                                                                              engines)


def test_envoy_misprint_is_telzey_23_imperial_envoy() -> None:
    """Misprint: one Envoy says "Telzey (43)"; it means Telzey (23)."""
    from engine.startraders.components import luck_cards

    envoys = [c for c in luck_cards().values() if c.kind == "envoy"]
    assert sorted(c.world for c in envoys if c.world is not None) == [13, 23, 33, 43, 53]
    assert len(envoys) == 5


def test_envoy_prohibits_delivery_then_delivers_on_arrival_imperial_envoy() -> None:
    players = _two({"world": 51, "hold": ["Power Crystals"]}, {"hand": ["envoy-2"]})
    game = game_of(players=players, contracts=[1, 20], active=1)
    play(game, 1, c.PlayCard(card="envoy-2", target=0))  # Telzey (23)
    assert game.state.players[0].envoy == "envoy-2"
    play(game, 1, c.EndMovement())
    play(game, 1, c.SkipAction())
    play(game, 1, c.Draw())
    play(game, 1, c.EndTurn())
    assert game.state.players[0].hold == ["Power Crystals"]  # not delivered at Wells
    play(game, 0, c.EndMovement())
    with pytest.raises(RuleError, match="Envoy"):
        play(game, 0, c.BuildStation())
    assert [a for a in ruleset.legal_actions(game.state, 0)
            if isinstance(a, (c.BuildStation, c.BuyEngine, c.Petition))] == []


def test_reaching_the_envoys_world_discards_it_then_delivers_imperial_envoy() -> None:
    """Imperial Envoy!: "If the Envoy's destination is also that of a Current Contract you
    are carrying, upon arriving you must discard the Envoy and then immediately deliver"."""
    players = _two({"world": 52, "hold": ["Tourists"]},
                   {"hand": ["envoy-5"], "policy": "never"})  # Hexworld (53)
    game = game_of(players=players, contracts=[1, 61], dice=[6])
    play(game, 1, c.PlayCard(card="envoy-5", target=0))
    out = play(game, 0, c.Jump(to=53))
    assert types(out).index("EnvoyReached") < types(out).index("ContractDelivered")
    assert game.state.players[0].envoy is None and "envoy-5" in game.state.luck_discard


def test_priority_run_gives_one_more_jump_attempt_priority_run() -> None:
    game = game_of(players=_two({"world": 14, "engines": 1, "hand": ["priority-run-1"]}),
                   dice=[6, 6])
    play(game, 0, c.PlayCard(card="priority-run-1", target=0))
    play(game, 0, c.Jump(to=13))
    assert turn_of(game.state).stage == "move"
    play(game, 0, c.Jump(to=14))
    assert turn_of(game.state).stage == "action"


def test_superjump_always_succeeds_along_a_green_line_superjump() -> None:
    game = game_of(players=_two({"world": 13, "hand": ["superjump-1"]}), dice=[1])
    out = play(game, 0, c.PlayCard(card="superjump-1", target=0, world=51))
    assert "LoadedDieUsed" not in types(out) and game.state.players[0].world == 51


def test_codebreaker_uses_anothers_station_without_asking_codebreaker() -> None:
    game = game_of(players=_two({"world": 14, "hand": ["codebreaker-1"]}), stations={15: 1})
    out = play(game, 0, c.PlayCard(card="codebreaker-1", target=1, world=15))
    assert "PermissionAsked" not in types(out) and game.state.players[0].world == 15


def test_jubilee_is_played_when_drawn_and_not_replaced_jubilee() -> None:
    """Emperor Proclaims Jubilee!: our reading, 1 Stellor per station, the Insider nothing
    for Capital; the player does not draw a card to replace it."""
    players = _two({"hand": ["zap-1"]}, {"personality": "insider"})
    game = game_of(players=players, stations={13: 0, 14: 0, 66: 1, 25: 1},
                   luck_top=["jubilee-1"])
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    out = play(game, 0, c.Draw())
    assert "JubileeProclaimed" in types(out)
    assert game.state.players[0].hand == ["zap-1"] and "jubilee-1" in game.state.luck_discard
    assert (game.state.players[0].stellors, game.state.players[1].stellors) == (38, 39)
    assert asked(game.state).prompt == "draw"
