"""``bench/replacement_audit.py`` (``docs/bots.md``, "What hard's replacements are worth"):
each decision where the search bot replaced the heuristic's command is kept with its position,
and both commands are played to the end of the game in the same worlds, so a replacement's
worth is a difference of end-of-game results."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.bots.search import HARD
from engine.bots.simulate import drive
from engine.kernel import Game
from engine.startraders.definition import GAME
from tests.benches import bench_module

audit = bench_module("replacement_audit")
BUDGET = dataclasses.replace(HARD, iterations=8, seconds=None)


def test_a_replacement_is_kept_with_its_position_as_it_was() -> None:
    recording = audit.Recording("star-traders", "a1-0|seat0", BUDGET)
    trader = GAME.make_bot(GAME.default_bot, "a1-0|seat1")
    game: Game[Any] = Game.start(GAME.ruleset, dict(GAME.simulation.options), ["p0", "p1"],
                                 seed="a1-0")
    drive(game, [recording, trader], "a1-0", 2)
    assert recording.replacements
    for r in recording.replacements:
        assert r.state is not game.state and r.seq < game.seq and r.seat == 0
        assert r.chosen != r.heuristic and r.kind == f"{r.heuristic.type}>{r.chosen.type}"
        assert r.chosen in list(GAME.ruleset.legal_actions(r.state, r.seat))


def test_both_commands_are_played_to_the_end_of_the_game() -> None:
    result = audit.audit_game("star-traders", 0, "a1", BUDGET, worlds=2, max_rounds=2)
    assert result["worths"]
    for kind, diffs in result["worths"]:
        assert ">" in kind and len(diffs) == 2
        assert set(diffs) <= {-1.0, 0.0, 1.0}  # a win's 1 against a loss's 0, either way
    lines = audit.kinds_lines([result])
    assert lines[-1].startswith("replacement_audit all: games=1 ")
    assert all(line.startswith("replacement_audit ") for line in lines)
