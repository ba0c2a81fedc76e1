"""The 2012 culture facts shared by the classic and the standard game (engine/cluster)."""

from __future__ import annotations

from engine.cluster.cultures import Grade, MarketCondition, load_cultures
from engine.venus.components import Edition, load_components


def test_one_source_classic_2012_reads_the_shared_facts() -> None:
    facts = load_cultures()
    comps = load_components()
    for c in facts.cultures:
        classic = comps.culture(c.key)
        assert classic.number_2012 == c.number and classic.iou == c.iou
        assert classic.buyers_2012 == c.buyers
        assert classic.goods.name_2012 == c.goods.name and classic.goods.count_2012 == c.goods.count
        assert classic.goods.payoff == c.goods.resale.mid  # classic pays the centre value
    titles = [f.title for f in comps.bonus[Edition.CLASSIC_2012].fares]
    assert titles == [p.title for p in facts.passengers if p.classic] and len(titles) == 10


def test_component_list_76_goods_tokens_15_passengers() -> None:
    facts = load_cultures()
    assert sum(c.goods.count for c in facts.cultures) == 76
    assert len(facts.passengers) == 15


def test_grades_of_goods_every_cost_in_a_grade() -> None:
    """"Grades (color) of Goods": basic c10-40, premium c50-110, luxury c120-200."""
    facts = load_cultures()
    assert facts.grade(10) is Grade.BASIC and facts.grade(40) is Grade.BASIC
    assert facts.grade(80) is Grade.PREMIUM and facts.grade(200) is Grade.LUXURY
    assert {facts.grade(c.goods.cost) for c in facts.cultures} == set(Grade)


def test_sell_actions_example_bionic_perfume_buyers_volois_graw_niks_dell() -> None:
    """"Sell Actions" example: Bionic Perfume (Nillis, 1) sells to cultures 2, 3, 4 and 5."""
    facts = load_cultures()
    assert facts.buyers("nillis") == ["volois", "graw", "niks", "dell"]


def test_stealth_field_example_melf_pelts_black_market_culture_12() -> None:
    """"Appendix B > Stealth Field": Melf Pelts sell at 8-11; the black market adds 12."""
    facts = load_cultures()
    assert facts.culture("shenna").buyers == [8, 9, 10, 11]
    assert facts.culture(facts.next_buyer("shenna")).number == 12
    # culture 1 follows culture 14
    assert facts.next_buyer("eeepeeep") == "nillis"


def test_capacity_book_dots_perfume_and_genes_two_diva_caterer_two() -> None:
    """"Capacity": Designer Genes and Bionic Perfume need two dots; passengers one, the Diva
    and the Caterer two."""
    facts = load_cultures()
    assert facts.culture("cholos").goods.dots == 2 and facts.culture("nillis").goods.dots == 2
    two = {p.title for p in facts.passengers if p.dots == 2}
    assert two == {"Diva", "Caterer"}


def test_resale_at_condition() -> None:
    r = load_cultures().culture("nillis").goods.resale
    assert [r.at(c) for c in MarketCondition] == [120, 140, 160]
