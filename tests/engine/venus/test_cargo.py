"""Ships and capacity, 1988 rules 3.4-3.44, and jettisoned cargo, 11.3."""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.cargo import excess, holds_needed

from .movekit import legal, of_type, play, refused
from .tradekit import at_city, cash

ASTEROID = "desert-planet.5"


def test_3_431_a_hold_carries_one_goods_or_two_other_markers() -> None:
    """3.431: one Goods per Hold; two Equipment/Fares per Hold; one of each fills a Hold."""
    assert holds_needed(goods=2, fares=0, equipment=[]) == 2
    assert holds_needed(goods=0, fares=2, equipment=[]) == 1
    assert holds_needed(goods=0, fares=1, equipment=["red_drive"]) == 1
    assert holds_needed(goods=0, fares=2, equipment=["red_drive"]) == 2
    assert holds_needed(goods=1, fares=1, equipment=[]) == 2


def test_3_432_the_hull_takes_one_shield_and_unlimited_relics() -> None:
    """3.432: one Shield on the Hull; a second Shield and every Drive use Hold space."""
    assert holds_needed(goods=2, fares=0, equipment=["shield"]) == 2
    assert holds_needed(goods=2, fares=0, equipment=["shield", "shield"]) == 3
    assert holds_needed(goods=0, fares=0, equipment=["yellow_drive"]) == 1


def test_3_432_relic_yellow_drive_and_relic_shield_ride_on_the_hull() -> None:
    """3.432 EXCEPTION: all Relics on the Hull, the Relic Shield beside a normal Shield."""
    g = at_city(me={"goods": ["goods:cholos", "goods:cholos"], "equipment": ["shield"],
                    "relics": ["yellow_drive", "shield", "air_foil", "spy_eye"]})
    assert excess(g.state, 0) == 0
    assert c.EndTurn() in legal(g)


def test_3_43_a_full_scout_cannot_buy_more_goods() -> None:
    """3.43, 3.431: a Scout has two Holds; a third Goods marker does not fit."""
    g = at_city(moved=False, me={"goods": ["goods:cholos", "goods:cholos"]})
    refused(g, c.Buy(item="goods:qossuth"), "3.43")
    assert c.Buy(item="goods:qossuth") not in legal(g)


def test_3_433_money_ious_and_deeds_take_no_space() -> None:
    """3.433: paperwork is not put on ships."""
    g = at_city(moved=False, me={"goods": ["goods:cholos", "goods:cholos"],
                                 "ious": ["qossuth", "graw"]}, cash=900)
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert excess(g.state, 0) == 0
    assert g.state.players[0].deeds == ["deed:spaceport:paintfall"]


def test_3_44_changing_ships_moves_every_marker_and_excess_must_go() -> None:
    """3.4, 3.44, 3.43: a new ship trades in the old one and takes all markers; what does
    not fit must be jettisoned before the turn ends."""
    from engine.venus.scenario import start

    g = start({"players": [{"name": "Ann", "cash": 100, "ship": "transport",
                            "dot": "galactic-base", "equipment": ["red_drive"],
                            "goods": ["goods:graw", "goods:graw", "goods:niks"]}],
               "other_qboxes": "empty"})
    play(g, c.StayPut())
    play(g, c.Buy(item="ship:scout"))  # 60, less the Transport's 120 trade-in
    p = g.state.players[0]
    assert p.ship == "scout" and p.equipment == ["red_drive"] and len(p.goods) == 3
    assert cash(g) == 100  # the credit paid for it; the rest is lost at turn end (9.32)
    assert excess(g.state, 0) == 2
    refused(g, c.EndTurn(), "3.43")
    assert c.EndTurn() not in legal(g)
    play(g, c.Jettison(item="goods:graw"), c.Jettison(item="equipment:red_drive"))
    assert excess(g.state, 0) == 0
    play(g, c.EndTurn())


def test_11_3_no_jettison_in_the_turn_of_acquiring() -> None:
    """11.3: "A player may not jettison a marker in the same turn that he acquires it.\""""
    g = at_city(moved=False)
    play(g, c.Buy(item="goods:qossuth"))
    refused(g, c.Jettison(item="goods:qossuth"), "11.3")
    assert c.Jettison(item="goods:qossuth") not in legal(g)


def test_11_3_jettisoned_goods_go_in_the_cup_with_a_draw() -> None:
    """11.3: jettisoned Goods go in the cup, causing an immediate draw (10.1)."""
    g = at_city(me={"goods": ["goods:graw"]})
    events = play(g, c.Jettison(item="goods:graw"))
    assert [e.type for e in events] == ["Jettisoned", "CupDrawn"]
    assert len(g.state.cup) == 48 and g.state.players[0].goods == []


def test_11_3_jettisoned_equipment_returns_to_the_bank() -> None:
    """11.3: jettisoned Equipment is returned to the Bank; nothing is drawn, nothing paid."""
    g = at_city(me={"equipment": ["red_drive"]})
    events = play(g, c.Jettison(item="equipment:red_drive"))
    assert [e.type for e in events] == ["Jettisoned"]
    assert g.state.players[0].equipment == [] and cash(g) == 500


def test_11_3_a_fare_jettisoned_at_its_destination_pays_its_fee() -> None:
    """11.3: "If a Fare is jettisoned at its destination, the player collects his fee.\""""
    g = at_city("humans", me={"fares": ["fare:yxklyx:humans"]})
    events = play(g, c.Jettison(item="fare:yxklyx:humans"))
    assert of_type(events, "Jettisoned")[0].data["fee"] == 120
    assert cash(g) == 620


def test_11_3_jettison_elsewhere_pays_nothing() -> None:
    """11.3: "Otherwise, the player receives nothing for markers he jettisons.\""""
    g = at_city("qossuth", me={"fares": ["fare:yxklyx:humans"]})
    play(g, c.Jettison(item="fare:yxklyx:humans"))
    assert cash(g) == 500 and "fare:yxklyx:humans" not in g.state.players[0].fares


def test_11_3_jettison_on_an_asteroid_but_no_culture_trade() -> None:
    """11.3: jettison at a Spaceport, City or Asteroid; on an Asteroid no Culture trades
    (9.1), so only jettisons (and player trades) are offered."""
    from engine.venus.scenario import start

    g = start({"players": [{"name": "Ann", "cash": 50, "dot": ASTEROID,
                            "goods": ["goods:graw"]}], "other_qboxes": "empty"})
    play(g, c.StayPut())
    assert legal(g) == [c.Jettison(item="goods:graw"), c.EndTurn()]
    refused(g, c.Sell(goods="goods:graw"), "9.1")
    play(g, c.Jettison(item="goods:graw"))
