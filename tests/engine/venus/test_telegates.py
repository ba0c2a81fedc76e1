"""Tele Gates, 1988 rules 6.5, 6.51, 6.52, and the reference FAQ on backtracking via gates."""

from __future__ import annotations

from typing import Any

from engine.venus import commands as c

from .movekit import Venus, game, here, legal, legal_moves, of_type, play, refused, roll, turn

JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}
PP = {i: f"polluted-planet.{i}" for i in range(1, 12)}
GATE2, GATE5, GATE3, GATE4 = JP[5], PP[5], PP[9], "space-station-planet.7"
HIDDEN6 = JP[8]


def gates(**extra: dict[str, Any]) -> dict[str, dict[str, Any]]:
    boxes: dict[str, dict[str, Any]] = {
        GATE2: {"kind": "telegate", "number": 2, "face_up": True},
        GATE5: {"kind": "telegate", "number": 5, "face_up": True},
        GATE3: {"kind": "telegate", "number": 3, "face_up": True},
        HIDDEN6: {"kind": "telegate", "number": 6},  # face down: not a gate yet
    }
    return {**boxes, **extra}


def at_gate2(dice: list[int], **kw: Any) -> Venus:
    """Arrive on Tele Gate 2 from jungle-planet.4 (the first move of the turn)."""
    g = game(JP[4], dice, qboxes=gates(), **kw)
    roll(g, GATE2)
    play(g, c.MoveTo(dot=GATE2))
    return g


def test_6_5_leaving_a_gate_jumps_to_the_gate_of_the_pilot_number() -> None:
    """6.5: leaving a Tele Gate he jumps to the face-up Gate showing his Pilot Number (1 MP)."""
    g = at_gate2([5, 1, 1])
    assert GATE5 in legal_moves(g)
    events = play(g, c.MoveTo(dot=GATE5, pilot=5))
    jump = of_type(events, "Moved")[0].data
    assert jump["via"] == "telegate" and jump["mp"] == 1 and jump["edges"] == []
    assert here(g) == GATE5 and turn(g).mp == 7 - 1 - 1


def test_6_5_on_the_gate_of_his_number_he_moves_away_normally() -> None:
    """6.5: if he is on the Tele Gate showing his Pilot Number, he moves away along a path."""
    g = at_gate2([5, 1, 1])
    play(g, c.MoveTo(dot=GATE5, pilot=5))
    assert legal_moves(g) == {PP[4], PP[6]}  # both ways: he arrived by no path


def test_6_5_number_on_no_face_up_gate_moves_normally() -> None:
    """6.5: a Pilot Number on no face-up Gate (a face-down one does not count) moves him on."""
    for number in (1, 6):
        g = at_gate2([number, 4, 4])
        assert legal_moves(g) == {JP[6]}  # no backtracking to jungle-planet.4 (5.32)
        play(g, c.MoveTo(dot=JP[6], pilot=number))
        assert turn(g).pilot == number


def test_6_5_own_number_moves_normally() -> None:
    """6.5 example: already on Tele Gate "N" with Pilot Number N, he moves along a path."""
    g = at_gate2([2, 4, 4])
    assert legal_moves(g) == {JP[6]}


def test_6_5_pilot_number_must_be_named_when_it_changes_the_move() -> None:
    """6.5/6.41: with several numbers he says which one he uses; it is then his number."""
    g = at_gate2([5, 3, 1])
    assert legal_moves(g) == {GATE5, GATE3, JP[6]}
    play(g, c.ChoosePilotNumber(number=3))
    assert legal_moves(g) == {GATE3}
    refused(g, c.MoveTo(dot=GATE5), "5.1")


def test_6_51_same_pilot_number_for_circles_and_gates() -> None:
    """6.51: the Pilot Number chosen at a Circle is the one used at Tele Gates that turn.

    From the Galactic Base: the Circle's "1" leads to a "?" box holding Tele Gate 4; the 1
    then sends him to Tele Gate 1 (had he kept a 4 he would move on along the path).
    """
    boxes = gates(**{GATE4: {"kind": "telegate", "number": 4, "face_up": True}})
    boxes[GATE3] = {"kind": "telegate", "number": 1, "face_up": True}
    g = game("galactic-base", [1, 4, 6], qboxes=boxes)
    roll(g, "space-station-planet.11")
    play(g, c.MoveTo(dot="space-station-planet.11"))
    play(g, c.MoveTo(dot=GATE4, pilot=1))
    assert legal_moves(g) == {GATE3}
    refused(g, c.ChoosePilotNumber(number=4), "6.41")
    play(g, c.MoveTo(dot=GATE3))
    assert here(g) == GATE3


# --- 6.52 starting on a gate -------------------------------------------------------------


def test_6_52_starting_on_a_gate_may_declare_another_gate_or_a_path() -> None:
    """6.52: on a Tele Gate he can designate another face-up Gate or any connecting path."""
    g = game(GATE2, [5, 1, 3], qboxes=gates())
    declared = {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}
    assert declared == {GATE5, GATE3, JP[4], JP[6]}  # not the face-down 6


def test_6_52_declared_gate_binds_the_pilot_number_if_rolled() -> None:
    """6.52: after rolling he must choose a number that sends him to the declared dot."""
    g = game(GATE2, [5, 1, 3], qboxes=gates())
    roll(g, GATE5)
    assert legal_moves(g) == {GATE5}
    refused(g, c.ChoosePilotNumber(number=3), "6.42 / 6.52")
    events = play(g, c.MoveTo(dot=GATE5))
    assert of_type(events, "Moved")[0].data["pilot"] == 5


def test_6_52_declared_path_binds_numbers_that_do_not_jump() -> None:
    """6.52: a declared path move binds him to a number that lets him take the path."""
    g = game(GATE2, [5, 1, 3], qboxes=gates())
    roll(g, JP[6])
    assert legal_moves(g) == {JP[6]}
    refused(g, c.ChoosePilotNumber(number=5), "6.42 / 6.52")
    play(g, c.ChoosePilotNumber(number=1), c.MoveTo(dot=JP[6]))
    assert here(g) == JP[6]


def test_6_52_declaration_void_without_the_number() -> None:
    """6.52: if he did not roll the declared Gate's number, he chooses any number he rolled."""
    g = game(GATE2, [1, 3, 4], qboxes=gates())
    roll(g, GATE5)
    assert legal_moves(g) == {GATE3, JP[4], JP[6]}
    play(g, c.MoveTo(dot=JP[4], pilot=4))
    assert here(g) == JP[4]


# --- FAQ: backtracking via Tele Gates ----------------------------------------------------


def test_faq_jumping_back_through_gates_is_not_backtracking() -> None:
    """FAQ: jumping from Tele Gate A to B, then from B back to A, is allowed.

    One Pilot Number per turn makes the return jump need the Switch Switch (8.46).
    """
    g = at_gate2([5, 2, 4], relics=["switch_switch"])
    play(g, c.MoveTo(dot=GATE5, pilot=5))
    play(g, c.ChoosePilotNumber(number=2))
    assert GATE2 in legal_moves(g)
    play(g, c.MoveTo(dot=GATE2))
    assert here(g) == GATE2
    assert legal_moves(g) == {GATE5, JP[6]}  # not back along the path he came in by (5.32)


def test_faq_gate_jump_leaves_the_paths_free() -> None:
    """FAQ/5.32: a jump is not a move along a path: it blocks no path for the way back."""
    g = game(PP[4], [2, 5, 2], qboxes=gates())
    roll(g, GATE5)
    play(g, c.MoveTo(dot=GATE5))  # pilot 2 from here: to Tele Gate 2
    play(g, c.MoveTo(dot=GATE2, pilot=2))
    assert legal_moves(g) == {JP[4], JP[6]}


def test_2012_the_destination_telegate_is_not_resolved() -> None:
    """2012 "Telegates" step 2: "He immediately moves his ship to the telegate with the number
    that matches his navigation value (the destination telegate is not resolved)"; step 3: he
    "continues his Move step from the new telegate". A Switch Switch holder arriving at Gate 5
    leaves it along a path; he cannot jump on to Gate 2 from there (1988 8.46 lets him)."""
    g = at_gate2([5, 2, 4], relics=["switch_switch"], edition="classic-2012")
    play(g, c.MoveTo(dot=GATE5, pilot=5))
    play(g, c.ChoosePilotNumber(number=2))
    assert legal_moves(g) == {PP[4], PP[6]}
    refused(g, c.MoveTo(dot=GATE2, pilot=2), "5.1")
    play(g, c.MoveTo(dot=PP[6]))
    assert here(g) == PP[6]


def test_2012_a_gate_entered_along_a_path_still_acts() -> None:
    """2012 "Telegates": "When a player exits a telegate space ... he immediately moves his
    ship to the telegate with the number that matches his navigation value": a gate reached
    along a path (not by a jump) acts as before."""
    g = at_gate2([5, 1, 1], edition="classic-2012")
    assert GATE5 in legal_moves(g)
