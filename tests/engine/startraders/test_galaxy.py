"""The galaxy (our design; docs/star-traders.md): its graph properties and its SVG."""

from __future__ import annotations

import json
import re
from collections import deque
from importlib import resources
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.cli import main
from engine.startraders.galaxy import CAPITAL, LineColor, load_galaxy, load_galaxy_data
from engine.startraders.galaxy_svg import render_galaxy_svg

CONTRACT_NAMES = {11: "Kluge", 13: "Niven", 23: "Telzey", 26: "Drachir", 63: "Jackpot",
                  66: "Capital", 53: "Hexworld", 25: "Frygia", 51: "Wells"}


def _raw() -> dict:
    text = resources.files("engine.startraders").joinpath("data/galaxy.json").read_text()
    return json.loads(text)


def _distances(start: int, colors: set[LineColor] | None = None) -> dict[int, int]:
    galaxy = load_galaxy()
    dist, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for nxt, color in galaxy.neighbours[here].items():
            if nxt not in dist and (colors is None or color in colors):
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def test_every_two_dice_roll_is_a_world_random_jumps() -> None:
    """Random Jumps: two dice name a world, e.g. a two then a six is 26, Drachir."""
    galaxy = load_galaxy()
    for first in range(1, 7):
        for second in range(1, 7):
            assert 10 * first + second in galaxy.worlds
    assert galaxy.name(26) == "Drachir"
    assert len(galaxy.worlds) == 36


def test_world_names_are_the_contract_lists() -> None:
    galaxy = load_galaxy()
    for number, name in CONTRACT_NAMES.items():
        assert galaxy.name(number) == name


def test_starred_worlds_one_per_arm_and_capital_setting_up_5() -> None:
    galaxy = load_galaxy()
    assert sorted(n // 10 for n in galaxy.starred) == [1, 2, 3, 4, 5, 6]
    assert CAPITAL in galaxy.starred


def test_six_shipyards_capital_and_arm_ends_engines() -> None:
    """Engines: a shipyard at Capital and at the end of each spiral arm (the world farthest
    from Capital along the jumplines of its arm)."""
    galaxy = load_galaxy()
    yards = sorted(n for n, w in galaxy.worlds.items() if w.shipyard)
    assert CAPITAL in yards and len(yards) == 6
    dist = _distances(CAPITAL)
    for arm in range(1, 6):
        arm_worlds = [n for n in galaxy.worlds if n // 10 == arm]
        end = max(arm_worlds, key=lambda n: (dist[n], -n))
        assert galaxy.is_shipyard(end), arm


def test_every_world_reachable_and_within_short_easy_lines_inside_arms() -> None:
    """Design: every world reachable; inside an arm the lines are short (orange/red/violet),
    lines between different arms are long (blue/green) — only the hub joins arms easily."""
    galaxy = load_galaxy()
    assert len(_distances(11)) == 36
    for line in galaxy.data.jumplines:
        arms = {line.a // 10, line.b // 10}
        if len(arms) == 1:
            assert line.color in (LineColor.ORANGE, LineColor.RED, LineColor.VIOLET)
        elif 6 not in arms:
            assert line.color in (LineColor.BLUE, LineColor.GREEN), line.id
    easy = {LineColor.ORANGE, LineColor.RED, LineColor.VIOLET}
    assert len(_distances(CAPITAL, easy)) == 36  # no world cut off from the easy network


def test_line_colours_minimum_rolls_movement_table() -> None:
    assert [c.minimum for c in LineColor] == [2, 3, 4, 5, 6]


def test_bad_galaxy_files_are_refused_with_the_reason() -> None:
    raw = _raw()
    raw["worlds"] = [w for w in raw["worlds"] if w["number"] != 35]
    raw["jumplines"] = [ln for ln in raw["jumplines"] if 35 not in (ln["a"], ln["b"])]
    with pytest.raises(ValidationError, match="11-66"):
        load_galaxy_data(json.dumps(raw))
    raw = _raw()
    raw["jumplines"] = [ln for ln in raw["jumplines"] if 21 not in (ln["a"], ln["b"])]
    with pytest.raises(ValidationError, match="reachable"):
        load_galaxy_data(json.dumps(raw))
    raw = _raw()
    raw["jumplines"].append(dict(raw["jumplines"][0]))
    with pytest.raises(ValidationError, match="twice"):
        load_galaxy_data(json.dumps(raw))
    raw = _raw()
    raw["jumplines"][0]["color"] = "pink"
    with pytest.raises(ValidationError):
        load_galaxy_data(json.dumps(raw))


def test_galaxy_file_is_marked_as_ours() -> None:
    assert "Starport" in _raw()["ours"]


def test_svg_has_a_stable_id_for_every_world_and_line() -> None:
    galaxy = load_galaxy()
    svg = render_galaxy_svg(galaxy)
    assert svg == render_galaxy_svg(galaxy)  # deterministic
    worlds = set(re.findall(r'id="world-(\d\d)"', svg))
    assert worlds == {str(n) for n in galaxy.worlds}
    lines = re.findall(r'id="(line-\d\d-\d\d)"', svg)
    assert sorted(lines) == sorted(ln.id for ln in galaxy.data.jumplines)
    assert len(set(lines)) == len(lines)


def test_cli_writes_the_galaxy_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "galaxy.svg"
    assert main(["board", "star-traders", "--svg", str(out)]) == 0
    assert 'id="world-66"' in out.read_text()
    assert "Star Traders" in capsys.readouterr().out
