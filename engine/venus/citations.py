"""Which rules Merchant of Venus cites to players (``GameDefinition.rules_cited``): the 1988
manual's rule numbers and sections, and the 2012 classic book's headings, named in a string
the engine or the browser client (``web/games/venus``) may put on screen. Each has an entry
in ``data/rules_help.toml``."""

from __future__ import annotations

import re
from pathlib import Path

from engine.help.citations import (
    cited_numbers,
    client_texts,
    linked_sections,
    py_files,
    python_strings,
    rule_headings,
)

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parents[1] / "web" / "games" / "venus"
#: The board's drawing: its numbers are coordinates, not rules.
_DRAWING = ("board_svg",)

#: A rule named by its section (``"15 combat"``, an optional rule) or a 2012 heading.
_SECTION = re.compile(r"^(?:[1-9]\d?|2012) [a-zA-Z]")


def numbers() -> set[str]:
    """Rule numbers of the 1988 manual that the engine or the client show."""
    return cited_numbers([*python_strings(py_files(HERE, skip=_DRAWING)),
                          *client_texts(CLIENT)])


def headings() -> set[str]:
    """Headings (not numbers) a refusal names: a whole section of the 1988 manual
    (``"15 combat"``, an optional rule; the client's ``"(15: ..."``) or a heading of the
    2012 book."""
    named = {t for t in python_strings(py_files(HERE, skip=_DRAWING))
             if _SECTION.match(t) and len(t) < 60}
    return named | linked_sections(client_texts(CLIENT)) | rule_headings(py_files(HERE))


def rules_cited() -> set[str]:
    """Every rule the program cites: numbers, sections and headings."""
    return numbers() | headings()
