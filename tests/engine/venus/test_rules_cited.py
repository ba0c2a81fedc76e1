"""The rules Merchant of Venus cites to players (``engine.venus.citations``) and its rules
reference (``data/rules_help.toml``): each cited rule opens its summary."""

from __future__ import annotations

from engine.help.reference import Reference, Rule, Section, key_of, load
from engine.venus import citations


def opened(ref: Reference, cited: str) -> Section | Rule:
    """The entry ``cited`` opens; the test knows there is one."""
    found = ref.find(cited)
    assert found is not None, f"no entry opens for {cited!r}"
    return found


def test_every_rule_number_the_venus_ui_shows_has_an_entry() -> None:
    """Refusals, log lines, notices, button reasons and the market's ``why`` cite 1988 rule
    numbers; each of them opens a summary."""
    ids = load("venus").entries()
    cited = citations.numbers()
    assert {"5.31", "6.3", "9.41", "12.4.1", "15.431"} <= cited  # the extractor finds them
    assert sorted(n for n in cited if n not in ids) == []


def test_every_venus_heading_a_refusal_names_has_an_entry() -> None:
    """Sections (``"15 combat"``) and the 2012 book's headings."""
    ids = load("venus").entries()
    cited = citations.headings()
    assert "2012 making room in a ship" in cited and "15 combat" in cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_a_cited_rule_finds_its_entry() -> None:
    venus = load("venus")
    assert opened(venus, "5.31 declaration (a dot next to yours)").id == "5.31"
    assert opened(venus, "15.431 hits (3.431 holds)").id == "15.431"
    assert opened(venus, "16 the Rastur").id == "16"
    assert opened(venus, "2012 culture numbers must be 1..14").id == "2012 culture numbers"
    assert venus.find("99.9 nothing") is None


def test_the_optional_rules_and_the_2012_differences_are_marked() -> None:
    """Sections 14-17 are optional rules (14 game length, 15 combat, 16 Rastur, 17
    solitaire); rules of 15-17 are marked optional; the 2012 book's differences are noted."""
    ref = load("venus")
    optional = {s.id for s in ref.section if s.optional}
    assert optional == {"14", "15", "16", "17"}
    assert all(r.optional for r in ref.rule if r.id.split(".")[0] in {"15", "16", "17"})
    assert sum(1 for r in ref.rule if r.y2012) >= 10
