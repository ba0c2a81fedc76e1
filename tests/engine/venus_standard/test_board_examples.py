"""The standard rulebook's worked examples that name spaces or distances, on our board.

The book prints the board only as a picture, so our board (``data/board.json``) was designed
to fit these examples exactly; each test quotes the example and checks the distances and the
space sequence it needs (docs/venus-standard.md, "The board", lists each example's path).
"""

from __future__ import annotations

import pytest

from engine.venus_standard.board import Drive, LineColour, SpaceKind, StandardBoard, load_board

MOVEMENT_PATH = [  # Galactic Base -> Jungle World surface city, spaces 1-9 then 11
    "galactic-base", "base-west.1", "base-west.2", "nav-west", "west-jungle.1",
    "west-jungle.2", "west-jungle.3", "west-jungle.4", "jungle-world.2", "jungle-world.3",
    "jungle-world.city",
]
DRIVE_PATH = [  # a Colony World space -> Jungle World surface city, three red spaces
    "colony-world.7", "colony-jungle.1", "colony-jungle.2", "colony-jungle.3",
    "colony-jungle.4", "colony-jungle.5", "colony-jungle.6", "colony-jungle.7",
    "jungle-world.4", "jungle-world.3", "jungle-world.city",
]


@pytest.fixture(scope="module")
def board() -> StandardBoard:
    return load_board()


def running_costs(board: StandardBoard, path: list[str], drive: Drive | None = None) -> list[int]:
    """The movement points spent on reaching each space of ``path`` after the first."""
    return [board.path_cost(path[: k + 1], drive=drive) for k in range(1, len(path))]


def first_steps_after_exit(board: StandardBoard, nav: str, value: int, came: str) -> list[str]:
    """Follow the exit ``value`` of ``nav`` and then the only way forward until a branch."""
    out = [board.exits(nav)[value]]
    prev = nav
    while True:
        ahead = [n for n in board.neighbours(out[-1]) if n != prev]
        if len(ahead) != 1:
            return out
        prev = out[-1]
        out.append(ahead[0])
        if len(out) > 12 or out[-1] == came:
            return out


class TestMovementExample:
    """Assigning Dice > "Movement Example": the orange player moves from Galactic Base to the
    Jungle World, rolls 6, 3 and 2 for 11 ("just enough to reach the Jungle World"), assigns
    the 2 to navigation to move through the navigation space and avoid the piloting hazard;
    the orbit space -> surface city green line costs 2 (spaces numbered 1-9, then 11)."""

    def test_movement_example_path_costs_eleven_numbered_1_to_9_then_11(
            self, board: StandardBoard) -> None:
        assert running_costs(board, MOVEMENT_PATH) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]
        assert board.line("jungle-world.3", "jungle-world.city").colour is LineColour.GREEN

    def test_movement_example_eleven_is_just_enough(self, board: StandardBoard) -> None:
        assert board.distance(board.galactic_base, "jungle-world.city") == 11
        assert board.kind("jungle-world.city") is SpaceKind.SURFACE_CITY

    def test_movement_example_crosses_one_navigation_space_and_no_hazard(
            self, board: StandardBoard) -> None:
        kinds = [board.kind(s) for s in MOVEMENT_PATH]
        assert kinds.count(SpaceKind.NAVIGATION) == 1
        assert not {SpaceKind.LASER_HAZARD, SpaceKind.SHIELD_HAZARD,
                    SpaceKind.PILOTING_HAZARD} & set(kinds)

    def test_movement_example_navigation_value_two_takes_the_safe_path(
            self, board: StandardBoard) -> None:
        assert board.exits("nav-west")[2] == "west-jungle.1"

    def test_movement_example_the_other_dice_do_not(self, board: StandardBoard) -> None:
        exits = board.exits("nav-west")
        # 6 points back the way he came (he would stop on the navigation space) ...
        assert exits[6] == "base-west.2"
        # ... and 3 leads into the piloting hazard he wants to avoid
        assert board.kind(exits[3]) is SpaceKind.PILOTING_HAZARD

    def test_movement_example_the_hazard_path_reaches_jungle_world_too(
            self, board: StandardBoard) -> None:
        rim = first_steps_after_exit(board, "nav-west", 1, "base-west.2")
        assert board.kind(rim[0]) is SpaceKind.PILOTING_HAZARD
        assert rim[-1] == "jungle-world.1"
        path = ["nav-west", *rim, "jungle-world.2", "jungle-world.3", "jungle-world.city"]
        assert 3 + board.path_cost(path) >= 11  # no cheaper than the safe way


class TestThrottlingExample:
    """Colony World > "Throttling Example": from Galactic Base the green player "needs a
    movement value of at least 9 to reach one of its surface cities"; 4 + 2 + 1 = 7 is not
    enough; with the throttle's fourth die (5) 12 is "enough to reach either surface city".
    The picture numbers the spaces 1-5, then two branches 6, 7 (9 at a city) and 6, 7, 8
    (10 at the other city)."""

    def test_throttling_example_colony_world_has_two_surface_cities(
            self, board: StandardBoard) -> None:
        assert len(board.surface_cities("colony-world")) == 2

    def test_throttling_example_nearest_city_needs_nine_the_other_ten(
            self, board: StandardBoard) -> None:
        d = board.distances(board.galactic_base)
        costs = sorted(d[c] for c in board.surface_cities("colony-world"))
        assert costs == [9, 10]
        assert costs[0] > 7 and costs[-1] <= 12

    def test_throttling_example_branches_after_five(self, board: StandardBoard) -> None:
        d = board.distances(board.galactic_base)
        assert d["colony-world.1"] == 5
        ring = ["colony-world.2", "colony-world.3", "colony-world.10", "colony-world.9",
                "colony-world.8"]
        assert [d[s] for s in ring] == [6, 7, 6, 7, 8]
        assert board.kind("colony-world.3") is SpaceKind.ORBIT
        assert board.kind("colony-world.8") is SpaceKind.ORBIT


class TestDriveMovementExample:
    """Drives > "Drive Movement Example": from a space in the Colony World system to the
    surface city of the Jungle World system, the red drive skips three red spaces, "costing
    him a total of 8 movement points instead of 11" (numbered 1-6, then 8)."""

    def test_drive_example_costs_eleven_without_a_drive(self, board: StandardBoard) -> None:
        assert board.path_cost(DRIVE_PATH) == 11
        assert board.distance("colony-world.7", "jungle-world.city") == 11

    def test_drive_example_red_drive_skips_three_red_spaces_for_eight(
            self, board: StandardBoard) -> None:
        reds = [s for s in DRIVE_PATH if board.kind(s) is SpaceKind.RED]
        assert len(reds) == 3
        assert board.path_cost(DRIVE_PATH, drive=Drive.RED) == 8
        assert board.distance("colony-world.7", "jungle-world.city", drive=Drive.RED) == 8

    def test_drive_example_counts_1_to_6_then_8(self, board: StandardBoard) -> None:
        counted = [c for c, s in zip(running_costs(board, DRIVE_PATH, Drive.RED),
                                     DRIVE_PATH[1:], strict=True)
                   if board.kind(s) is not SpaceKind.RED]
        assert counted == [1, 2, 3, 4, 5, 6, 8]

    def test_drive_example_starts_in_colony_world(self, board: StandardBoard) -> None:
        assert board.system_of(DRIVE_PATH[0]) == "colony-world"
        assert board.system_of(DRIVE_PATH[-1]) == "jungle-world"


class TestNavigationExample:
    """Navigation Spaces > "Navigation Example": the orange player begins on Galactic Base,
    heads towards the Nebula Habitat, rolls 4, 2 and 1, and assigns the 4 to navigation,
    "exiting the navigation space en route to the adjacent encounter space"."""

    def test_navigation_example_exit_four_is_the_adjacent_encounter_space(
            self, board: StandardBoard) -> None:
        target = board.exits("nav-west")[4]
        assert board.kind(target) is SpaceKind.ENCOUNTER
        assert target in board.neighbours("nav-west")

    def test_navigation_example_that_way_leads_to_the_nebula_habitat(
            self, board: StandardBoard) -> None:
        path = first_steps_after_exit(board, "nav-west", 4, "base-west.2")
        assert board.system_of(path[-1]) == "nebula-habitat"

    def test_navigation_example_seven_reaches_the_encounter_space(
            self, board: StandardBoard) -> None:
        d = board.distances(board.galactic_base)
        assert d["nav-west"] == 3
        assert d[board.exits("nav-west")[4]] == 4 <= 4 + 2 + 1


class TestTelegateExamples:
    """Telegates > "Telegate Examples": 1. on the telegate "2" space with navigation value
    2 he "continues his Move step to the adjacent encounter space"; 2. a purple die of 5
    moves him to "the telegate '5' space on the board"."""

    def test_telegate_example_one_telegate_2_is_next_to_an_encounter_space(
            self, board: StandardBoard) -> None:
        two = board.telegate(2)
        assert two is not None
        assert any(board.kind(n) is SpaceKind.ENCOUNTER for n in board.neighbours(two))

    def test_telegate_example_two_telegate_5_is_on_the_board(self, board: StandardBoard) -> None:
        five = board.telegate(5)
        assert five is not None and board.kind(five) is SpaceKind.TELEGATE

    def test_printed_telegates_are_2_to_6_and_1_is_a_token(self, board: StandardBoard) -> None:
        # ruling: telegate "1" enters play as a token ("Telegate 1" encounter card, or the
        # optional "Asteroid System Telegate"), so the board prints 2-6
        assert sorted(board.telegates) == [2, 3, 4, 5, 6]
        assert board.telegate(1) is None


class TestOtherExamplesThatNameSystems:
    def test_pirate_engagement_example_polluted_planet_has_an_encounter_space(
            self, board: StandardBoard) -> None:
        """"Pirate Engagement Example": the green player "is traveling in the Polluted
        Planet system when he enters a space containing a pirate token"; pirate tokens are
        placed on encounter spaces by Encounter cards ("Encounters")."""
        kinds = {board.kind(s) for s in board.spaces_of("polluted-planet")}
        assert SpaceKind.ENCOUNTER in kinds

    def test_building_a_merchant_spaceport_example_trapped_rogue_planet(
            self, board: StandardBoard) -> None:
        """"Building a Merchant Spaceport Example": on the Trapped Rogue Planet the spaceport
        goes on "the orbit space connected to the surface city"."""
        (city,) = board.surface_cities("trapped-rogue-planet")
        (orbit,) = board.orbits_of_city(city)
        assert board.line(orbit, city).colour is LineColour.GREEN

    def test_transaction_example_water_world_has_a_surface_city(self, board: StandardBoard) -> None:
        """"Transaction Example": the red player stays "on a surface city in the Water
        World system"."""
        assert board.surface_cities("water-world")

    def test_asteroid_system_telegate_option_leftmost_encounter_space(
            self, board: StandardBoard) -> None:
        """Optional Rules > "Asteroid System Telegate": the telegate "1" token starts "on the
        leftmost encounter space of the Asteroid System"."""
        space = board.asteroid_telegate_space
        assert board.asteroid_telegate == space == "asteroid-system.web-1"
        assert board.system_of(space) == "asteroid-system"
        assert board.kind(space) is SpaceKind.ENCOUNTER
        xs = [board.spaces[s].at.x for s in board.spaces_of("asteroid-system")
              if board.kind(s) is SpaceKind.ENCOUNTER]
        assert board.spaces[space].at.x == min(xs)

    def test_asteroid_spaceports_three_green_lines_from_an_orbit(
            self, board: StandardBoard) -> None:
        """"Merchant Spaceports in the Asteroid System": the orbit space "connected to the
        neutral spaceport by three contiguous green lines"."""
        ports = board.spaceports("asteroid-system")
        assert len(ports) == 2
        orbits = {board.asteroid_spaceport_orbit(p) for p in ports}
        assert orbits == set(board.orbits("asteroid-system"))
        for p in ports:
            assert board.distance(p, board.asteroid_spaceport_orbit(p)) == 6
