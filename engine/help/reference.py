"""The rules reference: short summaries of each game's rules in the project's own words, read
from the game's definition (``GameDefinition.rules_help``, usually its
``data/rules_help.toml``) and validated here.

An entry is named the way the program cites the rule (``GameDefinition.rules_cited``): a rule
number (``5.31``), a section (``15``), a section's heading (``2012 making room in a ship``) or
a book's heading (``Regular Jumps``; ``Declare Heading``, cited as a heading path ``Movement
Phase > Declare Heading``). ``key_of`` turns any cited rule string (``"5.31 declaration"``,
``"15 combat"``, ``"Engines"``) into the entry that explains it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.kernel.registry import games

_NUMBER = re.compile(r"^([1-9]\d?(?:\.\d{1,4})+)(?![\d])")
_SECTION = re.compile(r"^([1-9]\d?)(?= |$)")
#: The number a rule's id starts with, before a dot or a word.
_LEADING_NUMBER = re.compile(r"^(\d+)(?=[. ])")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(_Strict):
    """One step of "How a turn goes", with the rules it rests on."""

    title: str
    text: str
    rules: list[str] = Field(default_factory=list)


class Section(_Strict):
    id: str
    title: str
    text: str
    optional: bool = False
    y2012: str | None = None


class Rule(_Strict):
    id: str
    title: str
    text: str
    section: str | None = None
    optional: bool = False
    y2012: str | None = Field(None, description="how another edition of the game differs")


class Reference(_Strict):
    ruleset: str
    title: str
    intro: str
    linked_headings: bool = Field(False, description=(
        "the game's own text names headings in parentheses ('(Pirates)', '(Setup 12)'): the "
        "client links those that are entries, besides '(rule Heading)' in refusals"))
    turn: list[Step]
    section: list[Section]
    rule: list[Rule]

    @model_validator(mode="after")
    def _consistent(self) -> Reference:
        ids = [s.id for s in self.section] + [r.id for r in self.rule]
        twice = {i for i in ids if ids.count(i) > 1}
        if twice:
            raise ValueError(f"entries named twice: {sorted(twice)}")
        sections = {s.id for s in self.section}
        for rule in self.rule:
            if section_of(rule) not in sections:
                raise ValueError(f"rule {rule.id!r} belongs to no section")
        for step in self.turn:
            unknown = [r for r in step.rules if r not in ids]
            if unknown:
                raise ValueError(f"turn step {step.title!r} cites unknown rules {unknown}")
        return self

    def entries(self) -> dict[str, Section | Rule]:
        return {**{s.id: s for s in self.section}, **{r.id: r for r in self.rule}}

    def find(self, cited: str) -> Section | Rule | None:
        """The entry explaining a rule as the program cites it, else None."""
        key = key_of(cited, self.entries())
        return None if key is None else self.entries()[key]


def section_of(rule: Rule) -> str:
    """A rule's section: given, else the number its id starts with (``5.31`` -> ``5``,
    ``2012 setup`` -> ``2012``), else the id before its first dot."""
    if rule.section:
        return rule.section
    m = _LEADING_NUMBER.match(rule.id)
    return m.group(1) if m else rule.id.split(".")[0]


def key_of(cited: str, ids: Collection[str]) -> str | None:
    """The entry id for a cited rule: its leading rule number (``"5.31 declaration"`` ->
    ``5.31``), its section (``"15 combat"`` -> ``15``), else the longest entry id the text
    starts with (``"2012 culture numbers must be 1..14"``, ``"Engines"``); of a heading path
    (``"Movement Phase > Declare Heading"``) the last heading with an entry."""
    text = cited.strip()
    for pattern in (_NUMBER, _SECTION):
        m = pattern.match(text)
        if m and m.group(1) in ids:
            return m.group(1)
    if _NUMBER.match(text) or _SECTION.match(text):
        return None
    # a heading path ("Movement Phase > Declare Heading"): the most specific heading that has
    # an entry, else the ones above it
    for heading in reversed(text.split(" > ")):
        found = _heading_key(heading, ids)
        if found is not None:
            return found
    return None


def _heading_key(text: str, ids: Collection[str]) -> str | None:
    """The longest entry id ``text`` starts with as a whole word ("Setup 8" -> "Setup 8",
    else "Setup")."""
    starts = [i for i in ids if text.lower().startswith(i.lower())
              and not text[len(i):len(i) + 1].isalnum()]
    return max(starts, key=len) if starts else None


@cache
def load_reference(path: Path) -> Reference:
    """A rules reference file (a game's ``data/rules_help.toml``), validated."""
    return Reference.model_validate(tomllib.loads(path.read_text()))


def load(ruleset: str) -> Reference:
    """The reference of an installed game; KeyError for a game without one."""
    definition = games()[ruleset]
    if definition.rules_help is None:
        raise KeyError(ruleset)
    reference = definition.rules_help()
    assert isinstance(reference, Reference)
    return reference


def rulesets() -> list[str]:
    """The installed games that have a rules reference."""
    return sorted(g.id for g in games().values() if g.rules_help is not None)
