"""Movement basics, 1988 rules 4.4 and 5.1-5.32 (and 6.2 landing), one scenario per rule."""

from __future__ import annotations

import pytest

from engine.venus import commands as c

from .movekit import Venus, ended, game, here, legal, legal_moves, play, refused, roll, turn, types

# The Polluted Planet (5.21 example): Paint Place and Poison Park are its Surface Cities.
PP = {i: f"polluted-planet.{i}" for i in range(1, 12)}
PAINT_PLACE, POISON_PARK = PP[10], PP[11]
GB = "galactic-base"
GB_NEIGHBOURS = {
    "galactic-base--colony-world.1",
    "interstellar-biosphere--galactic-base.3",
    "space-station-planet.11",
}


# --- 5.2 movement points ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("ship", "count"), [("clipper", 4), ("transport", 3), ("scout", 3), ("freighter", 2)]
)
def test_5_2_ship_card_sets_the_number_of_dice(ship: str, count: int) -> None:
    """5.2: a Clipper rolls four dice, a Transport or Scout three, a Freighter two."""
    g = game(PP[2], [1, 2, 3, 4], ship=ship)
    roll(g, PP[1])
    assert turn(g).dice == [1, 2, 3, 4][:count]
    assert turn(g).mp == sum(range(1, count + 1))
    assert g.state.loaded_dice == [1, 2, 3, 4][count:]


# --- 5.21 movement costs ----------------------------------------------------------------


def test_5_21_one_mp_per_space_move() -> None:
    """5.21: one MP each time he moves from a dot in space to another dot in space."""
    g = game(PP[2], [1, 1, 2])
    roll(g, PP[3])
    events = play(g, c.MoveTo(dot=PP[3]), c.MoveTo(dot=PP[4]))
    assert [e.data["mp"] for e in events if e.type == "Moved"] == [1, 1]
    assert turn(g).mp == 2


def test_5_21_polluted_planet_example_costs_six_mp() -> None:
    """5.21 example: Surface City to Surface City on the Polluted Planet costs 6 MP."""
    g = game(PAINT_PLACE, [2, 2, 2])
    roll(g, PP[1])
    spent = []
    for dot in (PP[1], PP[2], PP[3], POISON_PARK):
        events = play(g, c.MoveTo(dot=dot))
        spent.append(next(e.data["mp"] for e in events if e.type == "Moved"))
    assert spent == [2, 1, 1, 2]
    assert sum(spent) == 6 and here(g) == POISON_PARK


def test_5_21_one_mp_left_cannot_reach_a_surface_city() -> None:
    """5.21: with only one MP left he cannot move to a Surface City."""
    g = game(PP[3], [1, 1, 1])
    roll(g, PP[2])
    play(g, c.MoveTo(dot=PP[2]), c.MoveTo(dot=PP[1]))
    assert turn(g).mp == 1
    assert legal_moves(g) == {PP[9]}
    refused(g, c.MoveTo(dot=PAINT_PLACE), "5.21")


def test_5_21_cannot_declare_a_move_the_roll_can_never_pay_void() -> None:
    """5.21/5.31: leaving a Surface City needs 2 MP; the declared dot is still the only one."""
    g = game(PAINT_PLACE, [1, 1, 1])
    roll(g, PP[1])
    assert legal_moves(g) == {PP[1]}
    events = play(g, c.MoveTo(dot=PP[1]))
    assert events[0].data["mp"] == 2 and turn(g).mp == 1


# --- 5.22, 5.23 ending movement, inertia ------------------------------------------------


def test_5_22_spending_all_mp_in_space_ends_movement_and_turn() -> None:
    """5.22: when he has spent all his MP he ends movement (in space: the turn ends too)."""
    g = game(PP[5], [1, 1, 1])
    roll(g, PP[6])
    events = play(g, c.MoveTo(dot=PP[6]), c.MoveTo(dot=PP[7]), c.MoveTo(dot=PP[8]))
    assert ended(events)["reason"] == "out_of_mp"
    assert ended(events)["landed"] is False
    assert "TurnEnded" in types(events)


def test_5_23_inertia_no_stopping_in_space_with_mp_left() -> None:
    """5.23: he cannot stop in space while he has MP; he must move on."""
    g = game(PP[2], [3, 3, 3])
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]))
    refused(g, c.Land(), "6.2")
    refused(g, c.EndTurn(), "5.23")
    refused(g, c.StayPut(), "5.23")
    assert not any(isinstance(a, (c.Land, c.EndTurn, c.StayPut)) for a in legal(g))


def test_5_23_may_pass_a_city_without_landing() -> None:
    """6.2/5.23: he *can* land on a City he moves onto; he may also keep moving."""
    g = game("space-station-planet.5", [2, 2, 2])
    roll(g, "space-station-planet.6")
    play(g, c.MoveTo(dot="space-station-planet.6"))
    assert turn(g).phase == "move"
    assert any(isinstance(a, c.Land) for a in legal(g))
    play(g, c.MoveTo(dot="space-station-planet.7"))
    assert here(g) == "space-station-planet.7" and turn(g).mp == 4


# --- 5.3, 5.31 declaration --------------------------------------------------------------


def test_5_31_roll_without_declaration_is_refused() -> None:
    """5.31: a roll made without declaring the first dot does not count."""
    g = game(GB, [1, 2, 3])
    refused(g, c.RollDice(), "5.31")
    assert g.state.loaded_dice == [1, 2, 3]  # no die was used
    roll(g, "space-station-planet.11")
    assert turn(g).dice == [1, 2, 3]


def test_5_31_any_path_leading_away_may_be_declared() -> None:
    """5.31: he can choose any path that leads away from his dot, and nothing else."""
    g = game(GB, [1, 2, 3])
    declared = {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}
    assert declared == GB_NEIGHBOURS
    refused(g, c.DeclareHeading(dot="galactic-base--colony-world.2"), "5.31")
    refused(g, c.DeclareHeading(dot="no-such-dot"), "5.31")


def test_5_31_declaration_may_be_changed_before_the_roll() -> None:
    """5.3: the first dot is specified before rolling; until then he may say another."""
    g = game(GB, [1, 2, 3])
    play(g, c.DeclareHeading(dot="galactic-base--colony-world.1"))
    play(g, c.DeclareHeading(dot="interstellar-biosphere--galactic-base.3"))
    play(g, c.RollDice())
    assert legal_moves(g) == {"interstellar-biosphere--galactic-base.3"}


def test_5_31_declared_first_dot_binds() -> None:
    """5.31: after rolling he must start by moving to the declared dot if the roll allows."""
    g = game(GB, [1, 2, 3])
    roll(g, "galactic-base--colony-world.1")
    assert legal_moves(g) == {"galactic-base--colony-world.1"}
    refused(g, c.MoveTo(dot="interstellar-biosphere--galactic-base.3"), "5.31")
    play(g, c.MoveTo(dot="galactic-base--colony-world.1"))
    assert here(g) == "galactic-base--colony-world.1"


def test_5_31_void_declaration_frees_the_first_move() -> None:
    """5.31: if the roll does not allow the declared dot, the announcement is void.

    On this map only a Pilot Number can forbid a declared dot (a Circle's arrow, 6.42): the
    Circle next to the Galactic Base sends a "2" back to the Base; without a 2 he goes where
    the numbers he rolled send him.
    """
    circle = "space-station-planet.11"
    exits = {1: "space-station-planet.7", 3: "space-station-planet.10"}
    g = game(circle, [1, 3, 5])
    roll(g, GB)
    assert legal_moves(g) == set(exits.values())
    play(g, c.MoveTo(dot=exits[3], pilot=3))
    assert here(g) == exits[3] and turn(g).pilot == 3


# --- 5.32 backtracking ------------------------------------------------------------------


def test_5_32_example_no_reversing_along_a_path() -> None:
    """5.32 example: from A he may name B, C or D; after A->D he must go to E; at E, F or G.

    A = Paintfall (Polluted Planet orbit), D and E the next dots of the ring, F the red dot
    beyond, G the Surface City Poison Park.
    """
    a, d, e, f, g_ = PP[1], PP[2], PP[3], PP[4], POISON_PARK
    g = game(a, [3, 3, 3])
    assert {x.dot for x in legal(g) if isinstance(x, c.DeclareHeading)} == {PP[10], d, PP[9]}
    roll(g, d)
    play(g, c.MoveTo(dot=d))
    assert legal_moves(g) == {e}
    refused(g, c.MoveTo(dot=a), "5.32")
    play(g, c.MoveTo(dot=e))
    assert legal_moves(g) == {f, g_}
    refused(g, c.MoveTo(dot=d), "5.32")


def test_5_32_moving_in_circles_reuses_a_path_in_the_same_direction() -> None:
    """5.32: a path may be used twice in one turn if both times in the same direction."""
    ring = [PP[i] for i in (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)]
    g = game(PP[2], [4, 3, 3])
    roll(g, PP[3])
    events = []
    for dot in ring:
        events += play(g, c.MoveTo(dot=dot))
    assert here(g) == PP[3]
    edges = [e for ev in events if ev.type == "Moved" for e in ev.data["edges"]]
    assert edges.count(f"{PP[2]}>{PP[3]}") == 2
    assert ended(events)["reason"] == "out_of_mp"


def test_5_32_surface_city_traps_the_ship() -> None:
    """5.32 (and 5.22): moving to a Surface City he must stop; he would backtrack to leave."""
    g = game(PP[2], [3, 3, 3])
    roll(g, PP[1])
    play(g, c.MoveTo(dot=PP[1]))
    events = play(g, c.MoveTo(dot=PAINT_PLACE))
    data = ended(events)
    assert data["reason"] == "trapped" and data["landed"] is True
    assert turn(g).phase == "trade" and turn(g).mp == 0  # 5.22: remaining MP lost


def test_5_32_next_turn_may_use_the_path_the_other_way() -> None:
    """5.32: a path used one way on one turn may be used the other way on the next."""
    g = game(PP[1], [1, 1, 1, 3, 3, 3])
    roll(g, PP[2])
    play(g, c.MoveTo(dot=PP[2]), c.MoveTo(dot=PP[3]), c.MoveTo(dot=PP[4]))
    assert g.state.turn is not None and turn(g).seat == 0 and turn(g).phase == "declare"
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]), c.MoveTo(dot=PP[2]))
    assert here(g) == PP[2]


# --- 6.2 landing, 4.4 taking turns ------------------------------------------------------


def test_6_2_landing_loses_remaining_mp() -> None:
    """6.2/5.22: landing on a City ends movement; the remaining MP are lost."""
    g = game("space-station-planet.5", [2, 2, 2])
    roll(g, "space-station-planet.6")
    play(g, c.MoveTo(dot="space-station-planet.6"))
    events = play(g, c.Land())
    assert ended(events) == {
        "seat": 0,
        "dot": "space-station-planet.6",
        "reason": "landed",
        "landed": True,
    }
    assert turn(g).mp == 0 and turn(g).phase == "trade"
    refused(g, c.MoveTo(dot="space-station-planet.7"), "5.1")  # 4.4: no moving after trading


def test_6_2_orbit_needs_a_spaceport_to_land() -> None:
    """6.2: players cannot land on an Orbit until a Spaceport has been built there."""
    g = game(PP[2], [3, 3, 3])
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]))
    refused(g, c.Land(), "6.2")

    g = game(PP[2], [3, 3, 3], spaceports={PP[3]: 0})
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]))
    assert ended(play(g, c.Land()))["landed"] is True


def test_6_2_asteroid_can_be_landed_on() -> None:
    """6.2: Asteroids can be landed on."""
    g = game("jungle-planet.1", [3, 3, 3])
    roll(g, "jungle-planet.9")
    play(g, c.MoveTo(dot="jungle-planet.9"))
    assert ended(play(g, c.Land()))["reason"] == "landed"


def test_6_2_move_along_lands_at_the_end_of_the_path() -> None:
    """6.2: MoveAlong (a chain of moves) lands on its last dot when it allows landing."""
    g = game(PP[2], [4, 4, 4])
    roll(g, PP[3])
    events = play(g, c.MoveAlong(path=[PP[3], PP[4], PP[5]]))
    assert ended(events)["reason"] == "landed" and here(g) == PP[5]


def test_6_2_cannot_land_without_moving() -> None:
    """6.2/4.4: landing needs a move; a player who does not move stays put instead."""
    g = game("space-station-planet.6", [2, 2, 2])
    refused(g, c.Land(), "6.2")


def test_4_4_stay_put_on_a_city_then_trade() -> None:
    """4.4: on a City he can trade whether he moved or not: StayPut skips the movement."""
    g = game("space-station-planet.6", [2, 2, 2])
    data = ended(play(g, c.StayPut()))
    assert data["reason"] == "stayed" and data["landed"] is True
    assert turn(g).phase == "trade" and turn(g).stayed
    assert g.state.loaded_dice == [2, 2, 2]  # no roll
    play(g, c.EndTurn())


def test_4_4_stay_put_in_space_ends_the_turn() -> None:
    """4.4: a player in space who does not move just ends his turn."""
    second = {"name": "Bob", "dot": GB}
    g = game(PP[2], [2, 2, 2], others=[second])
    events = play(g, c.DeclareHeading(dot=PP[1]), c.StayPut())
    assert types(events)[-2:] == ["TurnEnded", "TurnStarted"]
    assert turn(g).seat == 1 and here(g) == PP[2]


def test_4_4_no_staying_put_after_the_roll() -> None:
    """4.4/5.23: once the dice are rolled he is committed to move."""
    g = game("space-station-planet.6", [2, 2, 2])
    roll(g, "space-station-planet.5")
    refused(g, c.StayPut(), "5.23")


def test_5_4_other_players_do_not_block() -> None:
    """5.4: players move over each other and share dots without effect."""
    other = {"name": "Bob", "dot": PP[3]}
    g = game(PP[2], [1, 1, 1], others=[other])
    roll(g, PP[3])
    play(g, c.MoveTo(dot=PP[3]), c.MoveTo(dot=PP[4]))
    assert here(g) == PP[4] and here(g, 1) == PP[3]


def _round_the_ring(edition: str) -> Venus:
    """From the War-Torn route onto the Polluted Planet ring at PP4, once round it to PP4."""
    s = "war-torn-system--polluted-planet.6"
    g = game(s, [4, 4, 4], edition=edition)
    roll(g, PP[4])
    for dot in (PP[4], PP[5], PP[6], PP[7], PP[8], PP[9], PP[1], PP[2], PP[3], PP[4]):
        play(g, c.MoveTo(dot=dot))
    return g


def test_5_32_no_path_used_this_turn_in_reverse_even_later() -> None:
    """5.32 (1988): "once he moves along a path in one direction, he cannot move back along
    that path in the opposite direction during the same turn": back at PP4 after a lap he
    may not return along the route he came by."""
    g = _round_the_ring("avalon-hill")
    assert legal_moves(g) == {PP[5]}
    refused(g, c.MoveTo(dot="war-torn-system--polluted-planet.6"), "5.32")


def test_2012_backtracking_is_only_the_immediate_return() -> None:
    """2012 "Additional Movement Rules": "After a ship departs from a space, it cannot
    immediately turn around and return to that space." After a lap, the route he came by
    is open again; the dot he just left is not."""
    g = _round_the_ring("classic-2012")
    assert legal_moves(g) == {PP[5], "war-torn-system--polluted-planet.6"}
    refused(g, c.MoveTo(dot=PP[3]), "5.32")
    play(g, c.MoveTo(dot="war-torn-system--polluted-planet.6"))
    assert here(g) == "war-torn-system--polluted-planet.6"
