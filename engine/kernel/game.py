"""A game is its event log: fold, command handling, snapshots."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .clone import adopt
from .dice import Randomness
from .errors import GameOver, NotYourTurn
from .events import Command, Event, PlayedBy
from .fastmodel import copy_with
from .ruleset import HalfDone, Pending, Ruleset, number
from .upgrade import upgrades_of

S = TypeVar("S")


def fold(ruleset: Ruleset[S], events: Iterable[Event], state: S | None = None) -> S:
    """Replay ``events`` onto ``state`` (default: the ruleset's initial state).

    Events written with an older payload schema are upgraded on the way (``upgrade.py``).
    """
    current = ruleset.initial_state() if state is None else ruleset.clone(state)
    upgrades = upgrades_of(ruleset)
    for ev in events:
        ruleset.apply(current, upgrades.upgrade(ev))
    return current


@dataclass(frozen=True)
class Snapshot:
    """The state after event ``seq``, serialised by the ruleset, so long games load fast."""

    seq: int
    state: str


class Game(Generic[S]):
    """One game in memory: its seed (secret), its events and its current state."""

    # the ruleset's ``pending`` of the current state, for the seq it was asked at: a server
    # asks it several times a command (the command's check, the waits it writes, the bots,
    # the pushes), and the state changes only by ``append``
    _pending: tuple[int, Pending | None] | None = None
    # a ``decide`` that worked on the live state (``DecidesInPlace``): the seq it followed
    # and its events, which the state already holds; ``append`` of exactly those events only
    # logs them, anything else first rebuilds the state from the log
    _ahead: tuple[int, tuple[Event, ...]] | None = None
    _origin: str | None = None  # the snapshot the log follows (None: the opening)
    # what the ruleset's views keep between seqs (``SharedViews.public_view``'s ``kept``: the
    # parts of the last view, reused where the state did not change them); made on first use
    # by whoever shows the views, never part of the game's state, log or snapshot
    views_kept: dict[str, Any] | None = None

    def __init__(self, ruleset: Ruleset[S], seed: str | int, events: list[Event]) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.events = events
        self.base_seq = 0  # the seq a snapshot stood for, when loaded from one
        self.state: S = fold(ruleset, events)

    @classmethod
    def start(
        cls, ruleset: Ruleset[S], options: dict[str, Any], players: list[str], seed: str | int
    ) -> Game[S]:
        opening = ruleset.setup(options, players, Randomness(seed, 0, "setup"))
        numbered = [ev.model_copy(update={"seq": i + 1}) for i, ev in enumerate(opening)]
        return cls(ruleset, seed, numbered)

    @classmethod
    def from_snapshot(
        cls, ruleset: Ruleset[S], seed: str | int, snapshot: Snapshot, tail: list[Event]
    ) -> Game[S]:
        game = cls.__new__(cls)
        game.ruleset = ruleset
        game.seed = seed
        game.events = list(tail)
        game.base_seq = snapshot.seq
        game._origin = snapshot.state
        game.state = fold(ruleset, tail, ruleset.load_state(snapshot.state))
        return game

    @property
    def seq(self) -> int:
        """The sequence number of the last event (0 before any)."""
        return self.events[-1].seq if self.events else self.base_seq

    def snapshot(self) -> Snapshot:
        if self._ahead is not None:  # decided, never appended: the logged state
            self._rebuild()
        return Snapshot(self.seq, self.ruleset.dump_state(self.state))

    def decide(self, actor: int, command: Command, by: PlayedBy = None) -> list[Event]:
        """Check that ``actor`` may act, ask the rules, and number the resulting events; the
        first names ``actor`` (the command boundary take-backs read, ``takeback.py``) and
        who chose the command, ``by`` (``Event.by``: None for the seat's player).

        A ruleset that ``DecidesInPlace`` applies them to ``state`` already, for the
        ``append`` that follows to only log them; a refusal leaves ``state`` as it was."""
        if self._ahead is not None:  # decided, never appended: back to the logged state
            self._rebuild()
        pending = self.pending()
        if pending is None:
            raise GameOver("the game is over")
        if not pending.admits(actor):
            raise NotYourTurn(f"seat {actor} may not act now; waiting for {list(pending.seats)}")
        base = self.seq
        rng = Randomness(self.seed, base + 1)
        in_place = getattr(self.ruleset, "decide_in_place", None)
        if in_place is not None:
            try:
                events: list[Event] = in_place(self.state, actor, command, rng, base)
            except HalfDone as half:
                self._rebuild()
                raise half.cause from None
            if by is not None and events:
                events = _played_by(events, by)
            self._ahead = (base, tuple(events))
            return events
        produced = self.ruleset.decide(self.state, actor, command, rng)
        numbered = [number(ev, base, i, actor) for i, ev in enumerate(produced)]
        return _played_by(numbered, by) if by is not None and numbered else numbered

    def answered_alongside(self, seat: int, seq: int, answers: frozenset[str]) -> bool:
        """Whether a command ``seat`` decided at ``seq``, behind the head, may be played at
        the head: every event since is of an ``answers`` type (``GameDefinition.
        concurrent_answers``) and of another seat's command, and the prompt still asks
        ``seat`` (docs/architecture.md, "Sequence numbers")."""
        if not answers or not self.base_seq <= seq < self.seq:
            return False
        since = self.events[seq - self.base_seq:]
        if any(ev.type not in answers or ev.actor == seat for ev in since):
            return False
        pending = self.pending()
        return pending is not None and seat in pending.seats

    def pending(self) -> Pending | None:
        """Who the game waits for now (the ruleset's ``pending``), asked once per seq."""
        memo = self._pending
        seq = self.seq
        if memo is not None and memo[0] == seq:
            return memo[1]
        pending = self.ruleset.pending(self.state)
        self._pending = (seq, pending)
        return pending

    def append(self, events: list[Event]) -> None:
        """Apply ``events`` (which must follow on) and log them. The events the last
        ``decide`` applied in place, appended right after it, are only logged."""
        self._pending = None  # the state changes (even should an event fail half-way)
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            if ahead[0] == self.seq and _same(ahead[1], events):
                self.events.extend(events)
                return
            self._rebuild()
        for ev in events:
            if ev.seq != self.seq + 1:
                raise ValueError(f"event seq {ev.seq} does not follow {self.seq}")
            self.ruleset.apply(self.state, ev)
            self.events.append(ev)

    def _rebuild(self) -> None:
        """The state folded from the log again, into the same object (an in-place ``decide``
        was refused half-way or not appended)."""
        self._ahead = None
        self._pending = None
        origin = self._origin
        start = (self.ruleset.initial_state() if origin is None
                 else self.ruleset.load_state(origin))
        adopt(self.state, fold(self.ruleset, self.events, start))

    def play(self, actor: int, command: Command) -> list[Event]:
        """Decide and append in one step (what a server does inside one transaction)."""
        produced = self.decide(actor, command)
        self.append(produced)
        return produced

    def log_for(self, viewer: int, after: int = 0) -> list[dict[str, Any]]:
        """The redacted log as ``viewer`` may read it, from ``after`` on."""
        return [ev.redacted_for(viewer) for ev in self.events if ev.seq > after]


def _played_by(events: list[Event], by: PlayedBy) -> list[Event]:
    """``events`` with their first (the command's) saying who chose it (``Event.by``)."""
    return [copy_with(events[0], {"by": by}), *events[1:]]


def _same(made: tuple[Event, ...], given: list[Event]) -> bool:
    """Are ``given`` the very event objects ``decide`` made (not copies, none changed since:
    events are only ever replaced, ``model_copy``)?"""
    return len(made) == len(given) and all(a is b for a, b in zip(made, given, strict=True))
