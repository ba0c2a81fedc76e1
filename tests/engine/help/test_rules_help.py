"""The rules reference (``engine.help``): every rule a game's program can show a player has
an entry in our own words, for every installed game (``GameDefinition.rules_help`` and
``rules_cited``); the tools that find the cited rules read what a player may see and nothing
else. Each game's own citations are checked beside its rules (``tests/engine/<game>/``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.help import citations
from engine.help.reference import key_of, load, rulesets
from engine.kernel.definition import GameDefinition
from engine.kernel.registry import games

ROOT = Path(__file__).resolve().parents[3]
#: The rulebooks, beside the project (``../shared/rules``).
RULES = Path(__file__).parents[3] / ".." / "shared" / "rules"
#: The platform: what it shows players names no game, so cites no rule of one.
PLATFORM_PY = ("engine/kernel", "engine/help", "engine/bots", "server")
PLATFORM_WEB = ("web/platform",)


def _citing() -> list[GameDefinition]:
    return [g for g in games().values() if g.rules_cited is not None]


@pytest.mark.parametrize("definition", _citing(), ids=lambda g: g.id)
def test_every_rule_a_game_cites_has_an_entry(definition: GameDefinition) -> None:
    """Refusals, log lines, notices, button reasons and panels cite rule numbers, sections
    and book headings; each of them opens a summary of the game's reference."""
    assert definition.rules_cited is not None and definition.rules_help is not None
    ids = load(definition.id).entries()
    cited = set(definition.rules_cited())
    assert cited  # the game's extractor finds what it cites
    assert sorted(c for c in cited if key_of(c, ids) is None) == []


def test_the_platform_cites_no_rule_number() -> None:
    """The rule numbers a player sees come from a game's engine or client, never from the
    platform (its server, kernel, generic bots and pages name no game)."""
    texts = [*citations.python_strings(p for folder in PLATFORM_PY
                                       for p in citations.py_files(ROOT / folder)),
             *(t for folder in PLATFORM_WEB for t in citations.client_texts(ROOT / folder)),
             *citations.js_strings(sorted(ROOT.glob("web/*.js"))),
             *citations.html_texts(sorted(ROOT.glob("web/*.html")))]
    assert texts
    assert sorted(citations.cited_numbers(texts)) == []


def test_the_extractor_reads_names_and_heading_paths() -> None:
    """Constants, tuple assignments, f-strings over constants, tables of headings and
    "Heading: detail" problems are read; a module's own names win over the package's."""
    code = """
MOVE = "Movement Phase"
A, B = "Missions", "Second Mission"
HEADINGS = {"x": "Transaction Phase"}
SPACEPORT = "Merchant Spaceport Phase"
def f(tech, p):
    raise RuleError(f"{MOVE} > Move", "")
    raise RuleError(B, "")
    raise RuleError(HEADINGS.get(p, "Player Turns"), "")
    raise RuleError(f"Appendix B > {tech.title()}", "")
    raise RuleError(SPACEPORT, "")
def box_problem():
    return f"Assigning Dice > Throttle: only {1}"
"""
    other = ast.parse('SPACEPORT = "neutral_spaceport"')
    tree = ast.parse(code)
    names = citations._Names([tree, other]).within(tree)
    found = set()
    for call in citations._calls(tree, "RuleError"):
        found |= names.resolve(call.args[0])
    assert found == {"Movement Phase > Move", "Second Mission", "Transaction Phase",
                     "Player Turns", "Appendix B", "Merchant Spaceport Phase"}
    # a name imported from a module of the package is that module's, not a namesake's
    user = ast.parse('from .trading import SPACEPORT\nRuleError(SPACEPORT, "")')
    modules = {"trading": citations._Names([tree]), "movement": citations._Names([other])}
    local = citations._Names([tree, other, user]).within(user, modules)
    call = next(citations._calls(user, "RuleError"))
    assert local.resolve(call.args[0]) == {"Merchant Spaceport Phase"}
    assert citations._problem_headings(tree) == {"Assigning Dice > Throttle"}


def test_the_extractor_reads_a_package_s_headings_through_its_modules(tmp_path: Path) -> None:
    """``headings_through_names`` over a package: a heading held by a constant of another
    module, a table and a problem; "commands" and "options" are no rules."""
    (tmp_path / "names.py").write_text('MOVE = "Movement Phase"\n')
    (tmp_path / "rules.py").write_text(
        "from .names import MOVE\n"
        'def f():\n    raise RuleError(f"{MOVE} > Move", "")\n'
        '    raise RuleError("options", "")\n'
        'def land_problem():\n    return "Setup 8: not yet"\n')
    paths = citations.py_files(tmp_path)
    assert citations.headings_through_names(paths) == {"Movement Phase > Move", "Setup 8"}


def test_the_extractor_skips_svg_code_and_docstrings(tmp_path: Path) -> None:
    assert citations.numbers_in('<circle r="2.5"/>') == set()
    assert citations.numbers_in("M-5.5 -1.5 H5.5") == set()
    said = "Pay it or stop (6.3); 12.4.1 no credit; 0.5 s"
    assert citations.numbers_in(said) == {"6.3", "12.4.1"}
    parts = list(citations._template_parts('You may land (${a ? "free (6.11)" : ""}, 6.2)'))
    assert {n for p in parts for n in citations.numbers_in(p)} == {"6.11", "6.2"}
    module = tmp_path / "said.py"
    module.write_text('"""Rule 5.31 in a docstring."""\n'
                      'def f():\n    """5.32 too."""\n    return "Stop (6.3)"  # 6.4\n')
    assert list(citations.python_strings([module])) == ["Stop (6.3)"]
    script = tmp_path / "said.js"
    script.write_text('// 5.31 a comment\n/* 5.32 */ const said = `Stop (6.3)`;\n')
    assert list(citations.js_strings([script])) == ["Stop (6.3)"]


def test_the_extractor_finds_headings_sections_and_named_headings() -> None:
    """``RuleError("Heading", ...)`` written out (not a number, not "commands"), a section
    cited before its words ("(15: ..."), a heading named in parentheses ("(Setup 12)")."""
    assert citations.linked_sections(["Lasers (15: combat)", "(6.3) pay"]) == {"15"}
    assert citations.named_headings(["Place a pirate (Pirates).", "(Setup 12: x)", "(6.3)"]) \
        == {"Pirates", "Setup 12"}


@pytest.mark.parametrize("ruleset", rulesets())
def test_the_reference_has_a_turn_guide(ruleset: str) -> None:
    ref = load(ruleset)
    assert len(ref.turn) >= 4 and all(step.rules for step in ref.turn)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize("ruleset", rulesets())
def test_the_reference_is_in_our_own_words(ruleset: str) -> None:
    """No run of eight words of an entry is copied from a rulebook (any of them: a game's
    summary must not be another's book either)."""
    books = sorted(RULES.glob("*.txt"))
    if not books:
        pytest.skip("the rulebooks are not beside the project (../shared/rules)")
    texts_of_books = [f" {' '.join(_words(b.read_text()))} " for b in books]
    copied = []
    ref = load(ruleset)
    texts = [ref.intro, *(s.text for s in ref.turn), *(e.text for e in ref.entries().values())]
    for text in texts:
        words = _words(text)
        for i in range(len(words) - 7):
            run = f" {' '.join(words[i:i + 8])} "
            if any(run in book for book in texts_of_books):
                copied.append(run.strip())
    assert copied == []
