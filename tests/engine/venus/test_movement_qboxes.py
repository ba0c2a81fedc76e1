""""?" boxes and their markers during movement, 1988 rules 6.1, 6.11, 6.12 (and 6.2)."""

from __future__ import annotations

from typing import Any

from engine.venus import commands as c

from .movekit import ended, game, here, legal, of_type, play, refused, roll, turn, types

JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}  # jungle-planet.5: a "?" box
BOX = JP[5]


def hidden(kind: str, **what: Any) -> dict[str, dict[str, Any]]:
    return {BOX: {"kind": kind, **what}}


def test_6_1_moving_onto_a_marker_turns_it_face_up_for_good() -> None:
    """6.1: moving onto a face-down marker turns it face up permanently, for everyone."""
    g = game(JP[3], [1, 1, 1, 1, 1, 1], qboxes=hidden("telegate", number=6))
    assert not g.state.qboxes[BOX].face_up
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    events = play(g, c.MoveTo(dot=BOX))
    reveal = of_type(events, "MarkerRevealed")[0]
    assert reveal.audience.kind == "public"
    assert reveal.data == {"dot": BOX, "marker": {"kind": "telegate", "number": 6}}
    play(g, c.MoveTo(dot=JP[6]))  # the last MP: the turn ends
    assert turn(g).moves == 0  # a new turn
    assert g.state.qboxes[BOX].face_up  # and it stays face up


def test_6_1_face_down_markers_are_secret_until_revealed() -> None:
    """6.1 (and 4.11): nobody sees a face-down marker; its reveal is public."""
    g = game(JP[3], [1, 1, 1], qboxes=hidden("relic", relic="spy_eye"))
    placed = [e for e in g.events if e.type == "MarkersPlaced"][0]
    assert placed.audience.kind == "nobody"
    assert g.log_for(0)[[e.type for e in g.events].index("MarkersPlaced")].get("redacted")


def test_6_1_open_spaceport_can_be_landed_on_at_once() -> None:
    """6.1/6.12: an Open Spaceport takes effect when turned up: he can land there."""
    g = game(JP[3], [1, 1, 1], qboxes=hidden("open_port"))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=BOX))
    assert any(isinstance(a, c.Land) for a in legal(g))
    assert ended(play(g, c.Land()))["landed"] is True


def test_6_1_penalty_marker_attacks_when_revealed() -> None:
    """6.1: a Penalty marker takes effect as it is turned up: pay or stop (6.3)."""
    g = game(JP[3], [1, 1, 1], qboxes=hidden("penalty", color="blue", amount=20))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    events = play(g, c.MoveTo(dot=BOX))
    assert types(events)[:3] == ["Moved", "MarkerRevealed", "PenaltyDue"]
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 20


def test_6_11_relic_box_is_an_asteroid_and_the_relic_is_free() -> None:
    """6.11: a Relic makes the box an Asteroid; whoever lands there picks it up for free."""
    g = game(JP[3], [1, 1, 1], cash=50, qboxes=hidden("relic", relic="air_foil"))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=BOX))
    refused(g, c.PickUpRelic(), "11.2")  # not before landing
    play(g, c.Land())
    assert any(isinstance(a, c.PickUpRelic) for a in legal(g))
    events = play(g, c.PickUpRelic())
    assert of_type(events, "RelicPickedUp")[0].data == {"seat": 0, "dot": BOX, "relic": "air_foil"}
    assert g.state.players[0].relics == ["air_foil"] and g.state.players[0].cash == 50
    assert g.state.qboxes[BOX].marker is None and g.state.qboxes[BOX].face_up
    refused(g, c.PickUpRelic(), "11.2")  # only one


def test_6_11_passing_a_relic_leaves_it() -> None:
    """6.11: only a player who lands can take the Relic; passing by leaves it there."""
    g = game(JP[3], [2, 2, 2], qboxes=hidden("relic", relic="air_foil"))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=BOX), c.MoveTo(dot=JP[6]))
    assert g.state.qboxes[BOX].marker is not None
    assert g.state.players[0].relics == []


def test_6_11_empty_box_after_pickup_is_still_an_asteroid() -> None:
    """6.11/6.2: the box stays an Asteroid once its Relic is gone."""
    g = game(JP[4], [2, 2, 2], qboxes={BOX: {"kind": "empty"}})
    roll(g, BOX)
    play(g, c.MoveTo(dot=BOX))
    assert ended(play(g, c.Land()))["landed"] is True


def test_6_11_relic_revealed_with_the_last_mp() -> None:
    """6.11/4.4: ending movement on the Relic's Asteroid counts as being there: pick it up."""
    g = game(JP[3], [1, 1], ship="freighter", qboxes=hidden("relic", relic="gate_lock"))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]))
    events = play(g, c.MoveTo(dot=BOX))
    assert ended(events)["landed"] is True
    play(g, c.PickUpRelic())
    assert g.state.players[0].relics == ["gate_lock"]


def test_6_12_tele_gate_and_penalty_boxes_are_not_asteroids() -> None:
    """6.12: a box holding a Tele Gate or a Penalty marker is not an Asteroid."""
    g = game(JP[3], [2, 2, 2], qboxes=hidden("telegate", number=6))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=BOX))
    refused(g, c.Land(), "6.2")

    g = game(JP[3], [2, 2, 2], qboxes=hidden("penalty", color="blue", amount=10))
    roll(g, JP[4])
    play(g, c.MoveTo(dot=JP[4]), c.MoveTo(dot=BOX), c.PayPenalty())
    refused(g, c.Land(), "6.2")
    assert here(g) == BOX
