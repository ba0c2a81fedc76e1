"""``LazyCommands``: a seat's legal commands made a section at a time, only as far as a bot
reads them, and the same list whatever it reads (``engine/bots/legal.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.bots.legal import LazyCommands, except_types, of_types
from engine.kernel import Command
from engine.startraders import commands as c


def _sections(made: list[str]) -> LazyCommands:
    """Three sections that note when they are made."""

    def section(name: str, commands: list[Command]) -> Iterator[Command]:
        made.append(name)
        yield from commands

    return LazyCommands([
        ((c.EndMovement, c.Jump), lambda: section("move", [c.Jump(to=3, kind="regular"),
                                                           c.EndMovement()])),
        ((c.OfferDeal,), lambda: section("deals", [])),
        ((c.DropOut,), lambda: section("drop", [c.DropOut()])),
    ])


def test_a_question_makes_only_the_sections_of_its_types() -> None:
    made: list[str] = []
    legal = _sections(made)
    assert c.EndMovement() in legal and c.Jump(to=4, kind="regular") not in legal
    assert of_types(legal, c.Jump) == [c.Jump(to=3, kind="regular")]
    assert c.SkipAction() not in legal  # no section may hold it: none is made
    assert made == ["move"]
    assert c.DropOut() in legal and made == ["move", "drop"]
    assert of_types(legal, c.OfferDeal) == [] and made == ["move", "drop", "deals"]


def test_reading_it_all_gives_the_sections_in_order_once() -> None:
    made: list[str] = []
    legal = _sections(made)
    assert list(legal) == [c.Jump(to=3, kind="regular"), c.EndMovement(), c.DropOut()]
    assert len(legal) == 3 and legal[-1] == c.DropOut() and bool(legal)
    assert of_types(legal, (c.DropOut, c.EndMovement)) == [c.EndMovement(), c.DropOut()]
    assert made == ["move", "deals", "drop"]  # each made once
    assert not LazyCommands([]) and of_types([c.DropOut()], c.DropOut) == [c.DropOut()]


def test_all_but_some_types_leaves_unmade_the_sections_of_those_types_alone() -> None:
    made: list[str] = []
    legal = _sections(made)
    assert except_types(legal, c.OfferDeal) == [c.Jump(to=3, kind="regular"), c.EndMovement(),
                                                c.DropOut()]
    assert made == ["move", "drop"]  # the deals' section holds nothing else: not made
    assert except_types(legal, c.Jump) == [c.EndMovement(), c.DropOut()]
    assert except_types([c.DropOut(), c.EndMovement()], c.DropOut) == [c.EndMovement()]
