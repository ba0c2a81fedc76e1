"""What a seat may not know, for the leak oracle (``tests/engine/venus_standard/test_hidden.py``
and ``tests/server/test_venus_standard.py``): every message sent to a viewer is searched
for these secrets.

A secret is either a *sequence* (an order nobody may learn: a deck, a stockpile, a market
stack below its top token; a leak is the sequence's first two items written one after the
other) or a *pair* (a key a view might name, with the value it must never be given: a
system and the culture of its face-down First Contact card): the decks, the First Contact
cards and the market stacks, each a source in ``SOURCES``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.kernel.documents import dicts_in
from engine.kernel.events import Event

from .state import StandardState


@dataclass
class Secrets:
    sequences: dict[str, list[str]] = field(default_factory=dict)  # name -> hidden order
    pairs: dict[str, str] = field(default_factory=dict)  # key -> the value never shown


Source = Callable[[StandardState, int], Secrets]


def secrets_for(state: StandardState, viewer: int, events: Iterable[Event] = ()) -> Secrets:
    """What ``viewer`` may not know in ``state``, less what ``events`` (the game's log so far)
    showed him on purpose (``seen_by``)."""
    out = Secrets()
    for fn in SOURCES:
        found = fn(state, viewer)
        out.sequences.update(found.sequences)
        out.pairs.update(found.pairs)
    for key in seen_by(events, viewer):
        out.pairs.pop(key, None)
    return out


def seen_by(events: Iterable[Event], viewer: int) -> set[str]:
    """The face-down First Contact cards shown to ``viewer`` alone ("Appendix B > Data Probe":
    he secretly looks at two; he still knows both after switching them, and a later switch
    is public)."""
    return {system for ev in events
            if ev.type == "FirstContactCardsSeen" and ev.data.get("seat") == viewer
            for system in ev.data.get("cards", {})}


def _core(state: StandardState, viewer: int) -> Secrets:
    """Setup 3, 5, 6: the decks' and stockpiles' order; the face-down First Contact cards."""
    return Secrets(sequences={f"deck {k}": list(v) for k, v in state.decks.items()},
                   pairs=dict(state.first_contact))


def _market_stacks(state: StandardState, viewer: int) -> Secrets:
    """"First Contact Phase": each discovered market's token stack is shuffled face down;
    only its top token is seen ("Market Shift" turns up the next one)."""
    return Secrets(sequences={f"market {culture}": list(m.stack[1:])
                              for culture, m in state.trade.markets.items()})


#: Every source of secrets, in this order.
SOURCES: tuple[Source, ...] = (_core, _market_stacks)

def leaks(message: Any, secrets: Secrets) -> list[str]:
    """The secrets ``message`` (any JSON document) gives away, named."""
    text = json.dumps(message)
    found = [name for name, seq in secrets.sequences.items()
             if len(seq) > 1 and json.dumps(seq[:2])[1:-1] in text]
    for d in dicts_in(message):
        found += [f"{key} is {value}" for key, value in secrets.pairs.items()
                  if d.get(key) == value]
    return found
