"""Table options read from text: the usual spellings of yes and no."""

from __future__ import annotations

import argparse

import pytest

from engine.cli import table_option
from engine.kernel import Game, RuleError
from engine.venus.ruleset import ruleset


@pytest.mark.parametrize("word,value", [
    ("on", True), ("yes", True), ("1", True), ("true", True), ("ON", True), (1, True),
    ("off", False), ("no", False), ("0", False), ("false", False), (0, False),
])
def test_flag_options_accept_the_usual_spellings(word: object, value: bool) -> None:
    """15 combat is a yes/no table option: on/off, yes/no, 1/0 all say it."""
    g = Game.start(ruleset, {"combat": word, "small_bank": word}, ["a", "b"], seed=1)
    assert g.state.options["combat"] is value and g.state.options["small_bank"] is value


def test_a_flag_that_is_no_yes_or_no_is_refused_naming_the_option() -> None:
    with pytest.raises(RuleError) as e:
        Game.start(ruleset, {"combat": "maybe"}, ["a", "b"], seed=1)
    assert e.value.rule.startswith("15 combat") and "'maybe'" in str(e.value)


def test_the_command_line_reads_on_and_off_as_true_and_false() -> None:
    """`starport simulate ... --option combat=on` used to answer "combat must be true or
    false"."""
    assert table_option("combat=on") == ("combat", True)
    assert table_option("rastur=no") == ("rastur", False)
    assert table_option("game_length=3000") == ("game_length", 3000)
    with pytest.raises(argparse.ArgumentTypeError):
        table_option("combat")


def test_game_length_given_as_text() -> None:
    """14: the game length from a form or a command line as text."""
    g = Game.start(ruleset, {"game_length": "3000"}, ["a", "b"], seed=1)
    assert g.state.options["game_length"] == 3000
