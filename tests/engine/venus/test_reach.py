"""The reachable-destinations query (engine/venus/reach.py) against the movement rules.

Every destination's path, replayed with MoveAlong (paying the penalties on the way), must end
on that dot the way the query says; a few exact counts ("perft") pin fixed scenarios, one of
them checked against an independent brute force of rules 5.21, 5.32 and 6.2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.venus import commands as c
from engine.venus.reach import Destination, reachable

from .movekit import Venus, board, copy, game, here, of_type, play, roll, travel, turn

PP = {i: f"polluted-planet.{i}" for i in range(1, 12)}
JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}
SN = {i: f"supernova.{i}" for i in range(1, 7)}
GB = "galactic-base"

GATES = {
    JP[5]: {"kind": "telegate", "number": 2, "face_up": True},
    PP[5]: {"kind": "telegate", "number": 5, "face_up": True},
    PP[9]: {"kind": "telegate", "number": 3, "face_up": True},
}


def _gb_circle() -> Venus:
    g = game(GB, [1, 2, 3])
    roll(g, "space-station-planet.11")
    return g


def _polluted() -> Venus:
    g = game(PP[2], [1, 1, 2])
    roll(g, PP[1])
    return g


def _wing_example() -> Venus:
    g = game("polluted-planet.7", [1, 3, 5, 6], ship="clipper")
    roll(g, "space-station-planet.3")
    return g


def _supernova_combined() -> Venus:
    g = game(SN[2], [2, 3, 4], cash=45, equipment=["combined_drive"])
    roll(g, SN[6])
    return g


def _supernova_shield() -> Venus:
    g = game("supernova--water-world.1", [1, 2, 2], cash=40, equipment=["shield"])
    roll(g, SN[2])
    return g


def _gates() -> Venus:
    g = game(JP[3], [5, 3, 1], qboxes=GATES)
    roll(g, JP[4])
    return g


def _jump_start_air_foil() -> Venus:
    g = game(PP[10], [2, 4, 6], relics=["jump_start", "air_foil"], qboxes=GATES)
    roll(g, JP[5])
    return g


def _hidden_boxes() -> Venus:
    boxes = {JP[5]: {"kind": "relic", "relic": "laser"}, JP[8]: {"kind": "open_port"}}
    g = game(JP[3], [3, 3, 3], qboxes=boxes, equipment=["red_drive"])
    roll(g, JP[2])
    return g


def _clipper_asteroids() -> Venus:
    g = game(GB, [6, 6, 5, 6], ship="clipper", equipment=["combined_drive", "shield"], cash=500)
    roll(g, "interstellar-biosphere--galactic-base.1")
    return g


SCENARIOS: dict[str, Callable[[], Venus]] = {
    "gb_circle": _gb_circle,
    "polluted": _polluted,
    "wing_example": _wing_example,
    "supernova_combined": _supernova_combined,
    "supernova_shield": _supernova_shield,
    "gates": _gates,
    "jump_start_air_foil": _jump_start_air_foil,
    "hidden_boxes": _hidden_boxes,
    "clipper_asteroids": _clipper_asteroids,
}


def replay(g: Venus, dest: Destination) -> list[Any]:
    """Play ``dest`` on a copy of ``g``; return the events."""
    g2 = copy(g)
    events = travel(g2, list(dest.path), pilot=dest.pilot, land=dest.end == "land")
    assert here(g2) == dest.dot, dest
    return [g2, events]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_reach_every_path_replays_to_its_destination(name: str) -> None:
    """Each destination's path, played with MoveAlong, ends there as announced."""
    g = SCENARIOS[name]()
    found = reachable(g.state)
    assert found
    for dest in found:
        g2, events = replay(g, dest)
        ends = of_type(events, "MovementEnded")
        if dest.end == "land":
            assert ends and ends[0].data["landed"] and ends[0].data["dot"] == dest.dot, dest
        elif dest.end == "penalty":
            stopped = ends and ends[0].data["reason"] == "cannot_pay"
            assert stopped or turn(g2).phase == "pay_or_stop", dest
        elif dest.end == "reveal":
            assert of_type(events, "MarkerRevealed")[-1].data["dot"] == dest.dot, dest
        else:
            assert ends and ends[0].data["reason"] == dest.end, dest
        if dest.end in ("land", "penalty"):
            moved = of_type(events, "Moved")
            paid = sum(e.data["amount"] for e in of_type(events, "PenaltyPaid"))
            assert paid == dest.paid, dest
            mp = sum(e.data["mp"] for e in moved)
            assert turn(g).mp - mp == dest.mp_left, dest


def test_perft_gb_circle_hand_count() -> None:
    """From the Galactic Base into its Circle with 1, 2, 3 (6 MP), by the rules by hand.

    2 points back: stop in the Circle (6.43). 1: the "?" box (an empty Asteroid), the Space
    City, the next box, then the Body Circle whose 1 points back (trapped), or past the City
    to the end of 6 MP. 3: two more Circles keep the 3, a box (Asteroid), a Circle, 6 MP out.
    """
    found = {(d.dot, d.end, d.pilot) for d in reachable(_gb_circle().state)}
    assert found == {
        ("space-station-planet.11", "trapped", 2),
        ("space-station-planet.7", "land", 1),
        ("space-station-planet.6", "land", 1),
        ("space-station-planet.5", "land", 1),
        ("space-station-planet.4", "trapped", 1),
        ("multi-generation-ship--space-station-planet.1", "out_of_mp", 1),
        ("space-station-planet.12", "land", 3),
        ("desert-planet--space-station-planet.1", "out_of_mp", 3),
    }


def test_perft_wing_example() -> None:
    """The 6.43 example position (1, 3, 5, 6: 15 MP): the 5 stops in the Wing at once."""
    found = {(d.dot, d.end) for d in reachable(_wing_example().state)}
    assert ("space-station-planet.3", "trapped") in found  # the 5 points back to A
    assert ("space-station-planet.4", "trapped") not in found  # nothing points back there
    assert len(found) == 43


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("polluted", 4),  # by hand: Paint Place, the box, two dots 4 MP out
        ("supernova_combined", 38),
        ("supernova_shield", 8),  # by hand: stop on any of the six Ovals, or two dots out
        ("gates", 26),
        ("jump_start_air_foil", 29),
        ("hidden_boxes", 8),
        ("clipper_asteroids", 163),
    ],
)
def test_perft_counts(name: str, count: int) -> None:
    """Pinned destination counts (regression guards for the movement generator)."""
    assert len(reachable(SCENARIOS[name]().state)) == count


def brute_force(start: str, heading: str, mp: int) -> set[tuple[str, str]]:
    """Independent enumeration for plain paths: 5.21 costs, 5.32 backtracking, 6.2 landing.

    Only valid where there are no Circles, Gates, Penalties, Drives or hidden boxes.
    """
    b = board()
    found: set[tuple[str, str]] = set()

    def landable(dot: str) -> bool:
        return b.dots[dot].kind.value in ("surface_city", "space_city", "asteroid", "qbox")

    def cost(a: str, z: str) -> int:
        surface = "surface_city"
        return 2 if surface in (b.dots[a].kind.value, b.dots[z].kind.value) else 1

    def go(dot: str, left: int, used: frozenset[tuple[str, str]], first: bool) -> None:
        assert b.dots[dot].kind.value not in ("circle", "penalty"), f"not plain: {dot}"
        options = [
            n for n in b.neighbours(dot)
            if (n, dot) not in used and cost(dot, n) <= left and (not first or n == heading)
        ]
        if not first and landable(dot):
            found.add((dot, "land"))
        if not options and not first:
            if not landable(dot):
                found.add((dot, "out_of_mp" if left == 0 else "trapped"))
            return
        for n in options:
            go(n, left - cost(dot, n), used | {(dot, n)}, False)

    go(start, mp, frozenset(), True)
    return found


@pytest.mark.parametrize(("start", "heading", "dice"), [
    (PP[2], PP[1], [1, 1, 2]),
    (PP[2], PP[3], [1, 2, 2]),
    (PP[10], PP[1], [1, 2, 2]),
    ("colony-world.5", "colony-world.4", [2, 3, 4]),
    ("jungle-planet.3", "jungle-planet.2", [2, 2, 3]),
])
def test_reach_matches_brute_force_on_plain_paths(
    start: str, heading: str, dice: list[int]
) -> None:
    """The query agrees with an independent enumeration where only 5.21-6.2 apply."""
    g = game(start, dice)
    roll(g, heading)
    mine = {(d.dot, d.end) for d in reachable(g.state)}
    assert mine == brute_force(start, heading, sum(dice))


def test_reach_is_empty_before_the_roll_and_after_movement() -> None:
    g = game(GB, [1, 2, 3])
    assert reachable(g.state) == []
    play(g, c.StayPut())
    assert reachable(g.state) == []


def test_2012_reach_finds_a_return_down_the_route_after_a_lap() -> None:
    """2012 "Additional Movement Rules" (only the immediate return is backtracking) in the
    reachable query: from the War-Torn route, a lap of the Polluted Planet ring and back onto
    the route dot he started from is a destination in 2012 (11 MP), never in 1988 (5.32)."""
    start = "war-torn-system--polluted-planet.6"
    found = {}
    for edition in ("avalon-hill", "classic-2012"):
        g = game(start, [4, 4, 3], edition=edition)
        roll(g, "polluted-planet.4")
        found[edition] = {(d.dot, d.end) for d in reachable(g.state)}
    assert (start, "out_of_mp") in found["classic-2012"]
    assert (start, "out_of_mp") not in found["avalon-hill"]
    g = game(start, [4, 4, 3], edition="classic-2012")
    roll(g, "polluted-planet.4")
    back = next(d for d in reachable(g.state) if (d.dot, d.end) == (start, "out_of_mp"))
    travel(g, list(back.path), pilot=back.pilot)
    assert here(g) == start
