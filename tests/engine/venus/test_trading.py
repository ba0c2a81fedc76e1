"""Trading with Cultures, 1988 rules 9.1-9.43 (and 4.4: trading ends movement)."""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.scenario import start

from .movekit import Venus, legal, of_type, play, refused
from .tradekit import CITY, at_city, at_spaceport, cash


def base_game(**me: object) -> Venus:
    g = start({"players": [{"name": "Ann", "cash": 500, "dot": "galactic-base", **me}],
               "other_qboxes": "empty"})
    play(g, c.StayPut())
    return g


def test_9_1_buy_only_what_that_culture_sells() -> None:
    """9.1, 9.2: Goods of another Culture are not for sale here."""
    g = at_city("qossuth", moved=False)
    refused(g, c.Buy(item="goods:graw"), "9.2")
    play(g, c.Buy(item="goods:qossuth"))
    assert g.state.players[0].goods == ["goods:qossuth"] and cash(g) == 500 - 160
    assert g.state.market["qossuth"].count("goods:qossuth") == 3


def test_9_21_science_decides_ships_and_equipment() -> None:
    """9.21: Metaphysics sells the Combined Drive and no ships; Technology sells the Red
    Drive, Scout and Clipper; Industry the Yellow Drive, Transport and Freighter."""
    g = at_city("qossuth", moved=False)
    sold = {a.item for a in legal(g) if isinstance(a, c.Buy)}
    assert "equipment:combined_drive" in sold and not any(i.startswith("ship:") for i in sold)
    refused(g, c.Buy(item="ship:clipper"), "9.21")
    refused(g, c.Buy(item="equipment:shield"), "9.21")
    tech = at_city("humans", moved=False)
    sold = {a.item for a in legal(tech) if isinstance(a, c.Buy)}
    assert {"equipment:red_drive", "ship:clipper"} <= sold
    assert "ship:freighter" not in sold
    industry = at_city("dell", moved=False)
    sold = {a.item for a in legal(industry) if isinstance(a, c.Buy)}
    assert {"equipment:yellow_drive", "ship:transport", "ship:freighter"} <= sold


def test_gazetteer_the_base_sells_all_ships_no_equipment_no_goods() -> None:
    """Gazetteer TINKERERS, 9.21: the Base sells all ships, no Equipment, and does not buy
    or sell Goods."""
    g = base_game(goods=["goods:graw"])
    sold = {a.item for a in legal(g) if isinstance(a, c.Buy)}
    assert sold == {"ship:clipper", "ship:transport", "ship:freighter"}
    refused(g, c.Sell(goods="goods:graw"), "9.31")


def test_9_31_buyers_are_on_the_back_of_the_goods() -> None:
    """9.31, 2.51: Designer Genes (9a) sell to 10, 1a, 1b, 2 ("1" follows "10")."""
    g = at_city("qossuth", me={"goods": ["goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"))
    assert cash(g) == 620
    nillis = at_city("nillis", me={"goods": ["goods:qossuth"]})
    play(nillis, c.Sell(goods="goods:qossuth"))
    assert cash(nillis) == 750


def test_2_51_9b_does_not_buy_9a_goods() -> None:
    """2.51: "The 9b Culture will not buy Goods from the 9a Culture.\""""
    g = at_city("wollow", me={"goods": ["goods:cholos"]})
    refused(g, c.Sell(goods="goods:cholos"), "9.31")
    assert c.Sell(goods="goods:cholos") not in legal(g)


def test_9_3_only_goods_are_sold_for_money() -> None:
    """9.3: Equipment is bartered, not sold; Deeds are never sold or bartered."""
    g = at_city("qossuth", moved=False, me={"equipment": ["red_drive"]})
    refused(g, c.Sell(goods="equipment:red_drive"), "9.3")
    refused(g, c.Barter(item="deed:spaceport:paintfall"), "9.3")


def test_9_32_trade_in_value_is_spent_this_turn_only() -> None:
    """9.32: barter value buys things here this turn; the unspent rest is lost."""
    g = at_city("qossuth", moved=False, cash=10, me={"equipment": ["red_drive"]})
    play(g, c.Barter(item="equipment:red_drive"))  # 120 / 2 = 60 credit
    assert g.state.turn is not None and g.state.turn.credit == 60 and cash(g) == 10
    refused(g, c.Buy(item="goods:qossuth"), "12.4.1")  # 160 > 60 + 10
    play(g, c.EndTurn())
    assert cash(g) == 10  # credit never becomes money


def test_9_32_credit_first_then_money() -> None:
    """9.32: "He can spend the trade-in value as if it were money" (the balance in cash)."""
    g = at_city("qossuth", moved=False, cash=200, me={"ious": ["qossuth"]})
    play(g, c.Barter(item="iou:qossuth"), c.Buy(item="goods:qossuth"))  # 120 + 40
    assert cash(g) == 160 and g.state.turn is not None and g.state.turn.credit == 0


def test_9_321_an_iou_only_to_its_culture_and_removed() -> None:
    """9.321: bartered only to the Culture printed on it; removed permanently."""
    g = at_city("qossuth", moved=False, me={"ious": ["graw", "qossuth"]})
    refused(g, c.Barter(item="iou:graw"), "9.321")
    play(g, c.Barter(item="iou:qossuth"))
    assert g.state.players[0].ious == ["graw"]
    assert "qossuth" not in str(g.state.suns)


def test_9_322_a_bartered_relic_goes_on_the_sun_and_is_sold_there() -> None:
    """9.322, 11.2: a bartered Relic sits on the sun of that System and is bought at any
    City or Spaceport there, at its printed price; other Equipment goes to the Bank."""
    g = at_city("qossuth", moved=False, me={"relics": ["spy_eye"], "equipment": ["shield"]})
    play(g, c.Barter(item="relic:spy_eye"), c.Barter(item="equipment:shield"))
    assert g.state.suns == {"polluted-planet": ["spy_eye"]}
    assert g.state.turn is not None and g.state.turn.credit == 50 + 30
    play(g, c.EndTurn())
    other = at_city("qossuth", moved=False, cash=100, suns={"polluted-planet": ["spy_eye"]})
    assert c.Buy(item="relic:spy_eye") in legal(other)
    play(other, c.Buy(item="relic:spy_eye"))
    assert other.state.players[0].relics == ["spy_eye"] and cash(other) == 0


def test_9_323_ships_are_bartered_only_by_buying_another() -> None:
    """9.323, 3.4: one ship at a time; trading it in is part of buying a new one."""
    g = at_city("humans", moved=False, cash=100)
    refused(g, c.Barter(item="ship:scout"), "9.323")
    events = play(g, c.Buy(item="ship:clipper"))  # 120 - 30 trade-in
    assert [e.type for e in events] == ["Bartered", "Bought"]
    assert g.state.players[0].ship == "clipper" and cash(g) == 10


def test_9_41_city_one_buy_and_one_sale_on_the_turn_moved_there() -> None:
    """9.41: at a City on the turn he moves there: one buy, one sale or barter."""
    g = at_city("qossuth", me={"goods": ["goods:cholos", "goods:cholos"]})
    play(g, c.Sell(goods="goods:cholos"))
    refused(g, c.Sell(goods="goods:cholos"), "9.41")
    play(g, c.Buy(item="goods:qossuth"))
    refused(g, c.Buy(item="goods:qossuth"), "9.41")
    assert not [a for a in legal(g) if isinstance(a, c.Buy | c.Sell)]


def test_9_41_an_iou_barter_is_exempt() -> None:
    """9.41 EXCEPTION: an IOU may be bartered besides the one sale or barter."""
    g = at_city("qossuth", me={"goods": ["goods:cholos"], "ious": ["qossuth"]})
    play(g, c.Sell(goods="goods:cholos"), c.Barter(item="iou:qossuth"))
    assert g.state.turn is not None and g.state.turn.credit == 120


def test_9_42_example_iou_on_the_landing_turn_buys_one_item() -> None:
    """9.42 EXAMPLE: landing on a new City, the IOU buys a maximum of one item this turn."""
    g = at_city("qossuth", discovered=False, cash=100)
    assert g.state.players[0].ious == ["qossuth"]  # 7.3: discovered on landing
    play(g, c.Barter(item="iou:qossuth"), c.Buy(item="goods:qossuth"))  # 160: 120 + 40
    refused(g, c.Buy(item="goods:qossuth"), "9.41")
    assert cash(g) == 60


def test_9_42_a_whole_turn_without_moving_trades_without_limit() -> None:
    """9.42: a whole turn at a City without moving: buy, sell, barter as much as he wishes."""
    g = at_city("qossuth", moved=False, cash=1000,
                me={"goods": ["goods:cholos", "goods:cholos"], "ship": "freighter"})
    play(g, c.Sell(goods="goods:cholos"), c.Sell(goods="goods:cholos"))
    play(g, c.Buy(item="goods:qossuth"), c.Buy(item="goods:qossuth"),
         c.Buy(item="goods:qossuth"))
    assert g.state.players[0].goods == ["goods:qossuth"] * 3


def test_9_43_a_spaceport_trades_without_limit() -> None:
    """9.43: at a Spaceport, unlimited, whether he moved there that turn or not."""
    g = at_spaceport("qossuth", owner=1, me={"goods": ["goods:cholos", "goods:cholos"]})
    assert g.state.turn is not None and g.state.turn.moves > 0
    play(g, c.Sell(goods="goods:cholos"), c.Sell(goods="goods:cholos"))
    play(g, c.Buy(item="goods:qossuth"), c.Buy(item="goods:qossuth"))


def test_4_4_trading_ends_movement() -> None:
    """4.4: he can never move in the same turn after trading (trading is after movement)."""
    g = at_city("qossuth", moved=False, cash=500)
    play(g, c.Buy(item="goods:qossuth"))
    refused(g, c.DeclareHeading(dot="polluted-planet.1"), "5.31")
    refused(g, c.RollDice(), "5.2")
    assert {type(a) for a in legal(g)} <= {c.Buy, c.Sell, c.Barter, c.PickUpFare,
                                          c.DeliverFare, c.Jettison, c.OfferTrade, c.EndTurn}


def test_9_1_trading_needs_a_city_or_spaceport() -> None:
    """9.1: an Orbit without a Spaceport is no place to trade (movement ends there)."""
    g = start({"players": [{"name": "Ann", "cash": 500, "dot": "polluted-planet.2"}],
               "cultures": {"polluted-planet": "qossuth"}, "discovered": ["polluted-planet"],
               "other_qboxes": "empty", "dice": [1, 1, 1]})
    play(g, c.DeclareHeading(dot="polluted-planet.1"), c.RollDice())
    events = play(g, c.MoveTo(dot="polluted-planet.1"), c.MoveTo(dot=CITY))
    assert of_type(events, "MovementEnded")[0].data["landed"] is True
