"""The reference manual's FAQ (``004_...``, section 7 "FAQ or Edge Cases"), one test each.

The two movement cases (Jump Start failing, backtracking through Tele Gates) are tested
where movement is (``test_relics_movement.py``, ``test_telegates.py``); they are run again
here under the FAQ's name.
"""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.components import rastur_pool
from engine.venus.scenario import start

from . import test_relics_movement, test_telegates
from .movekit import legal, of_type, play, refused
from .tradekit import at_city, at_spaceport


def test_faq_1_no_spaceport_bought_from_an_empty_orbit() -> None:
    """FAQ: "Can you buy a Spaceport from an empty Orbit? No. Must be on a City, Spaceport,
    or Open Port." Movement ending on an empty Orbit ends the turn (6.2: no landing)."""
    g = start({"players": [{"name": "Ann", "cash": 500, "dot": "polluted-planet.4"}],
               "cultures": {"polluted-planet": "qossuth"}, "discovered": ["polluted-planet"],
               "other_qboxes": "empty", "dice": [1, 1, 1]})
    play(g, c.DeclareHeading(dot="polluted-planet.3"), c.RollDice())
    events = play(g, c.MoveAlong(path=["polluted-planet.3", "polluted-planet.2",
                                       "polluted-planet.1"]))
    ended = of_type(events, "MovementEnded")[0].data
    assert ended["dot"] == "polluted-planet.1" and ended["landed"] is False
    assert "TurnEnded" in [e.type for e in events]  # the turn is over: nothing to trade
    refused(g, c.Buy(item="deed:spaceport:paintfall"), "4.4")


def test_faq_2_trading_in_equipment_or_a_ship_counts_as_the_one_sale() -> None:
    """FAQ: trading in Equipment/ship counts as one sale; buying ship/Equipment as one
    purchase; IOUs do not count (9.41)."""
    g = at_city("humans", cash=500, me={"equipment": ["shield"], "goods": ["goods:graw"],
                                        "ious": ["humans"]})
    play(g, c.Barter(item="equipment:shield"))
    refused(g, c.Sell(goods="goods:graw"), "9.41")
    play(g, c.Barter(item="iou:humans"))  # exempt
    refused(g, c.Buy(item="ship:clipper"), "9.41")  # its trade-in would be a second barter
    play(g, c.Buy(item="equipment:red_drive"))
    refused(g, c.Buy(item="goods:humans"), "9.41")
    h = at_city("humans", cash=500)
    play(h, c.Buy(item="ship:clipper"))
    assert not [a for a in legal(h) if isinstance(a, c.Buy | c.Sell | c.Barter)]


def test_faq_3_spaceport_commission_on_iou_and_ship_trades() -> None:
    """FAQ: "Does Spaceport owner get commission on IOU/ship trades? Yes. 10% on all
    transaction values (e.g. IOU trade-in, ship purchase).\""""
    g = at_spaceport("humans", owner=1, cash=500, me={"ious": ["humans"]})
    iou = of_type(play(g, c.Barter(item="iou:humans")), "CommissionPaid")
    assert [e.data["amount"] for e in iou] == [9]
    ship = of_type(play(g, c.Buy(item="ship:clipper")), "CommissionPaid")
    assert [e.data["amount"] for e in ship] == [3, 12]


def test_faq_4_jump_start_fails_move_normally() -> None:
    """FAQ: "What happens when Jump Start fails? Move normally using dice roll.\""""
    test_relics_movement.test_8_43_jump_start_fails_moves_normally_keeping_the_number()


def test_faq_5_backtracking_via_tele_gates_is_allowed() -> None:
    """FAQ: "Jumping from Telegate A to B, then B to A is allowed and not backtracking.\""""
    test_telegates.test_faq_jumping_back_through_gates_is_not_backtracking()
    test_telegates.test_faq_gate_jump_leaves_the_paths_free()


def test_faq_6_rastur_mix_chart() -> None:
    """FAQ: "Based on Rastur Mix Chart (e.g., for 1,000 game, use markers 60-110)" (16.1)."""
    active, reserve = rastur_pool(1000)
    assert len(active) == 12 and min(active) == 60 and max(active) == 110
    assert all(v < 60 or v > 110 for v in reserve)


def test_faq_summary_iou_and_fares_exempt_from_city_limit() -> None:
    """004 "Trade Phase": at a City on first landing: 1 buy, 1 sell/barter (IOUs and Fares
    exempt)."""
    g = at_city("yxklyx", cash=500, me={"goods": ["goods:shenna"], "ious": ["yxklyx"]},
                market={"yxklyx": ["goods:yxklyx", "fare:yxklyx:humans"]})
    play(g, c.Sell(goods="goods:shenna"), c.Barter(item="iou:yxklyx"),
         c.Buy(item="goods:yxklyx"), c.PickUpFare(fare="fare:yxklyx:humans"))
