"""Drives, 1988 rules 8.2-8.23 and the 2012 classic book's DRIVE MOVEMENT EXAMPLE."""

from __future__ import annotations

import heapq

import pytest

from engine.venus import commands as c
from engine.venus.board import Board, DotColor

from .movekit import (
    Venus,
    board,
    game,
    here,
    legal,
    legal_moves,
    of_type,
    play,
    refused,
    roll,
    spent,
    travel,
    turn,
    types,
)

GB = "galactic-base"
TO_CW = [f"galactic-base--colony-world.{i}" for i in (1, 2, 3, 4)]  # red, blue, yellow, blue
TO_IB = [f"interstellar-biosphere--galactic-base.{i}" for i in (3, 2, 1)]  # yellow, red, blue
CW = {i: f"colony-world.{i}" for i in range(1, 13)}  # colony-world.6: red, branching
SN = {i: f"supernova.{i}" for i in range(1, 7)}  # $30 Ovals: 1 red, 2 blue, 3 red, 4 yellow...
JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}  # 4 red, 5 "?" box, 6 yellow


def headings(g: Venus) -> set[str]:
    return {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}


def test_map_facts_used_here() -> None:
    b = board()
    colors = [b.dots[d].color for d in TO_CW[:3]]
    assert colors == [DotColor.RED, DotColor.BLUE, DotColor.YELLOW]
    assert [b.dots[d].color for d in TO_IB] == [DotColor.YELLOW, DotColor.RED, DotColor.BLUE]
    assert b.dots[CW[6]].color is DotColor.RED
    assert set(b.neighbours(CW[6])) == {CW[5], CW[7], TO_CW[3]}
    assert [b.dots[SN[i]].color for i in (2, 3, 4, 5, 6)] == [
        DotColor.BLUE, DotColor.RED, DotColor.YELLOW, DotColor.RED, DotColor.BLUE,
    ]


# --- 8.2 drives, 8.21 declaration --------------------------------------------------------


@pytest.mark.parametrize(
    ("equipment", "first_dots"),
    [
        ([], {TO_CW[0], TO_IB[0]}),
        (["red_drive"], {TO_CW[1], TO_IB[0]}),
        (["yellow_drive"], {TO_CW[0], TO_IB[1]}),
        (["combined_drive"], {TO_CW[1], TO_IB[2]}),
        (["red_drive", "yellow_drive"], {TO_CW[1], TO_IB[2]}),
    ],
)
def test_8_2_each_drive_skips_its_colors(equipment: list[str], first_dots: set[str]) -> None:
    """8.2/8.21: a Red Drive skips red dots, a Yellow one yellow, Combined (or both) both.

    The first dots a player may declare are the dots he will occupy (8.21).
    """
    g = game(GB, [1, 1, 1], equipment=equipment)
    assert headings(g) == first_dots | {"space-station-planet.11"}


def test_8_2_relic_yellow_drive_works_like_a_yellow_drive() -> None:
    """8.4: the Relic Yellow Drive functions normally."""
    g = game(GB, [1, 1, 1], relics=["yellow_drive"])
    assert TO_IB[1] in headings(g) and TO_IB[0] not in headings(g)


def test_8_21_declaring_a_dot_the_drive_skips_is_refused() -> None:
    """8.21: he must announce a dot he will actually occupy, not one he will jump over."""
    g = game(GB, [1, 1, 1], equipment=["red_drive"])
    refused(g, c.DeclareHeading(dot=TO_CW[0]), "8.21")


def test_8_2_skipped_dots_cost_no_mp() -> None:
    """8.2: it does not pay MP for Movement Dots it jumps over."""
    g = game(GB, [2, 2, 2], equipment=["combined_drive"])
    roll(g, TO_IB[2])
    events = play(g, c.MoveTo(dot=TO_IB[2]))
    moved = of_type(events, "Moved")[0].data
    assert moved["mp"] == 1 and moved["skipped"] == TO_IB[:2]
    assert turn(g).mp == 5


def test_8_2_skip_over_a_branching_dot_chooses_the_branch() -> None:
    """8.2/5.1: past a skipped dot that forks, he may go on along either path."""
    g = game(CW[5], [2, 2, 2], equipment=["red_drive"])
    assert headings(g) == {CW[4], CW[7], TO_CW[3]}
    roll(g, TO_CW[3])
    play(g, c.MoveTo(dot=TO_CW[3]))
    assert here(g) == TO_CW[3] and turn(g).mp == 5


def test_8_2_skipped_penalty_is_not_paid() -> None:
    """8.2: a drive skips Penalty Ovals of its colors: no MP and no penalty for them."""
    g = game(SN[2], [2, 2, 2], equipment=["red_drive"])
    assert turn(g).start_penalty
    roll(g, SN[4])  # over the red $30 Oval supernova.3
    events = play(g, c.MoveTo(dot=SN[4]))
    assert of_type(events, "Moved")[0].data["skipped"] == [SN[3]]
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 30  # the yellow one is not skipped
    play(g, c.PayPenalty())
    assert g.state.players[0].cash == 70


def test_8_2_combined_drive_skips_red_and_yellow_penalties() -> None:
    """8.2: a Combined Drive skips all red or yellow Ovals; blue ones still attack."""
    g = game(SN[2], [2, 2, 2], equipment=["combined_drive"])
    roll(g, SN[6])
    events = play(g, c.MoveAlong(path=[SN[3], SN[4], SN[5], SN[6]]))  # the long way round
    assert of_type(events, "Moved")[0].data["skipped"] == [SN[3], SN[4], SN[5]]
    assert of_type(events, "Moved")[0].data["mp"] == 1
    assert turn(g).phase == "pay_or_stop"  # supernova.6 is blue


def test_8_2_yellow_drive_does_not_skip_red() -> None:
    """8.2: a Yellow Drive skips only yellow dots."""
    g = game(SN[2], [2, 2, 2], equipment=["yellow_drive"])
    roll(g, SN[3])
    refused(g, c.MoveTo(dot=SN[4]), "5.31")
    play(g, c.MoveTo(dot=SN[3]))
    assert turn(g).phase == "pay_or_stop"


# --- 8.22 "?" markers and drives ---------------------------------------------------------


def test_8_22_revealed_penalty_of_drive_color_is_skipped_free() -> None:
    """8.22: a revealed Penalty marker his Drive skips stays face up; he skips on for free."""
    box = {JP[5]: {"kind": "penalty", "color": "red", "amount": 40}}
    g = game(JP[3], [1, 1, 1], cash=10, equipment=["red_drive"], qboxes=box)
    roll(g, JP[5])  # over the red dot jungle-planet.4 onto the face-down box
    events = play(g, c.MoveTo(dot=JP[5]))
    assert types(events)[:3] == ["Moved", "MarkerRevealed", "FreeSkip"]
    assert g.state.qboxes[JP[5]].face_up
    assert turn(g).phase == "move" and turn(g).mp == 2
    assert legal_moves(g) == {JP[6]}  # on (no backtracking over jungle-planet.4)
    events = play(g, c.MoveTo(dot=JP[6]))
    assert of_type(events, "Moved")[0].data["mp"] == 0
    assert turn(g).mp == 2 and g.state.players[0].cash == 10


def test_8_22_revealed_penalty_of_another_color_attacks() -> None:
    """8.22/6.1: a revealed Penalty marker the Drive does not skip inflicts its penalty."""
    box = {JP[5]: {"kind": "penalty", "color": "blue", "amount": 40}}
    g = game(JP[3], [1, 1, 1], cash=100, equipment=["red_drive"], qboxes=box)
    roll(g, JP[5])
    play(g, c.MoveTo(dot=JP[5]))
    assert turn(g).phase == "pay_or_stop" and turn(g).due == 40


def test_8_22_face_up_penalty_marker_of_drive_color_is_skipped() -> None:
    """8.2: a face-up colored Penalty marker is skipped like a Space Dot of that color."""
    box = {JP[5]: {"kind": "penalty", "color": "red", "amount": 40, "face_up": True}}
    g = game(JP[3], [1, 1, 1], equipment=["red_drive"], qboxes=box)
    assert headings(g) == {JP[2], JP[6], JP[11], "trapped-rogue--jungle-planet.7"}


# --- 8.23 shutting down drives -----------------------------------------------------------


def test_8_23_turned_off_drive_does_not_skip() -> None:
    """8.23: before rolling he may turn a Drive off; it then skips nothing this turn."""
    g = game(GB, [2, 2, 2], equipment=["red_drive"])
    play(g, c.SetDrives(off=["red_drive"]))
    assert TO_CW[0] in headings(g)
    roll(g, TO_CW[0])
    events = play(g, c.MoveTo(dot=TO_CW[0]))
    assert of_type(events, "Moved")[0].data["skipped"] == []


def test_8_23_drives_not_turned_off_are_on() -> None:
    """8.23: every Drive not turned off before the roll is on all turn."""
    g = game(GB, [2, 2, 2], equipment=["red_drive", "yellow_drive"])
    play(g, c.SetDrives(off=["yellow_drive"]))
    assert headings(g) == {TO_CW[1], TO_IB[0], "space-station-planet.11"}


def test_8_23_combined_drive_off_loses_both_colors() -> None:
    """8.23: a Combined Drive cannot be half off: off, it loses red and yellow."""
    g = game(GB, [2, 2, 2], equipment=["combined_drive"])
    play(g, c.SetDrives(off=["combined_drive"]))
    assert headings(g) == {TO_CW[0], TO_IB[0], "space-station-planet.11"}
    refused(g, c.SetDrives(off=["red_drive"]), "8.23")  # there is no red half to turn off


def test_8_23_only_before_the_roll() -> None:
    """8.23: the Drives are set before he rolls the dice."""
    g = game(GB, [2, 2, 2], equipment=["red_drive"])
    roll(g, TO_CW[1])
    refused(g, c.SetDrives(off=["red_drive"]), "8.23")


def test_8_23_turning_off_invalidates_a_skipping_declaration() -> None:
    """8.21/8.23: a declared dot the new drive setting cannot occupy must be declared again."""
    g = game(GB, [2, 2, 2], equipment=["red_drive"])
    play(g, c.DeclareHeading(dot=TO_CW[1]), c.SetDrives(off=["red_drive"]))
    refused(g, c.RollDice(), "5.31")  # without the Drive that dot is not next to his
    assert not any(isinstance(a, c.RollDice) for a in legal(g))


# --- 2012 DRIVE MOVEMENT EXAMPLE --------------------------------------------------------

# From a space of the Colony World (colony-world.7) through the 2012 Navigation space
# (colony-world.11) to Jewelburg, the Jungle World's Surface City. The route is computed from
# the map (the cheapest one without Drives) so that the test follows the board data.
EX_START, EX_CIRCLE, EX_GOAL = "colony-world.7", "colony-world.11", "jungle-planet.11"


def _cheapest(b: Board, start: str, goal: str) -> list[str]:
    best: dict[str, int] = {start: 0}
    came: dict[str, str] = {}
    todo = [(0, start)]
    while todo:
        cost, dot = heapq.heappop(todo)
        if dot == goal:
            break
        if cost > best[dot]:
            continue
        for nxt, mp in b.neighbours(dot).items():
            if cost + mp < best.get(nxt, 1 << 30):
                best[nxt], came[nxt] = cost + mp, dot
                heapq.heappush(todo, (cost + mp, nxt))
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1][1:]


def _example(equipment: list[str]) -> tuple[int, list[str]]:
    b = board("classic-2012")
    route = _cheapest(b, EX_START, EX_GOAL)
    assert EX_CIRCLE in route
    after = route[route.index(EX_CIRCLE) + 1]
    pilot = next(n for n, to in b.exits[EX_CIRCLE].items() if to == after)
    g = game(EX_START, [pilot, 6, 6], equipment=equipment, edition="classic-2012")
    occupied = [d for d in route if not (equipment and b.dots[d].color == DotColor.RED)]
    roll(g, occupied[0])  # 8.21: the first dot he occupies (a red one is jumped over)
    events = travel(g, occupied, pilot=pilot)
    assert here(g) == EX_GOAL
    skipped = [d for e in of_type(events, "Moved") for d in e.data["skipped"]]
    return spent(events), skipped


def test_2012_drive_example_red_drive_saves_one_mp_per_red_space() -> None:
    """2012 DRIVE MOVEMENT EXAMPLE: the route costs 11 MP; a Red Drive skips its red spaces.

    Each skipped red space saves the 1 MP of entering it (8.2).
    """
    plain, none_skipped = _example([])
    assert none_skipped == []
    with_drive, skipped = _example(["red_drive"])
    b = board("classic-2012")
    assert skipped and all(b.dots[d].color == DotColor.RED for d in skipped)
    assert with_drive == plain - len(skipped)


def test_2012_drive_example_three_red_spaces_eight_mp() -> None:
    """2012 DRIVE MOVEMENT EXAMPLE: "When travelling from a space in the Colony World system to
    the surface city of the Jungle World system, the Qossuth player's red drive allows him to
    skip three red spaces along his path, costing him a total of 8 movement points instead of
    11." (Our Colony World circle placement, see the rulings.)"""
    with_drive, skipped = _example(["red_drive"])
    plain, _ = _example([])
    assert plain == 11 and len(skipped) == 3 and with_drive == 8


def test_2012_movement_example_dice_6_3_2_navigation_2_orbit_is_space_9() -> None:
    """2012 MOVEMENT EXAMPLE: dice "6, 3, and 2. This gives him a movement value of 11—just
    enough to reach the Jungle World"; "Before he exits the navigation space, he must assign
    ... the 2-result die"; "When the player's ship reaches the orbit space (space 9), he
    observes the culture"; then on to the surface city (a green line, 2 MP)."""
    b = board("classic-2012")
    route = _cheapest(b, EX_START, EX_GOAL)
    after = route[route.index(EX_CIRCLE) + 1]
    assert b.exits[EX_CIRCLE][2] == after  # the navigation value 2 leaves the circle that way
    g = game(EX_START, [6, 3, 2], edition="classic-2012",
             cultures={"jungle-planet": "humans"})
    roll(g, route[0])
    events = travel(g, route, pilot=2)
    assert here(g) == EX_GOAL and spent(events) == 11
    moved = of_type(events, "Moved")
    orbit = next(i for i, e in enumerate(moved) if e.data["to"] == "jungle-planet.3")
    assert orbit + 1 == 9 and sum(e.data["mp"] for e in moved[: orbit + 1]) == 9
    assert any(e.type == "CultureObserved" and e.data["system"] == "jungle-planet"
               for e in events)
