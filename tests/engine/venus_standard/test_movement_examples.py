"""The book's movement examples played as commands on our standard board (vsboard's
``data/board.json``): Movement Example, Throttling Example, Drive Movement Example,
Navigation Example, Telegate Examples 1 and 2. Each quotes the example and plays it with the
example's dice loaded, through ``decide`` and ``apply`` as a game does."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Command, Randomness, RuleError
from engine.venus_standard import helm_commands as m
from engine.venus_standard.board import load_board
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.scenario import Scenario, scenario_state

BOARD = load_board()
GB = BOARD.galactic_base


class Table:
    """A standard game in its first turn's Movement phase, seat 0 to move."""

    def __init__(self, dice: list[int], space: str = GB, players: int = 2, **ship: Any) -> None:
        seats: list[dict[str, Any]] = [
            {"name": f"p{i}", "space": space if i == 0 else GB, "laser": 2, "shield": 1,
             "credits": 60} for i in range(players)]
        seats[0].update(ship)
        self.state = scenario_state(Scenario(players=seats, dice=list(dice)),
                                    Randomness("examples", 0))
        self.seq = 0

    def play(self, *commands: Command, seat: int = 0) -> None:
        for cmd in commands:
            self.seq += 1
            for ev in ruleset.decide(self.state, seat, cmd, Randomness("examples", self.seq)):
                ruleset.apply(self.state, ev)

    @property
    def flight(self) -> Any:
        assert self.state.turn is not None and self.state.turn.flight is not None
        return self.state.turn.flight

    def movement_view(self) -> dict[str, Any]:
        view = ruleset.view(self.state, 0)["movement"]
        assert isinstance(view, dict)
        return view

    def reach(self) -> dict[tuple[str, str], dict[str, Any]]:
        return {(d["space"], d["end"]): d for d in self.movement_view()["reach"]}


def die_showing(t: Table, value: int) -> int:
    return t.flight.dice.index(value)


def test_movement_example_galactic_base_to_jungle_world_for_eleven() -> None:
    """Assigning Dice > Movement Example: heading towards the Jungle World, 6 + 3 + 2 = 11,
    "just enough"; the 2 on navigation takes the navigation space's safe exit (avoiding the
    piloting hazard); the orbit space -> surface city green line costs two."""
    t = Table([6, 3, 2])
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed())
    assert t.flight.movement_value == 11
    t.play(m.MoveTo(path=["base-west.1", "base-west.2", "nav-west"]))
    assert t.flight.wait == "navigation"  # no navigation die yet: assign one or decline
    t.play(m.AssignDie(die=die_showing(t, 2), box="navigation"))
    assert t.reach()[("jungle-world.city", "land")]["mp_left"] == 0
    t.play(m.MoveTo(path=["west-jungle.1", "west-jungle.2", "west-jungle.3", "west-jungle.4",
                          "jungle-world.2", "jungle-world.3", "jungle-world.city"]))
    state = t.state
    assert state.players[0].space == "jungle-world.city"
    assert state.turn is not None and state.turn.phase == "first_contact"
    assert state.turn.landed == "jungle-world.city" and state.turn.landed_city


def test_movement_example_a_navigation_value_3_leads_into_the_piloting_hazard() -> None:
    t = Table([3, 3, 5, 6])  # purple die 6: the piloting check fails (skill 3)
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed(),
           m.AssignDie(die=0, box="navigation"),
           m.MoveTo(path=["base-west.1", "base-west.2", "nav-west", "west-jungle-rim.1"]))
    assert t.state.players[0].space == "west-jungle-rim.1"
    assert t.state.turn is not None and t.state.turn.seat == 1  # his turn ended there


def test_movement_example_reach_with_the_two_assigned_up_front() -> None:
    t = Table([6, 3, 2])
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed(),
           m.AssignDie(die=2, box="navigation"))
    found = t.reach()
    assert found[("jungle-world.city", "land")]["path"] == [
        "base-west.1", "base-west.2", "nav-west", "west-jungle.1", "west-jungle.2",
        "west-jungle.3", "west-jungle.4", "jungle-world.2", "jungle-world.3",
        "jungle-world.city"]


def test_throttling_example_colony_world_with_the_fourth_die() -> None:
    """Throttling Example: he needs at least 9 to reach a Colony World surface city; 4 + 2
    + 1 = 7; the 1 goes to the throttle, the fourth die shows 5: 12, "enough to reach either
    surface city on the Colony World"."""
    t = Table([4, 2, 1, 5])
    t.play(m.DeclareHeading(toward="base-colony.1"), m.RollSpeed())
    cities = {"colony-world.city-1", "colony-world.city-2"}
    assert t.flight.movement_value == 7
    assert not {s for s, end in t.reach() if end == "land"} & cities
    t.play(m.AssignDie(die=die_showing(t, 1), box="throttle"))
    assert t.flight.dice == [4, 2, 1, 5] and t.flight.movement_value == 12
    assert cities <= {s for s, end in t.reach() if end == "land"}
    t.play(m.MoveTo(path=t.reach()[("colony-world.city-2", "land")]["path"]))
    assert t.state.players[0].space == "colony-world.city-2"


def test_drive_movement_example_red_drive_eight_instead_of_eleven() -> None:
    """Drives > Drive Movement Example: from a Colony World space to the Jungle World
    surface city, the red drive skips three red spaces: 8 movement points, not 11."""
    path = ["colony-jungle.1", "colony-jungle.2", "colony-jungle.3", "colony-jungle.4",
            "colony-jungle.5", "colony-jungle.6", "colony-jungle.7", "jungle-world.4",
            "jungle-world.3", "jungle-world.city"]
    t = Table([4, 2, 2], space="colony-world.7", drive="red")
    t.play(m.DeclareHeading(toward="colony-jungle.1"), m.RollSpeed())
    assert t.reach()[("jungle-world.city", "land")]["path"] == path
    t.play(m.MoveTo(path=path))
    assert t.state.players[0].space == "jungle-world.city"
    assert t.state.turn is not None and t.state.turn.phase == "first_contact"


def test_drive_movement_example_without_the_drive_eight_falls_short() -> None:
    t = Table([4, 2, 2], space="colony-world.7", drive="red")
    t.play(m.DeclareHeading(toward="colony-jungle.1", use_drive=False), m.RollSpeed())
    assert ("jungle-world.city", "land") not in t.reach()


def test_navigation_example_exit_four_to_the_encounter_space() -> None:
    """Navigation Spaces > Navigation Example: from Galactic Base towards the Nebula
    Habitat, 4, 2 and 1; before exiting the navigation space the 4 goes to navigation, "en
    route to the adjacent encounter space"."""
    t = Table([4, 2, 1])
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed(),
           m.MoveTo(path=["base-west.1", "base-west.2", "nav-west"]))
    t.play(m.AssignDie(die=die_showing(t, 4), box="navigation"))
    exit_four = BOARD.exits("nav-west")[4]
    assert BOARD.kind(exit_four).value == "encounter"
    assert [c.to for c in ruleset.legal_actions(t.state, 0) if isinstance(c, m.Step)] == [
        exit_four]
    t.play(m.Step(to=exit_four))
    assert t.state.players[0].space == exit_four


def test_navigation_spaces_without_a_die_the_player_to_the_left_chooses() -> None:
    t = Table([4, 2, 1], players=3)
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed(),
           m.MoveTo(path=["base-west.1", "base-west.2", "nav-west"]), m.DeclineNavigation())
    now = ruleset.pending(t.state)
    assert now is not None and now.seats == (1,) and now.prompt == "navigation_exit"
    offered = {c.to for c in ruleset.legal_actions(t.state, 1) if isinstance(c, m.ChooseExit)}
    assert "base-west.2" not in offered and offered == set(BOARD.exits("nav-west").values()) - {
        "base-west.2"}
    with pytest.raises(RuleError):
        t.play(m.ChooseExit(to="west-jungle.1"), seat=2)
    t.play(m.ChooseExit(to="west-jungle.1"), seat=1)
    assert t.state.players[0].space == "west-jungle.1"


def _into_telegate_2(dice: list[int]) -> Table:
    t = Table(dice, space="jungle-world.8")
    t.play(m.DeclareHeading(toward="jungle-station.1"), m.RollSpeed(),
           m.Step(to="jungle-station.1"))
    return t


def test_telegate_example_1_navigation_value_matches_this_telegate() -> None:
    """Telegate Examples 1: entering the telegate "2" space he assigns a 2 to navigation:
    unaffected, he continues to the adjacent encounter space."""
    assert BOARD.telegate(2) == "jungle-station.1"
    t = _into_telegate_2([2, 3, 4])
    assert t.flight.wait == "telegate"
    t.play(m.AssignDie(die=die_showing(t, 2), box="navigation"))
    assert t.state.players[0].space == "jungle-station.1" and t.flight.wait is None
    t.play(m.Step(to="jungle-station.2"))
    assert BOARD.kind("jungle-station.2").value == "encounter"
    assert t.state.players[0].space == "jungle-station.2"


def test_telegate_example_2_purple_die_five_to_telegate_5() -> None:
    """Telegate Examples 2: no navigation die; he rolls the purple die: 5, so he moves to the
    telegate "5" space, chooses a new heading and continues (free of movement points)."""
    t = _into_telegate_2([2, 3, 4, 5])
    left = t.flight.mp_left
    t.play(m.RollTelegate())
    five = BOARD.telegate(5)
    assert t.state.players[0].space == five and t.flight.mp_left == left
    offered = {c.to for c in ruleset.legal_actions(t.state, 0) if isinstance(c, m.Step)}
    assert offered == set(BOARD.neighbours(five))


def test_movement_view_dashboard_for_all_reach_for_the_mover_only() -> None:
    """The view's movement part: the dice and boxes lie open on the dashboard (every seat
    sees them); the reachable spaces are the mover's highlights (his view only)."""
    t = Table([4, 2, 1, 5])
    t.play(m.DeclareHeading(toward="base-colony.1"), m.RollSpeed(),
           m.AssignDie(die=2, box="throttle"))
    mine = ruleset.view(t.state, 0)["movement"]
    theirs = ruleset.view(t.state, 1)["movement"]
    assert mine["dice"] == theirs["dice"] == [4, 2, 1, 5]
    assert mine["boxes"] == theirs["boxes"] == {"throttle": 2}
    assert mine["movement_value"] == 12 and mine["mp_left"] == 12 and mine["stage"] == "move"
    assert mine["reach"] and theirs["reach"] == []
    pilots = ruleset.view(t.state, 1)["pilots"]
    assert pilots[0]["face"] == "human-1" and pilots[0]["skill"] == 3


def test_navigation_spaces_alone_the_player_chooses_his_exit() -> None:
    """Navigation Spaces, with one player (Solo Challenge): nobody sits to the left, so the
    exit question goes to the player himself (docs/rulings.md)."""
    t = Table([4, 2, 1], players=1)
    t.play(m.DeclareHeading(toward="base-west.1"), m.RollSpeed(),
           m.MoveTo(path=["base-west.1", "base-west.2", "nav-west"]), m.DeclineNavigation())
    now = ruleset.pending(t.state)
    assert now is not None and now.seats == (0,) and now.prompt == "navigation_exit"
    t.play(m.ChooseExit(to="west-jungle.1"))
    assert t.state.players[0].space == "west-jungle.1"
