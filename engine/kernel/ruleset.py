"""What a ruleset supplies to the kernel (``docs/architecture.md``, "The engine kernel")."""

from __future__ import annotations

from collections.abc import Iterator
from types import EllipsisType
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict

from .dice import Randomness
from .events import MADE_FIELDS, Command, Event
from .fastmodel import copy_with

S = TypeVar("S")


class Pending(BaseModel):
    """Who may act now and what they are asked (a prompt such as "move" or "pay_or_stop").

    ``seats`` are the seats the game waits for. ``anytime`` are seats that may also act now
    without being waited for: a game whose rules let players act "at any time" (Star
    Traders' deals and reaction settings) lists them; the game never waits on them.
    """

    model_config = ConfigDict(frozen=True)

    seats: tuple[int, ...]
    prompt: str
    detail: dict[str, Any] = {}
    anytime: tuple[int, ...] = ()

    def admits(self, seat: int) -> bool:
        return seat in self.seats or seat in self.anytime


class Ruleset(Protocol[S]):
    """Five pure functions over the ruleset's own state type, plus parsing and snapshots.

    Take-backs (``takeback.py``): a ruleset keeps a ``rewinds`` record in its state, routes
    ``apply`` through ``takeback.apply`` with its barriers (which events make something
    known), answers ``TakeBack`` with ``takeback.decide``, offers it with ``takeback.offer``
    and parses it with ``takeback.parse``."""

    id: str

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        """The opening events (shuffles included)."""
        ...

    def initial_state(self) -> S:
        """The empty state the opening events are folded onto."""
        ...

    def decide(self, state: S, actor: int, command: Command, rng: Randomness) -> list[Event]:
        """Validate ``command`` and return the events it causes; never mutates ``state``."""
        ...

    def evolve(self, state: S, event: Event) -> S:
        """Apply one event, returning a new state (the input is left as it was)."""
        ...

    def apply(self, state: S, event: Event) -> None:
        """Apply one event in place (the fast path used by ``fold``)."""
        ...

    def clone(self, state: S) -> S: ...

    def view(self, state: S, viewer: int) -> dict[str, Any]:
        """What one seat (or a spectator) may see."""
        ...

    def legal_actions(self, state: S, actor: int) -> Iterator[Command]:
        """The commands ``actor`` may issue now; ``decide`` refuses any other."""
        ...

    def pending(self, state: S) -> Pending | None:
        """Who must act now, or None when the game is over."""
        ...

    def parse_command(self, data: dict[str, Any] | str) -> Command: ...

    def dump_state(self, state: S) -> str: ...

    def load_state(self, text: str) -> S: ...


S_contra = TypeVar("S_contra", contravariant=True)


@runtime_checkable
class SharedViews(Protocol[S_contra]):
    """Optional for a ruleset: its views as one public part and each seat's additions, so a
    server watching a game from many seats makes the public part once per event.
    ``seat_view(state, public_view(state), v) == view(state, v)`` for every viewer ``v``;
    ``seat_view`` hands back ``public`` itself (the same object) when ``v`` sees nothing of
    its own, and a server then writes one message for all such viewers. ``prompt``, when
    given, is the ruleset's ``pending(state)`` (a server has it from ``Game.pending()``,
    asked once per seq), so the view need not ask it again; ``kept``, a dict the caller
    keeps for the game between calls (``Game.views_kept``), where the ruleset may keep parts
    of its last view to reuse those the state did not change."""

    def public_view(self, state: S_contra, prompt: Pending | None | EllipsisType = ...,
                    kept: dict[str, Any] | None = None) -> dict[str, Any]: ...

    def seat_view(self, state: S_contra, public: dict[str, Any], viewer: int) -> dict[str, Any]: ...


class HalfDone(Exception):  # noqa: N818  (not an error of its own: it carries one)
    """A command refused (or failed) after some of its events were applied to the live state
    (``DecidesInPlace``): the kernel rebuilds the state from the log and raises ``cause``."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class DecidesInPlace(Protocol[S_contra]):
    """Optional for a ruleset whose ``decide`` applies each event as it writes it, so that
    its later rules see the position as it now is: it may work on the live state instead of a
    copy of it (the copy was a third of a command's CPU: ``docs/performance.md``, The levers).

    ``decide_in_place(state, actor, command, rng, seq)`` is ``decide`` that applies its events
    to ``state`` itself with the ruleset's own ``apply`` (take-back record included), numbered
    as ``Game.decide`` numbers them (``number``): ``state`` ends equal to ``state`` folded
    with them. A refusal before its first event leaves ``state`` untouched and raises as
    ``decide`` does; after it, raises ``HalfDone(refusal)`` (``Game`` rebuilds the state)."""

    def decide_in_place(self, state: S_contra, actor: int, command: Command, rng: Randomness,
                        seq: int) -> list[Event]: ...


def decide_then_apply(ruleset: Any, state: Any, actor: int, command: Command,
                      rng: Randomness, seq: int) -> list[Event]:
    """``decide_in_place`` for a command whose ``decide`` does not work in place (a take-back
    reads the log's record and writes its events at once): decided, numbered (``number``),
    then applied to ``state`` with the ruleset's ``apply``; a failure while applying raises
    ``HalfDone``."""
    made = ruleset.decide(state, actor, command, rng)
    events = [number(ev, seq, i, actor) for i, ev in enumerate(made)]
    try:
        for ev in events:
            ruleset.apply(state, ev)
    except Exception as exc:
        raise HalfDone(exc) from exc
    return events


def number(ev: Event, base: int, index: int, actor: int) -> Event:
    """The ``index``-th event (from 0) of ``actor``'s command after event ``base``: seq
    ``base + index + 1``; only the first names the actor (the command boundary take-backs
    read, ``takeback.py``)."""
    given = ev.model_fields_set
    # ``ev.model_copy(update=...)``, the fields set shared for ``event``'s (``Event`` is frozen)
    return copy_with(ev, {"seq": base + index + 1, "actor": None if index else actor},
                     NUMBERED_FIELDS if given is MADE_FIELDS else given | _NUMBERED)


_NUMBERED = frozenset(("seq", "actor"))
NUMBERED_FIELDS = MADE_FIELDS | _NUMBERED  # what ``number`` makes of ``event``'s
