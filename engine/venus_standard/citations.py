"""Which rules the 2012 standard game cites to players (``GameDefinition.rules_cited``): the
book's headings its refusals name, often through constants and heading paths ("Movement
Phase > Declare Heading"), and the headings its client (``web/games/venusstd``) names in
parentheses ("(Setup 12)", "(Pirates)"). Each has an entry in ``data/rules_help.toml``."""

from __future__ import annotations

from pathlib import Path

from engine.help.citations import (
    headings_through_names,
    js_files,
    js_strings,
    named_headings,
    py_files,
)

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parents[1] / "web" / "games" / "venusstd"


def headings() -> set[str]:
    """The book headings the refusals name (``"Movement Phase > Move"``, ``"Appendix B >
    Shuttle"``, ``"Setup 8"``), read through the names that hold them."""
    return headings_through_names(py_files(HERE, skip=("board_svg.py",)))


def client_headings() -> set[str]:
    """The headings the client names in parentheses in its prompts and log; its rules
    popover links those that are entries (``rulesref.js`` ``namedKey``)."""
    return named_headings(js_strings(js_files(CLIENT)))


def rules_cited() -> set[str]:
    """Every heading the program cites."""
    return headings() | client_headings()
