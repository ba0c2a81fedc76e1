"""Spaceports, Factories and commissions, 1988 rules 12.1-12.4.2 (and 3.3, 9.2, 13.1)."""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.discovery import site_kind
from engine.venus.winning import net_worth

from .movekit import board, legal, of_type, play, refused
from .tradekit import CITY, ORBIT, OTHER_ORBIT, at_city, at_spaceport, cash

EEP = {"name": "Eep", "race": "eeepeeep", "dot": "galactic-base"}


def commissions(events: list) -> list[tuple[int, int, str]]:
    return [(e.data["seat"], e.data["amount"], e.data["kind"])
            for e in of_type(events, "CommissionPaid")]


def test_12_2_a_spaceport_is_built_on_its_orbit() -> None:
    """12.1, 12.2, 2.541: bought from the Culture while in its System; the Spaceport stands
    on the named Orbit, which can now be landed on (6.2) and traded at (12.2.1)."""
    g = at_city("qossuth", cash=500)
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert g.state.spaceports == {ORBIT: 0}
    assert g.state.players[0].deeds == ["deed:spaceport:paintfall"] and cash(g) == 300
    assert site_kind(g.state, board(), ORBIT) == "spaceport"


def test_2_541_one_spaceport_per_orbit() -> None:
    """2.541: one Spaceport can be built in each Orbit; its Deed is sold once."""
    g = at_city("qossuth", moved=False, cash=900, spaceports={ORBIT: 1})
    refused(g, c.Buy(item="deed:spaceport:paintfall"), "12.1")
    assert c.Buy(item="deed:spaceport:poison_port") in legal(g)


def test_12_1_deeds_only_of_this_system() -> None:
    """9.2, 12.1: only Deeds for a Spaceport or Factory in this System are sold here."""
    g = at_city("qossuth", moved=False, cash=900)
    refused(g, c.Buy(item="deed:spaceport:jewelport"), "12.1")
    refused(g, c.Buy(item="deed:factory:graw"), "12.1")


def test_3_3_own_species_pays_20_percent_less_but_the_deed_counts_its_value() -> None:
    """3.3, 9.2, 13.1: a Human buys a Human Spaceport for $160; it is worth $200."""
    g = at_city("humans", cash=500)
    assert net_worth(g.state, 0) == 500
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert cash(g) == 340 and net_worth(g.state, 0) == 540


def test_12_2_1_everyone_trades_without_limit_at_a_spaceport() -> None:
    """12.2.1: every player can trade at a Spaceport regardless of who owns it (9.43)."""
    g = at_spaceport("qossuth", owner=1, me={"goods": ["goods:cholos", "goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"), c.Sell(goods="goods:cholos"))


def test_12_2_2_designer_genes_example() -> None:
    """12.2.2 EXAMPLE: the Human sells Designer Genes at the Eep's Spaceport for $120: the
    Bank pays the Human $120 and the Eep $12."""
    g = at_spaceport("qossuth", owner=1, others=[EEP], cash=0,
                     me={"goods": ["goods:cholos"]})
    events = play(g, c.Sell(goods="goods:cholos"))
    assert of_type(events, "Sold")[0].data["paid"] == 120
    assert commissions(events) == [(1, 12, "spaceport")]
    assert cash(g, 0) == 120 and cash(g, 1) == 12


def test_12_2_2_commission_on_costs_bonuses_barters_and_ious() -> None:
    """12.2.2: 10% of all costs, payoffs, Demand bonuses and barter values (IOUs too)."""
    g = at_spaceport("humans", owner=1, others=[EEP], cash=500,
                     me={"goods": ["goods:graw"], "ious": ["humans"]},
                     market={"humans": ["goods:humans", "demand:humans:graw"]})
    assert commissions(play(g, c.Sell(goods="goods:graw"))) == [(1, 12, "spaceport")]
    assert commissions(play(g, c.Barter(item="iou:humans"))) == [(1, 9, "spaceport")]
    assert commissions(play(g, c.Buy(item="goods:humans"))) == [(1, 12, "spaceport")]
    events = play(g, c.Buy(item="ship:clipper"))  # trade-in 30 and cost 120
    assert commissions(events) == [(1, 3, "spaceport"), (1, 12, "spaceport")]


def test_12_2_2_the_owner_earns_at_his_own_spaceport() -> None:
    """12.2.2: "The owner of the Spaceport receives this commission even when he trades
    there.\""""
    g = at_spaceport("qossuth", owner=0, cash=0, me={"goods": ["goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"))
    assert cash(g) == 132


def test_12_2_3_open_spaceports_pay_no_commission_and_are_not_for_sale() -> None:
    """12.2.3: Open Spaceports cannot be bought and pay no commissions."""
    g = at_city("qossuth", moved=False, cash=900)
    sold = {a.item for a in legal(g) if isinstance(a, c.Buy) and a.item.startswith("deed:s")}
    assert sold == {"deed:spaceport:paintfall", "deed:spaceport:poison_port"}
    from engine.venus.scenario import start

    g = start({"players": [{"name": "Ann", "cash": 0, "dot": "polluted-planet.9",
                            "goods": ["goods:cholos"]}],
               "cultures": {"polluted-planet": "qossuth"}, "discovered": ["polluted-planet"],
               "qboxes": {"polluted-planet.9": {"kind": "open_port", "face_up": True}},
               "other_qboxes": "empty"})
    play(g, c.StayPut())
    assert commissions(play(g, c.Sell(goods="goods:cholos"))) == []


def test_12_3_factory_one_per_system_and_its_goods_appear() -> None:
    """12.3, 12.3.1, 2.542: a Factory on a City or Spaceport of the System; its Factory
    Goods are put with the Culture; one Factory per System."""
    g = at_city("qossuth", moved=False, cash=900)
    play(g, c.Buy(item="deed:factory:qossuth", site="polluted-planet.11"))
    f = g.state.factories["qossuth"]
    assert (f.dot, f.owner) == ("polluted-planet.11", 0)
    assert "factory_goods:qossuth" in g.state.market["qossuth"]
    assert "factory_goods:qossuth" not in g.state.aside
    refused(g, c.Buy(item="deed:factory:qossuth"), "12.1")


def test_12_3_factory_site_must_be_a_city_or_spaceport_of_the_system() -> None:
    """12.3: not on an Orbit without a Spaceport, nor in another System."""
    g = at_city("qossuth", moved=False, cash=900)
    refused(g, c.Buy(item="deed:factory:qossuth", site=OTHER_ORBIT), "12.3")
    refused(g, c.Buy(item="deed:factory:qossuth", site="giant-planet.10"), "12.3")


def test_12_3_1_builder_at_a_city_cannot_also_buy_the_factory_goods() -> None:
    """12.3.1: bought the same turn unless the builder had just moved to a City (9.41)."""
    g = at_city("qossuth", cash=900)
    play(g, c.Buy(item="deed:factory:qossuth"))
    refused(g, c.Buy(item="factory_goods:qossuth"), "9.41")
    h = at_spaceport("qossuth", owner=1, cash=900)
    play(h, c.Buy(item="deed:factory:qossuth"), c.Buy(item="factory_goods:qossuth"))


def test_12_3_2_factory_commission_even_to_its_owner() -> None:
    """12.3.2: 50% of the cost whenever the Culture sells its Factory Goods, even to the
    Factory's owner."""
    g = at_city("qossuth", moved=False, cash=500,
                factories={"qossuth": {"dot": CITY, "owner": 0}})
    events = play(g, c.Buy(item="factory_goods:qossuth"))  # cost 120
    assert commissions(events) == [(0, 60, "factory")]
    assert cash(g) == 500 - 120 + 60


def test_12_4_2_both_commissions_and_none_on_a_commission() -> None:
    """12.4.2: Factory Goods at a Spaceport: 50% to the Factory's owner and 10% of the full
    cost (not of the commission) to the Spaceport's owner; one owner gets both."""
    g = at_spaceport("qossuth", owner=0, cash=500,
                     factories={"qossuth": {"dot": CITY, "owner": 0}})
    events = play(g, c.Buy(item="factory_goods:qossuth"))
    assert sorted(commissions(events)) == [(0, 12, "spaceport"), (0, 60, "factory")]
    assert cash(g) == 500 - 120 + 72


def test_12_4_1_no_credit_pay_in_full_first() -> None:
    """12.4.1: the owner must afford the full cost without his commission."""
    g = at_spaceport("qossuth", owner=0, cash=100,
                     factories={"qossuth": {"dot": CITY, "owner": 0}})
    refused(g, c.Buy(item="factory_goods:qossuth"), "12.4.1")
    assert c.Buy(item="factory_goods:qossuth") not in legal(g)


def test_12_4_the_trader_pays_and_collects_as_usual() -> None:
    """12.4: commissions come from the Bank; the trader spends the same money."""
    g = at_spaceport("qossuth", owner=1, others=[EEP], cash=500, bank=5000)
    bank = g.state.bank
    play(g, c.Buy(item="goods:qossuth"))
    assert cash(g) == 340 and cash(g, 1) == 16
    assert g.state.bank == (bank or 0) + 160 - 16


def test_12_3_1_factory_goods_sold_go_to_the_cup() -> None:
    """12.3.1: each time Factory Goods are sold to a Culture they go in the cup."""
    g = at_city("nillis", me={"goods": ["factory_goods:qossuth"]})
    play(g, c.Sell(goods="factory_goods:qossuth"))
    assert cash(g) == 500 + 250
    assert "factory_goods:qossuth" in g.state.cup or "factory_goods:qossuth" in (
        g.state.market.get("qossuth", []))


def _twelve_spaceports_elsewhere(edition: str = "avalon-hill") -> dict[str, int]:
    from engine.venus.deeds import orbit_deeds

    board_ = board(edition)
    others = [d for d in orbit_deeds(edition) if board_.dots[d].system != board_.dots[ORBIT].system]
    return {dot: 0 for dot in others[:12]}


def test_2_2_twelve_spaceport_factory_markers_per_player() -> None:
    """2.2: "Each player receives ... 12 Spaceport/Factory markers of the same color": with
    twelve Spaceports on the map he can build no thirteenth Spaceport, nor a Factory."""
    g = at_city("qossuth", moved=False, cash=900, spaceports=_twelve_spaceports_elsewhere())
    for deed in ("deed:spaceport:paintfall", "deed:factory:qossuth"):
        assert c.Buy(item=deed) not in legal(g)
        err = refused(g, c.Buy(item=deed), "2.2")
        assert "12" in str(err)
    eleven = dict(list(_twelve_spaceports_elsewhere().items())[:11])
    g = at_city("qossuth", moved=False, cash=900, spaceports=eleven)
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert g.state.spaceports[ORBIT] == 0


def test_2012_merchant_spaceport_tokens_may_run_out_and_be_substituted() -> None:
    """2012 "Component Limitations": "If players run out of ... merchant spaceport tokens,
    please use suitable substitutes": no per-player limit in the 2012 classic game."""
    g = at_city("qossuth", moved=False, cash=900, edition="classic-2012", others=[
                {"name": "Bob", "race": "whynoms", "dot": "galactic-base"}],
                spaceports=_twelve_spaceports_elsewhere("classic-2012"))
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert g.state.spaceports[ORBIT] == 0
