"""The book headings the 2012 standard game cites (``engine.venus_standard.citations``):
refusals name them through constants and heading paths, the client in parentheses; each
opens its summary in the rules reference (``data/rules_help.toml``)."""

from __future__ import annotations

import re

from engine.help.reference import Reference, Rule, Section, key_of, load
from engine.venus_standard import citations
from engine.venus_standard.rules import PHASE_HEADINGS
from engine.venus_standard.state import PHASES


def opened(ref: Reference, cited: str) -> Section | Rule:
    """The entry ``cited`` opens; the test knows there is one."""
    found = ref.find(cited)
    assert found is not None, f"no entry opens for {cited!r}"
    return found


def test_every_standard_heading_a_refusal_names_has_an_entry() -> None:
    """The standard game's refusals name book headings, often through constants and heading
    paths ("Movement Phase > Declare Heading"); each opens its own summary."""
    ids = load("venus-standard").entries()
    cited = citations.headings()
    assert {"Movement Phase > Declare Heading", "Appendix B > Shuttle", "Setup 8",
            "Merchant Spaceport Phase", "Second Mission", "Assigning Dice > Throttle"} <= cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_every_heading_the_standard_client_names_has_an_entry() -> None:
    """The standard game's prompts name headings in parentheses ("(Setup 12)", "(Pirates)");
    the client links each to its entry: the whole heading, or an entry and a step number."""
    ids = load("venus-standard").entries()
    named = citations.client_headings()
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
    ref = load("venus-standard")
    assert set(PHASE_HEADINGS) == set(PHASES)
    assert [opened(ref, PHASE_HEADINGS[p]).id for p in PHASES] == [
        "Movement Phase", "First Contact Phase", "Transaction Phase", "Merchant Spaceport Phase"]
