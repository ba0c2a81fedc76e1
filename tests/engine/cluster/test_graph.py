"""The shared cluster graph (engine/cluster/graph.py): costs, reach, cheapest paths."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cluster import Graph
from engine.venus.board import load_board


def square() -> Graph:
    # a - b - c with a green (2) shortcut a - c, and d hanging off c; e alone
    return Graph("abcde", [("a", "b", 1), ("b", "c", 1), ("a", "c", 2), ("c", "d", 1)])


def test_neighbours_carry_the_line_cost_both_ways() -> None:
    g = square()
    assert g.neighbours("a") == {"b": 1, "c": 2}
    assert g.neighbours("c")["a"] == 2


def test_reachable_and_distances() -> None:
    g = square()
    assert g.reachable("a") == {"a", "b", "c", "d"}
    assert g.distances("a") == {"a": 0, "b": 1, "c": 2, "d": 3}
    assert "e" not in g.distances("a")


def test_shortest_path_is_deterministic_and_none_when_cut_off() -> None:
    g = square()
    path = g.shortest_path("a", "d")
    assert path in (["a", "b", "c", "d"], ["a", "c", "d"])
    assert path is not None and g.path_cost(path) == 3
    assert all(g.shortest_path("a", "d") == path for _ in range(5))
    assert g.shortest_path("a", "e") is None
    assert g.path_cost(["a", "c", "d"]) == 3


def test_step_cost_hook_skips_spaces() -> None:
    g = square()
    free_b = lambda _h, there, cost: 0 if there == "b" else cost  # noqa: E731
    assert g.distances("a", step_cost=free_b)["c"] == 1


def test_bad_lines_are_named() -> None:
    with pytest.raises(ValueError, match="unknown space z"):
        Graph("ab", [("a", "z", 1)])
    with pytest.raises(ValueError, match="no line between a and d"):
        square().path_cost(["a", "d"])


def test_the_classic_board_indexes_its_paths_with_the_shared_graph() -> None:
    board = load_board("avalon-hill")
    for dot, near in board.paths.items():
        assert near == board.graph.neighbours(dot)
    assert set(board.graph.reachable(board.galactic_base)) <= set(board.dots)


# --- properties over random graphs (Hypothesis) and the standard board ----------------------

lines_st = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(1, 2)),
                    max_size=30).map(lambda ls: [(f"s{a}", f"s{b}", c) for a, b, c in ls
                                                 if a != b])


@given(lines_st)
@settings(max_examples=80, deadline=None)
def test_cheapest_costs_are_consistent(lines: list[tuple[str, str, int]]) -> None:
    g = Graph([f"s{i}" for i in range(10)], lines)
    d = g.distances("s0")
    assert set(d) == g.reachable("s0")
    for here, cost in d.items():
        for there, line in g.neighbours(here).items():
            assert d[there] <= cost + line  # no line beats the cheapest cost
        path = g.shortest_path("s0", here)
        assert path is not None and path[0] == "s0" and path[-1] == here
        assert g.path_cost(path) == cost


def test_standard_board_costs_are_symmetric() -> None:
    from engine.venus_standard.board import load_board

    board = load_board()
    some = sorted(board.spaces)[::23]
    for a in some:
        da = board.distances(a)
        for b in some:
            assert da[b] == board.distances(b)[a]
