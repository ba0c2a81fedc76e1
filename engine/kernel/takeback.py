"""Take-backs: a player takes back his own actions of the turn, up to a barrier.

A platform house rule, not the rulebooks' (``docs/rulings.md``, "Take-backs"). A seat may
take back its own commands, one at a time, back to the last point where something new
became known or another seat acted. Where that point lies is read from the events:

- a command opens with an event whose envelope names its ``actor`` (``Game.decide`` sets it
  on the first event of each command), so the command boundaries are in the log;
- each ruleset says which events are *barriers* (a roll, a card or marker turned, a draw,
  a reaction window opened, the turn passing: anything random or hidden revealed); the
  kernel adds that an event not every seat may read is a barrier too (someone learnt
  something), and that a command by another seat is one;
- the state keeps its own record (``Rewinds``): where each of the seat's commands since the
  last barrier began, and a way back there (a copy of the state from a little earlier and
  the events since). A barrier closes the stretch.

``TakeBack`` is decided into one event, ``TookBack{seat, to_seq}``; applying it puts the
state back to what it was after event ``to_seq`` (nothing is deleted from the log, so a
replay shows the action and its taking back). Because the record lives in the state, every
way of folding events (the kernel's ``fold``, the server's cache, its snapshots, its replay
timeline) rewinds the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError, field_validator

from .clone import clone
from .errors import BadCommand, RuleError
from .events import Command, Event, event
from .ruleset import Pending

RULE = "house rule: take-backs"
TOOK_BACK = "TookBack"


class TakeBack(Command):
    """Take back this seat's last command of the turn (house rule, ``docs/rulings.md``)."""

    type: Literal["TakeBack"] = "TakeBack"


class Rewinds(NamedTuple):
    """A state's take-back record.

    ``anchor`` is a copy of the state (its own record left out) taken while no stretch of
    commands was open, ``events`` the events applied since; ``marks`` are the seqs where each
    command of ``seat``'s current stretch began (oldest first; empty: no stretch). Rewinding
    to a mark is the anchor plus the events up to it. The anchor is renewed, between
    stretches, once ``ANCHOR_EVERY`` events piled up: a copy of the state every few dozen
    events, not one per command. Frozen and replaced on every change, so a cloned state may
    share it. Its contents are a function of the events folded, so a state folded from the
    log equals one that was played (or rewound). A named tuple: it is rebuilt for every
    event, and pydantic still reads and writes it in snapshots."""

    seat: int | None = None
    marks: tuple[int, ...] = ()
    # the stretches of other seats that this one interrupted (seat, marks), oldest first: a
    # seat's command ends the stretch before it, but taking that command back revives it
    prior: tuple[tuple[int, tuple[int, ...]], ...] = ()
    anchor: Any = None  # the ruleset's state (a JSON object once read back from a snapshot)
    events: tuple[Event, ...] = ()


NONE = Rewinds()
ANCHOR_EVERY = 128

Barrier = Callable[[Event], bool]  # the ruleset's: does this event make something known?
Apply = Callable[[Any, Event], None]
Clone = Callable[[Any], Any]


def is_barrier(ev: Event, barrier: Barrier) -> bool:
    """The ruleset's barriers, plus any event some seat may not read (a private reveal)."""
    return ev.audience.kind != "public" or barrier(ev)


def _keep(state: Any, seat: int | None, marks: tuple[int, ...],
          prior: tuple[tuple[int, tuple[int, ...]], ...], anchor: Any,
          events: tuple[Event, ...]) -> None:
    # set without pydantic's assignment hook, and made as the tuple it is (the named
    # tuple's ``__new__`` is a Python function taking the fields as arguments): this runs
    # once per event
    state.__dict__["rewinds"] = _tuple_new(Rewinds, (seat, marks, prior, anchor, events))


_tuple_new = tuple.__new__


def apply(state: Any, ev: Event, inner: Apply, *, enabled: Callable[[Any], bool],
          barrier: Barrier, clone: Clone) -> None:
    """Apply ``ev`` with ``inner`` (the ruleset's own ``apply``), keeping the record."""
    if ev.type == TOOK_BACK:
        rewind(state, int(ev.data["to_seq"]), inner, clone)
        return
    r: Rewinds = state.rewinds
    if not enabled(state):
        inner(state, ev)
        if r is not NONE:
            state.__dict__["rewinds"] = NONE
        return
    seat, marks, prior = r.seat, r.marks, r.prior
    if is_barrier(ev, barrier):
        seat, marks, prior = None, (), ()
    elif ev.actor is not None:  # a command opens
        if marks and seat == ev.actor:
            marks = (*marks, ev.seq - 1)
        else:  # a new stretch (another seat acting is a barrier for the one before)
            if marks and seat is not None:
                prior = (*prior, (seat, marks))
            seat, marks = ev.actor, (ev.seq - 1,)
    inner(state, ev)
    if not marks and not prior and (r.anchor is None or len(r.events) >= ANCHOR_EVERY):
        anchor = clone(state)
        anchor.__dict__["rewinds"] = NONE
        _keep(state, None, (), (), anchor, ())
    else:
        _keep(state, seat, marks, prior, r.anchor, (*r.events, ev))


def rewind(state: Any, to_seq: int, inner: Apply, clone: Clone) -> None:
    """Put ``state`` back, in place, to its mark at ``to_seq`` (unknown marks: unchanged)."""
    r: Rewinds = state.rewinds
    if to_seq not in r.marks:
        return
    k = r.marks.index(to_seq)
    back = clone(r.anchor)
    kept = tuple(ev for ev in r.events if ev.seq <= to_seq)
    for ev in kept:
        inner(back, ev)
    state.__dict__.update(back.__dict__)
    if k:
        _keep(state, r.seat, r.marks[:k], r.prior, r.anchor, kept)
    elif r.prior:  # the seat's whole stretch is undone: the one it interrupted is back
        (seat, marks), prior = r.prior[-1], r.prior[:-1]
        _keep(state, seat, marks, prior, r.anchor, kept)
    else:
        _keep(state, None, (), (), r.anchor, kept)


def hydrated(kind: type[Any], r: Rewinds) -> Rewinds:
    """``r`` with its anchor a state of ``kind`` (a snapshot read back holds it as a JSON
    object): each ruleset's state validates its record with this, so a state read back from
    a snapshot equals the one dumped."""
    if isinstance(r.anchor, dict):
        return r._replace(anchor=kind.model_validate(r.anchor))
    return r


class Rewindable(BaseModel):
    """Base of a ruleset's state that keeps its take-back record in a field ``rewinds``
    (declared by the state itself, where it wants it): validates the record with
    ``hydrated``, so a state read back from a snapshot equals the one dumped."""

    @field_validator("rewinds", check_fields=False)
    @classmethod
    def _anchor_is_a_state(cls, r: Rewinds) -> Rewinds:
        return hydrated(cls, r)


R = TypeVar("R", bound=Rewindable)


def clone_rewindable(state: R) -> R:
    """A deep copy (``engine.kernel.clone``, several times cheaper than ``copy.deepcopy``);
    the take-back record is immutable and shared, not copied."""
    return clone(state, frozenset({id(state.rewinds)}))  # type: ignore[attr-defined]


def point(state: Any, actor: int) -> int | None:
    """The seq ``actor`` may take back to now (the start of his last command), or None."""
    r: Rewinds = state.rewinds
    if r.seat != actor or not r.marks:
        return None
    return r.marks[-1]


def decide(state: Any, actor: int, *, enabled: bool) -> list[Event]:
    """``TakeBack``: one ``TookBack`` event, or a rule error saying why not."""
    if not enabled:
        raise RuleError(RULE, "take-backs are turned off at this table (a table option)")
    to_seq = point(state, actor)
    if to_seq is None:
        raise RuleError(RULE, "nothing to take back: only your own actions since the last "
                              "roll, reveal or draw, or another player's action, may be "
                              "taken back")
    return [event(TOOK_BACK, seat=actor, to_seq=to_seq)]


def offer(state: Any, actor: int, pending: Pending | None, *, enabled: bool
          ) -> Iterator[Command]:
    """``TakeBack`` among ``actor``'s legal commands when he may take one back now."""
    if enabled and pending is not None and pending.admits(actor) \
            and point(state, actor) is not None:
        yield TakeBack()


def without(commands: Iterator[Command] | list[Command]) -> list[Command]:
    """``commands`` less ``TakeBack`` (bots never take back: they would only loop)."""
    return [c for c in commands if c.type != "TakeBack"]


def parse(data: dict[str, Any] | str) -> TakeBack | None:
    """``TakeBack`` when ``data`` is one (every ruleset's parser asks this first)."""
    if isinstance(data, str):
        if '"TakeBack"' not in data:
            return None
        try:
            data = json.loads(data)
        except ValueError:
            return None
    if not isinstance(data, dict) or data.get("type") != "TakeBack":
        return None
    try:
        return TakeBack.model_validate(data)
    except ValidationError:
        raise BadCommand("invalid command: TakeBack takes no fields") from None


def in_effect(events: list[Event]) -> list[Event]:
    """The events whose effect stands: ``events`` less every one taken back (and less the
    ``TookBack`` events themselves). Folding these gives the same state as folding all."""
    kept: list[Event] = []
    for ev in events:
        if ev.type == TOOK_BACK:
            to_seq = int(ev.data["to_seq"])
            while kept and kept[-1].seq > to_seq:
                kept.pop()
        else:
            kept.append(ev)
    return kept
