"""The packaged map (engine/venus/data/board.json) against the 1988 rules and gazetteer.

Rule numbers are the 1988 manual's; "gazetteer" is its ATLAS OF THE MAP; "2012" is the classic
rulebook's "Differences from the original rules".
"""

from __future__ import annotations

import heapq
from collections import Counter, deque

import pytest

from engine.venus.board import Board, DotColor, DotKind, LinkKind, load_board, load_board_data

CLASSIC = "avalon-hill"
NEW = "classic-2012"
BODY = "space-station-planet.4"  # the Cloud's "Body" Navigation Circle
WING = "space-station-planet.3"  # the Cloud's "Wing" Navigation Circle
CW_CIRCLE = "colony-world.11"  # 2012 only
CW_PENALTY = "colony-world.12"  # 2012 only


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(CLASSIC)


@pytest.fixture(scope="module")
def board2012() -> Board:
    return load_board(NEW)


def shortest_mp(board: Board, start: str, goal: str) -> int:
    """Cheapest MP cost along ordinary paths (no Air Foil, no Drives)."""
    best = {start: 0}
    todo = [(0, start)]
    while todo:
        cost, dot = heapq.heappop(todo)
        if dot == goal:
            return cost
        if cost > best[dot]:
            continue
        for nxt, mp in board.neighbours(dot).items():
            if cost + mp < best.get(nxt, 1 << 30):
                best[nxt] = cost + mp
                heapq.heappush(todo, (cost + mp, nxt))
    raise AssertionError(f"{goal} unreachable from {start}")


def test_the_data_file_validates_and_ids_follow_the_scheme() -> None:
    data = load_board_data()
    systems = {s.id for s in data.systems}
    routes = {r.id for r in data.routes}
    assert len(systems) == 17
    for r in data.routes:
        assert r.id == f"{r.ends[0]}--{r.ends[1]}"
    for d in data.dots:
        if d.id == "galactic-base":
            continue
        owner, _, n = d.id.rpartition(".")
        assert owner == (d.system or d.route) and n.isdigit()
        assert owner in systems | routes


def test_gazetteer_system_names() -> None:
    names = {s.id: s.name for s in load_board_data().systems}
    assert names["jungle-planet"] == "Jungle Planet"
    assert names["desert-planet"] == "Desert Planet"
    assert names["trapped-rogue"] == "Trapped Rogue"
    assert names["multi-generation-ship"] == "Multi-Generation Ship"
    assert names["galactic-base"] == "Galactic Base"


def test_counts_of_the_1988_board(board: Board) -> None:
    """1.3 Movement Dots, as counted on the printed board."""
    assert len(board.dots) == 268
    k = Counter(d.kind for d in board.dots.values())
    assert k[DotKind.QBOX] == 24
    assert k[DotKind.ASTEROID] == 12
    assert k[DotKind.PENALTY] == 28
    assert k[DotKind.SURFACE_CITY] == 20
    assert k[DotKind.SPACE_CITY] == 6
    assert k[DotKind.CIRCLE] == 9
    assert k[DotKind.SPACE] + k[DotKind.CIRCLE] == 178
    assert len(board.orbits) == 25


def test_orbit_names_are_unique(board: Board) -> None:
    """1.4: each Orbit is labelled with the name of the Spaceport that can be built there."""
    names = [d.orbit for d in board.dots.values() if d.orbit]
    assert len(names) == 25 == len(set(names))
    for d in board.dots.values():
        if d.orbit:
            assert d.kind in (DotKind.SPACE, DotKind.CIRCLE)
            assert d.system is not None


@pytest.mark.parametrize("edition", [CLASSIC, NEW])
def test_all_dots_are_connected(edition: str) -> None:
    """1.2: every Star System is joined to the others by paths of dots."""
    b = load_board(edition)
    seen = {b.galactic_base}
    todo = deque(seen)
    while todo:
        for nxt in set(b.neighbours(todo.popleft())) - seen:
            seen.add(nxt)
            todo.append(nxt)
    assert seen == set(b.dots)


@pytest.mark.parametrize("edition", [CLASSIC, NEW])
def test_every_circle_covers_pilot_numbers_once(edition: str) -> None:
    """6.4: leaving a Circle, the arrow holding the Pilot Number (1-6) defines the path."""
    b = load_board(edition)
    circles = [d for d in b.dots.values() if d.kind is DotKind.CIRCLE]
    assert len(circles) == (9 if edition == CLASSIC else 10)
    for c in circles:
        numbers = sorted(n for ns in c.exits.values() for n in ns)
        assert numbers == [1, 2, 3, 4, 5, 6], c.id
        assert sorted(b.exits[c.id]) == [1, 2, 3, 4, 5, 6]
        for target in c.exits:  # every arrow follows a path (or the Body/Wing jump)
            assert target in b.neighbours(c.id) or target in b.invisible[c.id]
        assert set(b.neighbours(c.id)) <= set(c.exits)  # no path without an arrow


def test_colors_only_on_space_dots_and_penalty_ovals(board: Board) -> None:
    """1.3 / 8.2: the color of Space Dots and Penalty Ovals; other dots are uncolored."""
    for d in board.dots.values():
        if d.kind is DotKind.PENALTY:
            assert d.color is not None and d.penalty in (10, 20, 30, 40)
        elif d.kind is DotKind.SPACE and d.route is not None:
            assert d.color is not None  # 1.2: paths of dots of varying colors
        elif d.kind is not DotKind.SPACE or d.orbit:
            assert d.color is None and d.penalty is None, d.id
    colors = Counter(d.color for d in board.dots.values() if d.color)
    assert set(colors) == {DotColor.BLUE, DotColor.YELLOW, DotColor.RED}


def test_surface_city_links_cost_two_mp(board: Board) -> None:
    """5.21: two MP to move to or from a Surface City; 1.5: each is at the end of a path."""
    for d in board.dots.values():
        paths = board.neighbours(d.id)
        if d.kind is DotKind.SURFACE_CITY:
            assert len(paths) == 1, d.id
            assert list(paths.values()) == [2]
        else:
            for nxt, mp in paths.items():
                expected = 2 if board.dots[nxt].kind is DotKind.SURFACE_CITY else 1
                assert mp == expected


def test_air_foil_links_join_cities_of_one_planet(board: Board) -> None:
    """8.41: Air Foil: from one Surface City to an adjacent one on the same planet, 1 MP."""
    data = board.data
    airfoil = [lk for lk in data.links if lk.kind is LinkKind.AIRFOIL]
    assert airfoil
    for lk in airfoil:
        a, b = board.dots[lk.a], board.dots[lk.b]
        assert a.kind is b.kind is DotKind.SURFACE_CITY
        assert a.system == b.system
        assert lk.mp == 1
    with_two_cities = Counter(
        d.system for d in board.dots.values() if d.kind is DotKind.SURFACE_CITY
    )
    for system, n in with_two_cities.items():
        if n >= 2:
            assert any(board.dots[lk.a].system == system for lk in airfoil), system


def test_polluted_planet_cities_are_six_mp_apart(board: Board) -> None:
    """5.21 example: city -> space 2 MP, two moves in space 2 MP, space -> city 2 MP."""
    cities = [
        d.id
        for d in board.dots.values()
        if d.system == "polluted-planet" and d.kind is DotKind.SURFACE_CITY
    ]
    assert len(cities) == 2
    assert shortest_mp(board, cities[0], cities[1]) == 6
    assert cities[1] in board.airfoil[cities[0]]  # 8.41 skirts the surface instead


def test_galactic_base_is_alone_in_its_system(board: Board) -> None:
    """1.1, 4.2; gazetteer: the Galactic Base System consists of one city, no other dots."""
    assert board.galactic_base == "galactic-base"
    assert board.by_system["galactic-base"] == ["galactic-base"]
    gb = board.dots["galactic-base"]
    assert gb.kind is DotKind.SPACE_CITY and gb.orbit is None
    assert not board.systems["galactic-base"].has_culture
    assert all(board.dots[n].system != "galactic-base" for n in board.neighbours(gb.id))


def test_the_cloud(board: Board) -> None:
    """Gazetteer CLOUD / SPACE STATION PLANET."""
    cloud = [board.dots[i] for i in board.by_system["space-station-planet"]]
    k = Counter(d.kind for d in cloud)
    assert k == {DotKind.CIRCLE: 7, DotKind.QBOX: 5, DotKind.SPACE_CITY: 1}
    assert all(d.color is None for d in cloud)  # no colored space dots
    orbits = [d for d in cloud if d.orbit]
    assert [d.id for d in orbits] == [BODY]  # the Orbit is in the "Body" circle
    # 6.4: Body and Wing joined by an invisible path, usable only by Pilot Number
    assert board.invisible[BODY] == {WING}
    assert WING in board.dots[BODY].exits and BODY in board.dots[WING].exits
    assert WING not in board.neighbours(BODY)


def test_multi_generation_ship(board: Board) -> None:
    """Gazetteer: one city (the giant ship); one Orbit, in the upper Navigation Circle."""
    mgs = [board.dots[i] for i in board.by_system["multi-generation-ship"]]
    circles = sorted((d for d in mgs if d.kind is DotKind.CIRCLE), key=lambda d: d.at.y)
    assert len(circles) == 2
    assert [d.id for d in mgs if d.orbit] == [circles[0].id]
    assert [d.kind for d in mgs].count(DotKind.SPACE_CITY) == 1
    assert not any(d.kind is DotKind.SURFACE_CITY for d in mgs)


def test_supergiant_and_supernova_have_no_culture(board: Board) -> None:
    """1.2: Super Giant and Super Nova have no Culture Box; gazetteer: only radiation."""
    for sid in ("supergiant", "supernova"):
        assert not board.systems[sid].has_culture
        dots = [board.dots[i] for i in board.by_system[sid]]
        assert len(dots) == 6 and all(d.kind is DotKind.PENALTY for d in dots)
    # 14 Cultures (1a..10) for the 14 other systems; the Galactic Base has none
    assert sum(s.has_culture for s in board.systems.values()) == 14


def test_colony_world_circle_is_2012_only(board: Board, board2012: Board) -> None:
    """2012: the navigation space in the Colony World joining the outer trade route."""
    assert CW_CIRCLE not in board.dots and CW_PENALTY not in board.dots
    assert len(board2012.dots) == 270
    circle, penalty = board2012.dots[CW_CIRCLE], board2012.dots[CW_PENALTY]
    assert circle.kind is DotKind.CIRCLE and circle.system == "colony-world"
    assert sorted(circle.exits.values()) == [(1, 6), (2,), (3, 4, 5)]
    assert penalty.kind is DotKind.PENALTY
    assert (penalty.color, penalty.penalty) == (DotColor.BLUE, 30)
    outer = [n for n in board2012.neighbours(CW_PENALTY) if n != CW_CIRCLE]
    assert len(outer) == 1 and board2012.dots[outer[0]].route == "trapped-rogue--jungle-planet"
    assert all(board2012.dots[n].system == "colony-world" for n in board2012.neighbours(CW_CIRCLE))
    # the 1988 board does not reach it, and nothing else changes
    assert set(board.dots) == set(board2012.dots) - {CW_CIRCLE, CW_PENALTY}
    assert len(board2012.orbits) == 25


def test_city_names(board: Board) -> None:
    """Every City is named; no film borrowings (see docs/rulings.d/board.md)."""
    cities = [d for d in board.dots.values() if d.is_city]
    names = [d.name for d in cities]
    assert all(names) and len(set(names)) == len(names) == 26
    assert "Hoth Base" not in names
    assert board.dots["galactic-base"].name == "Galactic Base"


def test_systems_have_drawing_points(board: Board) -> None:
    for s in board.systems.values():
        assert s.label is not None
        if s.has_culture:
            assert s.culture_box is not None and s.sun is not None
        if any(board.dots[i].kind is DotKind.SURFACE_CITY for i in board.by_system.get(s.id, [])):
            assert s.planet is not None and s.planet_radius
