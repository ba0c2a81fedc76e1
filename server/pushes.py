"""What a socket is written after its game moved, made by one function (``seat_frames``)
whichever way it goes:

- the hub's direct push (``push_game``): the idle sockets of a game that moved, written at
  once on the loop's next turn without waking each socket's sender task (``Hub._game_moved``;
  ``docs/performance.md``, "The levers"), what the game gives looked up once for all of
  them (``Moved``);
- a socket's own sender task (``ws._send_events``): a socket the push declined or cannot
  serve (busy, catching up, not writable at once, a client without our protocol).

A seat's frames (``seat_frames``): the ``events`` message of the events it lacks, redacted
for its viewer, with -- once the game is settled at those events -- the link's view inside
it (hello ``inline_view``, without the parts the socket holds: ``view_delta``) and the ack
of the socket's command when these events bring it (``inline_ack``); then ``your_turn`` when
its seat's turn just began; then, for a socket that asked for views apart (hello ``view``
without ``inline_view``), the ``view`` message. Each piece is bytes encoded once per seq and
audience or link kind (``frames.py``); a frame is its pieces joined as they are written
(``wsproto.Protocol.send_frames``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.kernel import Event

from . import frames
from .entries import Entry
from .hub import Subscriber
from .wsproto import Frames

VIEW_OPEN = b',"view":{'  # the view message's body inside the events message
VIEW_SKIP = len(frames.HEAD)
ACK_OPEN = b',"ack":'
CLOSE = b"}"


class Moved:
    """What a game gives its sockets' frames now, looked up once for all of them: its
    frames of the committed seq, whether it is settled (nothing being written), who it
    waits for then, and its ``your_turn`` message."""

    __slots__ = ("entry", "made", "settled", "pending", "waited", "_turn")

    def __init__(self, entry: Entry) -> None:
        self.entry = entry
        self.made = frames.frames_of(entry)
        self.settled = entry.seq == entry.committed
        pending = frames.pending_of(entry) if self.settled else None
        self.pending = pending
        # the seats the settled game waits for (none once it is over)
        self.waited: Collection[int] = (pending.seats if pending is not None
                                        and not entry.finished else ())
        self._turn: bytes | None = None

    def turn(self) -> bytes:
        """``{"type": "your_turn", "seq", "prompt"}``."""
        if self._turn is None:
            pending = self.pending
            self._turn = frames.dumpb({"type": "your_turn", "seq": self.entry.seq,
                                       "prompt": pending.prompt if pending else ""})
        return self._turn


# a socket's frames and what it holds once they are written (``delivered``): the frames, the
# last event seq it then has, the view parts it then holds (``frames.Parts``; None: unknown),
# whether its waiting ack is in the frames, whether the game then waits for it (None: as
# before). A tuple: made for every socket of every push.
SeatPush = tuple[Frames, int, Any, bool, bool | None]


def seat_frames(moved: Moved, sub: Subscriber, events: list[Event],
                head: bytes | None = None) -> SeatPush:
    """The frames of ``sub``'s socket bringing it ``events`` (the ones after ``sub.sent``;
    at least one), in order (see the module). ``head``: the ``events`` message's bytes
    without the closing brace, when the caller has them (``frames.events_head``)."""
    entry = moved.entry
    viewer = sub.viewer
    if head is None:
        head = frames.events_head(moved.made, events, viewer)
    last = events[-1].seq
    settled = moved.settled and last == entry.committed
    first: list[bytes | memoryview] = [head]
    held = sub.held
    if settled and sub.want_view and sub.inline_view:
        view = frames.view_bytes(entry, viewer, sub.role, held)
        first += (VIEW_OPEN, memoryview(view)[VIEW_SKIP:])
        held = moved.made.parts if sub.view_delta else None
    ack = sub.ack
    acked = ack is not None and last >= ack["seq"]
    if acked:
        first.append(ACK_OPEN + frames.dumpb(ack))
    first.append(CLOSE)
    out: Frames = [first]
    was_pending = None
    if settled:
        was_pending = viewer in moved.waited
        if was_pending and not sub.was_pending and sub.role == "seat":
            out.append([moved.turn()])  # right behind the events, in the same write
        if sub.want_view and not sub.inline_view:
            out.append([frames.view_bytes(entry, viewer, sub.role)])
    return out, last, held, acked, was_pending


def delivered(sub: Subscriber, push: SeatPush) -> None:
    """``sub`` holds what ``push`` brought it."""
    _, sub.sent, sub.held, acked, was_pending = push
    if acked:
        sub.ack = None
    if was_pending is not None:
        sub.was_pending = was_pending


def turn_frames(moved: Moved, sub: Subscriber) -> Frames:
    """``your_turn`` for a socket holding every event of the settled game, when its seat's
    turn just began (a table's change can begin one: a seat taken back from a bot)."""
    waiting = sub.viewer in moved.waited
    turn = waiting and not sub.was_pending and sub.role == "seat"
    sub.was_pending = waiting
    return [[moved.turn()]] if turn else []


def push_game(service: Any, table_id: str, subs: list[Subscriber]) -> list[Subscriber]:
    """The frames of ``subs``, idle sockets of one game that moved, written at once (the
    hub's direct pushes, ``Hub.pusher``): the game's new events in memory, each socket's
    ``seat_frames``. ``service``: the game service (``service.Service``: its games in
    memory and their events).

    The sockets the sender task must serve are handed back: all of them, with nothing sent
    or changed, when the game is not settled or is behind another process's commits; one
    whose events are no longer in memory or which is not writable at once, with nothing
    sent or changed."""
    entry = service.entries.get(table_id)
    if entry is None or entry.seq != entry.committed or entry.remote_seq > entry.seq:
        return subs
    moved = Moved(entry)
    declined: list[Subscriber] = []
    after, events, shared = -1, None, None
    for sub in subs:
        if sub.sent != after:  # the same for every socket of a game, but after a resend
            after = sub.sent
            events = service.events_in_memory(entry, after)
            # their message is the same for every viewer when they are public
            shared = frames.events_head(moved.made, events, sub.viewer) if (
                events and frames.public(events)) else None
        if not events:
            declined.append(sub)
            continue
        push = seat_frames(moved, sub, events, shared)
        if sub.direct is None or not sub.direct(push[0]):
            declined.append(sub)
            continue
        delivered(sub, push)
    return declined
