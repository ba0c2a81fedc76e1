"""Finding cultures, 1988 rules 7.1-7.3 and 2.41; disclosure, 3.2."""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.scenario import start

from .movekit import of_type, play, refused
from .tradekit import CITY, ORBIT, at_city, scenario

OPEN_PORT = "polluted-planet.9"


def test_7_3_the_first_to_land_on_a_city_discovers_and_takes_the_iou() -> None:
    """7.3, 2.41: landing on a City of a hidden System discovers it; the IOU is his."""
    g = start(scenario("qossuth", discovered=False, dice=[1, 1, 1]))
    play(g, c.DeclareHeading(dot=CITY), c.RollDice())
    events = play(g, c.MoveTo(dot=CITY))
    found = of_type(events, "CultureDiscovered")
    assert len(found) == 1 and found[0].audience.kind == "public"
    assert found[0].data["culture"] == "qossuth" and found[0].data["seat"] == 0
    assert g.state.discovered["polluted-planet"] == "qossuth"
    assert g.state.players[0].ious == ["qossuth"]


def test_7_3_each_culture_is_discovered_only_once() -> None:
    """7.3: "Each Culture can be discovered only once per game.\""""
    g = at_city("qossuth")  # already discovered
    assert g.state.players[0].ious == []
    assert not [e for e in g.events if e.type == "CultureDiscovered"]


def test_7_3_an_open_spaceport_discovers_too() -> None:
    """7.3, 6.12: an Open Spaceport is inhabited by the System's Culture: landing there
    discovers it, and there is no City limit there (9.43)."""
    g = start(scenario("qossuth", discovered=False, dice=[1, 1, 1],
                       qboxes={OPEN_PORT: {"kind": "open_port", "face_up": True}}))
    play(g, c.DeclareHeading(dot=OPEN_PORT), c.RollDice(), c.MoveTo(dot=OPEN_PORT), c.Land())
    assert g.state.discovered["polluted-planet"] == "qossuth"
    play(g, c.Buy(item="goods:qossuth"), c.Buy(item="goods:qossuth"))


def test_7_2_passing_an_orbit_does_not_discover() -> None:
    """7.2, 7.3: observing from an Orbit is not discovering; only landing is."""
    g = start(scenario("qossuth", discovered=False, me={"dot": "polluted-planet.2"},
                       dice=[1, 1, 1]))
    play(g, c.DeclareHeading(dot=ORBIT), c.RollDice())
    play(g, c.MoveTo(dot=ORBIT))
    assert "polluted-planet" not in g.state.discovered


def test_7_3_goods_and_waiting_bonuses_appear_on_discovery() -> None:
    """7.3, 10.12: the Goods and already-drawn Bonus markers are placed at discovery; the
    waiting Fare can be picked up at once."""
    g = at_city("qossuth", discovered=False,
                market={"qossuth": ["goods:qossuth", "fare:qossuth:base"]})
    play(g, c.PickUpFare(fare="fare:qossuth:base"), c.Buy(item="goods:qossuth"))
    assert g.state.players[0].fares == ["fare:qossuth:base"]


def test_3_2_iou_identity_stays_hidden_until_discovery() -> None:
    """3.2, 4.12, 7.1: the hidden IOU is in no view; after discovery everyone sees it."""
    g = start(scenario("qossuth", discovered=False, dice=[1, 1, 1]))
    for viewer in (-1, 0, 1):
        v = g.ruleset.view(g.state, viewer)
        assert "polluted-planet" in v["hidden_cultures"]
        assert "'polluted-planet': 'qossuth'" not in str(v)
    play(g, c.DeclareHeading(dot=CITY), c.RollDice(), c.MoveTo(dot=CITY))
    for viewer in (-1, 0, 1):
        v = g.ruleset.view(g.state, viewer)
        assert v["discovered"]["polluted-planet"] == "qossuth"
        assert v["players"][0]["ious"] == ["qossuth"]


def test_9_321_an_iou_is_bartered_later_too() -> None:
    """9.42 EXAMPLE: "You may keep it or barter it now or later.\""""
    g = at_city("qossuth", moved=False, me={"ious": ["qossuth"]}, cash=40)
    play(g, c.Barter(item="iou:qossuth"), c.Buy(item="goods:qossuth"))
    assert g.state.players[0].goods == ["goods:qossuth"]


def test_7_3_trading_needs_discovery_first() -> None:
    """9.1: one trades with the Culture at the end of the turn; a hidden one is found first
    (a StayPut on a City of a hidden System in a sandbox discovers it too)."""
    g = at_city("qossuth", moved=False, discovered=False)
    assert g.state.players[0].ious == ["qossuth"]
    refused(g, c.Barter(item="iou:graw"), "9.32")
