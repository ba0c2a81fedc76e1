"""``bench/bot_strength.py`` (``docs/bots.md``, "Strength") plays the table's options: the
options given on its command line reach the game (the Rastur, a solo challenge), a game of one
player has its row, an option outside the game's schema is refused before any game, and the
other seats may be search bots too, with each label's (Personality, pilot) wins counted."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.cli import table_option
from engine.kernel.definition import OptionsRefused
from tests.benches import bench_module

strength = bench_module("bot_strength")


def _played(game_id: str, level: str, players: int,
            options: dict[str, Any], field: str | None = None) -> tuple[Any, Any]:
    """One round of game 0, a search bot thinking 2 playouts a decision with no time cap."""
    game, outcome = strength.play_game(game_id, level, players, 0, "options", 2, 0.0, 1,
                                       options, field)
    return game, outcome


def test_the_rastur_of_the_command_line_is_in_the_game() -> None:
    game, outcome = _played("venus", "hard", 2, dict([table_option("rastur=true")]))
    assert game.state.options["rastur"] is True
    assert game.state.rastur_pool or game.state.rastur  # 16.1: the Rastur's markers
    assert outcome.fallbacks == 0 and outcome.searched > 0


def test_a_solo_challenge_is_one_seat_with_its_own_row() -> None:
    options = dict([table_option("variant=solo-challenge")])
    game, outcome = _played("venus-standard", "hard", 1, options)
    assert game.state.table.solo_challenge and len(game.state.players) == 1
    line = strength.row("venus-standard", "hard", 1, [outcome], "iterations=2", options)
    assert " alone players=1 options=variant=solo-challenge games=1 " in line
    assert "fair=1.00" in line and " vs -" in line


def test_the_heuristic_is_measured_alone_too() -> None:
    _, outcome = _played("venus-standard", "merchant", 1, {"variant": "solo-challenge"})
    assert outcome.level == "merchant" and outcome.searched == 0 and len(outcome.scores) == 1


def test_an_option_outside_the_schema_is_refused() -> None:
    with pytest.raises(OptionsRefused):
        strength.table_options(strength.games()["venus"], {"rastr": True})


def test_a_field_of_search_bots_and_each_pilots_wins() -> None:
    game, outcome = _played("venus-standard", "hard", 2, {}, field="hard")
    assert outcome.labels == [p.pilot for p in game.state.players]
    assert outcome.searched > 0 and outcome.fallbacks == 0
    line = strength.row("venus-standard", "hard", 2, [outcome], "iterations=2", {}, "hard")
    assert " vs hard players=2 " in line
    won = dataclasses.replace(outcome, winner=1)  # seat 1 won: its pilot's win, the field's
    lines = strength.by_label("venus-standard", "hard", [won, won])
    assert all(line.startswith("bot_strength_by_pilot venus-standard hard ") for line in lines)
    assert outcome.labels[0] != outcome.labels[1]  # Setup 8: each pilot goes to one player
    winner = next(line for line in lines if f" {outcome.labels[1]}: " in line)
    assert "dealt=2 won=2 share=1.0 ratio=2.00 measured=0/0 field=2/2" in winner
    loser = next(line for line in lines if f" {outcome.labels[0]}: " in line)
    assert "dealt=2 won=0 share=1.0 ratio=0.00 measured=0/2 field=0/0" in loser


def test_a_budget_field_of_the_command_line_reaches_the_search_bot() -> None:
    definition = strength.games()["star-traders"]
    field = strength.budget_field("prefer=0.01")
    assert field == ("prefer", 0.01)
    bot = strength.measured_bot(definition, "hard", "s", 4, 0.0, dict([field]))
    assert bot.budget.prefer == 0.01 and bot.budget.iterations == 4
    assert bot.budget.seconds is None
    assert strength.budget_field("candidates=12") == ("candidates", 12)


@pytest.mark.parametrize("text", ["prefr=0.02", "iterations=4", "prefer=much"])
def test_a_wrong_budget_field_is_refused_with_its_name(text: str) -> None:
    with pytest.raises(strength.argparse.ArgumentTypeError, match=text.split("=")[0]):
        strength.budget_field(text)


def test_start_plays_the_seeds_from_there(capsys: pytest.CaptureFixture[str]) -> None:
    """``--start K --n N``: games K to K + N - 1 (seeds ``<seed>-K`` on), as in a full row."""
    args = strength.argparse.Namespace(
        n=1, start=5, players=2, seed="options", iterations=2, seconds=0.0, max_rounds=1,
        field=None, budget=[], jobs=1)
    lines = strength.run("venus", ["hard"], args, {})
    assert "venus hard game 5: seat 1," in capsys.readouterr().out
    assert " games=1 " in lines[0]


def test_rows_made_again_from_the_game_lines_of_earlier_runs(tmp_path: Any) -> None:
    """``--log``: the printed game lines of two runs make one row per level, and the paired
    comparison sets each seed's scores side by side: the median ratio, its resampled
    interval, the seeds where the first level scored higher."""
    line = ("venus-standard {level} game {i}: seat 0, winner {w} ({why}), scores [{score}], "
            "rounds 30, 1.5s, refused 0, labels ['human']")
    first = [line.format(level=level, i=i, w=0 if score else None,
                         why="rounds" if score else "challenge_fee_unpaid", score=score)
             for i, (hard, easy) in enumerate([(900, 400), (0, 500), (1200, 600)])
             for level, score in (("hard", hard), ("merchant", easy))]
    (tmp_path / "a.txt").write_text("\n".join(first[:4]) + "\nbot_strength ...\n")
    (tmp_path / "b.txt").write_text("\n".join(first[4:]) + "\n")
    found = strength.logged([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    assert [o.index for o in found["venus-standard"]["hard"]] == [0, 1, 2]
    assert found["venus-standard"]["hard"][1].reason == "challenge_fee_unpaid"
    lines = strength.rows_of("venus-standard", ["hard", "merchant"], found["venus-standard"],
                             1, "log", {}, None, replacements=False)
    hard = next(x for x in lines if x.startswith("bot_strength venus-standard hard(log)"))
    assert " games=3 wins=2 " in hard and "median_score=900 " in hard
    assert "searched" not in hard  # not in a game line
    assert lines[-1].startswith("bot_strength_paired venus-standard hard vs merchant: "
                                "seeds=3 median_ratio=1.80 [")  # 900 / 500
    assert lines[-1].endswith(" higher=2")
    again = found["venus-standard"]["merchant"][1]  # a printed line reads back as it was
    assert strength.read_game_line(strength.game_line(again)) == again


def test_the_policy_level_is_the_search_levels_own_seat_without_search() -> None:
    """``--level policy``: the heuristic the search levels play their own seat with, alone:
    Star Traders' trader petitioning from 15 Prestige (``StarTrader.searching``); a game
    without one of its own, its easy bot."""
    from engine.kernel.registry import games
    from engine.startraders.bot import StarTrader

    star = strength.measured_bot(games()["star-traders"], "policy", "s", 2, 0.0)
    assert isinstance(star, StarTrader) and star.eager
    venus = strength.measured_bot(games()["venus"], "policy", "s", 2, 0.0)
    assert type(venus) is type(games()["venus"].make_bot(games()["venus"].default_bot, "s"))
    _, outcome = _played("star-traders", "policy", 4, {})
    assert outcome.level == "policy" and outcome.searched == 0 and outcome.fallbacks == 0
