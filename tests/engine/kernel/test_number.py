"""``number``: a command's events numbered as ``Game.decide`` writes them (``docs/performance.md``,
The levers:
a plain copy instead of ``model_copy``, the same event to the last field set)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.kernel.events import NOBODY, PUBLIC, Event, event, only
from engine.kernel.ruleset import number

_values = st.one_of(st.integers(), st.text(max_size=5), st.none(),
                    st.lists(st.integers(), max_size=3))


@st.composite
def _events(draw: Any) -> Event:
    ev = event(draw(st.sampled_from(["Moved", "DiceRolled", "TurnEnded"])),
               draw(st.sampled_from([PUBLIC, NOBODY, only(1), only(0, 2)])),
               type_public=draw(st.booleans()),
               **draw(st.dictionaries(st.sampled_from(["seat", "to", "dice"]), _values)))
    if draw(st.booleans()):  # already numbered once (a draft's event numbered again)
        ev = ev.model_copy(update={"seq": draw(st.integers(1, 99)), "actor": 3})
    return ev


@settings(deadline=None)
@given(ev=_events(), base=st.integers(0, 10**6), index=st.integers(0, 5),
       actor=st.integers(-1, 5))
def test_number_is_model_copy_with_the_seq_and_actor(ev: Event, base: int, index: int,
                                                     actor: int) -> None:
    before = ev.model_dump()
    made = number(ev, base, index, actor)
    copied = ev.model_copy(update={"seq": base + index + 1, "actor": None if index else actor})
    assert type(made) is type(copied)
    assert made.__dict__ == copied.__dict__
    assert made.__pydantic_fields_set__ == copied.__pydantic_fields_set__
    assert made.model_dump(exclude_unset=True) == copied.model_dump(exclude_unset=True)
    assert made.model_dump_json() == copied.model_dump_json()
    assert made.seq == base + index + 1 and made.actor == (None if index else actor)
    assert made is not ev and ev.model_dump() == before  # the event itself is left as it was
