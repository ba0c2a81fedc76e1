"""The bonus cup, 1988 rules 2.7 and 10.1-10.3."""

from __future__ import annotations

from engine.kernel import Game
from engine.venus import commands as c
from engine.venus.ruleset import ruleset

from .movekit import legal, of_type, play, refused
from .tradekit import at_city, at_spaceport, cash, markers_everywhere

OTHER_DRAWS = ["demand:graw:cholos", "demand:graw:cholos", "demand:niks:nillis",
               "demand:niks:nillis", "demand:niks:volois"]
HUMANS = ["goods:humans"] * 5


def test_10_1_the_cup_starts_with_the_48_bonus_markers() -> None:
    """10.1, 4.14: 48 Bonus markers in the cup; 4.13: Goods start with their Culture."""
    g = Game.start(ruleset, {"races": ["humans", "dell"]}, ["Ann", "Bob"], seed=3)
    s = g.state
    assert len(s.cup) == 48 and all(m.split(":")[0] in ("demand", "fare") for m in s.cup)
    assert s.market["graw"] == ["goods:graw"] * 6
    assert len(s.aside) == 14  # 4.13: Factory Goods aside until their Factory (12.31)
    assert len(markers_everywhere(g)) == 48 + 74 + 14


def test_2_7_each_marker_put_in_draws_one_out() -> None:
    """2.7, 9.31: the sold Goods go in the cup and one marker is drawn at once."""
    g = at_city("qossuth", me={"goods": ["goods:cholos"]}, draws=["fare:base:graw"])
    before = markers_everywhere(g)
    events = play(g, c.Sell(goods="goods:cholos"))
    assert [e.type for e in events] == ["Sold", "CupDrawn"]
    assert of_type(events, "CupDrawn")[0].data["culture"] == "base"
    assert "fare:base:graw" in g.state.market["base"] and "goods:cholos" in g.state.cup
    assert len(g.state.cup) == 48 and markers_everywhere(g) == before


def test_10_11_drawn_goods_return_to_their_seller() -> None:
    """10.11: a Goods marker drawn is placed with the Culture that sells it."""
    g = at_city("qossuth", me={"goods": ["goods:cholos"]}, draws=["goods:cholos"])
    assert g.state.market["cholos"].count("goods:cholos") == 5  # 6, one on Ann's ship
    play(g, c.Sell(goods="goods:cholos"))
    assert g.state.market["cholos"].count("goods:cholos") == 6


def test_10_12_bonus_waits_off_map_until_discovery() -> None:
    """10.12: a Bonus for an undiscovered Culture waits with its Culture marker; once the
    Culture is discovered, the Fare can be picked up there (7.3)."""
    g = at_city("humans", me={"goods": ["goods:graw"]}, draws=["fare:graw:qossuth"],
                cultures={"giant-planet": "graw"})
    play(g, c.Sell(goods="goods:graw"))
    assert "fare:graw:qossuth" in g.state.market["graw"]
    assert "giant-planet" not in g.state.discovered


def test_10_21_space_spice_example() -> None:
    """10.21 EXAMPLE: three Space Spice to the Humans with two $40 Demands: the Bank pays
    $160, $120, then $80; one Demand goes back to the cup per sale."""
    g = at_city("humans", moved=False, cash=0, me={"goods": ["goods:graw"] * 3,
                                                   "ship": "transport"},
                market={"humans": [*HUMANS, "demand:humans:graw", "demand:humans:graw"]},
                draws=OTHER_DRAWS)
    cup = len(g.state.cup)
    paid = []
    for _ in range(3):
        events = play(g, c.Sell(goods="goods:graw"))
        paid.append(of_type(events, "Sold")[0].data["paid"])
    assert paid == [160, 120, 80]
    assert "demand:humans:graw" not in g.state.market["humans"]
    assert g.state.cup.count("demand:humans:graw") == 4 and len(g.state.cup) == cup


def test_10_2_one_demand_returns_per_sale_with_two_draws() -> None:
    """10.2: payoff plus bonus; the Goods and one Demand go in the cup, each drawing one."""
    g = at_city("humans", me={"goods": ["goods:graw"]}, draws=OTHER_DRAWS,
                market={"humans": [*HUMANS, "demand:humans:graw", "demand:humans:graw"]})
    events = play(g, c.Sell(goods="goods:graw"))
    assert [e.type for e in events] == ["Sold", "CupDrawn", "DemandReturned", "CupDrawn"]
    assert cash(g) == 500 + 80 + 80


def test_ruling_demands_do_not_raise_factory_goods() -> None:
    """10.2: a Demand names regular Goods ("Space Spice"), not the Factory Goods."""
    g = at_city("humans", me={"goods": ["factory_goods:graw"]},
                market={"humans": [*HUMANS, "demand:humans:graw"]})
    events = play(g, c.Sell(goods="factory_goods:graw"))
    assert of_type(events, "Sold")[0].data["paid"] == 200


def test_10_3_fares_picked_up_free_and_paid_on_delivery() -> None:
    """10.3, 11.2: picked up free at its Culture, not limited by 9.41; the fee is paid at
    the destination and the Fare goes back in the cup."""
    g = at_city("yxklyx", me={"goods": ["goods:shenna"]},
                market={"yxklyx": ["goods:yxklyx", "fare:yxklyx:humans"]})
    play(g, c.Sell(goods="goods:shenna"), c.Buy(item="goods:yxklyx"))
    play(g, c.PickUpFare(fare="fare:yxklyx:humans"))
    assert cash(g) == 500 + 110 - 50
    assert "fare:yxklyx:humans" in g.state.players[0].fares
    h = at_city("humans", me={"fares": ["fare:yxklyx:humans"]})
    events = play(h, c.DeliverFare(fare="fare:yxklyx:humans"))
    assert [e.type for e in events] == ["FareDelivered", "CupDrawn"]
    assert cash(h) == 620 and "fare:yxklyx:humans" not in h.state.players[0].fares


def test_10_3_a_fare_is_delivered_only_at_its_destination() -> None:
    """10.3: dropped off at a City or Spaceport inhabited by the destination Culture."""
    g = at_city("qossuth", me={"fares": ["fare:yxklyx:humans"]})
    refused(g, c.DeliverFare(fare="fare:yxklyx:humans"), "10.3")
    assert c.DeliverFare(fare="fare:yxklyx:humans") not in legal(g)


def test_12_2_2_no_commission_on_fares() -> None:
    """12.2.2: "The Bank does not pay commissions ... on Fares.\""""
    g = at_spaceport("humans", owner=1, me={"fares": ["fare:yxklyx:humans"]})
    events = play(g, c.DeliverFare(fare="fare:yxklyx:humans"))
    assert not of_type(events, "CommissionPaid") and cash(g, 1) == 0
