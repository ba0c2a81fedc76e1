"""Trading with other merchants, 1988 rules 11.1 and 11.4 (an offer and its answer)."""

from __future__ import annotations

from engine.venus import commands as c

from .movekit import legal, of_type, play, refused
from .tradekit import CITY, at_city, at_spaceport, cash

BOB_HERE = {"name": "Bob", "race": "dell", "dot": CITY, "cash": 300,
            "goods": ["goods:graw"], "relics": ["spy_eye"], "ious": ["humans"]}


def test_11_4_an_offer_waits_for_the_other_players_answer() -> None:
    """11.4: the exchange is agreed by both: the offer is a prompt for the other seat."""
    g = at_city("qossuth", others=[BOB_HERE], me={"fares": ["fare:qossuth:base"]})
    offer = c.OfferTrade(to=1, give=["fare:qossuth:base"], get=["relic:spy_eye"],
                         give_money=50)
    play(g, offer)
    pending = g.ruleset.pending(g.state)
    assert pending is not None and pending.prompt == "answer_offer"
    assert pending.seats == (1, 0) and pending.detail["give_money"] == 50
    assert legal(g, 1) == [c.AnswerOffer(accept=True), c.AnswerOffer(accept=False)]
    assert legal(g, 0) == [c.WithdrawOffer()]
    refused(g, c.EndTurn(), "11.4")
    events = play(g, c.AnswerOffer(accept=True), actor=1)
    assert [e.type for e in events] == ["TradeAccepted"]
    me, bob = g.state.players
    assert me.relics == ["spy_eye"] and bob.fares == ["fare:qossuth:base"]
    assert cash(g) == 450 and cash(g, 1) == 350


def test_11_4_refused_or_withdrawn_offers_change_nothing() -> None:
    """11.4: no agreement, no exchange."""
    g = at_city("qossuth", others=[BOB_HERE])
    play(g, c.OfferTrade(to=1, get=["goods:graw"], give_money=100))
    play(g, c.AnswerOffer(accept=False), actor=1)
    assert cash(g) == 500 and g.state.players[1].goods == ["goods:graw"]
    play(g, c.OfferTrade(to=1, get=["iou:humans"], give_money=10))
    refused(g, c.AnswerOffer(accept=True), "11.4")  # only the player asked answers
    play(g, c.WithdrawOffer())
    assert g.state.turn is not None and g.state.turn.offer is None
    play(g, c.EndTurn())


def test_11_4_never_ships_or_deeds() -> None:
    """11.4: "Players cannot exchange ships or Deeds.\""""
    g = at_city("qossuth", others=[BOB_HERE], spaceports={"polluted-planet.3": 0})
    refused(g, c.OfferTrade(to=1, give=["ship:scout"], get_money=10), "11.4")
    refused(g, c.OfferTrade(to=1, give=["deed:spaceport:poison_port"]), "11.4")


def test_11_1_only_with_players_on_the_same_dot() -> None:
    """11.1: he trades only with players also on the dot he occupies."""
    g = at_city("qossuth")  # Bob is at the Galactic Base
    refused(g, c.OfferTrade(to=1, give_money=10), "11.4")
    assert not [a for a in legal(g) if isinstance(a, c.OfferTrade)]


def test_11_4_each_side_must_own_what_it_hands_over() -> None:
    """11.4, 3.2: holdings are public; one cannot offer what one does not have."""
    g = at_city("qossuth", others=[BOB_HERE])
    refused(g, c.OfferTrade(to=1, give=["goods:graw"]), "11.4")
    refused(g, c.OfferTrade(to=1, get_money=301), "11.4")
    refused(g, c.OfferTrade(to=1, give_money=501), "11.4")


def test_11_4_iou_and_equipment_change_hands() -> None:
    """11.4: IOUs and Equipment may be exchanged; the IOU is still bartered only to its
    Culture (9.321)."""
    g = at_city("qossuth", others=[BOB_HERE], me={"equipment": ["red_drive"]})
    play(g, c.OfferTrade(to=1, give=["equipment:red_drive"], get=["iou:humans"]))
    play(g, c.AnswerOffer(accept=True), actor=1)
    assert g.state.players[0].ious == ["humans"]
    assert g.state.players[1].equipment == ["red_drive"]
    refused(g, c.Barter(item="iou:humans"), "9.321")  # an IOU only to its own Culture


def test_12_2_2_no_commission_on_trades_between_players() -> None:
    """12.2.2: "The Bank does not pay commissions on items traded between players.\""""
    bob = {**BOB_HERE, "dot": "polluted-planet.1"}
    g = at_spaceport("qossuth", owner=1, others=[bob])
    play(g, c.OfferTrade(to=1, get=["goods:graw"], give_money=100))
    events = play(g, c.AnswerOffer(accept=True), actor=1)
    assert not of_type(events, "CommissionPaid")
    assert cash(g) == 400 and cash(g, 1) == 400


def test_3_43_an_offer_needs_room_on_the_receiving_ship() -> None:
    """3.43: the ship must carry what it receives."""
    g = at_city("qossuth", others=[BOB_HERE], me={"goods": ["goods:cholos"] * 2})
    refused(g, c.OfferTrade(to=1, get=["goods:graw"]), "3.43")
    play(g, c.OfferTrade(to=1, get=["goods:graw"], give=["goods:cholos"]))
