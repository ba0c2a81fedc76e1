"""Trades and Deals: offers at any time that wait for their answer without blocking the turn,
atomic acceptance, secrecy of money and cards, the same-world rule for cargo and engines."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError
from engine.startraders.ruleset import ruleset
from engine.startraders.state import Bundle

from .kit import asked, c, game_of, play, types

PLAYERS = [{"name": "Ann", "world": 25, "hold": ["Fur"]},
           {"name": "Bob", "world": 25, "hand": ["zap-1"]},
           {"name": "Cy", "world": 13}]


def test_an_offer_waits_without_blocking_the_turn_and_applies_atomically() -> None:
    game = game_of(players=PLAYERS, stations={14: 2})
    # Cy (not on turn) offers Bob his station at Mink for 12 Stellors and Bob's card
    play(game, 2, c.OfferDeal(to=1, give=Bundle(stations=[14]),
                              get=Bundle(stellors=12, cards=["zap-1"])))
    assert asked(game.state).seats == (0,)  # Ann's turn goes on
    play(game, 0, c.EndMovement())
    assert c.AnswerDeal(offer=1, accept=True) in list(ruleset.legal_actions(game.state, 1))
    out = play(game, 1, c.AnswerDeal(offer=1, accept=True))
    assert types(out)[0] == "DealAccepted"
    bob, cy = game.state.players[1], game.state.players[2]
    assert game.state.stations[14] == 1 and (bob.stellors, cy.stellors) == (28, 52)
    assert cy.hand == ["zap-1"] and bob.hand == [] and game.state.offers == []


def test_offers_and_money_are_told_only_to_the_two_parties() -> None:
    game = game_of(players=PLAYERS, stations={14: 2})
    [offer] = play(game, 2, c.OfferDeal(to=1, give=Bundle(stellors=5),
                                        get=Bundle(cards=["zap-1"])))
    assert "data" not in offer.redacted_for(0) and "data" in offer.redacted_for(1)
    assert ruleset.view(game.state, 0)["offers"] == []
    out = play(game, 1, c.AnswerDeal(offer=1, accept=True))
    for ev in out:
        if ev.type in ("StellorsChanged", "CardsGiven", "DealAccepted"):
            assert "data" not in ev.redacted_for(0)
    passed = [e for e in out if e.type == "CardsPassed"][0]
    assert passed.redacted_for(0)["data"] == {"seat": 1, "to": 2, "count": 1}


def test_cargo_and_engines_only_on_the_same_world_trades_and_deals() -> None:
    game = game_of(players=PLAYERS)
    with pytest.raises(RuleError, match="same world"):
        play(game, 0, c.OfferDeal(to=2, give=Bundle(cargo=["Fur"])))
    play(game, 0, c.OfferDeal(to=1, give=Bundle(cargo=["Fur"], engines=1),
                              get=Bundle(stellors=10)))
    play(game, 1, c.AnswerDeal(offer=1, accept=True))
    ann, bob = game.state.players[0], game.state.players[1]
    assert (ann.hold, ann.engines, bob.hold, bob.engines) == ([], 2, ["Fur"], 4)


def test_acceptance_checks_the_secret_side_then_and_names_it() -> None:
    """The offer may not be checked against the other's secret money when made (that would
    reveal it); acceptance refuses what cannot be paid and changes nothing."""
    game = game_of(players=PLAYERS)
    play(game, 2, c.OfferDeal(to=1, give=Bundle(stellors=1), get=Bundle(stellors=99)))
    with pytest.raises(RuleError, match="cannot pay 99"):
        play(game, 1, c.AnswerDeal(offer=1, accept=True))
    assert len(game.state.offers) == 1
    play(game, 2, c.WithdrawDeal(offer=1))
    assert game.state.offers == []


def test_only_the_player_offered_answers_and_prestige_is_no_commodity() -> None:
    game = game_of(players=PLAYERS)
    play(game, 2, c.OfferDeal(to=1, give=Bundle(stellors=1)))
    with pytest.raises(RuleError, match="only the player offered"):
        play(game, 0, c.AnswerDeal(offer=1, accept=True))
    with pytest.raises(Exception, match="prestige"):
        ruleset.parse_command({"type": "OfferDeal", "to": 1, "give": {"prestige": 3}})


def test_legal_actions_list_offers_drop_out_and_only_acceptable_answers() -> None:
    """Trades and Deals ("at any time") and Dropping Out are in every seat's legal commands,
    so bots and clients see them; each listed offer is one ``decide`` accepts; an offer that
    can no longer be carried out may only be declined."""
    game = game_of(players=PLAYERS, stations={14: 2, 15: 0})
    legal = list(ruleset.legal_actions(game.state, 1))  # Bob, not on turn
    assert c.DropOut() in legal
    offers = [a for a in legal if isinstance(a, c.OfferDeal)]
    assert c.OfferDeal(to=2, give=Bundle(stellors=12), get=Bundle(stations=[14])) in offers
    assert c.OfferDeal(to=0, give=Bundle(cards=["zap-1"]), get=Bundle(stellors=6)) in offers
    for offer in offers:  # each is accepted by the rules (on a copy of the game)
        trial = game_of(players=PLAYERS, stations={14: 2, 15: 0})
        play(trial, 1, offer)
    play(game, 2, c.OfferDeal(to=1, give=Bundle(stations=[14]), get=Bundle(stellors=10)))
    assert not any(isinstance(a, c.OfferDeal) for a in ruleset.legal_actions(game.state, 2))
    play(game, 2, c.OfferDeal(to=0, give=Bundle(stations=[14]), get=Bundle(stellors=12)))
    play(game, 0, c.AnswerDeal(offer=2, accept=True))  # Ann buys Mink first
    answers = [a for a in ruleset.legal_actions(game.state, 1) if isinstance(a, c.AnswerDeal)]
    assert answers == [c.AnswerDeal(offer=1, accept=False)]


def test_the_random_stand_in_never_drops_a_seat_out() -> None:
    """A bot standing in for an absent player (a timed-out turn) never leaves the table."""
    from engine.bots.random_bot import RandomBot

    game = game_of(players=PLAYERS)
    choices = [RandomBot(s).choose(ruleset, game.state, 0, game.seq) for s in range(200)]
    picks = {cmd.type for cmd in choices if cmd is not None}
    assert "DropOut" not in picks and picks


def test_the_listed_offers_leave_out_those_made_this_turn_and_stop_after_two() -> None:
    """The offers ``legal_actions`` lists (``deals.offer_choices``) keep a table from being
    flooded: none made already this turn, refused or not, and none after two this turn; a
    new turn lists them again. ``offer`` itself still accepts any."""
    game = game_of(players=PLAYERS, stations={14: 0, 13: 0})

    def listed() -> list[c.OfferDeal]:
        return [x for x in ruleset.legal_actions(game.state, 0) if isinstance(x, c.OfferDeal)]

    first, second = listed()[:2]
    for made in (first, second):
        play(game, 0, made)
        play(game, made.to, c.AnswerDeal(offer=game.state.offers[0].id, accept=False))
        assert made not in listed()
    assert listed() == []
    play(game, 0, first)  # beyond the list: still an offer the rules accept
    play(game, 0, c.WithdrawDeal(offer=game.state.offers[0].id))
    for command in (c.EndMovement(), c.SkipAction(), c.Draw(), c.EndTurn()):
        play(game, 0, command)
    assert game.state.turn is not None and game.state.turn.seat == 1
    assert first in listed()
