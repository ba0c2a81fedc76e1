"""Navigation Circles and Pilot Numbers, 1988 rules 6.4, 6.41, 6.42, 6.43 (with its example).

The 6.43 example maps onto the Cloud of the Space Station Planet: A = polluted-planet.7,
B = the "Wing" Circle, C = the dot its "6" arrow points to, D = the "Body" Circle (joined to
the Wing by the invisible path), E and F the dots the Body's "3" and "1" arrows point to.
"""

from __future__ import annotations

import pytest

from engine.venus import commands as c
from engine.venus.board import DotKind

from .movekit import (
    Venus,
    board,
    ended,
    game,
    here,
    legal,
    legal_moves,
    of_type,
    play,
    refused,
    roll,
    turn,
)

A = "polluted-planet.7"
WING = "space-station-planet.3"  # B
BODY = "space-station-planet.4"  # D
C_ = "space-station-planet.2"
E_ = "space-station-planet.8"
F_ = "space-station-planet.5"
GB = "galactic-base"
C11, C10, C9 = "space-station-planet.11", "space-station-planet.10", "space-station-planet.9"


def test_map_matches_the_6_43_example() -> None:
    b = board()
    assert b.dots[WING].kind is DotKind.CIRCLE and b.dots[BODY].kind is DotKind.CIRCLE
    assert BODY in b.invisible[WING]
    assert b.exits[WING][6] == C_ and b.exits[WING][5] == A
    assert b.exits[WING][3] == BODY and b.exits[WING][1] == BODY
    assert b.exits[BODY][3] == E_ and b.exits[BODY][1] == F_


def example() -> Venus:
    """6.43 example: at A, declare B, roll 1, 3, 5, 6 (a Clipper's four dice)."""
    g = game(A, [1, 3, 5, 6], ship="clipper")
    roll(g, WING)
    play(g, c.MoveTo(dot=WING))
    return g


def test_6_43_example_six_goes_to_c() -> None:
    """6.43 example: choosing the 6 he moves to C."""
    g = example()
    assert legal_moves(g) == {C_, BODY}  # 6 -> C; 1 or 3 -> D; 5 points back
    play(g, c.MoveTo(dot=C_, pilot=6))
    assert here(g) == C_ and turn(g).pilot == 6


def test_6_43_example_five_stops_in_the_circle() -> None:
    """6.43 example: choosing the 5 he stops: it points back to A (no backtracking)."""
    g = example()
    events = play(g, c.ChoosePilotNumber(number=5))
    assert ended(events)["reason"] == "trapped"
    assert here(g) == WING


@pytest.mark.parametrize(("pilot", "after"), [(3, E_), (1, F_)])
def test_6_43_example_three_and_one_jump_to_d_then_on(pilot: int, after: str) -> None:
    """6.43 example/6.4: the 3 or the 1 jumps to D (1 MP), then the same number leads on."""
    g = example()
    events = play(g, c.MoveTo(dot=BODY, pilot=pilot))
    jump = of_type(events, "Moved")[0].data
    assert jump["mp"] == 1 and jump["via"] == "circle" and jump["pilot"] == pilot
    assert legal_moves(g) == {after}
    play(g, c.MoveTo(dot=after))
    assert here(g) == after


def test_6_43_move_along_follows_the_example_in_one_command() -> None:
    """6.4: a whole path through two Circles with one Pilot Number."""
    g = game(A, [1, 3, 5, 6], ship="clipper")
    roll(g, WING)
    play(g, c.MoveAlong(path=[WING, BODY, E_], pilot=3, land=False))
    assert here(g) == E_ and turn(g).mp == 15 - 3


def test_6_43_arrows_never_prevent_entering() -> None:
    """6.43: a Circle's arrows define how to leave it, not how to enter it.

    Entering the Body from E, whose arrow there holds 2 and 3: with a 2 he must stop.
    """
    g = game(E_, [2, 2, 2])
    roll(g, BODY)
    play(g, c.MoveTo(dot=BODY))
    assert here(g) == BODY and turn(g).phase != "move"


# --- 6.4, 6.41 Pilot Number --------------------------------------------------------------


def test_6_4_must_leave_by_the_arrow_of_the_pilot_number() -> None:
    """6.4: he must follow the arrow that contains his Pilot Number."""
    g = game(GB, [3, 1, 6])
    roll(g, C11)
    play(g, c.MoveTo(dot=C11))
    play(g, c.ChoosePilotNumber(number=1))
    assert legal_moves(g) == {"space-station-planet.7"}
    refused(g, c.MoveTo(dot=C10), "6.4")


def test_6_41_pilot_number_is_one_of_the_dice() -> None:
    """6.41: the Pilot Number is one of the numbers he rolled."""
    g = game(GB, [3, 1, 6])
    roll(g, C11)
    refused(g, c.ChoosePilotNumber(number=2), "6.41")
    refused(g, c.MoveTo(dot=C11, pilot=2), "6.41")
    choices = {a.number for a in legal(g) if isinstance(a, c.ChoosePilotNumber)}
    assert choices == {1, 3, 6}


def test_6_41_one_pilot_number_per_turn_for_every_circle() -> None:
    """6.41: once chosen, he must use it each time he leaves a Circle that turn."""
    g = game(GB, [3, 1, 6])
    roll(g, C11)
    play(g, c.MoveTo(dot=C11), c.MoveTo(dot=C10, pilot=3))
    assert turn(g).pilot == 3
    refused(g, c.ChoosePilotNumber(number=1), "6.41")
    assert legal_moves(g) == {C9}  # 3 at the next Circle; its 1 and 6 point back anyway
    refused(g, c.MoveTo(dot=C9, pilot=1), "6.4")
    play(g, c.MoveTo(dot=C9))
    assert legal_moves(g) == {"space-station-planet.12"}  # C9's arrow for 3


def test_6_41_chosen_pilot_number_can_trap_later() -> None:
    """6.41/6.43: a number chosen at one Circle may point back at the next: he stops there."""
    g = game(GB, [2, 2, 2])
    roll(g, C11)
    events = play(g, c.MoveTo(dot=C11))
    assert ended(events)["reason"] == "trapped"  # the only number, 2, points back to the Base


def test_6_41_pilot_number_needed_to_leave_a_circle() -> None:
    """6.4: a move out of a Circle names its Pilot Number when several could apply."""
    g = game(A, [1, 3, 5, 6], ship="clipper")
    roll(g, WING)
    play(g, c.MoveTo(dot=WING))
    refused(g, c.MoveTo(dot=BODY), "6.41")  # 1 or 3?
    assert turn(g).pilot is None


# --- 6.42 starting in a Circle -----------------------------------------------------------


def test_6_42_any_exit_may_be_declared_from_a_circle() -> None:
    """6.42: starting in a Circle he can point out any dot leaving it."""
    g = game(BODY, [2, 5, 6])
    declared = {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}
    assert declared == {WING, E_, F_}


def test_6_42_declared_exit_binds_the_pilot_number() -> None:
    """6.42: if he rolled a number that sends him to the declared dot, he must choose it."""
    g = game(BODY, [2, 5, 6])
    roll(g, E_)
    assert {a.number for a in legal(g) if isinstance(a, c.ChoosePilotNumber)} == {2}
    refused(g, c.ChoosePilotNumber(number=5), "6.42")
    refused(g, c.MoveTo(dot=F_, pilot=6), "5.31")
    play(g, c.MoveTo(dot=E_))
    assert turn(g).pilot == 2


def test_6_42_declaration_void_when_no_number_sends_him_there() -> None:
    """6.42: if none of his numbers sends him to the declared dot, he picks any he rolled."""
    g = game(BODY, [1, 4, 6])
    roll(g, E_)  # needs a 2 or a 3
    assert legal_moves(g) == {WING, F_}
    assert {a.number for a in legal(g) if isinstance(a, c.ChoosePilotNumber)} == {1, 4, 6}
    events = play(g, c.MoveTo(dot=WING, pilot=4))
    assert of_type(events, "Moved")[0].data["mp"] == 1  # 6.4: the invisible jump costs 1 MP


def test_6_42_starting_in_a_circle_nothing_points_back() -> None:
    """6.42/6.43: at the start of the turn no path has been used: every arrow may be taken."""
    g = game(C11, [2, 2, 2])
    roll(g, GB)
    play(g, c.MoveTo(dot=GB))
    assert here(g) == GB
