"""The pushes of a command made while its commit syncs to disk.

After a command is decided and appended to the game in memory, its write goes to the group
commit, and the loop is free while the commit thread waits for the fsync. The frames every
socket of the game will be sent once the commit returns (``ws._send_events``: the events
redacted per audience and, for sockets that asked for it, the link's view with its legal
commands and reachable destinations) depend only on the game's state at the new seq, so
they are made now, in that wait, and cached where the senders look for them
(``frames.frames_of``), instead of one after another once the commit has returned. Nothing
is sent before the commit: durability is unchanged (the senders still wait for
``entry.committed``). At 200 games the four frames were the largest step after the commit
(0.5 ms at the median, ``docs/performance.md``, "The fourth round").

The frames of a seq are keyed by the game's committed seq, status and countdown
(``frames_of``): for the time it takes to make them, the entry's committed seq is set to the
seq the commit will make (no other code runs meanwhile: nothing awaits here). A game whose
status or countdown changes when the commit returns (its end, a countdown armed) gets fresh
frames then, as before; a commit that fails evicts the game with its frames.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.kernel import Event

from . import frames
from .hub import Subscriber


def prepare(entry: Any, before: int, events: list[Event], subs: Iterable[Subscriber]) -> None:
    """Make the frames of ``events`` (the seqs after ``before``, appended to ``entry`` but
    not yet committed) for the sockets ``subs`` watching the game."""
    if not events or entry.seq != events[-1].seq or entry.committed != before:
        return
    subs = [s for s in subs if s.sent == before or s.want_view]
    if not subs:
        return
    committed = entry.committed
    entry.committed = entry.seq
    try:
        made = frames.frames_of(entry)
        for sub in subs:
            if sub.sent == before:  # it will be sent exactly these events
                frames.events_message(made, events, sub.viewer)
            if sub.want_view:
                frames.view_message(entry, sub.viewer, sub.role)
    finally:
        entry.committed = committed
