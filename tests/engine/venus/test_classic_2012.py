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
from engine.venus.state import VenusState

from .movekit import Venus, legal, play, refused
from .tradekit import at_city, cash

ED = "classic-2012"
EEEP = {"name": "Bob", "race": "eeepeeep", "dot": "galactic-base"}


def at_2012_city(culture: str, **kw: Any) -> Venus:
    """Seat 0 (a Human) at the City of ``culture`` in a 2012 game."""
    return at_city(culture, edition=ED, others=[EEEP], **kw)


def new_game(players: int, seed: str | int = 1, **options: Any) -> Game[VenusState]:
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
    assert cup == {"demand": 38, "fare": 10}  # 003 component list: "38 Demand Tokens"
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


def first_contact(culture: str, race: str, cash_: int = 0) -> Venus:
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


def at_gate2_2012(dice: list[int], relics: list[str] | None = None) -> Venus:
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


def test_2012_appendix_gate_lock_move_without_a_die_leaves_the_gate_as_a_blue_space() -> None:
    """2012 "Appendix: Relics", Gate Lock (docs/rulings.md): leaving the gate as a blue space
    needs no navigation die, so a move naming none is that move even when numbers that jump
    nowhere (this gate's own, one no gate shows) would also reach the dot. It was refused
    ("say which Pilot Number") although the legal commands offered it, and with one such
    number it bound that number."""
    from .movekit import legal

    for dice in ([2, 3, 5], [2, 5, 5]):
        g = at_gate2_2012(dice, relics=["gate_lock"])
        offered = {(a.dot, a.pilot) for a in legal(g) if isinstance(a, c.MoveTo)}
        assert (JP[6], None) in offered and (JP[6], 2) in offered
        blue, numbered = copy_game(g), copy_game(g)
        play(blue, c.MoveTo(dot=JP[6]))
        assert blue.state.players[0].dot == JP[6]
        assert blue.state.turn is not None and blue.state.turn.pilot is None
        play(numbered, c.MoveTo(dot=JP[6], pilot=2))
        assert numbered.state.turn is not None and numbered.state.turn.pilot == 2


def copy_game(g: Venus) -> Venus:
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
    assert _commissions(events, 1) == 0  # "after all the transactions have been completed"
    events = play(g, c.EndTurn())
    assert _commissions(events, 1) == 62
    assert cash(g, 1) == 62
    paid = [e.type for e in events]
    assert paid.index("CommissionPaid") < paid.index("TurnEnded")


def test_2012_commission_is_paid_after_all_buy_and_sell_actions_even_to_the_trader() -> None:
    """2012 "Merchant Spaceport Commissions": "He receives this commission after all buy
    actions and sell actions have been completed. A player receives this commission even if he
    performs buy and sell actions at his own merchant spaceport." With c300 from his sale he
    cannot spend the c30 commission in the same phase: c300 buys no more than c300."""
    from .tradekit import at_spaceport

    g = at_spaceport("qossuth", owner=0, edition=ED, cash=0, others=[HUMAN],
                     me={"race": "eeepeeep", "ship": "transport", "goods": ["goods:eeepeeep"]},
                     market={"qossuth": ["goods:qossuth"] * 3})
    play(g, c.Sell(goods="goods:eeepeeep"))
    assert cash(g) == 300  # no commission yet
    play(g, c.Buy(item="goods:qossuth"))
    assert cash(g) == 140 and c.Buy(item="goods:qossuth") not in legal(g)  # c160 each
    events = play(g, c.EndTurn())
    assert _commissions(events, 0) == 46 and cash(g) == 140 + 46  # 10% of c300 + c160


def test_2012_commissions_include_first_contact_credits() -> None:
    """2012 "Merchant Spaceports"/"Commissions": "including transactions made with credits on
    First Contact cards". The Qossuth card (c120) and c40 buy a Psychotic Sculpture (c160)
    at a merchant spaceport: c16; turning in the card is no transaction by itself."""
    from .tradekit import at_spaceport

    g = at_spaceport("qossuth", owner=1, edition=ED, cash=40, others=[HUMAN],
                     me={"race": "eeepeeep", "ious": ["qossuth"]})
    events = play(g, c.Barter(item="iou:qossuth"), c.Buy(item="goods:qossuth"), c.EndTurn())
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


# --- Spaceports: neutral and merchant ------------------------------------------------------

AIR_TORUS = "interstellar-biosphere.13"  # a 1988 Space City: a 2012 neutral spaceport


def at_air_torus(moved: bool = True, edition: str = ED, **me: Any) -> Venus:
    """Seat 0 trades with the Qossuth on the Air Torus (Interstellar Biosphere), having
    landed there this turn (from the next space, 1 MP) or having skipped movement there."""
    from engine.venus.scenario import start

    player = {"name": "Ann", "race": "humans", "cash": 1000, "ship": "transport",
              "dot": "interstellar-biosphere.1" if moved else AIR_TORUS, **me}
    g = start({"edition": edition, "other_qboxes": "empty", "dice": [1, 1, 1],
               "players": [player, EEEP if edition == ED else {**EEEP, "race": "dell"}],
               "cultures": {"interstellar-biosphere": "qossuth"},
               "discovered": ["interstellar-biosphere"]})
    if moved:
        play(g, c.DeclareHeading(dot=AIR_TORUS), c.RollDice(), c.MoveTo(dot=AIR_TORUS))
        if g.state.turn is not None and g.state.turn.phase == "move":
            play(g, c.Land())
    else:
        play(g, c.StayPut())
    assert g.state.turn is not None and g.state.turn.phase == "trade"
    return g


def test_2012_neutral_spaceports_data_switch_are_the_printed_space_cities() -> None:
    """2012 "Neutral Spaceports": "Several systems contain spaceports printed on the board
    ... Galactic Base is also considered a neutral spaceport." Our data switch: the six
    printed spaceports are the 1988 Space Cities, Galactic Base included."""
    from engine.venus.board import DotKind, load_board
    from engine.venus.spaceports import is_neutral_spaceport, neutral_spaceports

    board = load_board(ED)
    space_cities = {d for d, info in board.dots.items() if info.kind is DotKind.SPACE_CITY}
    assert neutral_spaceports() == space_cities and len(space_cities) == 6
    assert board.galactic_base in neutral_spaceports()
    assert is_neutral_spaceport(ED, AIR_TORUS)
    assert not is_neutral_spaceport(ED, "polluted-planet.10")
    assert not is_neutral_spaceport("avalon-hill", AIR_TORUS)  # 1988: a Space City


def test_2012_neutral_spaceports_one_buy_and_one_sell_on_the_landing_turn() -> None:
    """2012 "Neutral Spaceports": "When a player is trading on a neutral spaceport in the same
    turn he landed on it, he is limited to one buy action and one sell action"; passengers
    are unlimited ("Transaction Phase", Important Exception)."""
    g = at_air_torus(goods=["goods:eeepeeep", "goods:eeepeeep"])
    play(g, c.Buy(item="goods:qossuth"))
    refused(g, c.Buy(item="goods:qossuth"), "9.41")
    play(g, c.Sell(goods="goods:eeepeeep"))
    refused(g, c.Sell(goods="goods:eeepeeep"), "9.41")


def test_2012_neutral_spaceports_unlimited_after_skipping_movement() -> None:
    """2012 "Neutral Spaceports": "If the player skips his Movement phase while on a neutral
    spaceport, he can take unlimited buy and sell actions"."""
    g = at_air_torus(moved=False, goods=["goods:eeepeeep", "goods:eeepeeep"])
    play(g, c.Sell(goods="goods:eeepeeep"), c.Sell(goods="goods:eeepeeep"),
         c.Buy(item="goods:qossuth"), c.Buy(item="goods:qossuth"))
    assert g.state.players[0].goods.count("goods:qossuth") == 2


def test_2012_neutral_spaceports_galactic_base_counts_as_one() -> None:
    """2012 "Neutral Spaceports" / "Galactic Base": landing there limits to one buy action
    (a ship), unlimited after skipping movement."""
    from engine.venus.board import load_board
    from engine.venus.discovery import site_kind
    from engine.venus.scenario import start
    from engine.venus.trading import limited

    base = load_board(ED).galactic_base
    g = start({"edition": ED, "other_qboxes": "empty", "dice": [1, 1, 1],
               "players": [{"name": "Ann", "race": "humans", "cash": 1000,
                            "dot": "galactic-base--colony-world.1"}, EEEP]})
    play(g, c.DeclareHeading(dot=base), c.RollDice(), c.MoveTo(dot=base))
    if g.state.turn is not None and g.state.turn.phase == "move":
        play(g, c.Land())
    assert site_kind(g.state, load_board(ED), base) == "city"
    assert limited(g.state, load_board(ED), 0)
    play(g, c.Buy(item="ship:clipper"))
    refused(g, c.Buy(item="ship:transport"), "9.41")


def test_2012_first_contact_phase_at_a_neutral_spaceport() -> None:
    """2012 "First Contact Phase": ending movement on a surface city *or spaceport* of a
    system with a First Contact card reveals it: a neutral spaceport does."""
    from engine.venus.scenario import start

    g = start({"edition": ED, "other_qboxes": "empty", "dice": [1, 1, 1],
               "players": [{"name": "Ann", "race": "humans", "cash": 0,
                            "dot": "interstellar-biosphere.1"}, EEEP],
               "cultures": {"interstellar-biosphere": "volois"}, "discovered": []})
    play(g, c.DeclareHeading(dot=AIR_TORUS), c.RollDice(), c.MoveTo(dot=AIR_TORUS))
    if g.state.turn is not None and g.state.turn.phase == "move":
        play(g, c.Land())
    assert g.state.discovered.get("interstellar-biosphere") == "volois"
    assert g.state.players[0].ious == ["volois"]


def test_2012_first_contact_phase_step_5_spaceport_deeds_on_each_orbit() -> None:
    """2012 "First Contact Phase" step 5: "He places a spaceport deed token on each orbit
    space in that system"; "Buying a Merchant Spaceport Deed": "Systems can contain up to
    three merchant spaceports" (the Giant Planet has three orbits, no system more)."""
    from collections import Counter as _C

    from engine.venus.board import load_board
    from engine.venus.deeds import deeds_for_sale
    from engine.venus.spaceports import MAX_MERCHANT_SPACEPORTS, deed_orbits

    board = load_board(ED)
    per_system = _C(info.system for info in board.dots.values() if info.orbit)
    assert max(per_system.values()) == MAX_MERCHANT_SPACEPORTS == per_system["giant-planet"]
    g = first_contact("graw", "eeepeeep")
    assert deed_orbits(g.state, board, "polluted-planet") == ["polluted-planet.1",
                                                               "polluted-planet.3"]
    assert deeds_for_sale(g.state, board, "graw") == [
        "deed:factory:graw", "deed:spaceport:paintfall", "deed:spaceport:poison_port"]
    hidden = at_2012_city("graw")
    assert deed_orbits(hidden.state, board, "giant-planet") == []  # not discovered yet


def test_2012_buying_a_merchant_spaceport_deed_from_the_surface_city() -> None:
    """2012 "Buying a Merchant Spaceport Deed": a buy action, c200, the deed "from an orbit
    space of his choice within his current system", his spaceport token on the orbit; "the
    printed value ... (c200) is included in the owning player's net worth"."""
    from engine.venus.winning import net_worth

    g = at_2012_city("graw", cash=500)
    play(g, c.Buy(item="deed:spaceport:poison_port"))
    assert cash(g) == 300 and g.state.spaceports == {"polluted-planet.3": 0}
    assert net_worth(g.state, 0) == 500
    assert g.state.turn is not None and g.state.turn.bought == 1
    refused(g, c.Buy(item="deed:spaceport:paintfall"), "9.41")  # landing turn: one buy


def test_2012_home_culture_discounts_whynom_spaceport_c160_counts_c200() -> None:
    """2012 "Home Culture Discounts", Example: the Whynom player buys a merchant spaceport at
    the Whynom culture for c160 (20% off); "Calculating Net Worth": it counts c200. A factory
    deed at home is 20% off too."""
    from engine.venus.winning import net_worth

    g = at_2012_city("whynoms", moved=False, cash=500, me={"race": "whynoms"})
    play(g, c.Buy(item="deed:spaceport:paintfall"))
    assert cash(g) == 340 and net_worth(g.state, 0) == 540
    price = load_components().culture("whynoms").factory.deed_cost
    play(g, c.Buy(item="deed:factory:whynoms"))
    assert cash(g) == 340 - price * 80 // 100
    assert net_worth(g.state, 0) == 340 - price * 80 // 100 + 200 + price


def test_2012_player_trading_deeds_cannot_be_traded() -> None:
    """2012 "Player Trading": "Ships, merchant spaceport deeds, and factory deeds cannot be
    traded"."""
    from engine.venus.scenario import start

    g = start({"edition": ED, "other_qboxes": "empty",
               "players": [{"name": "Ann", "race": "humans", "cash": 50, "dot": "galactic-base"},
                           {**EEEP, "cash": 300}],
               "spaceports": {"polluted-planet.1": 0}, "discovered": ["polluted-planet"],
               "cultures": {"polluted-planet": "graw"}})
    play(g, c.StayPut())
    with pytest.raises(RuleError):
        g.play(0, c.OfferTrade(to=1, give=["deed:spaceport:paintfall"], get_money=200))


# --- Making Room in a Ship --------------------------------------------------------------------


def test_2012_making_room_offload_goods_bought_this_turn_to_the_cup_with_a_draw() -> None:
    """2012 "Making Room in a Ship": offload goods "at any time during a player's Transaction
    phase" at a surface city or spaceport, into the bonus cup with a draw; "Offloading does
    not count as an action, and players do not receive credits"; no 1988 11.3 "not in the
    same turn you acquired it"."""
    g = at_2012_city("graw", cash=100)
    play(g, c.Buy(item="goods:graw"))
    before = cash(g)
    events = play(g, c.Jettison(item="goods:graw"))
    assert [e.type for e in events][:2] == ["Jettisoned", "CupDrawn"]
    assert cash(g) == before and g.state.players[0].goods == []
    turn = g.state.turn
    assert turn is not None and (turn.bought, turn.sold) == (1, 0)
    old = at_city("graw", cash=100)  # 1988 11.3 unchanged
    play(old, c.Buy(item="goods:graw"))
    refused(old, c.Jettison(item="goods:graw"), "11.3")


def test_2012_making_room_equipment_to_the_stockpile_and_passengers_pay_nothing() -> None:
    """2012 "Making Room in a Ship": "If a player offloads equipment, he returns the token to
    its stockpile"; a passenger offloaded goes to the cup with a draw, and "players do not
    receive credits for offloading tokens", even at its destination."""
    from engine.venus.trading import equipment_stock

    g = at_2012_city("qossuth", cash=0,
                     me={"equipment": ["shield", "shield"], "fares": ["fare:graw:qossuth"]})
    stock = equipment_stock(g.state, "shield")
    events = play(g, c.Jettison(item="equipment:shield"))
    assert [e.type for e in events] == ["Jettisoned"]
    assert equipment_stock(g.state, "shield") == stock + 1
    events = play(g, c.Jettison(item="fare:graw:qossuth"))
    assert events[0].data["fee"] == 0 and events[1].type == "CupDrawn" and cash(g) == 0


def test_2012_making_room_a_new_ship_need_not_fit_this_turns_cargo() -> None:
    """2012 "Buying a Ship": "If the new ship class does not have enough eligible cargo holds,
    the player must make room in his ship"; with no "turn acquired" limit the excess can be
    offloaded at once (1988 3.44 with 11.3 refuses such a trade)."""
    from engine.venus.cargo import excess

    g = at_2012_city("humans", moved=False, cash=1000, me={"ship": "transport"},
                     market={"humans": ["goods:humans"] * 3})
    play(g, *[c.Buy(item="goods:humans")] * 3, c.Buy(item="ship:clipper"))
    assert g.state.players[0].ship == "clipper" and excess(g.state, 0) == 1
    play(g, c.Jettison(item="goods:humans"))
    assert excess(g.state, 0) == 0
    old = at_city("humans", moved=False, cash=1000, me={"ship": "transport"},
                  market={"humans": ["goods:humans"] * 3})
    play(old, *[c.Buy(item="goods:humans")] * 3)
    refused(old, c.Buy(item="ship:clipper"), "3.44")


# --- Optional rules ------------------------------------------------------------------------


def test_2012_optional_rules_fast_play_variant_setup_20_goods_drawn() -> None:
    """2012 "Fast Play Variant": "place all of the goods tokens in the bonus cup. Then draw 20
    tokens at random from the cup and place each token on the corresponding culture's supply
    area". Nothing is lost: cup + supply areas hold the normal goods and bonus tokens."""
    from engine.venus.pieces import goods_markers

    plain = new_game(2, seed=3)
    g = new_game(2, seed=3, fast_play=True)
    drawn = [e for e in g.events if e.type == "CupDrawn"]
    assert len(drawn) == 20 and all(e.data["culture"] == e.data["marker"].split(":")[1]
                                    for e in drawn if e.data["marker"].startswith("goods:"))
    placed = sorted(m for ms in g.state.market.values() for m in ms)
    assert placed == sorted(e.data["marker"] for e in drawn)
    everything = sorted([*g.state.cup, *placed])
    normal = sorted([*plain.state.cup, *(m for ms in goods_markers(ED).values() for m in ms)])
    assert everything == normal
    assert any(m.startswith("goods:") for m in g.state.cup)
    assert g.state.aside == plain.state.aside  # factory goods still aside


def test_2012_fast_play_the_20_setup_draws_are_goods_only() -> None:
    """2012 "Fast Play Variant": "Instead of placing the goods tokens beside the board in step 5
    of setup, place all of the goods tokens in the bonus cup. Then draw 20 tokens"; the
    passengers and demands go into the cup only at "Prepare Bonus Cup", a later step. So the
    20 are goods, and every passenger and demand is still in the cup."""
    for seed in range(1, 6):
        g = new_game(2, seed=seed, fast_play=True)
        drawn = [e.data["marker"] for e in g.events if e.type == "CupDrawn"]
        assert len(drawn) == 20 and all(m.startswith("goods:") for m in drawn), drawn
        plain = new_game(2, seed=seed)
        assert sorted(m for m in g.state.cup if not m.startswith("goods:")) == sorted(
            plain.state.cup)


def test_2012_optional_rules_fast_play_variant_four_drawn_at_each_discovery() -> None:
    """2012 "Fast Play Variant": "when a new culture is discovered, draw four tokens at random
    from the bonus cup and place each of them in the system of the culture shown on the
    token" (or its supply area if still hidden)."""
    from engine.venus.scenario import start

    from .tradekit import scenario as trade_scenario

    doc = trade_scenario("graw", edition=ED, others=[HUMAN], discovered=False, cash=0,
                         dice=[1, 1, 1], options={"fast_play": True})
    g = start(doc)
    cup = len(g.state.cup)
    events = play(g, c.DeclareHeading(dot="polluted-planet.10"), c.RollDice(),
                  c.MoveTo(dot="polluted-planet.10"))
    if g.state.turn is not None and g.state.turn.phase == "move":
        events += play(g, c.Land())
    kinds_ = [e.type for e in events]
    at = kinds_.index("CultureDiscovered")
    assert kinds_[at + 1: at + 5] == ["CupDrawn"] * 4 and len(g.state.cup) == cup - 4
    plain = start(trade_scenario("graw", edition=ED, others=[HUMAN], discovered=False,
                                 cash=0, dice=[1, 1, 1]))
    events = play(plain, c.DeclareHeading(dot="polluted-planet.10"), c.RollDice(),
                  c.MoveTo(dot="polluted-planet.10"))
    assert "CupDrawn" not in [e.type for e in events]


def test_2012_optional_rules_fast_play_is_a_2012_option() -> None:
    """The variant is an optional rule of the 2012 classic book: refused in 1988 games."""
    with pytest.raises(RuleError):
        Game.start(ruleset, {"edition": "avalon-hill", "fast_play": True}, ["a", "b"], seed=1)
    with pytest.raises(RuleError):
        new_game(2, fast_play="maybe")


def test_2012_optional_rules_variable_game_length() -> None:
    """2012 "Variable Game Length": Apprentice c1000, Journeyman c2000, Master c3000, Trade
    Baron c4000 (the game_length option; 2000 by default, "Calculating Net Worth")."""
    from engine.venus.winning import target

    for worth in (1000, 2000, 3000, 4000):
        assert target(new_game(2, game_length=worth).state) == worth
    assert target(new_game(2).state) == 2000
    with pytest.raises(RuleError):
        new_game(2, game_length=2500)


def test_2012_optional_rules_small_bank_12000_and_tie_to_the_first_players_right() -> None:
    """2012 "Small Bank": "restrict the bank to a total of c12,000"; when it is empty "the
    game ends immediately and the player with the highest net worth wins. If there is a tie,
    the first tied player to the first player's right is the winner"."""
    from engine.venus.winning import richest, tie_order

    g = new_game(4, small_bank=True, races=["humans", "eeepeeep", "whynoms", "qossuth"])
    s = g.state
    assert s.bank is not None and s.bank + sum(p.cash for p in s.players) == 12000
    first = s.first_player
    assert tie_order(s)[0] == (first - 1) % 4  # play passes left: the right is seat - 1
    for p in s.players:
        p.cash = 100
    assert richest(s) == (first - 1) % 4


# --- Appendix: Relics, where 2012 differs from 1988 ------------------------------------------


def test_2012_appendix_jump_start_warp_costs_one_mp_even_from_a_surface_city() -> None:
    """2012 "Appendix: Relics", Jump Start: "immediately warp to that telegate"; 2012
    "Telegates": "Being transported between telegates costs one movement point". From a
    surface city the 1988 jump cost two (8.43); in 2012 one."""
    from .movekit import game, of_type, roll
    from .test_relics_movement import GATE2, PAINT_PLACE, gates

    for edition, cost in (("avalon-hill", 2), (ED, 1)):
        g = game(PAINT_PLACE, [2, 1, 1], relics=["jump_start"], qboxes=gates(), edition=edition)
        roll(g, GATE2)
        moved = of_type(play(g, c.MoveTo(dot=GATE2)), "Moved")[0].data
        assert (moved["via"], moved["mp"]) == ("jump_start", cost)


def test_2012_appendix_jump_start_matching_and_failing() -> None:
    """2012 "Appendix: Relics", Jump Start: a die matching the chosen telegate must be
    assigned and he warps; another die matching a telegate on the board warps there; "If his
    speed dice do not match a telegate on the board, the jump start fails and he proceeds
    with his Movement phase as normal, moving in the direction of his choice (without
    declaring a heading)"."""
    from .movekit import game, here, legal_moves, roll
    from .test_relics_movement import GATE2, GATE5, PP, gates

    g = game(PP[2], [2, 5, 1], relics=["jump_start"], qboxes=gates(), edition=ED)
    roll(g, GATE2)
    assert legal_moves(g) == {GATE2}
    g = game(PP[2], [5, 1, 1], relics=["jump_start"], qboxes=gates(), edition=ED)
    roll(g, GATE2)
    play(g, c.ChoosePilotNumber(number=5), c.MoveTo(dot=GATE5))
    assert here(g) == GATE5
    g = game(PP[2], [1, 3, 4], relics=["jump_start"], qboxes=gates(), edition=ED)
    roll(g, GATE2)
    assert legal_moves(g) == {PP[1], PP[3]}  # either way, the declared gate is void
    play(g, c.MoveTo(dot=PP[1], pilot=1))
    assert here(g) == PP[1]


def test_2012_appendix_air_foil_green_lines_one_mp_and_city_to_city() -> None:
    """2012 "Appendix: Relics", Air Foil: "pays one movement point when moving along green
    lines instead of two. Additionally, he may move from one surface city to another surface
    city on the same planet as if they were connected by a gray line"."""
    from .movekit import game, legal_moves, of_type, roll, turn
    from .test_relics_movement import PAINT_PLACE, POISON_PARK, PP

    g = game(PP[2], [3, 3, 3], relics=["air_foil"], edition=ED)
    roll(g, PP[1])
    events = play(g, c.MoveTo(dot=PP[1]), c.MoveTo(dot=PAINT_PLACE))
    assert [e.data["mp"] for e in of_type(events, "Moved")] == [1, 1]
    assert legal_moves(g) == {POISON_PARK}
    moved = of_type(play(g, c.MoveTo(dot=POISON_PARK)), "Moved")[0].data
    assert (moved["via"], moved["mp"]) == ("airfoil", 1) and turn(g).phase == "move"
    h = game(PAINT_PLACE, [3, 3, 3], edition=ED)
    refused(h, c.DeclareHeading(dot=POISON_PARK), "8.41")  # no Air Foil: no gray line


def test_2012_appendix_relic_yellow_drive_takes_no_cargo_hold() -> None:
    """2012 "Appendix: Relics", Yellow Drive: "does not take up space in a cargo hold; it
    functions otherwise identically to a yellow drive" (a bought one takes a hold dot)."""
    from engine.venus.cargo import excess
    from engine.venus.movement import drives_of

    g = at_2012_city("graw", moved=False, me={"goods": ["goods:dell", "goods:dell"],
                                             "relics": ["yellow_drive"]})
    assert excess(g.state, 0) == 0 and drives_of(g.state.players[0]) == ["relic_yellow_drive"]
    h = at_2012_city("graw", moved=False, me={"goods": ["goods:dell", "goods:dell"],
                                             "equipment": ["yellow_drive"]})
    assert excess(h.state, 0) == 1


def test_2012_appendix_relic_shield_takes_neither_the_hull_space_nor_a_hold() -> None:
    """2012 "Appendix: Relics", Shield: "does not take up the hull shield space nor space in
    a cargo hold; it functions otherwise identically to a shield" (-c20 per shield,
    "Hazards"); "Shields": a bought shield goes on the hull shield space, more in holds."""
    from engine.venus.cargo import excess
    from engine.venus.movement import shields_of

    g = at_2012_city("graw", moved=False, me={"goods": ["goods:dell", "goods:dell"],
                                             "equipment": ["shield"], "relics": ["shield"]})
    assert excess(g.state, 0) == 0 and shields_of(g.state.players[0]) == 2
    h = at_2012_city("graw", moved=False, me={"goods": ["goods:dell", "goods:dell"],
                                             "equipment": ["shield", "shield"]})
    assert excess(h.state, 0) == 1


def test_2012_component_limitations_shields_and_drives_run_out() -> None:
    """001 "Component Limitations": "All other component types in the classic game are
    strictly limited to the amounts included in the box"; 003: "8 Shield Tokens", "6 Drive
    Tokens" (two of each kind). With all 8 shields on ships, the Nillis sell none."""
    from engine.venus.board import load_board
    from engine.venus.trading import prices

    g = at_2012_city("nillis", cash=500, me={"ship": "freighter", "equipment": ["shield"] * 8})
    assert "equipment:shield" not in prices(g.state, load_board(ED), 0, "nillis")
    g = at_2012_city("nillis", cash=500, me={"ship": "freighter", "equipment": ["shield"] * 7})
    assert "equipment:shield" in prices(g.state, load_board(ED), 0, "nillis")
    g = at_2012_city("dell", cash=500, me={"ship": "freighter",
                                            "equipment": ["yellow_drive"] * 2})
    assert "equipment:yellow_drive" not in prices(g.state, load_board(ED), 0, "dell")


def test_2012_component_limitations_24_spaceport_deeds() -> None:
    """003: "24 Spaceport Deed Tokens", strictly limited (001 "Component Limitations"): with
    24 merchant spaceports built, no spaceport deed is left to buy."""
    from engine.venus.deeds import orbit_deeds

    from .tradekit import ORBIT

    others = [d for d in orbit_deeds(ED) if d != ORBIT and d != "polluted-planet.3"]
    assert len(others) == 23  # our 25 orbits, less the two of the Polluted Planet
    built = {dot: 1 for dot in [*others, "polluted-planet.3"]}
    g = at_2012_city("qossuth", moved=False, cash=900, spaceports=built)
    assert c.Buy(item="deed:spaceport:paintfall") not in legal(g)
    refused(g, c.Buy(item="deed:spaceport:paintfall"), "12.1")
    fewer = {dot: 1 for dot in others}
    g = at_2012_city("qossuth", moved=False, cash=900, spaceports=fewer)
    assert c.Buy(item="deed:spaceport:paintfall") in legal(g)
