"""The Movement phase as commands (helm): heading, speed, dice, steps, bumps, landing."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError
from engine.venus_standard import helm, helm_legal
from engine.venus_standard import helm_commands as m
from engine.venus_standard.flight import flight

from .helm_kit import Kit, build, on_telegate_2_with_navigation, types
from .kit import turn_of


@pytest.fixture
def kit(monkeypatch: pytest.MonkeyPatch) -> Kit:
    return build(monkeypatch)


def test_set_speed_rolls_three_dice_and_moves_by_their_sum(kit: Kit) -> None:
    d = kit([4, 3, 2])
    helm.roll_speed(d, 0)
    f = flight(d.state)
    assert f.dice == [4, 3, 2] and f.mp_left == 9 and f.stage == "move"
    helm.move_to(d, 0, ["a", "b", "r1", "r2", "r3", "orb", "city"])
    assert f.at == "city" and f.mp_left == 1 and f.ended == "landed"
    assert d.calls[-1] == ("landed", "city")


def test_end_movement_every_point_spent_ends_the_turn(kit: Kit) -> None:
    d = kit([1, 1, 1])
    helm.roll_speed(d, 0)
    helm.move_to(d, 0, ["a", "b", "r1"])
    assert flight(d.state).ended == "spent" and d.calls[-1] == ("end_turn", 0)


def test_declare_heading_not_along_a_path_is_refused(kit: Kit) -> None:
    d = kit([1, 1, 1])
    with pytest.raises(RuleError, match="Declare Heading: r1 is not along a path from gb"):
        helm.declare_heading(d, 0, "r1", True)


def test_declare_heading_then_the_ship_must_go_that_way(kit: Kit) -> None:
    d = kit([2, 2, 2])
    d.state.players[0].space = "b"
    helm.declare_heading(d, 0, "r1", True)
    helm.roll_speed(d, 0)
    with pytest.raises(RuleError, match="declared heading is r1"):
        helm.step(d, 0, "a")
    helm.step(d, 0, "r1")


def test_undeclared_heading_the_ship_moves_the_way_it_faces(kit: Kit) -> None:
    """Declare Heading: without a heading he moves the way his ship faces (not back)."""
    d = kit([2, 2, 2])
    d.state.players[0].space = "b"
    d.state.players[0].came_from = "a"
    helm.roll_speed(d, 0)
    with pytest.raises(RuleError, match="cannot backtrack"):
        helm.step(d, 0, "a")


def test_throttle_in_set_speed_adds_a_fourth_die(kit: Kit) -> None:
    """Throttling Example: 4, 2, 1 = 7, the 1 to the throttle, a 5: 12."""
    d = kit([4, 2, 1, 5])
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 2, "throttle")
    assert flight(d.state).movement_value == 12


def test_throttle_not_after_the_first_step(kit: Kit) -> None:
    d = kit([4, 2, 1, 5])
    helm.roll_speed(d, 0)
    helm.step(d, 0, "a")
    with pytest.raises(RuleError, match="Throttle: only in the Set Speed step"):
        helm.assign_die(d, 0, 2, "throttle")


def test_navigation_space_waits_for_a_die_or_the_left_player(kit: Kit) -> None:
    """Navigation Spaces: without a navigation die, the player to the left chooses."""
    d = kit([3, 3, 3], players=3)
    helm.roll_speed(d, 0)
    helm.move_to(d, 0, ["a", "b", "nav"])
    f = flight(d.state)
    assert f.wait == "navigation"
    helm.decline_navigation(d, 0)
    assert f.wait == "exit" and helm.exit_chooser(d.state) == 1
    with pytest.raises(RuleError, match="to the current player's left"):
        helm.choose_exit(d, 2, "c")
    helm.choose_exit(d, 1, "c")
    assert f.at == "c" and f.wait is None


def test_navigation_die_assigned_at_the_space_picks_the_exit(kit: Kit) -> None:
    d = kit([3, 3, 3])
    helm.roll_speed(d, 0)
    helm.move_to(d, 0, ["a", "b", "nav"])
    helm.assign_die(d, 0, 0, "navigation")  # a 3: exit to d (a laser hazard)
    d.state.loaded_dice.append(1)  # the purple die for the laser check: 1 < 2 passes
    helm.step(d, 0, "d")
    assert ("HazardChecked") in types(d) and flight(d.state).at == "d"


def test_navigation_exit_back_the_way_in_ends_the_move_there(kit: Kit) -> None:
    d = kit([5, 3, 3])
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")  # a 5 points back to b
    helm.move_to(d, 0, ["a", "b", "nav"])
    f = flight(d.state)
    assert f.at == "nav" and f.ended == "stopped"


def test_telegate_purple_die_jumps_and_a_new_heading_is_free(kit: Kit) -> None:
    """Telegates, Example 2: no navigation die; the purple die shows 5: to telegate 5."""
    d2 = kit([2, 3, 3, 5])
    d2.state.players[0].space = "c"
    d2.state.players[0].came_from = "nav"
    helm.roll_speed(d2, 0)
    helm.step(d2, 0, "tg2")
    f = flight(d2.state)
    assert f.wait == "telegate"
    helm.roll_telegate(d2, 0)
    assert f.at == "tg5" and f.came_from is None
    helm.step(d2, 0, "f")


def test_telegate_navigation_value_matching_this_gate_goes_on(kit: Kit) -> None:
    """Telegates, Example 1: a navigation value of 2 on telegate 2: unaffected, on to the
    encounter space."""
    d = kit([2, 3, 3])
    on_telegate_2_with_navigation(d)
    helm.step(d, 0, "enc")
    assert ("encounter", "enc") in d.calls


def test_hazard_failed_laser_check_push_on_lowers_the_dial(kit: Kit) -> None:
    d = kit([3, 3, 3, 5])
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.step(d, 0, "d")  # purple 5 >= laser 2: fails
    f = flight(d.state)
    assert f.wait == "hazard" and f.hazard == "laser"
    helm.hazard_choice(d, 0, "push_on")
    assert d.state.players[0].laser == 1 and f.ignoring == ["laser"]


def test_hazards_a_reward_cards_bonus_counts_in_the_check_alone(kit: Kit) -> None:
    """Hazards: "A result less than the attribute passes". Gunnery Crew (ours) adds 1 to the
    laser in hazard checks: a 2 against laser 2 fails without it and passes with it, and the
    dial stays at 2 (missions and pirates read the dial)."""
    for rewards, passed in (([], False), (["gunnery-crew"], True)):
        d = kit([3, 3, 3, 2], rewards=rewards)
        d.state.players[0].space = "nav"
        helm.roll_speed(d, 0)
        helm.assign_die(d, 0, 0, "navigation")
        helm.step(d, 0, "d")
        checked = [e.data for e in d.events if e.type == "HazardChecked"][-1]
        assert (checked["passed"], checked["value"]) == (passed, 3 if rewards else 2)
        assert d.state.players[0].laser == 2


def test_hazard_failed_piloting_check_ends_the_turn(kit: Kit) -> None:
    d = kit([3, 3, 3, 1, 6])
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["d", "e", "ast"])  # laser passes (1), piloting fails (6)
    f = flight(d.state)
    assert f.at == "e" and f.ended == "stopped" and d.calls[-1] == ("end_turn", 0)


def test_asteroids_a_ship_may_land_with_points_left(kit: Kit) -> None:
    d = kit([3, 3, 6, 1, 1])
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["d", "e", "ast"])
    f = flight(d.state)
    assert f.at == "ast" and f.stage == "move" and f.mp_left == 9
    helm.land(d, 0)
    assert f.ended == "asteroid" and d.calls[-1] == ("landed", "ast")


def test_land_only_on_a_landable_space_entered_this_turn(kit: Kit) -> None:
    d = kit([6, 6, 6])
    helm.roll_speed(d, 0)
    helm.step(d, 0, "a")
    with pytest.raises(RuleError, match="End Movement"):
        helm.land(d, 0)


def test_pilot_training_level_2_at_galactic_base(kit: Kit) -> None:
    """Pilots > Upgrading Pilots: level 1 -> 2 at Galactic Base for c60 (here: staying there
    by skipping the Movement phase, "immediately prior to starting his Transaction phase")."""
    d = kit([])
    turn = turn_of(d.state)
    turn.phase, turn.skipped_movement = "transaction", True
    with pytest.raises(RuleError, match="Upgrading Pilots: level 1 -> 2 is trained"):
        helm.train_pilot(d, 0, "human-3a")
    helm.train_pilot(d, 0, "human-2")
    p = d.state.players[0]
    assert p.pilot_level == 2 and p.credits == 40
    with pytest.raises(RuleError, match="Upgrading Pilots"):
        helm.train_pilot(d, 0, "human-3a")  # level 3 only at the home culture


def test_pilot_training_not_during_the_movement_phase(kit: Kit) -> None:
    d = kit([])
    with pytest.raises(RuleError, match="Upgrading Pilots"):
        helm.train_pilot(d, 0, "human-2")


def test_drills_every_asteroid_entered_is_offered_to_the_drills(
        kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asteroids: "a player whose ship is equipped with the License to Drill ... can place
    one of his drill tokens on an asteroid space as his ship passes over or lands on the
    space": the move waits on every asteroid space entered where he may drill, and places
    a drill only when he says so (``PlaceDrill``)."""
    from engine.venus_standard import helm_seams

    seen: list[str] = []
    monkeypatch.setattr(helm_seams, "may_drill", lambda state, s, space: True)
    monkeypatch.setattr(helm_seams, "drill", lambda d, s, space: seen.append(space))
    d = kit([3, 3, 6, 1, 1])
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["d", "e", "ast", "f"])
    f = flight(d.state)
    assert f.at == "ast" and f.wait == "drill" and seen == []  # the path stops to ask
    offered = list(helm_legal.movement_offers(d.state, 0))
    assert offered == [m.PlaceDrill(place=True), m.PlaceDrill(place=False)]
    with pytest.raises(RuleError, match="waits for a drill decision"):
        helm.step(d, 0, "f")
    helm.answer_drill(d, 0, True)
    assert seen == ["ast"] and flight(d.state).wait is None
    helm.step(d, 0, "f")
    assert flight(d.state).at == "f"


def test_drills_are_the_players_choice(kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drills: "he can place drill tokens on asteroid spaces" (a choice: the tokens are
    his merchant spaceports too): declining leaves no drill and the move goes on; with no
    drill possible (no license, a drill already there, no token left) nothing is asked."""
    from engine.venus_standard import helm_seams

    seen: list[str] = []
    monkeypatch.setattr(helm_seams, "may_drill", lambda state, s, space: True)
    monkeypatch.setattr(helm_seams, "drill", lambda d, s, space: seen.append(space))
    d = kit([3, 3, 6, 1, 1])
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["d", "e", "ast"])
    helm.answer_drill(d, 0, False)
    assert seen == [] and flight(d.state).wait is None
    with pytest.raises(RuleError, match="Drills"):
        helm.answer_drill(d, 0, True)
    monkeypatch.setattr(helm_seams, "may_drill", lambda state, s, space: False)
    e = kit([3, 3, 6, 1, 1])
    e.state.players[0].space = "nav"
    helm.roll_speed(e, 0)
    helm.assign_die(e, 0, 0, "navigation")
    helm.move_to(e, 0, ["d", "e", "ast", "f"])
    assert flight(e.state).at == "f" and seen == []


def test_spoilers_add_movement_by_the_parity_of_the_dice() -> None:
    """Appendix B, Fancy Spoiler: +1 on an odd total, +2 on an even one; Less Fancy: +1 on
    an odd total only."""
    from engine.venus_standard.flight import Flight, spoiler_points

    assert spoiler_points("fancy", 7) == 1 and spoiler_points("fancy", 8) == 2
    assert spoiler_points("less_fancy", 7) == 1 and spoiler_points("less_fancy", 8) == 0
    assert Flight(dice=[4, 2, 1, 5], spoiler="fancy").movement_value == 14


def test_encounter_outcome_adds_points_or_ends_the_move(kit: Kit) -> None:
    """The seam with the cards (vsenc's ``Resolution``): "Winning a Pirate Engagement" by
    pilot skill adds movement points and the move goes on; a lost engagement ends it."""
    from types import SimpleNamespace

    d = kit([1, 1, 1])
    helm.roll_speed(d, 0)
    helm.step(d, 0, "a")
    helm.after_encounter(d, 0, SimpleNamespace(
        waiting=False, movement=2, stop=False, end_turn=False, reason="pirates outflown"))
    f = flight(d.state)
    assert f.movement_value == 5 and f.mp_left == 4 and f.stage == "move"
    helm.after_encounter(d, 0, SimpleNamespace(
        waiting=False, movement=0, stop=True, end_turn=False, reason="pirates"))
    assert f.ended == "stopped" and d.calls[-1] == ("end_turn", 0)


def test_board_tokens_from_the_cards_and_merchant_spaceports() -> None:
    """Encounters: a token replaces its space (pirate, asteroid, blue dot, telegate token);
    merchant spaceports are landing places on their orbit spaces."""
    from types import SimpleNamespace

    from engine.venus_standard.terrain import board_tokens

    cards = SimpleNamespace(
        tokens={"x": SimpleNamespace(kind="pirate"), "y": SimpleNamespace(kind="blue_dot"),
                "z": SimpleNamespace(kind="asteroid")},
        telegates={1: "w"})
    players = [SimpleNamespace(seat=0, spaceports=["o"])]
    state = SimpleNamespace(cards=cards, players=players, player=lambda seat: players[seat])
    assert board_tokens(state) == {"x": "pirate", "y": "blue", "z": "asteroid",
                                   "w": "telegate:1", "o": "merchant_spaceport"}


def test_hard_burn_adds_ten_and_returns_the_token(
        kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """Appendix B, Hard Burn: after rolling, 10 more movement points; the token returns to
    its culture."""
    from engine.venus_standard import helm_seams

    returned: list[str] = []
    monkeypatch.setattr(helm_seams, "has_tech", lambda p, key: key == "hard_burn")
    monkeypatch.setattr(helm_seams, "return_tech", lambda d, s, key: returned.append(key))
    d = kit([1, 2, 3])
    with pytest.raises(RuleError, match="Movement Phase"):
        helm.use_hard_burn(d, 0)  # not before rolling
    helm.roll_speed(d, 0)
    helm.use_hard_burn(d, 0)
    assert flight(d.state).movement_value == 16 and returned == ["hard_burn"]


# -- the pilots' abilities (ours: data/pilots.json) ---------------------------------------

def test_pilot_reroll_speed_die_once_before_moving(kit: Kit) -> None:
    d = kit([1, 2, 3, 6], pilot="human", pilot_level=2)
    helm.roll_speed(d, 0)
    helm.reroll_die(d, 0, 0)
    f = flight(d.state)
    assert f.dice == [6, 2, 3] and "reroll_speed_die" in f.used
    with pytest.raises(RuleError, match="one reroll per Movement phase"):
        helm.reroll_die(d, 0, 1)


def test_pilot_without_the_reroll_ability_cannot(kit: Kit) -> None:
    d = kit([1, 2, 3])
    helm.roll_speed(d, 0)
    with pytest.raises(RuleError, match="no reroll ability"):
        helm.reroll_die(d, 0, 0)


def test_pilot_extra_movement_adds_a_point(kit: Kit) -> None:
    d = kit([1, 2, 3], pilot="human", pilot_level=3, pilot_side="b")
    helm.roll_speed(d, 0)
    assert flight(d.state).movement_value == 7


def test_pilot_throttle_on_two(kit: Kit) -> None:
    d = kit([2, 5, 5, 4], pilot="whynom", pilot_level=2)
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "throttle")
    assert flight(d.state).movement_value == 16


def test_pilot_green_lines_cost_one(kit: Kit) -> None:
    d = kit([3, 2, 2], pilot="whynom", pilot_level=3, pilot_side="a")
    helm.roll_speed(d, 0)
    helm.move_to(d, 0, ["a", "b", "r1", "r2", "r3", "orb", "city"])
    assert flight(d.state).mp_left == 0 and flight(d.state).ended == "landed"


def test_pilot_hazard_reroll_once(kit: Kit) -> None:
    """A failed piloting check normally ends the turn; the ability rolls it again once."""
    d = kit([3, 3, 3, 1, 6, 2], pilot="human", pilot_level=3, pilot_side="a", laser=2)
    d.state.players[0].space = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["d", "e"])  # laser 1 < 2 passes; piloting 6 >= 5 fails
    f = flight(d.state)
    assert f.wait == "hazard" and f.hazard == "piloting"
    with pytest.raises(RuleError, match="a failed piloting check ends the turn"):
        helm.hazard_choice(d, 0, "push_on")
    helm.hazard_choice(d, 0, "reroll")  # 2 < 5 passes
    assert f.wait is None and f.at == "e" and f.stage == "move"


def test_pilot_telegate_two_rolls_rolls_again_on_a_missing_telegate(kit: Kit) -> None:
    d = kit([2, 3, 3, 4, 5], pilot="eeepeeep", pilot_level=3, pilot_side="a")
    d.state.players[0].space = "c"
    d.state.players[0].came_from = "nav"
    helm.roll_speed(d, 0)
    helm.step(d, 0, "tg2")
    helm.roll_telegate(d, 0)  # 4: no telegate 4 on this map, so again: 5
    assert flight(d.state).at == "tg5"


def test_move_to_follows_a_reach_path_through_a_telegate(kit: Kit) -> None:
    d = kit([5, 1, 1])
    d.state.players[0].space = "c"
    d.state.players[0].came_from = "nav"
    helm.roll_speed(d, 0)
    helm.assign_die(d, 0, 0, "navigation")
    helm.move_to(d, 0, ["tg2", "tg5", "f", "ast"])
    f = flight(d.state)
    assert f.path == ["tg2", "tg5", "f", "ast"] and f.at == "ast"
