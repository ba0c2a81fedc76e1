"""The Action stage (Stations, Engines, Petitioning), the Draw stage and the explicit end of
turn, Winning the Game and the Advanced Game."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Game, RuleError
from engine.startraders.components import contracts
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState

from .kit import asked, c, game_of, play, turn_of, types


def _at_action(**scenario: Any) -> Game[StarState]:
    game = game_of(**scenario)
    play(game, 0, c.EndMovement())
    return game


def test_build_station_five_stellors_two_prestige_stations() -> None:
    game = _at_action(players=[{"name": "Ann", "world": 25}, {"name": "Bob"}])
    play(game, 0, c.BuildStation())
    ann = game.state.players[0]
    assert game.state.stations[25] == 0 and (ann.stellors, ann.prestige) == (35, 3)
    assert turn_of(game.state).stage == "draw"


def test_build_station_three_prestige_in_the_advanced_game() -> None:
    game = _at_action(advanced=True, players=[{"name": "Ann", "world": 25}, {"name": "Bob"}])
    play(game, 0, c.BuildStation())
    assert game.state.players[0].prestige == 4


def test_one_station_per_world_stations() -> None:
    game = _at_action(players=[{"name": "Ann", "world": 25}, {"name": "Bob"}],
                      stations={25: 1})
    with pytest.raises(RuleError, match="already has a station"):
        play(game, 0, c.BuildStation())


@pytest.mark.parametrize(("engines", "cost"), [(3, 30), (4, 40)])
def test_buy_engine_at_a_shipyard_engines(engines: int, cost: int) -> None:
    """Engines: #4 costs 30 Stellors, #5 costs 40; at a shipyard."""
    game = _at_action(players=[{"name": "Ann", "world": 11, "engines": engines},
                               {"name": "Bob"}])
    play(game, 0, c.BuyEngine())
    ann = game.state.players[0]
    assert (ann.engines, ann.stellors) == (engines + 1, 40 - cost)


def test_no_engine_away_from_shipyards_and_at_most_five_engines() -> None:
    game = _at_action(players=[{"name": "Ann", "world": 12}, {"name": "Bob"}])
    with pytest.raises(RuleError, match="shipyard"):
        play(game, 0, c.BuyEngine())
    game = _at_action(players=[{"name": "Ann", "world": 11, "engines": 5,
                                "stellors": 90}, {"name": "Bob"}])
    with pytest.raises(RuleError, match="at most 5"):
        play(game, 0, c.BuyEngine())


def test_engineer_builds_a_sixth_engine_anywhere_personalities() -> None:
    game = _at_action(players=[{"name": "Ann", "world": 12, "engines": 5,
                                "personality": "engineer"}, {"name": "Bob"}])
    play(game, 0, c.BuyEngine())
    assert game.state.players[0].engines == 6 and game.state.players[0].stellors == 0


def test_petition_needs_fifteen_prestige_winning_the_game() -> None:
    game = _at_action(players=[{"name": "Ann", "prestige": 14}, {"name": "Bob"}])
    with pytest.raises(RuleError, match="15 Prestige"):
        play(game, 0, c.Petition())


def test_petition_granted_at_no_cost_and_mission_drawn_completing_your_mission() -> None:
    """Petition Table 7+: granted. Contract cards are turned up until one pays 15 or more
    (Jackpot's 39 averages 13: not enough); it becomes the Imperial Mission."""
    game = _at_action(players=[{"name": "Ann", "prestige": 25}, {"name": "Bob"}],
                      contracts=[3, 4], deck_top=[1, 56, 20], dice=[5])
    out = play(game, 0, c.Petition())
    assert types(out).count("MissionCardRejected") == 2
    assert game.state.players[0].mission == 20 and game.state.discard == [1, 56]


def test_mission_won_on_delivery_of_the_imperial_cargo_winning_the_game() -> None:
    mission = contracts()[20]  # Frygia (25) -> Wells (51)
    game = game_of(players=[{"name": "Ann", "world": 25, "mission": 20}, {"name": "Bob"}],
                   contracts=[1, 2], dice=[6, 6])
    play(game, 0, c.PickUpMission())
    assert game.state.players[0].hold == ["imperial"]
    with pytest.raises(RuleError, match="two Imperial Cargoes"):
        play(game, 0, c.PickUpMission())
    play(game, 0, c.Jump(to=13))
    out = play(game, 0, c.Jump(to=mission.deliver))
    assert out[-1].type == "GameWon" and game.state.winner == 0
    assert ruleset.pending(game.state) is None


@pytest.mark.parametrize(("roll", "pay", "mission", "stellors", "prestige"), [
    (5, True, True, 20, 20),  # 5: granted for 20 Stellors
    (5, False, False, 40, 10),  # refused: lose 10 Prestige
    (3, False, False, 30, 10),  # 3: refused, lose 10 Prestige and 10 Stellors
])
def test_petition_table_prices_petitioning(roll: int, pay: bool, mission: bool,
                                            stellors: int, prestige: int) -> None:
    game = _at_action(players=[{"name": "Ann", "prestige": 20}, {"name": "Bob"}],
                      contracts=[3, 4], deck_top=[20], dice=[roll - 1])  # +1 area: 20 Prestige
    play(game, 0, c.Petition())
    assert asked(game.state).prompt == "petition_price"
    play(game, 0, c.PayPetition(pay=pay))
    ann = game.state.players[0]
    assert (ann.mission is not None, ann.stellors, ann.prestige) == (mission, stellors, prestige)


def test_petition_price_cannot_be_paid_without_the_money_prestige() -> None:
    game = _at_action(players=[{"name": "Ann", "prestige": 15, "stellors": 50},
                               {"name": "Bob"}], dice=[3])
    play(game, 0, c.Petition())
    answers = [a for a in ruleset.legal_actions(game.state, 0) if isinstance(a, c.PayPetition)]
    assert answers == [c.PayPetition(pay=False)]
    with pytest.raises(RuleError, match="cannot pay"):
        play(game, 0, c.PayPetition(pay=True))


def test_petition_denied_loses_stellors_and_prestige_petition_table_1() -> None:
    game = _at_action(players=[{"name": "Ann", "prestige": 15}, {"name": "Bob"}], dice=[1])
    play(game, 0, c.Petition())
    ann = game.state.players[0]
    assert (ann.stellors, ann.prestige, turn_of(game.state).stage) == (20, 10, "draw")


def test_draw_stage_draws_below_two_and_end_turn_is_explicit_stages_of_the_turn() -> None:
    game = _at_action(players=[{"name": "Ann", "hand": ["zap-1"]}, {"name": "Bob"}])
    play(game, 0, c.SkipAction())
    with pytest.raises(RuleError, match="draw"):
        play(game, 0, c.EndTurn())
    play(game, 0, c.Draw())
    assert len(game.state.players[0].hand) == 2
    play(game, 0, c.EndTurn())
    assert turn_of(game.state).seat == 1 and turn_of(game.state).stage == "move"


def test_exchange_a_card_with_a_full_hand_traders_luck() -> None:
    game = _at_action(players=[{"name": "Ann", "hand": ["zap-1", "zap-2"]}, {"name": "Bob"}])
    play(game, 0, c.SkipAction())
    with pytest.raises(RuleError, match="full hand"):
        play(game, 0, c.Draw())
    play(game, 0, c.Exchange(card="zap-1"))
    hand = game.state.players[0].hand
    assert len(hand) == 2 and "zap-1" not in hand and "zap-1" in game.state.luck_discard


def test_lucky_lou_draws_two_up_to_three_personalities() -> None:
    game = _at_action(players=[{"name": "Ann", "hand": ["zap-1"], "personality": "lucky-lou"},
                               {"name": "Bob"}])
    play(game, 0, c.SkipAction())
    play(game, 0, c.Draw())
    assert len(game.state.players[0].hand) == 3


def test_imperial_station_chain_wins_the_advanced_game() -> None:
    """Winning the Advanced Game: 3 directly connected Imperial Stations with five players.
    Imperial Station Petition Table 7+: granted, spend 10 Prestige."""
    players: list[dict[str, Any]] = [{"name": n} for n in "ABCDE"]
    players[0].update(world=15, prestige=12)
    game = _at_action(advanced=True, players=players, stations={14: 0, 15: 0, 13: 0},
                      imperial_stations=[13, 14], dice=[6])
    out = play(game, 0, c.Petition())  # 6 + 0 -> 6: pay 10 Stellors and 5 Prestige
    assert asked(game.state).prompt == "petition_price"
    out = play(game, 0, c.PayPetition(pay=True))
    assert out[-1].type == "GameWon" and out[-1].data["reason"] == "imperial-chain"
    assert game.state.players[0].prestige == 7


def test_rivals_zap_the_petition_roll_after_it_is_made_petitioning() -> None:
    """"Traders can also change your die after you roll"; the Prestige area's bonus is added
    after all cards are played. -1 or less: lose your next turn and 15 Prestige."""
    game = _at_action(players=[{"name": "Ann", "prestige": 16},
                               {"name": "Bob", "hand": ["superzap-1"]}], dice=[1])
    play(game, 0, c.Petition())
    assert asked(game.state).prompt == "zap"
    out = play(game, 1, c.Zap(card="superzap-1", delta=-2))
    settled = [e for e in out if e.type == "PetitionSettled"][0]
    assert settled.data["result"] == -1
    ann = game.state.players[0]
    assert (ann.prestige, ann.lose_turn) == (1, True)
    play(game, 0, c.Draw())
    play(game, 0, c.EndTurn())
    play(game, 1, c.EndMovement())
    play(game, 1, c.SkipAction())
    play(game, 1, c.Draw())
    out = play(game, 1, c.EndTurn())
    assert "TurnSkipped" in types(out) and turn_of(game.state).seat == 1  # Ann's turn is lost


def _angered(bids_hand: dict[str, Any] | None = None) -> Game[StarState]:
    """Advanced game, three Traders; Ann petitions at her station on 25 and rolls -1 (a 1,
    Superzapped by Cy): "Your station goes up for auction"."""
    game = _at_action(advanced=True, players=[
        {"name": "Ann", "world": 25, "prestige": 12},
        {"name": "Bob", "stellors": 30},
        {"name": "Cy", "hand": ["superzap-1"], "stellors": 20, **(bids_hand or {})}],
        stations={25: 0}, dice=[1])
    play(game, 0, c.Petition())
    play(game, 2, c.Zap(card="superzap-1", delta=-2))
    return game


def test_the_angered_emperor_puts_the_station_up_for_auction_imperial_station_petition_table(
) -> None:
    """Imperial Station Petition Table, -1: lose 10 Prestige; the station leaves its owner
    and every Trader bids, sealed, the petitioner too ("You may bid on it yourself")."""
    game = _angered()
    st = game.state
    assert st.players[0].prestige == 2 and 25 not in st.stations
    now = asked(st)
    assert now.prompt == "auction" and set(now.seats) == {0, 1, 2}
    assert c.Bid(stellors=30) in list(ruleset.legal_actions(st, 1))
    assert c.Bid(stellors=35) not in list(ruleset.legal_actions(st, 1))
    with pytest.raises(RuleError, match="Imperial Station Petition Table"):
        play(game, 1, c.Bid(stellors=31))
    play(game, 0, c.Bid(stellors=12))
    bob = play(game, 1, c.Bid(stellors=15))
    assert bob[0].audience.seats == (1,)  # a bid is told to its bidder alone
    view = ruleset.view(st, 2)
    assert view["auction"] == {"world": 25, "seller": 0, "waiting": [2], "bid": None}
    out = play(game, 2, c.Bid(stellors=15))  # a tie goes to the earlier in priority
    closed = [e for e in out if e.type == "AuctionClosed"][0]
    assert (closed.data["seat"], closed.data["stellors"]) == (1, 15)
    assert st.stations[25] == 1 and st.players[1].stellors == 15
    assert st.players[2].stellors == 20 and st.players[0].stellors == 40
    assert asked(st).prompt == "draw" and turn_of(st).seat == 0


def test_an_auction_without_bids_removes_the_station_imperial_station_petition_table() -> None:
    game = _angered()
    for seat in (0, 1, 2):
        out = play(game, seat, c.Bid(stellors=0))
    assert [e for e in out if e.type == "AuctionClosed"][0].data["seat"] is None
    assert 25 not in game.state.stations and game.state.auction is None


def test_a_bidder_who_drops_out_does_not_hold_up_the_auction_dropping_out() -> None:
    game = _angered()
    play(game, 0, c.Bid(stellors=5))
    play(game, 1, c.Bid(stellors=0))
    play(game, 2, c.DropOut())
    assert game.state.stations[25] == 0 and game.state.auction is None
