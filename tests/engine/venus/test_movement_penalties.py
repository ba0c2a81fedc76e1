"""Penalties and Shields, 1988 rules 6.3 and 8.3 (and 5.22 for stopping)."""

from __future__ import annotations

from engine.venus import commands as c
from engine.venus.board import DotKind

from .movekit import (
    board,
    copy,
    ended,
    game,
    here,
    legal,
    of_type,
    play,
    refused,
    roll,
    turn,
    types,
)

SN = {i: f"supernova.{i}" for i in range(1, 7)}  # the Supernova: a ring of $30 Penalty Ovals
SN_WW = "supernova--water-world.1"  # the red dot next to the blue $30 Oval supernova.2
WT = {i: f"war-torn-system.{i}" for i in range(1, 13)}  # war-torn-system.4: blue $10 Oval


def test_map_facts_used_here() -> None:
    b = board()
    assert b.dots[SN[2]].kind is DotKind.PENALTY and b.dots[SN[2]].penalty == 30
    assert b.dots[SN[2]].color == "blue"
    assert b.dots[WT[4]].kind is DotKind.PENALTY and b.dots[WT[4]].penalty == 10
    assert set(b.neighbours(WT[4])) == {WT[3], WT[5]}


def test_6_3_pay_and_keep_moving() -> None:
    """6.3: moving onto a Penalty Oval he may pay the Bank and keep moving."""
    g = game(SN_WW, [2, 2, 2], cash=100, bank=1000)
    roll(g, SN[2])
    events = play(g, c.MoveTo(dot=SN[2]))
    assert of_type(events, "PenaltyDue")[0].data["amount"] == 30
    assert turn(g).phase == "pay_or_stop"
    pending = g.ruleset.pending(g.state)
    assert pending is not None and pending.prompt == "pay_or_stop"
    assert pending.detail == {"amount": 30, "dot": SN[2]}
    assert {type(a) for a in legal(g)} == {c.PayPenalty, c.StopHere}
    refused(g, c.MoveTo(dot=SN[3]), "5.1")  # pay or stop first
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 70 and g.state.bank == 1030
    assert turn(g).phase == "move" and turn(g).mp == 5
    play(g, c.MoveTo(dot=SN[3]))
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 30  # every Penalty asks again


def test_6_3_stop_pays_nothing_and_loses_mp() -> None:
    """6.3/5.22: stopping on the Penalty costs nothing but ends movement and the MP."""
    g = game(SN_WW, [2, 2, 2], cash=100)
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]))
    events = play(g, c.StopHere())
    assert ended(events)["reason"] == "stopped_on_penalty"
    assert g.state.players[0].cash == 100 and here(g) == SN[2]
    assert "TurnEnded" in types(events)  # in space: nothing more to do this turn


def test_6_3_not_enough_money_must_stop() -> None:
    """6.3: if he does not have enough money to pay the penalty, he must stop."""
    g = game(SN_WW, [2, 2, 2], cash=29)
    roll(g, SN[2])
    events = play(g, c.MoveTo(dot=SN[2]))
    assert ended(events)["reason"] == "cannot_pay"
    assert g.state.players[0].cash == 29 and here(g) == SN[2]


def test_6_3_money_paid_on_one_penalty_may_be_missing_at_the_next() -> None:
    """6.3: paying his last money, he must stop at the next Penalty he cannot pay."""
    g = game(SN_WW, [2, 2, 2], cash=30)
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]))
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 0
    play(g, c.MoveTo(dot=SN[3]))
    assert turn(g).phase != "pay_or_stop"  # with $0 he had to stop on the $30 Oval
    assert here(g) == SN[3]


def test_6_3_exact_money_may_pay() -> None:
    """6.3: exactly the amount is enough."""
    g = game(SN_WW, [2, 2, 2], cash=30)
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]), c.PayPenalty())
    assert g.state.players[0].cash == 0 and turn(g).phase == "move"


def test_6_3_penalty_marker_acts_like_an_oval() -> None:
    """6.3/6.12: a face-up Penalty marker attacks passing players like a Penalty Oval."""
    box = {WT[5]: {"kind": "penalty", "color": "blue", "amount": 20, "face_up": True}}
    g = game(WT[4], [2, 2, 2], qboxes=box)
    assert turn(g).start_penalty  # (he starts on the $10 Oval; he moves away)
    roll(g, WT[5])
    play(g, c.MoveTo(dot=WT[5]))
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 20
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 80  # the $10 Oval he left cost nothing


def test_6_3_starting_on_a_penalty_move_away_free() -> None:
    """6.3: a player starting his turn on a Penalty may move away (and pay nothing)."""
    g = game(WT[4], [2, 2, 2])
    assert turn(g).start_penalty
    pending = g.ruleset.pending(g.state)
    assert pending is not None and pending.detail == {"on_penalty": True}
    roll(g, WT[3])
    play(g, c.MoveTo(dot=WT[3]))
    assert g.state.players[0].cash == 100


def test_6_3_starting_on_a_penalty_stay_and_pay() -> None:
    """6.3: ... or pay the penalty to stay where he is."""
    g = game(WT[4], [2, 2, 2], bank=500)
    refused(g, c.PayPenalty(), "6.3")  # staying is StayPut, which pays
    events = play(g, c.StayPut())
    assert of_type(events, "PenaltyPaid")[0].data["amount"] == 10
    assert g.state.players[0].cash == 90 and g.state.bank == 510
    assert here(g) == WT[4]


def test_6_3_starting_on_a_penalty_without_money_must_move() -> None:
    """6.3: he must pay *or* move away; without the money he must move away."""
    g = game(WT[4], [2, 2, 2], cash=9)
    assert not any(isinstance(a, c.StayPut) for a in legal(g))
    refused(g, c.StayPut(), "6.3")


def test_6_3_stopping_carries_over_to_the_next_turn() -> None:
    """6.3: having stopped on a Penalty, he starts his next turn on it."""
    g = game(SN_WW, [2, 2, 2, 1, 1, 1], cash=100)
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]), c.StopHere())
    assert turn(g).seat == 0 and turn(g).start_penalty  # (one player: his turn again)


def test_6_3_penalty_on_the_last_mp_still_asks() -> None:
    """6.3: the last move onto a Penalty still asks pay-or-stop; paying ends with no MP."""
    g = game(SN_WW, [1, 1, 1], cash=100)
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]), c.PayPenalty(), c.MoveTo(dot=SN[3]), c.PayPenalty())
    events = play(g, c.MoveTo(dot=SN[4]))
    assert turn(g).phase == "pay_or_stop"
    events = play(g, c.PayPenalty())
    assert ended(events)["reason"] == "out_of_mp"
    assert g.state.players[0].cash == 10


# --- 8.3 shields ------------------------------------------------------------------------


def test_8_3_example_one_shield_on_a_30_oval_pays_10() -> None:
    """8.3 example: with a Shield on a $30 Penalty Oval he pays $10 or stops."""
    g = game(SN_WW, [2, 2, 2], equipment=["shield"])
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]))
    assert turn(g).due == 10
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 90


def test_8_3_example_two_shields_pass_free_but_may_still_stop() -> None:
    """8.3 example: with two Shields he moves on paying nothing; he can still stop (6.3)."""
    g = game(SN_WW, [2, 2, 2], equipment=["shield", "shield"])
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]))
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 0
    assert {type(a) for a in legal(g)} == {c.PayPenalty, c.StopHere}
    stop = copy(g)
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 100 and turn(g).phase == "move"
    assert ended(play(stop, c.StopHere()))["reason"] == "stopped_on_penalty"


def test_8_3_shield_with_no_money_still_stops_on_a_small_penalty() -> None:
    """8.3/6.3: a Shield reduces the amount before the money check ($10 Oval, $0 due)."""
    g = game(WT[3], [2, 2, 2], cash=0, equipment=["shield"])
    roll(g, WT[4])
    play(g, c.MoveTo(dot=WT[4]))
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 0
    play(g, c.PayPenalty())
    assert turn(g).phase == "move"


def test_8_4_relic_shield_counts_as_a_shield() -> None:
    """8.4/8.3: the Relic Shield functions normally."""
    g = game(SN_WW, [2, 2, 2], equipment=["shield"], relics=["shield"])
    roll(g, SN[2])
    play(g, c.MoveTo(dot=SN[2]))
    assert turn(g).due == 0


def test_2012_skipping_the_movement_phase_on_a_hazard_pays_nothing() -> None:
    """2012 "Movement Phase": "A player may choose to skip his Movement phase to remain on his
    ship's current space and end his turn"; "Hazards": he pays "when a player enters a hazard
    space". So on a hazard he stays (even without the money) and pays nothing, unlike 6.3."""
    for cash in (100, 0):
        g = game(WT[4], [2, 2, 2], cash=cash, edition="classic-2012")
        assert not turn(g).start_penalty
        assert any(isinstance(a, c.StayPut) for a in legal(g))
        events = play(g, c.StayPut())
        assert "PenaltyPaid" not in types(events) and g.state.players[0].cash == cash
        assert here(g) == WT[4] and "TurnEnded" in types(events)
