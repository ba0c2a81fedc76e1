"""Missions and rewards on a real table ("Missions", "Second Mission", "Rewards", "End of the
Game > Count Fame")."""

from __future__ import annotations

import pytest

from engine.kernel import Game, RuleError
from engine.venus_standard import card_rules as cr
from engine.venus_standard import commands as c
from engine.venus_standard import helm_commands as hc
from engine.venus_standard import scenario
from engine.venus_standard.order import FAME_SOURCES, HOOKS
from engine.venus_standard.places import landings_in
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.scoring import fame_parts
from engine.venus_standard.state import StandardState

from .cards_kit import current, on_top, table
from .kit import asked


def test_completing_a_mission_draws_a_reward_and_a_new_mission() -> None:
    """Armed Escort (destination none): laser 4. The card goes face down, a Reward card,
    then a new Mission card."""
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions, p.laser = ["armed-escort"], 4
    on_top(game, "reward", "war-chest")
    on_top(game, "mission", "colony-charter")
    assert cr.CompleteMission(mission="armed-escort") in list(
        ruleset.legal_actions(game.state, seat))
    credits = p.credits
    game.play(seat, cr.CompleteMission(mission="armed-escort"))
    p = game.state.player(seat)
    assert p.missions_done == ["armed-escort"] and p.missions == ["colony-charter"]
    assert p.rewards == ["war-chest"] and p.credits == credits + 60


def test_a_mission_not_met_is_refused_naming_it() -> None:
    game = table()
    seat = current(game)
    game.state.player(seat).missions = ["armed-escort"]
    assert not [a for a in ruleset.legal_actions(game.state, seat)
                if isinstance(a, cr.CompleteMission)]
    with pytest.raises(RuleError, match="Missions: Armed Escort"):
        game.play(seat, cr.CompleteMission(mission="armed-escort"))
    with pytest.raises(RuleError, match="not one of your active missions"):
        game.play(seat, cr.CompleteMission(mission="war-relief"))


def _armed_escort_completed(reward: str) -> tuple[Game[StandardState], int]:
    """A table whose current player completes Armed Escort (laser 4) and draws ``reward``;
    the game and that seat."""
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions, p.laser = ["armed-escort"], 4
    on_top(game, "reward", reward)
    game.play(seat, cr.CompleteMission(mission="armed-escort"))
    return game, seat


def test_trade_in_reward_waits_then_a_new_mission() -> None:
    """A trade-in card: exchange it for c50 at once; it goes beside the board."""
    game, seat = _armed_escort_completed("hero-medal")
    assert asked(game.state).prompt == "trade_in"
    assert game.state.player(seat).missions == []  # the new mission follows the choice
    credits = game.state.player(seat).credits
    game.play(seat, cr.KeepReward(keep=False))
    p = game.state.player(seat)
    assert p.credits == credits + 50 and p.rewards == [] and len(p.missions) == 1
    assert game.state.cards.rewards_for_sale == ["hero-medal"]


def test_keeping_a_trade_in_card_applies_it() -> None:
    game, seat = _armed_escort_completed("shield-upgrade")
    game.play(seat, cr.KeepReward(keep=True))
    p = game.state.player(seat)
    assert p.rewards == ["shield-upgrade"] and p.shield == 2


def test_second_mission_at_galactic_base() -> None:
    """"If a player is located on Galactic Base but chooses to skip his Movement phase, he
    may still purchase a second mission immediately prior to starting his Transaction
    phase": five fame and a second active mission, once."""
    game = table()
    seat = current(game)
    game.state.player(seat).credits = 100
    game.play(seat, c.SkipMovement())
    assert game.state.turn is not None and game.state.turn.phase == "transaction"
    assert cr.BuySecondMission() in list(ruleset.legal_actions(game.state, seat))
    game.play(seat, cr.BuySecondMission())
    p = game.state.player(seat)
    assert p.credits == 40 and p.fame == 5 and len(p.missions) == 2
    with pytest.raises(RuleError, match="Second Mission"):
        game.play(seat, cr.BuySecondMission())


def test_second_mission_not_at_the_start_of_a_turn_at_galactic_base() -> None:
    """"A player can purchase a second mission by landing his ship at Galactic Base and
    paying c60 to the bank during his Movement phase": every ship starts round 1 there, and
    none may buy one before moving (nor fly away with it)."""
    game = table()
    seat = current(game)
    game.state.player(seat).credits = 100
    assert cr.BuySecondMission() not in list(ruleset.legal_actions(game.state, seat))
    with pytest.raises(RuleError, match="Second Mission"):
        game.play(seat, cr.BuySecondMission())


def test_second_mission_after_landing_at_galactic_base() -> None:
    """Landing at Galactic Base in the Movement phase: the second mission is offered once
    the ship has landed (docs/rulings.md: up to the end of the Transaction phase)."""
    game = scenario.start({
        "players": [{"name": "Ann", "space": "base-west.1", "heading": "galactic-base",
                     "credits": 100, "missions": ["colony-charter"]}, {"name": "Bob"}],
        "dice": [1, 1, 1]})
    game.play(0, hc.RollSpeed())
    assert cr.BuySecondMission() not in list(ruleset.legal_actions(game.state, 0))
    game.play(0, hc.Step(to="galactic-base"))
    if hc.Land() in list(ruleset.legal_actions(game.state, 0)):  # points left to go on
        game.play(0, hc.Land())
    assert game.state.turn is not None and game.state.turn.landed == "galactic-base"
    assert cr.BuySecondMission() in list(ruleset.legal_actions(game.state, 0))
    game.play(0, cr.BuySecondMission())
    assert game.state.player(0).fame == 5 and len(game.state.player(0).missions) == 2


def test_buying_a_traded_in_reward_at_galactic_base() -> None:
    """c60 and one buy action, in the Transaction phase at Galactic Base."""
    game = table()
    seat = current(game)
    game.state.player(seat).credits = 100
    game.state.cards.rewards_for_sale = ["hero-medal"]
    with pytest.raises(RuleError, match="Transaction phase"):
        game.play(seat, cr.BuyReward(card="hero-medal"))
    game.play(seat, c.SkipMovement())  # on Galactic Base: to the Transaction phase
    assert cr.BuyReward(card="hero-medal") in list(ruleset.legal_actions(game.state, seat))
    game.play(seat, cr.BuyReward(card="hero-medal"))
    p = game.state.player(seat)
    assert p.rewards == ["hero-medal"] and p.credits == 40
    assert game.state.cards.rewards_for_sale == []


def test_confirmed_location_swaps_a_mission_at_galactic_base() -> None:
    game = table(title_intel_in_play=True)
    seat = current(game)
    p = game.state.player(seat)
    p.credits = 100
    old = p.missions[0]
    on_top(game, "mission", "moon-envoy")
    game.play(seat, cr.UseIntel(card="confirmed-location", mission=old))
    p = game.state.player(seat)
    assert p.missions == ["moon-envoy"] and game.state.decks["mission"][-1] == old
    assert p.credits == 70 and "confirmed-location" in game.state.cards.beside_track


def test_count_fame_reads_rewards_missions_and_titles() -> None:
    """Count Fame: Reward cards' fame, completed Mission cards' fame, titles (ours)."""
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.rewards = ["star-idol", "rastur-helm"]
    p.missions_done = ["colony-charter", "jungle-medicine", "mining-claim"]
    game.state.cards.title_holders = {"archeologist": seat}
    parts = dict(fame_parts(game.state, seat, FAME_SOURCES))
    assert (parts["reward_cards"], parts["completed_missions"], parts["titles"]) == (6, 6, 4)


def test_landing_in_the_destination_system_on_the_board() -> None:
    """"land on a surface city, spaceport, or other indicated space in the designated
    system": Colony Charter on a Colony World surface city."""
    from engine.venus_standard.board import load_board

    board = load_board()
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions = ["colony-charter"]
    p.space = board.landing_places("colony-world")[0]
    assert cr.CompleteMission(mission="colony-charter") in list(
        ruleset.legal_actions(game.state, seat))
    p.space = board.orbits("colony-world")[0]  # in the system, but not landed
    assert cr.CompleteMission(mission="colony-charter") not in list(
        ruleset.legal_actions(game.state, seat))


def test_an_anomaly_mission_on_a_space_around_it() -> None:
    """"Anomalies": the Supernova is a destination; ours: a ship on the trade route around
    it is at the "other indicated space" (docs/rulings.md)."""
    from engine.venus_standard.board import load_board

    board = load_board()
    around = [s.id for s in board.spaces.values() if s.route == "supernova"]
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions, p.shield, p.space = ["nova-readings"], 4, around[0]
    game.play(seat, cr.CompleteMission(mission="nova-readings"))
    assert game.state.player(seat).missions_done == ["nova-readings"]


def test_wave_emitter_exchange_of_missions() -> None:
    """Appendix B, Wave Emitter: "exchange one Mission card with him"."""
    from engine.kernel import Randomness
    from engine.venus_standard.draft import Draft

    game = table()
    a, b = game.state.player(0).missions[0], game.state.player(1).missions[0]
    draft = Draft(game.state, Randomness("x", 1), HOOKS)
    cr.exchange_missions(draft, 0, 1, a, b)
    assert draft.state.player(0).missions == [b] and draft.state.player(1).missions == [a]
    with pytest.raises(RuleError, match="Wave Emitter"):
        cr.exchange_missions(draft, 0, 1, a, b)


def test_a_mission_that_shows_credits_takes_none_of_them() -> None:
    """Ours: Habitat Supplies wants c150 in hand at the Nebula Habitat, shown, not paid."""
    game = table()
    seat = current(game)
    p = game.state.player(seat)
    p.missions, p.credits = ["habitat-supplies"], 150
    p.space = landings_in("nebula-habitat")[0]
    on_top(game, "reward", "war-chest")
    legal = list(ruleset.legal_actions(game.state, seat))
    assert cr.CompleteMission(mission="habitat-supplies") in legal
    game.play(seat, cr.CompleteMission(mission="habitat-supplies"))
    assert game.state.player(seat).missions_done == ["habitat-supplies"]
    assert game.state.player(seat).credits == 150 + 60  # war-chest: c60, nothing paid
