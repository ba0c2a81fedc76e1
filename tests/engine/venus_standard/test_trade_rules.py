"""The First Contact, Transaction and Merchant Spaceport phases as pure rules, with the
standard book's examples (exact figures)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.cluster.cultures import MarketCondition, load_cultures
from engine.kernel import RuleError
from engine.venus_standard import cargo, first_contact, market, passengers, spaceports, trade
from engine.venus_standard.market import Market, load_market_tokens
from engine.venus_standard.technology import has, load_technologies


@dataclass
class Ship:
    techs: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ data


def test_market_tokens_42_one_of_each_condition_per_culture() -> None:
    tokens = load_market_tokens().tokens
    assert len(tokens) == 42
    per = Counter((t.culture, t.condition) for t in tokens)
    assert set(per.values()) == {1} and len(per) == 42
    kinds = Counter(e.kind for t in tokens for e in t.equipment)
    # every kind of equipment is sold in several systems
    assert set(kinds) == {"laser", "shield", "cargo_hold", "yellow_drive", "red_drive",
                          "combo_drive"}
    assert min(kinds.values()) >= 6
    assert all(t.ours for t in tokens)


def test_appendix_b_34_tokens_costs_and_types() -> None:
    techs = load_technologies()
    assert sum(t.tokens for t in techs.technologies) == 34
    assert techs.by_key["fancy_spoiler"].cost == 60
    assert techs.by_key["less_fancy_spoiler"].cost == 30
    assert techs.by_key["market_flux"].cost == 90 and techs.by_key["market_flux"].grade == "rare"
    assert techs.by_key["stealth_field"].culture == "niks"
    assert techs.by_key["variable_laser"].culture == "qossuth"
    # Throttle Boost: "different for each Throttle Boost token" (ours: two share a set)
    assert techs.throttle_values("throttle_boost:4") == [1, 2, 3, 4]


# ------------------------------------------------------------------ First Contact


def test_first_contact_example_volois_stack_goods_techs_and_c120() -> None:
    """"First Contact Example": the Volois market tokens shuffled into a stack, all Volois
    goods and racial technology tokens to the market, c120 on the card, 3 buys + 3 sells."""
    supply = first_contact.supply_area("volois")
    stack = ["volois-high", "volois-low", "volois-active"]
    opened = first_contact.opened(supply, stack)
    assert opened.stack == stack
    assert len(opened.goods) == 6 and all(g.startswith("volois:g") for g in opened.goods)
    assert opened.techs == ["market_flux:1", "market_flux:2"]
    assert opened.supply_goods == [] and opened.supply_techs == []
    assert first_contact.iou_credits("volois") == 120
    assert trade.first_contact_limit() == trade.ActionLimit(3, 3)


def test_first_contact_passengers_waiting_in_the_supply_area_go_to_the_market() -> None:
    supply = first_contact.supply_area("yxklyx").model_copy(update={"passengers": ["scientist"]})
    opened = first_contact.opened(supply, first_contact.market_token_ids("yxklyx"))
    assert opened.passengers == ["scientist"]


def test_first_contact_cards_one_per_culture_flavor_ours() -> None:
    deck = first_contact.load_first_contact()
    assert len(deck.cards) == 14 and all(c.ours for c in deck.cards)
    assert deck.card("volois").facts.iou == 120


# ------------------------------------------------------------------ buying


def test_buying_goods_example_one_sell_then_one_buy_after_landing() -> None:
    """"Buying Goods" example: landed on a Jungle World surface city (Nillis): one sell
    (Designer Genes c120) and one buy (Bionic Perfume c80); a second buy is refused."""
    limit = trade.transaction_limit(landed_on_surface_city=True)
    assert limit == trade.ActionLimit(1, 1)
    assert trade.check_buyer("cholos", "nillis", black_market=False) is False
    assert trade.sale_value("cholos", MarketCondition.ACTIVE) == 120
    assert load_cultures().culture("nillis").goods.cost == 80
    trade.check_action("buy", 0, limit.buys, "Transaction Phase")
    with pytest.raises(RuleError, match="Transaction Phase"):
        trade.check_action("buy", 1, limit.buys, "Transaction Phase")
    # staying put (skipping the Movement phase) lifts the limit
    assert trade.transaction_limit(landed_on_surface_city=False) == trade.ActionLimit(None, None)


def test_pilot_home_culture_discount_example_pedigree_bolts_c180() -> None:
    """"Pilot Home Culture Discounts" example: Eeepeeep level 2 buys Pedigree Bolts c200 for
    c180 at the Eeepeeep; never below zero."""
    assert trade.buy_price(200, at_home=True, pilot_level=2) == 180
    assert trade.buy_price(200, at_home=False, pilot_level=2) == 200
    assert trade.buy_price(20, at_home=True, pilot_level=3) == 0
    assert [trade.home_discount(n) for n in (1, 2, 3)] == [10, 20, 30]


def test_using_first_contact_credits_iou_first_then_credits() -> None:
    assert trade.pay(80, credits=100, iou=120) == trade.Payment(iou=80, credits=0)
    assert trade.pay(200, credits=100, iou=120) == trade.Payment(iou=120, credits=80)
    with pytest.raises(RuleError, match="Buy Actions"):
        trade.pay(200, credits=50, iou=0)


def test_lasers_and_shields_example_dial_up_one_cargo_holds_at_most_four() -> None:
    trade.check_equipment("laser", laser=2, shield=1, holds=2, stock=None)
    with pytest.raises(RuleError, match="Lasers and Shields"):
        trade.check_equipment("shield", laser=2, shield=trade.DIAL_MAX, holds=2, stock=None)
    trade.check_equipment("cargo_hold", laser=1, shield=1, holds=3, stock=5)
    with pytest.raises(RuleError, match="Cargo Holds"):
        trade.check_equipment("cargo_hold", laser=1, shield=1, holds=4, stock=5)
    with pytest.raises(RuleError, match="Component Limitations"):
        trade.check_equipment("red_drive", laser=1, shield=1, holds=2, stock=0)


def test_buying_racial_technologies_no_two_of_the_same_spoilers_are_one() -> None:
    with pytest.raises(RuleError, match="Buying Racial Technologies"):
        trade.check_technology("less_fancy_spoiler:1", ["fancy_spoiler:1"], upgrade_count=0)
    trade.check_technology("data_probe:2", ["data_probe:1"], upgrade_count=0)  # Data Probes
    with pytest.raises(RuleError, match="Ship Upgrades"):
        trade.check_technology("shuttle:1", [], upgrade_count=3)
    assert has(Ship(["fancy_spoiler:1"]), "spoiler") and has(Ship(["hard_burn:2"]), "hard_burn")
    assert not has(Ship(["hard_burn:2"]), "shuttle")


def test_capacity_example_perfume_fills_a_hold_spoiler_and_scientist_share_one() -> None:
    """"Capacity Example": Bionic Perfume (two dots) fills one hold; the Fancy Spoiler and
    the Scientist (one dot each) fill the second; nothing more fits in two holds."""
    load = ["nillis:g1", "fancy_spoiler:1", "scientist"]
    assert cargo.holds_needed(load) == 2 and cargo.fits(load, 2)
    assert not cargo.fits([*load, "graw:g1"], 2)
    assert cargo.fits([*load, "graw:g1"], 3)  # a third cargo hold ("Cargo Holds" example)
    # Stasis Tanks: passengers take no room, even the two-dot Diva
    assert cargo.fits(["nillis:g1", "stasis_tanks:1", "diva", "scientist"], 2, stasis_tanks=True)


# ------------------------------------------------------------------ selling and the market


def test_selling_goods_example_three_perfumes_high_c480_shift_reveals_low() -> None:
    """"Selling Goods Example": a high market pays the top value, c160 each, c480 for three;
    the shift puts the top token at the bottom, revealing a low market."""
    m = Market(culture="volois", stack=["volois-high", "volois-low", "volois-active"])
    assert market.condition(m) is MarketCondition.HIGH
    assert 3 * market.sale_price("nillis", market.condition(m)) == 480
    m.stack = market.shifted(m.stack)
    assert m.stack == ["volois-low", "volois-active", "volois-high"]
    assert market.condition(m) is MarketCondition.LOW


def test_market_production_active_market_one_token_maximum_production_all() -> None:
    """"Market Production": one goods token from the supply area; none if it is empty;
    optional rule "Maximum Production": all of them."""
    m = Market(culture="niks", stack=["niks-active"], supply_goods=["niks:g1", "niks:g2"])
    assert market.top(m).produces
    assert market.production(m) == ["niks:g1"]
    assert market.production(m, maximum=True) == ["niks:g1", "niks:g2"]
    assert market.production(Market(culture="niks", stack=["niks-active"])) == []


def test_sell_actions_only_to_listed_buyers_black_market_with_stealth() -> None:
    with pytest.raises(RuleError, match="Sell Actions"):
        trade.check_buyer("shenna", "cholos", black_market=False)
    assert trade.check_buyer("shenna", "cholos", black_market=True) is True
    assert trade.BLACK_MARKET_INFAMY == 2


def test_trading_on_merchant_spaceports_example_c300_then_c10_to_owner() -> None:
    """"Trading on Merchant Spaceports" example: Pedigree Bolts sold to the Qossuth at the
    green player's spaceport: c300 from the bank, c10 to green; at one's own, c10 from the
    bank; with an assigned Stealth Field, nothing."""
    assert trade.check_buyer("eeepeeep", "qossuth", black_market=False) is False
    assert trade.sale_value("eeepeeep", MarketCondition.ACTIVE) == 300
    assert trade.spaceport_fee(owner=1, seat=0, stealth=False) == 10
    assert trade.spaceport_fee(owner=0, seat=0, stealth=False) == -10
    assert trade.spaceport_fee(owner=1, seat=0, stealth=True) == 0
    assert trade.spaceport_fee(owner=None, seat=0, stealth=False) == 0


# ------------------------------------------------------------------ passengers


def test_dropping_off_passengers_fare_fame_and_zen_paint_job() -> None:
    passengers.check_drop_off("scientist", "humans")
    with pytest.raises(RuleError, match="Dropping Off Passengers"):
        passengers.check_drop_off("scientist", "nillis")
    d = passengers.delivery("scientist", zen_dice=(3, 5))
    assert d.fare == 120 and d.bonus == 80
    assert passengers.start_of("toaster") == "eeepeeep"
    passengers.check_drop_off("toaster", "base")  # the Galactic Base icon


def test_picking_up_passengers_only_where_they_wait() -> None:
    passengers.check_pickup("scientist", ["scientist"])
    with pytest.raises(RuleError, match="Picking Up Passengers"):
        passengers.check_pickup("diva", ["scientist"])


def test_jettisoning_a_passenger_infamy_is_the_higher_die() -> None:
    assert passengers.jettison_infamy((2, 5)) == 5


# ------------------------------------------------------------------ spaceports and drills


def _build(**over: Any) -> None:
    args: dict[str, Any] = dict(bought_this_turn=False, built_this_turn=False, on_city=True,
                                   orbits=["o1"], tokens_left=12, credits=200, price=200)
    args.update(over)
    spaceports.check_build(**args)


def test_building_a_merchant_spaceport_example_no_buys_c200() -> None:
    """"Building a Merchant Spaceport Example": no buy actions, c200, an orbit joined to
    the city; home discount applies ("Pilot Home Culture Discounts")."""
    _build()
    assert spaceports.spaceport_price(at_home=True, pilot_level=1) == 190
    with pytest.raises(RuleError, match="buy action"):
        _build(bought_this_turn=True)
    with pytest.raises(RuleError, match="orbit"):
        _build(orbits=[])
    with pytest.raises(RuleError, match="c200"):
        _build(credits=150)
    with pytest.raises(RuleError, match="one merchant spaceport a turn"):
        _build(built_this_turn=True)
    with pytest.raises(RuleError, match="Drills"):
        _build(tokens_left=0)


def test_drills_c10_each_on_even_rounds_one_per_asteroid() -> None:
    assert spaceports.drill_income(3) == 30
    assert spaceports.drill_round(2) and not spaceports.drill_round(3)
    spaceports.check_drill(licensed=True, occupied=False, tokens_left=1)
    with pytest.raises(RuleError, match="License to Drill"):
        spaceports.check_drill(licensed=False, occupied=False, tokens_left=1)
    with pytest.raises(RuleError, match="already"):
        spaceports.check_drill(licensed=True, occupied=True, tokens_left=1)
