"""The 2012 classic game (edition ``classic-2012``): setup, goods and selling.

Each test names the heading of the 2012 classic rulebook (``001``) it checks; the component
facts are in ``reference/venus-2012``. The Polluted Planet bench of ``tradekit`` is reused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.kernel import Game, RuleError
from engine.venus import commands as c
from engine.venus.components import Edition, load_components
from engine.venus.ruleset import ruleset

from .movekit import play, refused
from .tradekit import at_city, cash

ED = "classic-2012"
EEEP = {"name": "Bob", "race": "eeepeeep", "dot": "galactic-base"}


def at_2012_city(culture: str, **kw: Any) -> Any:
    """Seat 0 (a Human) at the City of ``culture`` in a 2012 game."""
    return at_city(culture, edition=ED, others=[EEEP], **kw)


def new_game(players: int, seed: object = 1, **options: Any) -> Any:
    return Game.start(ruleset, {"edition": ED, **options},
                      [f"p{i}" for i in range(players)], seed=seed)


# --- Setup ---------------------------------------------------------------------------------


def test_2012_differences_two_to_four_players() -> None:
    """2012 "Differences from the original rules": "limited to four players"; no solitaire
    game in the 2012 classic rules, so 2 to 4."""
    for n in (2, 3, 4):
        assert len(new_game(n).state.players) == n
    for n in (1, 5):
        with pytest.raises(RuleError):
            new_game(n)


def test_2012_setup_select_race_the_four_races() -> None:
    """2012 "Setup", Select Race: Humans, Eepeeep, Whynoms and Qossuth."""
    assert {m.key for m in load_components().merchants_in(Edition(ED))} == {
        "humans", "eeepeeep", "whynoms", "qossuth"}
    g = new_game(4, races=["humans", "eeepeeep", "whynoms", "qossuth"])
    assert {p.race for p in g.state.players} == {"humans", "eeepeeep", "whynoms", "qossuth"}
    with pytest.raises(RuleError):
        new_game(2, races=["humans", "dell"])


def test_2012_setup_determine_first_player_at_random() -> None:
    """2012 "Setup" step 10, Determine First Player: "Randomly select a player" (no dice)."""
    firsts = set()
    for seed in range(40):
        g = new_game(4, seed=seed)
        chosen = next(e for e in g.events if e.type == "FirstPlayerChosen")
        assert chosen.data["rolls"] == [] and chosen.data["random"] is True
        assert g.state.first_player == chosen.data["seat"]
        firsts.add(chosen.data["seat"])
    assert firsts == {0, 1, 2, 3}


def test_2012_setup_prepare_encounters() -> None:
    """2012 "Setup", Prepare Encounters; "Encounter tokens": one token face down on each
    encounter space, the rest returned to the box. The 2012 mix: 17 hazards, 9 relics (no
    Laser), 6 telegates, 3 open spaceports."""
    s = new_game(2).state
    placed = [b.marker for b in s.qboxes.values()]
    assert all(m is not None for m in placed) and not any(b.face_up for b in s.qboxes.values())
    everything = [m for m in placed if m is not None] + list(s.unused_markers)
    kinds = Counter(m.kind for m in everything)
    assert kinds == {"penalty": 17, "relic": 9, "telegate": 6, "open_port": 3}
    relics = {m.relic for m in everything if m.kind == "relic"}
    assert len(relics) == 9 and "laser" not in relics
    assert len(placed) == 24 and len(s.unused_markers) == 11


def test_2012_setup_prepare_bonus_cup_passengers_and_demands() -> None:
    """2012 "Setup", Prepare Bonus Cup: passenger and demand tokens; the standard-only
    passengers (Diva, Ambassador, Caterer, Politician, Invader) are removed."""
    s = new_game(2).state
    cup = Counter(m.split(":")[0] for m in s.cup)
    assert cup == {"demand": 37, "fare": 10}
    assert "fare:graw:qossuth" in s.cup  # the Arms Dealer, Graw -> Qossuth
    assert "fare:zum:volois" in s.cup  # the Salesman


# --- Goods, buyers, demands ----------------------------------------------------------------


def test_2012_differences_cultures_1_to_14_and_goods_names() -> None:
    """2012 "Differences": cultures numbered 1-14; regular goods named for their factory
    counterpart (Glorious Junk at the Graw); one name for goods and factory goods."""
    comps = load_components()
    ed = Edition(ED)
    assert [c_.number_2012 for c_ in comps.cultures] == list(range(1, 15))
    graw = comps.culture("graw")
    assert graw.goods.name(ed) == "Glorious Junk"
    assert graw.factory.goods_name(ed) == "Glorious Junk"
    assert comps.culture("eeepeeep").goods.name(ed) == "Pedigree Bolts"


def test_2012_sell_actions_next_four_cultures() -> None:
    """2012 "Sell Actions" example: Bionic Perfume (Nillis, 1) sells to the Volois (2), Graw
    (3), Niks (4) and Dell (5); 2012 "Differences": subsequent cultures in the sequence, so
    the Humans (6) do not buy it, though the 1988 buyers did (4b)."""
    comps = load_components()
    assert comps.buyers("nillis", Edition(ED)) == ["volois", "graw", "niks", "dell"]
    assert comps.buyers("yxklyx", Edition(ED)) == ["zum", "eeepeeep", "whynoms", "cholos",
                                                   "wollow"]
    assert comps.buyers("whynoms", Edition(ED)) == ["cholos", "wollow", "qossuth", "nillis",
                                                    "volois"]
    g = at_2012_city("dell", me={"goods": ["goods:nillis"]}, cash=0)
    g.play(0, c.Sell(goods="goods:nillis"))
    assert cash(g) == 140  # the middle (classic) price of the 2012 token
    humans = at_2012_city("humans", me={"goods": ["goods:nillis"]})
    refused(humans, c.Sell(goods="goods:nillis"), "9.31")
    old = at_city("humans", me={"goods": ["goods:nillis"]}, cash=0)  # 1988: 4b buys 1a
    old.play(0, c.Sell(goods="goods:nillis"))
    assert cash(old) == 140


def test_2012_differences_factory_goods_fulfil_demands() -> None:
    """2012 "Differences": "factory goods can now fulfill demand tokens"; 2012 "Demand": the
    resale value plus the bonus, and the demand token goes in the cup. The Nillis factory
    goods (140 on the 2012 token) sold at the Dell with its Bionic Perfume +60 demand."""
    g = at_2012_city("dell", cash=0, me={"goods": ["factory_goods:nillis"]},
                     market={"dell": ["goods:dell", "demand:dell:nillis"]})
    events = g.play(0, c.Sell(goods="factory_goods:nillis"))
    sold = next(e for e in events if e.type == "Sold")
    assert (sold.data["payoff"], sold.data["bonus"]) == (140, 60)
    assert cash(g) == 200
    assert "demand:dell:nillis" not in g.state.market["dell"]
    assert any(e.type == "DemandReturned" for e in events)


def test_1988_factory_goods_earn_no_demand_bonus() -> None:
    """1988 (our ruling, "Demands raise regular Goods only"): unchanged by the 2012 rule."""
    g = at_city("humans", cash=0, me={"goods": ["factory_goods:nillis"]},
                market={"humans": ["goods:humans", "demand:humans:nillis"]})
    events = g.play(0, c.Sell(goods="factory_goods:nillis"))
    sold = next(e for e in events if e.type == "Sold")
    assert sold.data["bonus"] == 0 and "demand:humans:nillis" in g.state.market["humans"]


# --- First Contact cards -------------------------------------------------------------------

HUMAN = {"name": "Bob", "race": "humans", "dot": "galactic-base"}


def first_contact(culture: str, race: str, cash_: int = 0) -> Any:
    """Seat 0 lands on the City of the hidden ``culture`` this turn and makes first contact
    (2012 "First Contact Phase"), in a Transport (three holds)."""
    g = at_city(culture, edition=ED, others=[HUMAN], discovered=False, cash=cash_,
                me={"race": race, "ship": "transport"})
    assert g.state.players[0].ious == [culture]
    return g


def test_2012_first_contact_example_1_paid_wholly_by_the_card_is_no_buy_action() -> None:
    """2012 "Using First Contact Credits", Example 1: the Graw card (c90) buys three Glorious
    Junk at c30 each; "it does not count as a buy action and he may still make another
    purchase" (at a City he just landed on: one buy action, 2012 "Transaction Phase")."""
    g = first_contact("graw", "eeepeeep", cash_=500)
    g.play(0, c.Barter(item="iou:graw"))
    for _ in range(3):
        g.play(0, c.Buy(item="goods:graw"))
    turn = g.state.turn
    assert turn is not None and turn.bought == 0 and turn.credit == 0 and turn.iou_credit == 0
    assert g.state.players[0].goods == ["goods:graw"] * 3 and cash(g) == 500
    assert not g.state.players[0].ious  # the card went back to the box
    assert c.Barter(item="iou:graw") not in list(ruleset.legal_actions(g.state, 0))
    # "he may still make another purchase": his one buy action, with money (a Factory)
    play(g, c.Buy(item="deed:factory:graw"))
    assert g.state.turn is not None and g.state.turn.bought == 1
    assert "deed:factory:graw" in g.state.players[0].deeds
    refused(g, c.Buy(item="deed:spaceport:paintfall"), "9.41")


def test_2012_first_contact_example_2_partly_paid_with_credits_is_one_buy_action() -> None:
    """2012 "Using First Contact Credits", Example 2: the Shenna card (c90) and c10 buy two
    Melf Pelts at c50 each (c100): "This purchase counts as one buy action." """
    g = first_contact("shenna", "qossuth", cash_=50)
    play(g, c.Barter(item="iou:shenna"), c.Buy(item="goods:shenna"))
    assert g.state.turn is not None and g.state.turn.bought == 0  # the first, wholly by card
    events = g.play(0, c.Buy(item="goods:shenna"))
    bought = next(e for e in events if e.type == "Bought")
    assert (bought.data["iou_credit"], bought.data["cash"], bought.data["counts"]) == (40, 10,
                                                                                      True)
    assert cash(g) == 40 and g.state.turn.bought == 1
    refused(g, c.Buy(item="goods:shenna"), "9.41")  # the one buy action is spent


def test_1988_iou_credit_counts_as_the_city_buy() -> None:
    """1988 9.42 EXAMPLE (our ruling): a purchase paid with IOU credit is the City's one buy."""
    g = at_city("graw", discovered=False, cash=100, me={"ship": "transport"})
    play(g, c.Barter(item="iou:graw"), c.Buy(item="goods:graw"))
    assert g.state.turn is not None and g.state.turn.bought == 1
    refused(g, c.Buy(item="goods:graw"), "9.41")


# --- Movement: telegates, Gate Lock, relics, asteroids --------------------------------------

JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}
PP5 = "polluted-planet.5"
GATE2 = JP[5]


def at_gate2_2012(dice: list[int], relics: list[str] | None = None) -> Any:
    """A 2012 ship arrives on face-up telegate 2 (jungle-planet.5); telegate 5 is face up at
    polluted-planet.5."""
    from .movekit import game, roll

    g = game(JP[4], dice, edition=ED, relics=relics or [],
             qboxes={GATE2: {"kind": "telegate", "number": 2, "face_up": True},
                     PP5: {"kind": "telegate", "number": 5, "face_up": True}})
    roll(g, GATE2)
    play(g, c.MoveTo(dot=GATE2))
    return g


def test_2012_telegates_being_transported_costs_one_movement_point() -> None:
    """2012 "Telegates" step 3 and Telegate Example 2: "he must move his ship to that
    telegate for the cost of one movement point"."""
    from .movekit import legal_moves

    g = at_gate2_2012([5, 5, 5])
    assert legal_moves(g) == {PP5}  # navigation value 5: he must jump
    events = play(g, c.MoveTo(dot=PP5, pilot=5))
    jump = next(e for e in events if e.type == "Moved").data
    assert jump["via"] == "telegate" and jump["mp"] == 1
    assert g.state.turn is not None and g.state.turn.mp == 15 - 1 - 1


def test_2012_appendix_gate_lock_treats_the_entered_telegate_as_a_blue_space() -> None:
    """2012 "Appendix: Relics", Gate Lock: "When a player with this relic enters a telegate
    space, he may choose to treat that telegate as a blue space instead": per gate, so he may
    jump or go on along the path (no navigation die needed); no 1988 switch before rolling."""
    from .movekit import legal, legal_moves

    g = at_gate2_2012([5, 5, 5], relics=["gate_lock"])
    assert legal_moves(g) == {PP5, JP[6]}
    assert not any(isinstance(a, c.UseGateLock) for a in legal(g))
    blue = copy_game(g)
    play(blue, c.MoveTo(dot=JP[6]))
    assert blue.state.players[0].dot == JP[6] and blue.state.turn is not None
    assert blue.state.turn.pilot is None and blue.state.turn.mp == 15 - 2
    play(g, c.MoveTo(dot=PP5, pilot=5))  # or use the gate
    assert g.state.players[0].dot == PP5
    # the 1988 switch (8.47) is refused before rolling in 2012
    from .movekit import game

    fresh = game(JP[4], [5, 5, 5], edition=ED, relics=["gate_lock"])
    assert not any(isinstance(a, c.UseGateLock) for a in legal(fresh))
    refused(fresh, c.UseGateLock(on=True), "2012 appendix")


def copy_game(g: Any) -> Any:
    from .movekit import copy

    return copy(g)


def test_2012_encounters_collecting_a_relic_ends_the_turn() -> None:
    """2012 "Encounters", Relic: he collects the relic, "places an asteroid token on that
    encounter space and ends his turn" (also "Ending a Turn": "He collects a relic")."""
    from .movekit import game, roll

    g = game(JP[3], [1, 1, 1], edition=ED,
             qboxes={GATE2: {"kind": "relic", "relic": "air_foil"}},
             others=[{"name": "Bob", "dot": "galactic-base"}])
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=GATE2), c.Land())
    events = play(g, c.PickUpRelic())
    assert [e.type for e in events][:2] == ["RelicPickedUp", "TurnEnded"]
    assert g.state.players[0].relics == ["air_foil"]
    box = g.state.qboxes[GATE2]
    assert box.marker is None and box.face_up  # an asteroid token now
    assert g.state.turn is not None and g.state.turn.seat == 1


def test_2012_asteroids_landing_leaves_only_player_trading() -> None:
    """2012 "End Movement": "If he lands his ship on an asteroid, his turn immediately ends",
    but "Player Trading" still lets him trade with players there; "Making Room in a Ship":
    offloading is at a surface city or spaceport, not on an asteroid."""
    from engine.venus.scenario import start

    asteroid = "desert-planet.5"  # an Asteroid
    g = start({"edition": ED, "other_qboxes": "empty", "players": [
        {"name": "Ann", "cash": 50, "dot": asteroid, "goods": ["goods:graw"]},
        {"name": "Bob", "cash": 50, "dot": asteroid}]})
    play(g, c.StayPut())
    from .movekit import legal

    actions = legal(g)
    assert c.EndTurn() in actions and not any(isinstance(a, c.Jettison) for a in actions)
    assert any(isinstance(a, c.OfferTrade) for a in actions)
    refused(g, c.Jettison(item="goods:graw"), "2012 making room")


# --- Passengers and commissions ------------------------------------------------------------


def test_2012_passengers_picked_up_one_dot_and_fare_paid_at_the_destination() -> None:
    """2012 "Picking Up Passengers" (one dot each: two share a cargo hold, "Capacity
    Example") and "Dropping Off Passengers": the Arms Dealer, Graw -> Qossuth, pays c120."""
    g = at_2012_city("graw", moved=False, cash=0,
                     me={"goods": ["goods:dell"]},
                     market={"graw": ["goods:graw", "fare:graw:qossuth"]})
    play(g, c.PickUpFare(fare="fare:graw:qossuth"))  # goods fill hold 1, the passenger hold 2
    assert g.state.players[0].fares == ["fare:graw:qossuth"]
    assert g.state.turn is not None and g.state.turn.bought == 0
    h = at_2012_city("qossuth", cash=0, me={"fares": ["fare:graw:qossuth"]})
    events = play(h, c.DeliverFare(fare="fare:graw:qossuth"))
    assert next(e for e in events if e.type == "FareDelivered").data["fee"] == 120
    assert cash(h) == 120 and "fare:graw:qossuth" in h.state.cup


def _commissions(events: list[Any], seat: int, kind: str = "spaceport") -> int:
    return sum(e.data["amount"] for e in events
               if e.type == "CommissionPaid" and e.data["seat"] == seat and e.data["kind"] == kind)


def test_2012_commissions_merchant_spaceport_example_c62() -> None:
    """2012 "Commissions", Merchant Spaceport Commissions, Example: the Eepeeep player sells
    one Pedigree Bolts (c300) and buys two Psychotic Sculptures (c320) at the Qossuth through
    the Human's merchant spaceport: total transaction value c620, the Human receives c62."""
    from .tradekit import at_spaceport

    g = at_spaceport("qossuth", owner=1, edition=ED, cash=20, others=[HUMAN],
                     me={"race": "eeepeeep", "ship": "transport", "goods": ["goods:eeepeeep"]})
    events = play(g, c.Sell(goods="goods:eeepeeep"), c.Buy(item="goods:qossuth"),
                  c.Buy(item="goods:qossuth"))
    assert cash(g) == 20 + 300 - 320
    assert _commissions(events, 1) == 62
    assert cash(g, 1) == 62


def test_2012_commissions_include_first_contact_credits() -> None:
    """2012 "Merchant Spaceports"/"Commissions": "including transactions made with credits on
    First Contact cards". The Qossuth card (c120) and c40 buy a Psychotic Sculpture (c160)
    at a merchant spaceport: c16; turning in the card is no transaction by itself."""
    from .tradekit import at_spaceport

    g = at_spaceport("qossuth", owner=1, edition=ED, cash=40, others=[HUMAN],
                     me={"race": "eeepeeep", "ious": ["qossuth"]})
    events = play(g, c.Barter(item="iou:qossuth"), c.Buy(item="goods:qossuth"))
    assert _commissions(events, 1) == 16 and cash(g) == 0


def test_2012_commissions_factory_50_percent_even_to_its_owner() -> None:
    """2012 "Buying Factory Goods" and "Factory Commissions": the owner receives 50% of the
    factory good's cost, "even if he buys a factory good produced by his own factory"."""
    from .tradekit import CITY

    g = at_2012_city("qossuth", moved=False, cash=500,
                     factories={"qossuth": {"dot": CITY, "owner": 0}},
                     market={"qossuth": ["goods:qossuth", "factory_goods:qossuth"]})
    events = play(g, c.Buy(item="factory_goods:qossuth"))
    assert _commissions(events, 0, "factory") == 60  # half of c120
    assert cash(g) == 500 - 120 + 60
