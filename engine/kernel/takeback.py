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
- the state keeps its own *rewind marks* (``Rewinds``): before each command of the seat
  since the last barrier, a copy of the state as it was. A barrier clears them.

``TakeBack`` is decided into one event, ``TookBack{seat, to_seq}``; applying it puts the
state back to what it was after event ``to_seq`` (nothing is deleted from the log, so a
replay shows the action and its taking back). Because the marks live in the state, every
way of folding events (the kernel's ``fold``, the server's cache, its snapshots, its replay
timeline) rewinds the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import BadCommand, RuleError
from .events import Command, Event, event
from .ruleset import Pending

RULE = "house rule: take-backs"
TOOK_BACK = "TookBack"


class TakeBack(Command):
    """Take back this seat's last command of the turn (house rule, ``docs/rulings.md``)."""

    type: Literal["TakeBack"] = "TakeBack"


class Mark(BaseModel):
    """The state (JSON, its own marks left out) before a command opened at ``seq + 1``."""

    model_config = ConfigDict(frozen=True)

    seq: int
    seat: int
    state: str


class Rewinds(BaseModel):
    """A state's rewind marks: the seat whose stretch of commands they cover, oldest first.

    Frozen and replaced on every change, so a cloned state may share it."""

    model_config = ConfigDict(frozen=True)

    seat: int | None = None
    marks: tuple[Mark, ...] = ()


NONE = Rewinds()

Barrier = Callable[[Any, Event], bool]  # (state after the event, the event) -> barrier?
Apply = Callable[[Any, Event], None]


def is_barrier(state: Any, ev: Event, barrier: Barrier) -> bool:
    """The ruleset's barriers, plus any event some seat may not read (a private reveal)."""
    return ev.audience.kind != "public" or barrier(state, ev)


def apply(state: Any, ev: Event, inner: Apply, *, enabled: bool, barrier: Barrier) -> None:
    """Apply ``ev`` with ``inner`` (the ruleset's own ``apply``), keeping the marks."""
    if ev.type == TOOK_BACK:
        rewind(state, int(ev.data["to_seq"]))
        return
    if not enabled:
        inner(state, ev)
        return
    if ev.actor is not None:  # a command opens: remember the state before it
        r: Rewinds = state.rewinds
        kept = r.marks if r.seat == ev.actor else ()  # another seat acted: a barrier
        mark = Mark(seq=ev.seq - 1, seat=ev.actor,
                    state=state.model_dump_json(exclude={"rewinds"}))
        state.rewinds = Rewinds(seat=ev.actor, marks=(*kept, mark))
    inner(state, ev)
    if state.rewinds.marks and is_barrier(state, ev, barrier):
        state.rewinds = NONE


def rewind(state: Any, to_seq: int) -> None:
    """Put ``state`` back, in place, to its mark at ``to_seq`` (unknown marks: unchanged)."""
    r: Rewinds = state.rewinds
    for k, mark in enumerate(r.marks):
        if mark.seq == to_seq:
            back = type(state).model_validate_json(mark.state)
            state.__dict__.update(back.__dict__)
            state.rewinds = Rewinds(seat=r.seat, marks=r.marks[:k]) if k else NONE
            return


def point(state: Any, actor: int) -> int | None:
    """The seq ``actor`` may take back to now (the start of his last command), or None."""
    r: Rewinds = state.rewinds
    if r.seat != actor or not r.marks:
        return None
    return r.marks[-1].seq


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
