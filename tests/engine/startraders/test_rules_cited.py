"""The book headings Star Traders' refusals name (``engine.startraders.citations``): each
opens its summary in the rules reference (``data/rules_help.toml``)."""

from __future__ import annotations

from engine.help.reference import key_of, load
from engine.startraders import citations


def test_every_star_traders_heading_a_refusal_names_has_an_entry() -> None:
    ids = load("star-traders").entries()
    cited = citations.rules_cited()
    assert {"Regular Jumps", "Stages of the Turn", "Trader's Luck"} <= cited
    assert sorted(h for h in cited if key_of(h, ids) is None) == []


def test_a_cited_heading_finds_its_entry() -> None:
    found = load("star-traders").find("Engines")
    assert found is not None and found.title == "Engines"
