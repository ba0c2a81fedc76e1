"""The standard game's balance tool (``tools/balance_venus_standard.py``): its cache keeps
every row, a run replays only the rows asked and the report names each row's revision and
seeds."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest


def _load_tool() -> Any:
    """The tool as a module (``tools/`` is a folder of scripts, not a package)."""
    path = Path(__file__).resolve().parents[2] / "tools" / "balance_venus_standard.py"
    spec = importlib.util.spec_from_file_location("balance_venus_standard", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # the process pool's workers find its functions
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


def _game(label: str, players: int, index: int, revision: str) -> dict[str, Any]:
    return {"label": label, "bot": "merchant", "players": players, "index": index,
            "seed": tool.seed_of(label, "merchant", players, index), "revision": revision}


def _played(spec: tuple[Any, ...]) -> dict[str, Any]:
    label, players, _, _, index = spec
    return {**_game(label, players, index, ""), "fallbacks": 0, "over": True}


def test_a_run_replaces_only_the_rows_it_replays(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache.jsonl"
    old = [_game("standard", 2, i, "old") for i in range(3)] + \
        [_game("standard", 3, i, "old") for i in range(2)]
    cache.write_text("".join(json.dumps(g) + "\n" for g in old), encoding="utf-8")
    monkeypatch.setattr(tool, "play", _played)
    tool.replay(cache, tool.specs(2, 0, ["merchant"], 0, 0, [3]), 1, "new")
    games = tool.load(cache)
    assert sorted((g["players"], g["revision"]) for g in games) == \
        [(2, "old")] * 3 + [(3, "new")] * 2
    assert list(tmp_path.iterdir()) == [cache]


def test_the_report_names_each_rows_revision_and_seeds() -> None:
    games = [_game("standard", 2, i, "abc1234") for i in (0, 1, 2, 5)]
    lines = tool._provenance(tool._group(games))
    assert lines[-1] == ("| standard | merchant | 2 | 4 | abc1234 | "
                         "`vs-standard-merchant-2p-<i>`, i 0-2, 5 |")


def test_beside_the_run_before_only_the_same_rows_and_seeds() -> None:
    now = [_game("standard", 2, i, "new") for i in range(3)] + \
        [_game("standard", 3, i, "new") for i in range(4)]
    before = [_game("standard", 3, i, "old") for i in range(2, 6)]
    mine, theirs = tool.common(now, before)
    assert [(g["players"], g["index"]) for g in mine] == [(3, 2), (3, 3)]
    assert [(g["players"], g["index"]) for g in theirs] == [(3, 2), (3, 3)]


def test_a_row_played_in_parts_keeps_its_games_below_the_first_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache.jsonl"
    old = [_game("standard", 3, i, "old") for i in range(4)]
    cache.write_text("".join(json.dumps(g) + "\n" for g in old), encoding="utf-8")
    monkeypatch.setattr(tool, "play", _played)
    todo = [s for s in tool.specs(5, 0, ["merchant"], 0, 0, [3]) if s[4] >= 2]
    tool.replay(cache, todo, 1, "new")
    assert sorted((g["index"], g["revision"]) for g in tool.load(cache)) == \
        [(0, "old"), (1, "old"), (2, "new"), (3, "new"), (4, "new")]
