"""The standard board's structure ("The Galactic Cluster", "Game Board Legend") and its
load-time validation (engine/venus_standard/board.py)."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from pydantic import ValidationError

from engine.venus_standard.board import (
    LineColour,
    LineStyle,
    SpaceKind,
    StandardBoard,
    SystemKind,
    load_board,
    load_board_data,
)


@pytest.fixture(scope="module")
def board() -> StandardBoard:
    return load_board()


def raw() -> dict[str, Any]:
    text = resources.files("engine.venus_standard").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def rejected(data: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as info:
        load_board_data(json.dumps(data))
    return str(info.value)


def test_systems_and_routes_fourteen_systems_each_with_a_market(board: StandardBoard) -> None:
    """Systems and Routes: "The galactic cluster consists of 14 systems each connected by one
    or more trade routes"; a system is its solid-line spaces "and a market"."""
    systems = board.cultured_systems
    assert len(systems) == 14
    for s in systems:
        assert board.systems[s].market is not None
        assert board.landing_places(s), s
        dashed = [n for sp in board.spaces_of(s) for n in board.neighbours(sp)
                  if board.line(sp, n).style is LineStyle.DASHED]
        assert dashed, f"{s} has no trade route"


def test_spaceport_systems_have_no_surface_cities(board: StandardBoard) -> None:
    """Transaction Phase, note: the Nebula Habitat, the Asteroid System and the
    Multi-Generational Ship "do not have surface cities. Instead, these systems have
    spaceports"."""
    for s in ("nebula-habitat", "asteroid-system", "multi-generational-ship"):
        assert board.surface_cities(s) == []
        assert board.spaceports(s)
    others = set(board.cultured_systems) - {"nebula-habitat", "asteroid-system",
                                           "multi-generational-ship"}
    for s in others:
        assert board.surface_cities(s), s


def test_move_gray_lines_cost_one_green_lines_cost_two(board: StandardBoard) -> None:
    """Move: "along a gray (solid or dashed) line costs him one movement point, while moving
    along a solid green line costs him two"."""
    for line in board.lines:
        assert board.neighbours(line.a)[line.b] == (2 if line.colour is LineColour.GREEN else 1)
        if line.colour is LineColour.GREEN:
            assert line.style is LineStyle.SOLID
    greens = [ln for ln in board.lines if ln.colour is LineColour.GREEN]
    city_lines = [ln for ln in greens if SpaceKind.SURFACE_CITY in
                  (board.kind(ln.a), board.kind(ln.b))]
    assert len(greens) > len(city_lines)  # green lines elsewhere too (Asteroid System, ...)


def test_every_surface_city_hangs_on_green_lines_from_orbits(board: StandardBoard) -> None:
    """"Merchant Spaceport Phase": "an empty orbit space connected by a single green line to
    the surface city"; each orbit space joins one city, a city joins nothing else."""
    for city in board.of_kind(SpaceKind.SURFACE_CITY):
        orbits = board.orbits_of_city(city)
        assert orbits and set(board.neighbours(city)) == set(orbits)
        for orbit in orbits:
            assert board.city_of_orbit(orbit) == city
            assert board.line(orbit, city).colour is LineColour.GREEN


def test_systems_have_several_orbit_spaces_where_the_examples_allow() -> None:
    """"If all of a system's orbit spaces contain merchant spaceports, players can no longer
    access that system's surface cities": several orbit spaces per system, so a spaceport
    race can happen (ours: two per surface city). The Jungle World (the Movement and Drive
    Movement Examples' 11 and 8) and the Trapped Rogue Planet ("the orbit space connected to
    the surface city" of the Building a Merchant Spaceport Example) keep one."""
    board = load_board()
    per_city = {city: len(board.orbits_of_city(city))
                for city in board.of_kind(SpaceKind.SURFACE_CITY)}
    single = {c for c, n in per_city.items() if n == 1}
    assert single == {"jungle-world.city", "trapped-rogue-planet.city"}, per_city
    assert all(n == 2 for c, n in per_city.items() if c not in single), per_city
    sites = sum(1 for s in board.spaces if board.kind(s) is SpaceKind.ORBIT)
    assert sites == 24  # 14 before: one per system


def test_every_space_reachable_from_galactic_base(board: StandardBoard) -> None:
    assert set(board.distances(board.galactic_base)) == set(board.spaces)


def test_galactic_base_is_not_a_system(board: StandardBoard) -> None:
    """Galactic Base "is not a system but acts as a neutral spaceport"."""
    base = board.galactic_base
    assert board.kind(base) is SpaceKind.GALACTIC_BASE
    assert board.systems["galactic-base"].kind is SystemKind.BASE
    assert board.spaces[base].landing
    assert all(board.line(base, n).style is LineStyle.DASHED for n in board.neighbours(base))


def test_anomalies_are_route_spaces_with_a_name_and_mission_area(board: StandardBoard) -> None:
    """Anomalies: "not systems, and the spaces surrounding them (being connected by dashed
    lines) are trade routes ... they both have a name and a mission token area"."""
    assert sorted(board.anomalies) == ["supergiant", "supernova"]
    for a in board.anomalies:
        ring = board.anomaly_spaces(a)
        assert len(ring) >= 4
        assert all(board.system_of(s) is None for s in ring)
        assert board.systems[a].mission_area is not None
        assert board.systems[a].name


def test_every_kind_of_the_legend_is_on_the_board(board: StandardBoard) -> None:
    kinds = Counter(s.kind for s in board.spaces.values())
    assert set(kinds) == set(SpaceKind)


def test_seventeen_hazards_of_three_kinds(board: StandardBoard) -> None:
    """Our choice: as many hazard spaces as the box has hazard tokens (17), 6/6/5."""
    kinds = Counter(s.kind for s in board.spaces.values())
    assert (kinds[SpaceKind.LASER_HAZARD], kinds[SpaceKind.SHIELD_HAZARD],
            kinds[SpaceKind.PILOTING_HAZARD]) == (6, 6, 5)


def test_navigation_spaces_use_each_value_once(board: StandardBoard) -> None:
    navs = board.of_kind(SpaceKind.NAVIGATION)
    assert len(navs) >= 4
    for nav in navs:
        exits = board.exits(nav)
        assert sorted(exits) == [1, 2, 3, 4, 5, 6]
        assert set(exits.values()) == set(board.neighbours(nav))


def test_the_asteroid_system_is_a_web_with_two_orbits(board: StandardBoard) -> None:
    """The Asteroid System: "a web rather than an elliptical path", "including the two orbit
    spaces at either end"; asteroids there can be landed on and drilled."""
    orbits = board.orbits("asteroid-system")
    assert len(orbits) == 2
    xs = sorted(board.spaces[s].at.x for s in board.spaces_of("asteroid-system")
                if board.kind(s) is not SpaceKind.NEUTRAL_SPACEPORT)
    assert {board.spaces[o].at.x for o in orbits} == {xs[0], xs[-1]}
    assert board.of_kind(SpaceKind.ASTEROID)


def test_everything_on_the_board_is_marked_ours(board: StandardBoard) -> None:
    assert board.data.ours
    assert all(s.ours for s in board.spaces.values())
    assert all(ln.ours for ln in board.lines)
    named = {"jungle-world", "colony-world", "water-world", "trapped-rogue-planet",
             "polluted-planet", "nebula-habitat", "asteroid-system", "multi-generational-ship"}
    for s in board.cultured_systems:
        assert board.systems[s].ours == (s not in named)


def test_space_ids_are_stable_names(board: StandardBoard) -> None:
    assert board.galactic_base == "galactic-base"
    assert "jungle-world.city" in board.spaces
    assert board.telegate(2) == "jungle-station.1"


# --- validation at load -------------------------------------------------------------------


def test_validation_names_an_unreachable_space() -> None:
    data = raw()
    data["lines"] = [ln for ln in data["lines"] if "jungle-world.city" not in (ln["a"], ln["b"])]
    message = rejected(data)
    assert "surface city jungle-world.city" in message
    assert "not reachable from Galactic Base: jungle-world.city" in message


def test_validation_needs_a_market_in_every_system() -> None:
    data = raw()
    for s in data["systems"]:
        if s["id"] == "water-world":
            s["market"] = None
    assert "system water-world: no market" in rejected(data)


def test_validation_needs_a_landing_place() -> None:
    data = raw()
    for s in data["spaces"]:
        if s["id"] == "multi-generational-ship.4":
            s["kind"] = "blue"
            s.pop("name", None)
    assert "multi-generational-ship: spaceports instead of surface cities" in rejected(data)


def test_validation_checks_navigation_exits() -> None:
    data = raw()
    for s in data["spaces"]:
        if s["id"] == "nav-west":
            s["exits"]["west-jungle.1"] = [2, 3]
    assert "navigation space nav-west: exits must use 1-6 once each" in rejected(data)


def test_validation_green_lines_are_solid_and_cities_hang_on_green() -> None:
    data = raw()
    for ln in data["lines"]:
        if {ln["a"], ln["b"]} == {"jungle-world.3", "jungle-world.city"}:
            ln["colour"] = "gray"
    assert "surface city jungle-world.city: green lines to orbit spaces only" in rejected(data)


def test_validation_solid_lines_stay_inside_a_system() -> None:
    data = raw()
    for ln in data["lines"]:
        if ln["a"] == "galactic-base":
            ln["style"] = "solid"
            break
    assert "solid line" in rejected(data)


# --- distance helpers (for movement's reach and the bots) ----------------------------------


def test_landing_distances_per_system(board: StandardBoard) -> None:
    d = board.landing_distances(board.galactic_base)
    assert d["galactic-base"] == 0
    assert d["jungle-world"] == 11  # Movement Example
    assert d["colony-world"] == 9  # Throttling Example
    assert set(d) == set(board.cultured_systems) | {"galactic-base"}


def test_shuttle_counts_green_lines_as_one(board: StandardBoard) -> None:
    """Appendix B, Shuttle: "green lines cost the Shuttle one movement point instead of the
    usual two"."""
    city = "jungle-world.city"
    assert board.distances("jungle-world.3")[city] == 2
    assert board.distances("jungle-world.3", flat=True)[city] == 1
    assert city in board.within("jungle-world.2", 2, flat=True)
    assert city not in board.within("jungle-world.2", 2)


def test_shortest_path_follows_lines(board: StandardBoard) -> None:
    path = board.shortest_path(board.galactic_base, "polluted-planet.city")
    assert path is not None and path[0] == board.galactic_base
    for a, b in zip(path, path[1:], strict=False):
        assert b in board.neighbours(a)
    assert board.path_cost(path) == board.distance(board.galactic_base, "polluted-planet.city")


def test_no_green_line_touches_a_space_a_drive_skips(board: StandardBoard) -> None:
    """Our design keeps "Drives" simple: a skipped (yellow or red) space never hides the cost
    of a green line."""
    for line in board.lines:
        if line.colour is LineColour.GREEN:
            assert board.kind(line.a) not in (SpaceKind.YELLOW, SpaceKind.RED)
            assert board.kind(line.b) not in (SpaceKind.YELLOW, SpaceKind.RED)


def test_anomaly_spaces_count_as_the_anomaly_for_missions(board: StandardBoard) -> None:
    """Anomalies: "the destinations of two missions"; their ring spaces name them."""
    for a in board.anomalies:
        for s in board.anomaly_spaces(a):
            assert board.anomaly_of(s) == a
            assert board.destination_of(s) == a
    assert board.destination_of("jungle-world.city") == "jungle-world"
    assert board.destination_of("base-west.1") is None
    assert board.anomaly_of("jungle-world.city") is None


def test_every_system_is_on_one_of_six_board_panels(board: StandardBoard) -> None:
    """Mission Card Anatomy: the "Board Panel Indicator (where the destination system is
    located)"; our board folds into 3 x 2 panels."""
    panels = {s: board.panel(s) for s in [*board.cultured_systems, *board.anomalies]}
    assert set(panels.values()) == {1, 2, 3, 4, 5, 6}
    assert panels["trapped-rogue-planet"] == 1 and panels["war-torn-system"] == 6


def test_no_system_is_a_dead_end(board: StandardBoard) -> None:
    """Systems and Routes: each system is "connected by one or more trade routes"; ours has
    at least two, so no system is reached and left the same way only."""
    for s in [*board.cultured_systems, *board.anomalies]:
        members = set(board.spaces_of(s) or board.anomaly_spaces(s))
        out = {n for sp in members for n in board.neighbours(sp)
               if n not in members and board.line(sp, n).style is LineStyle.DASHED}
        assert len(out) >= 2, s


def test_route_names_are_unique_words(board: StandardBoard) -> None:
    """Players read route names in the log ("a blue space on Galactic Base - West Nebula")."""
    names = [r.name for r in board.data.routes]
    assert len(names) == len(set(names))
    assert not [n for n in names if "nav-" in n or "--" in n]
