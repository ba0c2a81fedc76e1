"""Movement Phase, Drives, Bumps Along the Way: the pure step rules on a small test map.

The worked examples on the real standard board are in ``test_movement_examples.py``; here a
hand-made map isolates each rule.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from engine.kernel import RuleError
from engine.venus_standard import hazards, navigation
from engine.venus_standard.movement import Helm, Ship, Terrain, after, find_step, steps
from engine.venus_standard.reach import reachable

#   gb - a - b - r1 - r2 - r3 - orb =green= city
#            |
#            nav -(1,2)- c - tg2 - enc
#             |(3,4) d        (5,6) back to b
KINDS = {
    "gb": "galactic_base", "a": "blue", "b": "blue", "r1": "red", "r2": "red",
    "r3": "red", "orb": "orbit", "city": "surface_city", "nav": "navigation", "c": "blue",
    "tg2": "telegate", "enc": "encounter", "d": "laser_hazard", "e": "piloting_hazard",
    "tg5": "telegate", "f": "blue", "ast": "asteroid",
}
EDGES = [("gb", "a", 1), ("a", "b", 1), ("b", "r1", 1), ("r1", "r2", 1), ("r2", "r3", 1),
         ("r3", "orb", 1), ("orb", "city", 2), ("b", "nav", 1), ("nav", "c", 1),
         ("c", "tg2", 1), ("tg2", "enc", 1), ("nav", "d", 1), ("d", "e", 1), ("e", "ast", 1),
         ("tg5", "f", 1), ("ast", "f", 1)]


def terrain() -> Terrain:
    lines: dict[str, list[tuple[str, int]]] = {k: [] for k in KINDS}
    for x, y, cost in EDGES:
        lines[x].append((y, cost))
        lines[y].append((x, cost))
    return Terrain(KINDS, {k: tuple(v) for k, v in lines.items()},
                   exits={"nav": {1: "c", 2: "c", 3: "d", 4: "d", 5: "b", 6: "b"}},
                   telegates={2: "tg2", 5: "tg5"})


T = terrain()


def walk(helm: Helm, ship: Ship, *spaces: str, nav: int | None = None) -> Helm:
    for to in spaces:
        helm = after(helm, find_step(T, ship, helm, nav, to))
    return helm


def test_move_gray_lines_cost_one_green_lines_two() -> None:
    """Movement Phase > Move: gray one movement point, green (orbit - city) two."""
    helm = walk(Helm("gb", 9), Ship(), "a", "b", "r1", "r2", "r3", "orb")
    assert helm.mp == 3
    assert walk(helm, Ship(), "city").mp == 1


def test_move_not_enough_points_for_the_green_line() -> None:
    helm = walk(Helm("gb", 7), Ship(), "a", "b", "r1", "r2", "r3", "orb")
    assert steps(T, Ship(), helm, None) == []
    with pytest.raises(RuleError, match="not enough movement points"):
        find_step(T, Ship(), helm, None, "city")


def test_additional_movement_rules_no_backtracking() -> None:
    helm = walk(Helm("gb", 9), Ship(), "a", "b")
    with pytest.raises(RuleError, match="cannot backtrack"):
        find_step(T, Ship(), helm, None, "a")


def test_declare_heading_forces_the_first_step() -> None:
    helm = Helm("b", 5, heading="r1")
    assert [s.to for s in steps(T, Ship(), helm, None)] == ["r1"]
    with pytest.raises(RuleError, match="declared heading is r1"):
        find_step(T, Ship(), helm, None, "a")


def test_branching_paths_any_forward_branch() -> None:
    """Branching Paths: leaving a branch entered this turn, any forward branch (not back)."""
    helm = walk(Helm("gb", 9), Ship(), "a", "b")
    assert sorted(s.to for s in steps(T, Ship(), helm, None)) == ["nav", "r1"]


def test_drives_red_drive_skips_red_spaces() -> None:
    """Drives / Drive Movement Example: three red spaces skipped save three points."""
    plain = walk(Helm("b", 20), Ship(), "r1", "r2", "r3", "orb", "city")
    red = walk(Helm("b", 20), Ship(drive="red"), "orb", "city")
    assert 20 - plain.mp == 6 and 20 - red.mp == 3
    step = find_step(T, Ship(drive="red"), Helm("b", 20), None, "orb")
    assert step.skipped == ("r1", "r2", "r3")


def test_drives_announced_unused_do_not_skip() -> None:
    ship = Ship(drive="combo", use_drive=False)
    assert [s.to for s in steps(T, ship, Helm("b", 9, heading="r1"), None)] == ["r1"]


def test_drives_yellow_drive_does_not_skip_red() -> None:
    assert [s.to for s in steps(T, Ship(drive="yellow"), Helm("b", 9, heading="r1"),
                                None)] == ["r1"]


def test_navigation_spaces_exit_matches_navigation_value() -> None:
    helm = walk(Helm("gb", 9), Ship(), "a", "b", "nav")
    assert [s.to for s in steps(T, Ship(), helm, 2)] == ["c"]
    assert [s.to for s in steps(T, Ship(), helm, 3)] == ["d"]
    with pytest.raises(RuleError, match="Navigation Spaces: navigation value 3 leaves nav by d"):
        find_step(T, Ship(), helm, 3, "c")


def test_navigation_spaces_exit_back_the_way_in_ends_the_turn_there() -> None:
    """Navigation Spaces: a value pointing back the way he entered: he ends his turn there."""
    helm = walk(Helm("gb", 9), Ship(), "a", "b", "nav")
    assert steps(T, Ship(), helm, 5) == []


def test_navigation_spaces_starting_there_the_restriction_does_not_apply() -> None:
    helm = Helm("nav", 5, came_from=None)
    assert [s.to for s in steps(T, Ship(), helm, 6)] == ["b"]


def test_navigation_spaces_without_a_die_the_left_player_chooses_not_back() -> None:
    helm = walk(Helm("gb", 9), Ship(), "a", "b", "nav")
    assert steps(T, Ship(), helm, None) == []
    assert navigation.navigation_exits(T, helm) == ["c", "d"]
    assert navigation.exit_chooser(2, [0, 1, 2, 3]) == 3
    assert navigation.exit_chooser(3, [0, 1, 2, 3]) == 0
    assert navigation.exit_chooser(0, [0]) == 0


def test_telegates_navigation_value_or_purple_die() -> None:
    """Telegates, Example 1: value 2 on telegate 2: the ship stays and goes on. Example 2:
    the purple die shows 5: to telegate 5."""
    assert navigation.telegate_jump(T, "tg2", 2) is None
    assert navigation.telegate_jump(T, "tg2", 5) == "tg5"
    assert navigation.telegate_jump(T, "tg2", 4) is None  # no telegate 4 on this map
    assert navigation.triggers_telegate(T, "tg2", by_jump=False)
    assert not navigation.triggers_telegate(T, "tg5", by_jump=True)


def test_telegate_tokens_join_the_telegates() -> None:
    """Encounters: a token placed on an encounter space replaces it (a telegate token)."""
    t = T.with_tokens({"enc": "telegate:1"})
    assert t.kind("enc") == "telegate" and navigation.telegate_jump(t, "tg2", 1) == "enc"


def test_hazards_checks_pass_below_the_value() -> None:
    attrs = hazards.Attributes(laser=4, shield=2, piloting=3)
    assert hazards.passes("laser", 3, attrs) and not hazards.passes("laser", 4, attrs)
    assert not hazards.passes("shield", 2, attrs)
    assert hazards.passes("piloting", 2, attrs) and not hazards.passes("piloting", 3, attrs)
    assert hazards.may_push_on("laser", attrs) and not hazards.may_push_on("piloting", attrs)


def test_hazards_lowered_dial_treats_that_kind_as_blue() -> None:
    assert hazards.checks("laser_hazard", frozenset({"laser"})) is None
    assert hazards.checks("shield_hazard", frozenset({"laser"})) == "shield"
    assert hazards.checks("blue", frozenset()) is None


def test_hazards_variable_laser_adds_the_die() -> None:
    attrs = hazards.Attributes(laser=2, shield=1, piloting=3, laser_bonus=4)
    assert hazards.passes("laser", 5, attrs)


def test_reach_lists_landings_stops_and_spent_ends() -> None:
    found = {(d.space, d.end): d for d in reachable(T, Ship(), Helm("gb", 9), None)}
    assert found[("city", "land")].path == ("a", "b", "r1", "r2", "r3", "orb", "city")
    assert found[("city", "land")].mp_left == 1  # 6 gray + 1 green = 8 of 9
    assert ("nav", "stop") in found  # no navigation value: someone else chooses
    with_nav = {(d.space, d.end) for d in reachable(T, Ship(), Helm("gb", 9), 3)}
    assert ("d", "hazard") in with_nav and ("ast", "land") in with_nav
    with_nav = {(d.space, d.end) for d in reachable(T, Ship(), Helm("gb", 9), 1)}
    assert ("c", "spent") not in with_nav and ("tg2", "stop") not in with_nav
    # navigation value 1: no telegate 1 on this map, the ship goes on to the encounter space
    assert ("enc", "stop") in with_nav


def test_reach_follows_a_telegate_by_the_navigation_value() -> None:
    """Telegates 2: with a navigation value the jump is known: the path goes on from the
    destination telegate (naming it after the telegate entered)."""
    found = {(d.space, d.end): d for d in reachable(T, Ship(), Helm("c", 5), 5)}
    assert found[("ast", "land")].path == ("tg2", "tg5", "f", "ast")
    assert found[("ast", "land")].mp_left == 2  # the jump costs nothing
    assert ("enc", "stop") not in found
    blind = {(d.space, d.end) for d in reachable(T, Ship(), Helm("c", 5), None)}
    assert ("tg2", "stop") in blind


def test_reach_red_drive_path_names_the_skipped_spaces() -> None:
    found = {(d.space, d.end): d for d in reachable(T, Ship(drive="red"), Helm("b", 3), None)}
    assert found[("city", "land")].path == ("r1", "r2", "r3", "orb", "city")


def test_reach_kept_by_its_inputs_answers_alike_and_a_list_of_its_own() -> None:
    """A search is kept by its inputs (the mover's view asks it at every seq): asked again,
    the same destinations in a new list; another terrain object (here one with the gray
    line a-b gone) is searched on its own, and the kept search does not keep it alive."""
    first = reachable(T, Ship(), Helm("gb", 9), None)
    first.clear()  # the caller's own list
    again = reachable(T, Ship(), Helm("gb", 9), None)
    assert again and again == reachable(T, Ship(), Helm("gb", 9), None)
    cut = Terrain(T.kinds, {k: tuple((to, c) for to, c in v if {k, to} != {"a", "b"})
                            for k, v in T.lines.items()},
                  exits=T.exits, telegates=T.telegates)
    assert {d.space for d in reachable(cut, Ship(), Helm("gb", 9), None)} == {"a"}
    gone = weakref.ref(cut)
    del cut
    gc.collect()
    assert gone() is None


def test_pilot_navigation_adjust_reads_the_value_one_higher_or_lower() -> None:
    """Pilot ability (ours): leaving a navigation space by the value or one either side,
    never back the way in."""
    helm = walk(Helm("gb", 9), Ship(), "a", "b", "nav")
    assert [s.to for s in steps(T, Ship(nav_spread=1), helm, 2)] == ["c", "d"]
    assert [s.to for s in steps(T, Ship(nav_spread=1), helm, 5)] == ["d"]  # 4: d; 5, 6: back


def test_merchant_spaceport_blocks_the_line_to_the_surface_city() -> None:
    """Trading on Merchant Spaceports: no move from the merchant spaceport's orbit space to
    the connected surface city (from the city outward is still open); the token is a
    spaceport a ship may land on."""
    t = T.with_tokens({"orb": "merchant_spaceport"})
    helm = Helm("r3", 9, came_from="r2", entered=True)
    assert [s.to for s in steps(t, Ship(), helm, None)] == ["orb"]
    at_orbit = after(helm, steps(t, Ship(), helm, None)[0])
    assert steps(t, Ship(), at_orbit, None) == [] and t.kind("orb") == "merchant_spaceport"
    assert [s.to for s in steps(t, Ship(), Helm("city", 9), None)] == ["orb"]
