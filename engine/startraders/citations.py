"""Which rules Star Traders cites to players (``GameDefinition.rules_cited``): the book's
headings its refusals name (``RuleError("Regular Jumps", ...)``). Each has an entry in
``data/rules_help.toml``."""

from __future__ import annotations

from pathlib import Path

from engine.help.citations import py_files, rule_headings

HERE = Path(__file__).resolve().parent


def rules_cited() -> set[str]:
    """The book headings the engine's refusals name."""
    return rule_headings(py_files(HERE))
