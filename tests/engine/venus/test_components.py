"""Component data of Merchant of Venus (engine/venus/data/components.json).

Rule numbers are the 1988 manual's; 2012 references name the classic rulebook's headings.
"""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from engine.venus.components import (
    BASE,
    Components,
    DeedColor,
    Edition,
    Marker,
    MarkerKind,
    Science,
    discounted,
    load_components,
    rastur_pool,
)

AH = Edition.AVALON_HILL
C12 = Edition.CLASSIC_2012


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def _num(id_1988: str) -> int:
    m = re.match(r"\d+", id_1988)
    assert m
    return int(m.group())


# ---------------------------------------------------------------- cultures


def test_fourteen_cultures_both_numberings(comp: Components) -> None:
    # 2.4: 14 Cultures; 2012 "Differences from the original rules": numbered 1-14.
    assert len(comp.cultures) == 14
    ids = [c.id_1988 for c in comp.cultures]
    assert ids == ["1a", "1b", "2", "3", "4a", "4b", "5", "6", "7a", "7b", "8", "9a", "9b", "10"]
    assert [c.number_2012 for c in comp.cultures] == list(range(1, 15))
    assert comp.culture_by_id_1988("9a").key == "cholos"
    assert comp.culture_by_number_2012(12).key == "cholos"
    assert comp.culture_by_label("7b", AH) is comp.culture_by_label("10", C12)


def test_culture_sciences_per_gazetteer(comp: Components) -> None:
    # Gazetteer, Directory of Cultures.
    want = {
        "nillis": Science.BIOENGINEERING,
        "volois": Science.METAPHYSICS,
        "graw": Science.PRIMITIVE,
        "niks": Science.BIOENGINEERING,
        "dell": Science.INDUSTRY,
        "humans": Science.TECHNOLOGY,
        "shenna": Science.PRIMITIVE,
        "yxklyx": Science.TECHNOLOGY,
        "zum": Science.INDUSTRY,
        "eeepeeep": Science.TECHNOLOGY,
        "whynoms": Science.INDUSTRY,
        "cholos": Science.BIOENGINEERING,
        "wollow": Science.PRIMITIVE,
        "qossuth": Science.METAPHYSICS,
    }
    assert {c.key: c.science for c in comp.cultures} == want
    assert comp.base.science == Science.BASE


def test_buyers_1988_are_next_three_id_numbers(comp: Components) -> None:
    # 2.51: buyers are the next three ID numbers after the seller's; "1" follows "10".
    for c in comp.cultures:
        n = c.id_number
        nxt = {(n - 1 + k) % 10 + 1 for k in (1, 2, 3)}
        want = [o.id_1988 for o in comp.cultures if _num(o.id_1988) in nxt]
        assert sorted(c.buyers_1988) == sorted(want), c.key
    # 2.51 example: 9a/9b goods are bought by 10, 1(a/b), 2; 9b does not buy 9a's goods.
    assert comp.culture("cholos").buyers_1988 == ["10", "1a", "1b", "2"]
    assert "9b" not in comp.culture("cholos").buyers_1988
    assert comp.buyers("cholos", AH) == ["qossuth", "nillis", "volois", "graw"]


def test_buyers_2012_next_four_yxklyx_whynoms_five(comp: Components) -> None:
    # 2012: goods are sold to the subsequent cultures; 14 is followed by 1.
    for c in comp.cultures:
        k = 5 if c.key in ("yxklyx", "whynoms") else 4
        want = [(c.number_2012 - 1 + d) % 14 + 1 for d in range(1, k + 1)]
        assert c.buyers_2012 == want, c.key
    # 2012 "Sell Actions" example: Bionic Perfume (1) sells to Volois, Graw, Niks, Dell.
    assert comp.buyers("nillis", C12) == ["volois", "graw", "niks", "dell"]
    assert comp.culture("whynoms").buyers_2012 == [12, 13, 14, 1, 2]


def test_rulebook_goods_figures(comp: Components) -> None:
    graw, cholos = comp.culture("graw"), comp.culture("cholos")
    assert graw.goods.name_1988 == "Space Spice" and graw.goods.payoff == 80
    assert cholos.goods.name_1988 == "Designer Genes" and cholos.goods.payoff == 120
    nillis = comp.culture("nillis")
    # 2.54 example: Nillis Factory Deed $100, Guard Plants $60 / $160 (marker).
    assert nillis.factory.deed_cost == 100
    assert nillis.factory.goods_name_1988 == "Guard Plants"
    assert (nillis.factory.cost, nillis.factory.payoff(AH)) == (60, 160)
    assert nillis.factory.payoff(C12) == 140  # 2012 token
    # 2012 examples: Bionic Perfume bought for c80, sold for c140.
    assert (nillis.goods.cost, nillis.goods.payoff) == (80, 140)
    assert comp.culture("dell").goods.name_1988 == "Finest Dust"
    assert comp.culture("dell").goods.cost == 10
    shenna = comp.culture("shenna")
    assert shenna.goods.name_1988 == "Melf Pelts" and shenna.goods.cost == 50
    assert comp.culture("qossuth").goods.payoff == 160 + 90
    assert comp.culture("qossuth").goods.cost == 160
    # 2012 First Contact examples: Graw and Shenna IOUs c90.
    assert graw.iou == 90 and shenna.iou == 90
    # 2012 example: three Glorious Junk (Graw goods) at c30; sold for c80.
    assert graw.goods.name(C12) == "Glorious Junk" and graw.goods.cost == 30


def test_gazetteer_goods_names(comp: Components) -> None:
    # Manifest of Goods (rule text beats the transcription's "Life Projects").
    assert comp.culture("cholos").factory.goods_name_1988 == "Life Constructs"
    assert comp.culture("wollow").factory.goods_name_1988 == "Portable Pipe Organs"
    assert comp.culture("eeepeeep").goods.name(AH) == "Servomechanisms"
    assert comp.culture("eeepeeep").goods.name(C12) == "Pedigree Bolts"


def test_goods_counts_and_2012_prices(comp: Components) -> None:
    assert sum(c.goods.count_1988 for c in comp.cultures) == 74
    assert comp.culture("zum").goods.count(C12) == 6
    assert comp.culture("whynoms").goods.count(C12) == 5
    assert sum(c.goods.count_2012 for c in comp.cultures) == 76
    for c in comp.cultures:
        p = c.goods.prices_2012
        assert p.mid == c.goods.payoff and p.low < p.mid < p.high
    pb = comp.culture("eeepeeep").goods.prices_2012
    assert (pb.low, pb.mid, pb.high, pb.ours) == (270, 300, 330, False)


def test_factory_goods_2012_same_name_as_goods(comp: Components) -> None:
    # 2012: factories produce a more profitable version of the regular goods.
    for c in comp.cultures:
        assert c.factory.goods_name_2012 == c.goods.name_2012
        assert c.factory.deed_cost in (100, 200)


# ---------------------------------------------------------------- bonus markers


def test_bonus_cup_48_markers_1988(comp: Components) -> None:
    # 10.1: 48 Bonus markers in the cup: 38 demands + 10 fares.
    b = comp.bonus[AH]
    assert b.demand_count == 38
    assert len(b.fares) == 10
    assert b.total == 48 == comp.rules.bonus_cup_size[AH]


def test_fares_1988_per_gazetteer(comp: Components) -> None:
    # Gazetteer: Base->2, 2->10, 4a->Base, Base->4a, 5->Base, 6->4b, 7b->Base, Base->9a,
    # 9b->5, 10->Base.
    def label(k: str) -> str:
        return "Base" if k == BASE else comp.culture(k).id_1988

    got = {(label(f.origin), label(f.destination)) for f in comp.bonus[AH].fares}
    assert got == {
        ("Base", "2"),
        ("2", "10"),
        ("4a", "Base"),
        ("Base", "4a"),
        ("5", "Base"),
        ("6", "4b"),
        ("7b", "Base"),
        ("Base", "9a"),
        ("9b", "5"),
        ("10", "Base"),
    }


def test_2012_passengers_and_demands(comp: Components) -> None:
    b = comp.bonus[C12]
    assert len(b.fares) == 10 and all(f.title for f in b.fares)
    assert b.demand_count == 38  # 003 component list: "38 Demand Tokens" (Melf Pelts x2)
    assert b.total == comp.rules.bonus_cup_size[C12]
    # 2012 "Using First Contact Credits"/"Capacity" examples mention the Scientist passenger.
    assert any(f.title == "Scientist" for f in b.fares)
    moved = {(d.at, d.goods) for d in b.demands if d.note}
    assert ("volois", "cholos") in moved and ("dell", "nillis") in moved
    assert ("humans", "dell") in moved


@pytest.mark.parametrize("edition", [AH, C12])
def test_demands_are_placed_at_buyers(comp: Components, edition: Edition) -> None:
    # 2.62/10.2: a demand adds to the payoff of a Culture that buys those Goods.
    for d in comp.bonus[edition].demands:
        assert d.at in comp.buyers(d.goods, edition), d


# ---------------------------------------------------------------- ships & equipment


def test_ships(comp: Components) -> None:
    # 5.2: Clipper four dice, Transport and Scout three, Freighter two.
    dice = {s.key: s.dice for s in comp.ships}
    assert dice == {"scout": 3, "clipper": 4, "transport": 3, "freighter": 2}
    for s in comp.ships:
        assert s.trade_in * 2 == s.cost
        assert Science.BASE in s.sold_by  # 9.21: the Galactic Base sells all ships
    assert {s.key for s in comp.sells_ships(Science.TECHNOLOGY)} == {"scout", "clipper"}
    assert {s.key for s in comp.sells_ships(Science.INDUSTRY)} == {"transport", "freighter"}


def test_equipment_trade_in_is_half_cost(comp: Components) -> None:
    # 2.52 / 15.3: trade-in value is half of the cost.
    for e in comp.equipment:
        assert e.trade_in * 2 == e.cost, e.key
    assert {e.key for e in comp.equipment} == {
        "yellow_drive",
        "red_drive",
        "combined_drive",
        "shield",
        "laser",
        "nova_ball",
    }


def test_equipment_roles(comp: Components) -> None:
    shield = comp.equipment_item("shield")
    assert shield.penalty_reduction == 20 and shield.hull_max == 1  # 8.3, 3.432
    assert comp.equipment_item("combined_drive").skips == ["red", "yellow"]  # 8.2
    for k in ("laser", "nova_ball"):
        e = comp.equipment_item(k)
        assert e.combat_only and e.firepower == 20 and e.hull_max == 1  # 15.31
        assert C12 not in e.editions
    assert comp.equipment_item("nova_ball").science == Science.TECHNOLOGY  # 15.32
    assert all(comp.equipment_item(k).hull_max == 0 for k in ("yellow_drive", "red_drive"))
    assert sum(e.count for e in comp.equipment_in(C12)) == 33  # reference summary: 33


def test_relics(comp: Components) -> None:
    # 8.4: ten different Relics; 2012 appendix lists nine (no Laser).
    assert len(comp.relics_in(AH)) == 10
    assert {r.key for r in comp.relics_in(AH)} - {r.key for r in comp.relics_in(C12)} == {"laser"}
    prices = {r.key: r.price for r in comp.relics}
    # Relic pictures after 8.48.
    assert prices["air_foil"] == 80 and prices["auto_pilot"] == 80
    assert prices["jump_start"] == 120 and prices["mulligan_gear"] == 120
    assert prices["spy_eye"] == prices["switch_switch"] == prices["gate_lock"] == 100
    assert prices["laser"] == 100
    for r in comp.relics:
        assert r.trade_in * 2 == r.price  # 2.81


# ---------------------------------------------------------------- "?" markers


def test_marker_totals_per_edition(comp: Components) -> None:
    ah, c12 = comp.markers[AH], comp.markers[C12]
    assert ah.total == 36 == len(ah.expanded())
    assert c12.total == 35  # 2012: 35 encounter tokens

    def count(ms: list[Marker], kind: MarkerKind) -> int:
        return sum(m.count for m in ms if m.kind == kind)

    for ms, relics in ((ah.items, 10), (c12.items, 9)):
        assert count(ms, MarkerKind.TELE_GATE) == 6
        assert count(ms, MarkerKind.OPEN_SPACEPORT) == 3  # 12.2.3
        assert count(ms, MarkerKind.PENALTY) == 17
        assert count(ms, MarkerKind.RELIC) == relics
    gates = sorted(m.number for m in ah.items if m.kind == MarkerKind.TELE_GATE and m.number)
    assert gates == [1, 2, 3, 4, 5, 6]


# ---------------------------------------------------------------- deeds


def test_39_deeds(comp: Components) -> None:
    # CONTENTS: 39 Deeds = 14 factory (2.542: one per Culture) + 25 spaceport (one per Orbit).
    deeds = comp.deeds()
    assert len(deeds) == 39
    assert sum(d.kind == "factory" for d in deeds) == 14
    assert sum(d.kind == "spaceport" for d in deeds) == 25
    for d in deeds:
        # 13.1: orange $100, purple $200; worth the printed cost.
        assert d.value == d.cost == comp.rules.deed_value_by_color[d.color]
    assert {d.color for d in deeds if d.kind == "spaceport"} == {DeedColor.PURPLE}
    systems = {d.system for d in deeds if d.kind == "spaceport"}
    assert len(systems) == 14
    # 2012 "Home Culture Discounts": spaceport c200 -> c160; factory c100 -> c80.
    assert discounted(200) == 160 and discounted(100) == 80


# ---------------------------------------------------------------- merchants, rules, rastur


def test_merchants(comp: Components) -> None:
    # Gallery of Merchants (1988); 2012 "Select Race": Humans, Eepeeep, Whynoms, Qossuth.
    colors = {m.key: m.color_1988 for m in comp.merchants}
    assert colors == {
        "niks": "green",
        "dell": "yellow",
        "humans": "blue",
        "eeepeeep": "white",
        "whynoms": "black",
        "qossuth": "red",
    }
    assert [m.key for m in comp.merchants_in(C12)] == ["humans", "eeepeeep", "whynoms", "qossuth"]
    assert comp.rules.max_players == {AH: 6, C12: 4}


def test_starting_cash_and_fort(comp: Components) -> None:
    # 4.3: $20 for every player; three players -> $60 each.
    assert comp.rules.starting_cash_per_player * 3 == 60
    # 15.1/15.11: Fort costs $50, penalty $60, four per player.
    assert (comp.fort.cost, comp.fort.penalty, comp.fort.max_per_player) == (50, 60, 4)
    assert discounted(comp.fort.cost) == 40


@pytest.mark.parametrize(
    ("length", "count", "low", "high"),
    [(1000, 12, 60, 110), (2000, 20, 60, 150), (3000, 23, 70, 200), (4000, 25, 70, 220)],
)
def test_rastur_mix_chart(length: int, count: int, low: int, high: int) -> None:
    # 16.1 Rastur Mix Chart; Reserve = all markers outside the range.
    active, reserve = rastur_pool(length)
    assert len(active) == count
    assert all(low <= v <= high for v in active)
    assert all(not low <= v <= high for v in reserve)
    assert sorted(active + reserve) == load_components().rastur.values()


def test_rastur_unknown_length() -> None:
    with pytest.raises(ValueError):
        rastur_pool(2500)


def test_models_are_frozen_and_strict(comp: Components) -> None:
    with pytest.raises(ValidationError):
        comp.culture("nillis").iou = 1  # type: ignore[misc]
    data = comp.model_dump(mode="json")
    data["cultures"][0]["colour"] = "x"
    with pytest.raises(ValidationError):
        Components.model_validate(data)
    assert Components.model_validate(comp.model_dump(mode="json")) == comp


def test_validator_rejects_demand_at_non_buyer(comp: Components) -> None:
    data = comp.model_dump(mode="json")
    data["bonus"]["avalon-hill"]["demands"][0]["at"] = "wollow"  # Wollow does not buy 9a goods
    with pytest.raises(ValidationError):
        Components.model_validate(data)


def test_2012_box_counts_component_list(comp: Components) -> None:
    """003 "Component List" (the 2012 box, both games): "38 Demand Tokens", "6 Drive Tokens",
    "8 Shield Tokens", "24 Spaceport Deed Tokens"; 001 "Component Limitations": "All other
    component types in the classic game are strictly limited to the amounts included"."""
    from engine.venus.components import Edition

    assert comp.bonus[C12].demand_count == 38 and comp.rules.bonus_cup_size[C12] == 48
    drives = ("yellow_drive", "red_drive", "combined_drive")
    assert sum(comp.equipment_item(k).stock(Edition.CLASSIC_2012) for k in drives) == 6
    assert comp.equipment_item("shield").stock(Edition.CLASSIC_2012) == 8
    assert comp.equipment_item("shield").stock(Edition.AVALON_HILL) == 15
    assert comp.spaceport_deeds.count_2012 == 24
