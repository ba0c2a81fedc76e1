"""The rules reference (issue 13, rules help): every rule the program can show a player has
an entry in our own words, per ruleset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.help import citations
from engine.help.reference import Reference, Rule, Section, key_of, load, rulesets

RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules"
BOOKS = {"venus": ["000_53e7204ef5e71d47.txt", "001_84d4a3402c834059.txt"],
         "star-traders": ["002_44034a3d00936423.txt"],
         "venus-standard": ["003_407496ad60b987bd.txt"]}


def opened(ref: Reference, cited: str) -> Section | Rule:
    """The entry ``cited`` opens; the test knows there is one."""
    found = ref.find(cited)
    assert found is not None, f"no entry opens for {cited!r}"
    return found


def test_every_rule_number_the_venus_ui_shows_has_an_entry() -> None:
    """Refusals, log lines, notices, button reasons and the market's ``why`` cite 1988 rule
    numbers; each of them opens a summary."""
    ids = load("venus").entries()
    cited = citations.venus_numbers()
    assert {"5.31", "6.3", "9.41", "12.4.1", "15.431"} <= cited  # the extractor finds them
    assert sorted(n for n in cited if n not in ids) == []


def test_every_venus_heading_a_refusal_names_has_an_entry() -> None:
    """Sections (``"15 combat"``) and the 2012 book's headings."""
    ids = load("venus").entries()
    cited = citations.venus_headings()
    assert "2012 making room in a ship" in cited and "15 combat" in cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_every_star_traders_heading_a_refusal_names_has_an_entry() -> None:
    ids = load("star-traders").entries()
    cited = citations.star_traders_headings()
    assert {"Regular Jumps", "Stages of the Turn", "Trader's Luck"} <= cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_every_standard_heading_a_refusal_names_has_an_entry() -> None:
    """The standard game's refusals name book headings, often through constants and heading
    paths ("Movement Phase > Declare Heading"); each opens its own summary."""
    ids = load("venus-standard").entries()
    cited = citations.standard_headings()
    assert {"Movement Phase > Declare Heading", "Appendix B > Shuttle", "Setup 8",
            "Merchant Spaceport Phase", "Second Mission", "Assigning Dice > Throttle"} <= cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_every_heading_the_standard_client_names_has_an_entry() -> None:
    """The standard game's prompts name headings in parentheses ("(Setup 12)", "(Pirates)");
    the client links each to its entry: the whole heading, or an entry and a step number."""
    ids = load("venus-standard").entries()
    named = citations.standard_named_headings()
    assert {"Setup 12", "Pirates", "Making Room in a Ship"} <= named

    def entry(heading: str) -> str | None:
        bare = re.sub(r" \d+$", "", heading)
        return heading if heading in ids else bare if bare in ids else None

    assert sorted(h for h in named if entry(h) is None) == []


def test_a_standard_heading_path_opens_its_most_specific_entry() -> None:
    """"Movement Phase > Declare Heading": the Declare Heading entry, not the phase's; a
    heading without its own entry falls back to the one above it."""
    ref = load("venus-standard")
    assert opened(ref, "Movement Phase > Declare Heading").id == "Declare Heading"
    assert opened(ref, "Appendix B > Wave Emitter").id == "Wave Emitter"
    assert opened(ref, "Light Speed Game > Purchase Starting Goods").id == "Light Speed Game"
    assert opened(ref, "Setup 3").id == "Setup"
    assert opened(ref, "Movement Phase").id == "Movement Phase"
    assert ref.find("Nowhere > Nothing") is None


def test_ending_a_standard_phase_names_the_phase_heading() -> None:
    """A refused "End phase" names the book's heading of every phase (the spaceport phase is
    "Merchant Spaceport Phase"), and each has an entry."""
    from engine.venus_standard.rules import PHASE_HEADINGS
    from engine.venus_standard.state import PHASES

    ref = load("venus-standard")
    assert set(PHASE_HEADINGS) == set(PHASES)
    assert [opened(ref, PHASE_HEADINGS[p]).id for p in PHASES] == [
        "Movement Phase", "First Contact Phase", "Transaction Phase", "Merchant Spaceport Phase"]


def test_the_standard_extractor_reads_names_and_heading_paths() -> None:
    """Constants, tuple assignments, f-strings over constants, tables of headings and
    "Heading: detail" problems are read; a module's own names win over the package's."""
    import ast

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


def test_the_extractor_skips_svg_code_and_docstrings() -> None:
    assert citations.numbers_in('<circle r="2.5"/>') == set()
    assert citations.numbers_in("M-5.5 -1.5 H5.5") == set()
    said = "Pay it or stop (6.3); 12.4.1 no credit; 0.5 s"
    assert citations.numbers_in(said) == {"6.3", "12.4.1"}
    parts = list(citations._template_parts('You may land (${a ? "free (6.11)" : ""}, 6.2)'))
    assert {n for p in parts for n in citations.numbers_in(p)} == {"6.11", "6.2"}


def test_a_cited_rule_finds_its_entry() -> None:
    venus = load("venus")
    assert opened(venus, "5.31 declaration (a dot next to yours)").id == "5.31"
    assert opened(venus, "15.431 hits (3.431 holds)").id == "15.431"
    assert opened(venus, "16 the Rastur").id == "16"
    assert opened(venus, "2012 culture numbers must be 1..14").id == "2012 culture numbers"
    assert venus.find("99.9 nothing") is None
    assert opened(load("star-traders"), "Engines").title == "Engines"


@pytest.mark.parametrize("ruleset", rulesets())
def test_the_reference_has_a_turn_guide_and_optional_rules_marked(ruleset: str) -> None:
    ref = load(ruleset)
    assert len(ref.turn) >= 4 and all(step.rules for step in ref.turn)
    if ruleset == "venus":
        optional = {s.id for s in ref.section if s.optional}
        assert optional == {"14", "15", "16", "17"}
        assert all(r.optional for r in ref.rule if r.id.split(".")[0] in {"15", "16", "17"})
        assert sum(1 for r in ref.rule if r.y2012) >= 10  # the 2012 differences are noted


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize("ruleset", rulesets())
def test_the_reference_is_in_our_own_words(ruleset: str) -> None:
    """No run of eight words of an entry is copied from the rulebooks."""
    books = [RULES / name for name in BOOKS[ruleset]]
    if not all(b.exists() for b in books):
        pytest.skip("the rulebooks are not beside the project")
    book = " ".join(" ".join(_words(b.read_text())) for b in books)
    copied = []
    ref = load(ruleset)
    texts = [ref.intro, *(s.text for s in ref.turn), *(e.text for e in ref.entries().values())]
    for text in texts:
        words = _words(text)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            if f" {run} " in f" {book} ":
                copied.append(run)
    assert copied == []
