"""Cargo: Picking Up, Dropping Off (the forced delivery, abandoning), Payoffs (station owner,
the Imperial Contract), Races, Completed Contracts, special payoffs, Prestige bounds."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import RuleError
from engine.startraders.ruleset import ruleset

from .kit import asked, c, game_of, play, types

CRYSTALS = 20  # Frygia (25) Power Crystals -> Wells (51): 19+3, station 9 (the book's card)
THREE = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def _players(*specs: dict[str, Any]) -> list[dict[str, Any]]:
    names = ["Ann", "Bob", "Cy", "Di"]
    return [{"name": names[i], **spec} for i, spec in enumerate(specs)]


def test_pick_up_at_the_pick_up_world_picking_up_a_cargo() -> None:
    game = game_of(players=_players({"world": 25}, {}), contracts=[1, CRYSTALS])
    play(game, 0, c.PickUp(slot=1))
    assert game.state.players[0].hold == ["Power Crystals"]
    assert game.state.slots == [1, CRYSTALS]  # the Pick Up counter stays


def test_pick_up_elsewhere_refused() -> None:
    game = game_of(players=_players({"world": 24}, {}), contracts=[1, CRYSTALS])
    with pytest.raises(RuleError, match="Picking Up a Cargo"):
        play(game, 0, c.PickUp(slot=1))


def test_two_cargoes_in_the_hold_picking_up_a_cargo() -> None:
    game = game_of(players=_players({"world": 25}, {}), contracts=[1, CRYSTALS])
    play(game, 0, c.PickUp(slot=1))
    play(game, 0, c.PickUp(slot=1))  # two copies are allowed
    with pytest.raises(RuleError, match="two cargoes"):
        play(game, 0, c.PickUp(slot=1))


def test_forced_delivery_and_station_owner_payoffs() -> None:
    """Payoffs, the book's card: Power Crystals to Wells pay 19 Stellors and 3 Prestige; the
    station owner at Wells gets 9. Delivery on arrival is forced (Dropping Off)."""
    game = game_of(players=_players({"world": 13, "hold": ["Power Crystals"]}, {}),
                   contracts=[1, CRYSTALS], stations={51: 1}, deck_top=[5], dice=[6])
    out = play(game, 0, c.Jump(to=51))
    assert "ContractDelivered" in types(out)
    ann, bob = game.state.players
    assert (ann.stellors, ann.prestige, ann.hold) == (59, 4, [])
    assert bob.stellors == 49
    assert game.state.slots == [1, 5] and game.state.discard == [CRYSTALS]


def test_own_station_gets_both_payments_payoffs() -> None:
    """"If the Trader who makes the delivery also owns the station, he'll get all 28."""
    game = game_of(players=_players({"world": 13, "hold": ["Power Crystals"]}, {}),
                   contracts=[1, CRYSTALS], stations={51: 0}, dice=[6])
    play(game, 0, c.Jump(to=51))
    assert game.state.players[0].stellors == 40 + 28


@pytest.mark.parametrize(("players", "prestige"), [(3, 1 + 6), (2, 1 + 3)])
def test_imperial_contract_doubles_prestige_not_with_two_players_payoffs(
        players: int, prestige: int) -> None:
    """Contract No. 1 is the Imperial Contract: double Prestige, except in a two-player game."""
    specs: list[dict[str, Any]] = [{"world": 13, "hold": ["Power Crystals"]}] + [{}] * (players - 1)
    game = game_of(players=_players(*specs), contracts=[CRYSTALS, 1], dice=[6])
    play(game, 0, c.Jump(to=51))
    assert game.state.players[0].prestige == prestige


def test_race_prestige_and_completed_contract_races() -> None:
    """Races: one extra Prestige per other Trader holding the same cargo (after doubling);
    the Contract becomes a Completed Contract with a right-to-deliver for each holder."""
    specs: list[dict[str, Any]] = [{"world": 13, "hold": ["Power Crystals"]},
                                   {"hold": ["Power Crystals"]}, {"hold": ["Power Crystals"]}]
    game = game_of(players=_players(*specs), contracts=[CRYSTALS, 1], dice=[6])
    out = play(game, 0, c.Jump(to=51))
    assert game.state.players[0].prestige == 1 + 6 + 2
    assert "ContractCompleted" in types(out)
    [entry] = game.state.completed
    assert entry.contract == CRYSTALS and entry.rights == {1: 1, 2: 1}


def test_deliver_to_completed_contract_without_payoff_completed_contracts() -> None:
    """Completed Contracts: the right to deliver pays nothing; every copy goes at once; the
    card is discarded when no markers remain."""
    specs: list[dict[str, Any]] = [{"world": 51, "hold": ["Power Crystals", "Power Crystals"]}, {}]
    game = game_of(players=_players(*specs), contracts=[1, 2],
                   completed=[{"contract": CRYSTALS, "rights": {0: 1}}])
    play(game, 0, c.DeliverCompleted(contract=CRYSTALS))
    ann = game.state.players[0]
    assert (ann.hold, ann.stellors, ann.prestige) == ([], 40, 1)
    assert game.state.completed == [] and CRYSTALS in game.state.discard


def test_deliver_completed_needs_the_right() -> None:
    specs: list[dict[str, Any]] = [{"world": 51, "hold": ["Power Crystals"]}, {}]
    game = game_of(players=_players(*specs), contracts=[1, 2],
                   completed=[{"contract": CRYSTALS, "rights": {1: 1}}])
    with pytest.raises(RuleError, match="Completed Contracts"):
        play(game, 0, c.DeliverCompleted(contract=CRYSTALS))


def test_abandon_costs_five_stellors_and_three_prestige_dropping_off() -> None:
    specs = [{"hold": ["Fur"], "prestige": 2}, {}]
    game = game_of(players=_players(*specs), contracts=[1, 2])
    play(game, 0, c.Abandon(cargo="Fur"))
    ann = game.state.players[0]
    assert (ann.hold, ann.stellors, ann.prestige) == ([], 35, 0)  # "lose": down to 0


def test_abandon_impossible_without_five_stellors_prestige_pay_versus_lose() -> None:
    """Prestige: a payment you cannot make cannot be performed."""
    game = game_of(players=_players({"hold": ["Fur"], "stellors": 4}, {}), contracts=[1, 2])
    with pytest.raises(RuleError, match="5 Stellors"):
        play(game, 0, c.Abandon(cargo="Fur"))
    assert c.Abandon(cargo="Fur") not in list(ruleset.legal_actions(game.state, 0))


def test_abandon_for_completed_contract_loses_a_right_dropping_off() -> None:
    specs = [{"hold": ["Power Crystals"]}, {}]
    game = game_of(players=_players(*specs), contracts=[1, 2],
                   completed=[{"contract": CRYSTALS, "rights": {0: 1}}])
    play(game, 0, c.Abandon(cargo="Power Crystals"))
    assert game.state.completed == []


def test_prestige_never_above_thirty_prestige() -> None:
    game = game_of(players=_players({"world": 13, "hold": ["Power Crystals"],
                                     "prestige": 29}, {}), contracts=[1, CRYSTALS], dice=[6])
    play(game, 0, c.Jump(to=51))
    assert game.state.players[0].prestige == 30


@pytest.mark.parametrize(("roll", "stellors", "prestige"), [(5, 40 + 45, 1 + 12 + 1),
                                                             (4, 40, 1 + 1)])
def test_jackpot_pays_only_on_five_or_more_race_prestige_always_special_payoffs(
        roll: int, stellors: int, prestige: int) -> None:
    """Deliveries to Jackpot (63) pay the deliverer only on a roll of 5 or more; the race
    winner always gets the race Prestige (Races)."""
    specs: list[dict[str, Any]] = [{"world": 26, "hold": ["Tourists"]}, {"hold": ["Tourists"]}]
    game = game_of(players=_players(*specs), contracts=[1, 62], dice=[6, roll])
    play(game, 0, c.Jump(to=63))
    ann = game.state.players[0]
    assert (ann.stellors, ann.prestige) == (stellors, prestige)


@pytest.mark.parametrize("engine", [True, False])
def test_kluge_offers_an_engine_in_lieu_special_payoffs(engine: bool) -> None:
    """Deliveries to Kluge (11) offer an engine instead of the Stellors and Prestige."""
    specs: list[dict[str, Any]] = [{"world": 12, "hold": ["Gremlins"]}, {}]
    game = game_of(players=_players(*specs), contracts=[1, 39], dice=[6])
    play(game, 0, c.Jump(to=11))
    assert asked(game.state).prompt == "kluge_payoff"
    play(game, 0, c.ChooseKlugePayoff(engine=engine))
    ann = game.state.players[0]
    expected = (4, 40, 1) if engine else (3, 62, 5)
    assert (ann.engines, ann.stellors, ann.prestige) == expected


def test_new_contract_for_held_cargo_delivers_at_turn_start_dropping_off() -> None:
    """A new Contract calling for a cargo you hold on your current world: deliver at the
    beginning of your turn."""
    specs: list[dict[str, Any]] = [{"world": 51, "hold": ["Power Crystals"]},
             {"world": 13, "hand": ["zap-1", "zap-2"]}]
    # the Contract came up during Bob's turn (the scenario starts there)
    game = game_of(players=_players(*specs), contracts=[1, CRYSTALS], active=1)
    assert game.state.players[0].hold == ["Power Crystals"]
    play(game, 1, c.EndMovement())
    play(game, 1, c.SkipAction())
    out = play(game, 1, c.EndTurn())
    assert "ContractDelivered" in types(out) and game.state.players[0].hold == []
