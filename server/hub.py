"""Fan-out: who is watching which game in this process, and the wake-up hints between
processes (PostgreSQL LISTEN/NOTIFY). A hint says "table T changed" or "game G is at seq S";
a game's hint also carries the events that brought it there when they fit in a NOTIFY
payload (``game_payload``), so another process holding the game applies them to its copy
instead of reading and folding them from the database. The database stays the source of
truth: a hint without its events, or one that does not follow the copy, is caught up from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import psycopg

from .frames import Parts
from .wsproto import FramesSender

log = logging.getLogger("starport.hub")

CHANNEL = "starport"
PAYLOAD_MAX = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
# a process's seats online at a table travel as one integer: process id * 256 + seat bitmask
SEAT_BITS = 8


@dataclass(eq=False, slots=True)
class Subscriber:
    """One websocket: a viewer (seat or spectator) of one table. Kept small: an idle socket
    holds one of these, so no ``asyncio.Event`` (its deque) -- a future only while waiting."""

    table_id: str
    viewer: int
    role: str
    sent: int  # the last event seq this client has
    digest: str = ""  # the digest of the token it said hello with
    chat_sent: int = 0
    want_view: bool = False
    inline_view: bool = False  # the view rides in the events message (one frame, not two)
    inline_ack: bool = False  # a command's ack rides in the events message that carries its
    ack: dict[str, Any] | None = None  # events (hello ``inline_ack``): the ack waiting for them
    # hello ``view_delta``: the pushed view leaves out the shared parts the client still
    # holds from the last view pushed to it (``held``: those parts' digests, frames.py)
    view_delta: bool = False
    held: Parts | None = None
    was_pending: bool = False
    # "g" events, "c" chat, "t" table, "r" a link of this seat was revoked, "p" ping,
    # "o" the seats online changed (presence)
    kinds: set[str] = field(default_factory=set)
    waiter: asyncio.Future[None] | None = None  # the sender, waiting for a poke
    later: asyncio.TimerHandle | None = None  # a paced resend, when one waits
    # the socket's loop, asked once: ``asyncio.get_running_loop`` makes a ``getpid`` system
    # call on Python 3.11 (a few microseconds each, at every wake-up of every socket)
    loop: asyncio.AbstractEventLoop | None = None
    # the socket's frames written at once (``wsproto.Protocol.send_frames``): True when they
    # were, False when the sender must send them (``Hub._game_moved``, ``Hub.pusher``)
    direct: FramesSender | None = None
    queued: bool = False  # a direct push of this socket is scheduled (``Hub.hint``)

    def idle(self) -> bool:
        """The sender waits for a poke and none came: nothing of this socket is in flight."""
        return self.waiter is not None and not self.waiter.done() and not self.kinds

    def poke(self, kind: str) -> None:
        self.kinds.add(kind)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def woken(self) -> set[str]:
        """Wait for a poke (at once if one came since the last call); the kinds poked."""
        if not self.kinds:
            loop = self.loop
            if loop is None:
                loop = self.loop = asyncio.get_running_loop()
            self.waiter = loop.create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        kinds, self.kinds = self.kinds, set()
        return kinds


class Hub:
    def __init__(self) -> None:
        self.subs: dict[str, set[Subscriber]] = {}
        self.on_game_hint: Callable[[str, int], None] | None = None
        self.on_table_hint: Callable[[str], None] | None = None
        self.on_revoke_hint: Callable[[str], None] | None = None
        self.on_lost_hints: Callable[[], None] | None = None  # hints may have been missed
        # a game's events from another process (game, seq, the events' JSON)
        self.on_game_events: Callable[[str, int, str], None] | None = None
        self.on_reclaim_hint: Callable[[str, int], None] | None = None
        # presence in the other processes (PostgreSQL): table -> process -> (seats, expiry)
        self.pid = secrets.randbelow(1 << 20) + 1
        self.remote: dict[str, dict[int, tuple[frozenset[int], float]]] = {}
        self.presence_ttl = 60.0  # a process's word lasts this long (it repeats it sooner)
        self.on_presence_change: Callable[[str], None] | None = None
        self.direct: list[Subscriber] = []  # sockets whose game moved: pushed next turn
        # writes a moved game's frames to some of its idle sockets (``pushes.push_game``):
        # (game, sockets) -> the sockets it left to their senders
        self.pusher: Pusher | None = None

    def add(self, sub: Subscriber) -> None:
        with self._presence(sub):
            self.subs.setdefault(sub.table_id, set()).add(sub)

    def remove(self, sub: Subscriber) -> None:
        with self._presence(sub):
            group = self.subs.get(sub.table_id)
            if group is not None:
                group.discard(sub)
                if not group:
                    del self.subs[sub.table_id]

    @contextlib.contextmanager
    def _presence(self, sub: Subscriber) -> Iterator[None]:
        """A seat's first socket opening or its last closing (a tab opened or closed) tells
        everyone at the table at once ("o"): presence in plain sight within a second."""
        before = self.local_online(sub.table_id) if sub.role == "seat" else None
        yield
        if before is not None and self.local_online(sub.table_id) != before:
            for other in self.watching(sub.table_id):
                if other is not sub:  # a new socket's hello has the lobby already
                    other.poke("o")
            if self.on_presence_change is not None:  # the other processes learn it too
                self.on_presence_change(sub.table_id)

    def watching(self, table_id: str) -> set[Subscriber]:
        return self.subs.get(table_id, set())

    def local_online(self, table_id: str) -> set[int]:
        """Seats with a socket in this process."""
        return {s.viewer for s in self.watching(table_id) if s.role == "seat"}

    def seats_online(self, table_id: str) -> set[int]:
        """Seats with a socket in this process or, as they last said, in another one."""
        online = self.local_online(table_id)
        now = time.monotonic()
        for seats, expiry in self.remote.get(table_id, {}).values():
            if expiry > now:
                online |= seats
        return online

    def presence_word(self, table_id: str) -> int:
        """This process's seats online at a table, as one integer (``SEAT_BITS``)."""
        mask = sum(1 << s for s in self.local_online(table_id) if 0 <= s < SEAT_BITS)
        return (self.pid << SEAT_BITS) | mask

    def remote_presence(self, table_id: str, word: int) -> None:
        """Another process's seats online at a table (an ``o`` hint): kept until it expires
        or that process says otherwise; the table's sockets here hear of a change."""
        pid, mask = word >> SEAT_BITS, word & ((1 << SEAT_BITS) - 1)
        if pid == self.pid:
            return
        before = self.seats_online(table_id)
        seats = frozenset(s for s in range(SEAT_BITS) if mask >> s & 1)
        table = self.remote.setdefault(table_id, {})
        if seats:
            table[pid] = (seats, time.monotonic() + self.presence_ttl)
        else:
            table.pop(pid, None)
            if not table:
                del self.remote[table_id]
        if self.seats_online(table_id) != before:
            for sub in self.watching(table_id):
                sub.poke("o")

    def hint(self, kind: str, table_id: str, seq: int = 0) -> None:
        """A change happened (here or in another process): wake whoever watches it."""
        if kind == "g" and self.on_game_hint is not None:
            self.on_game_hint(table_id, seq)
        if kind == "t" and self.on_table_hint is not None:
            self.on_table_hint(table_id)
        if kind == "o":  # another process's seats online at this table
            self.remote_presence(table_id, seq)
            return
        if kind == "a":  # seat ``seq`` was taken back by its player: no bot plays its turn
            if self.on_reclaim_hint is not None:
                self.on_reclaim_hint(table_id, seq)
            return
        if kind == "r":  # seat ``seq``'s link was re-issued: its sockets check their token
            if self.on_revoke_hint is not None:
                self.on_revoke_hint(table_id)
            for sub in self.watching(table_id):
                if sub.role == "seat" and sub.viewer == seq:
                    sub.poke(kind)
            return
        if kind == "g":
            self._game_moved(table_id)
            return
        for sub in self.watching(table_id):
            sub.poke(kind)

    def _game_moved(self, table_id: str) -> None:
        """Wake the sockets of a game that moved. One whose sender is idle and which can be
        written at once (``Subscriber.direct``) is pushed by ``_push_direct`` on the loop's
        next turn, with the other games' of that turn, instead of waking its sender task (a
        task switch and its awaits per socket and command: docs/performance.md, "The
        levers"). The next turn, not now: the command that moved the game has yet to leave
        its ack for the acting socket's push (``ws._command``)."""
        for sub in self.watching(table_id):
            if sub.queued:
                continue
            if sub.direct is not None and sub.idle() and sub.loop is not None:
                if not self.direct:
                    sub.loop.call_soon(self._push_direct)
                sub.queued = True
                self.direct.append(sub)
            else:
                sub.poke("g")

    def _push_direct(self) -> None:
        """The queued sockets, a game at a time (``_game_moved`` queues a game's together):
        the idle ones with a direct way pushed by ``pusher`` in one call, what the game
        gives looked up once for them; every other one, and each it declines, woken."""
        subs, self.direct = self.direct, []
        pusher = self.pusher
        n, start = len(subs), 0
        while start < n:
            table_id = subs[start].table_id
            end = start + 1
            while end < n and subs[end].table_id == table_id:
                end += 1
            push_or_wake(pusher, table_id, subs[start:end])
            start = end

    def wake_all(self) -> None:
        if self.on_lost_hints is not None:
            self.on_lost_hints()
        for group in self.subs.values():
            for sub in group:
                for kind in ("g", "c", "t"):
                    sub.poke(kind)


Pusher = Callable[[str, list[Subscriber]], list[Subscriber]]


def push_or_wake(pusher: Pusher | None, table_id: str, subs: list[Subscriber]) -> None:
    """Queued sockets of one game pushed: the idle ones with a direct way by ``pusher`` in
    one call; every other one, and each it declines, woken (its sender does it)."""
    ready: list[Subscriber] = []
    for sub in subs:
        sub.queued = False
        if sub.direct is not None and sub.idle() and pusher is not None:
            ready.append(sub)
        else:
            sub.poke("g")  # busy, or no direct way
    if ready:
        assert pusher is not None
        for sub in pusher(table_id, ready):
            sub.poke("g")  # catching up, not writable, events gone from memory


def parse_hint(payload: str) -> tuple[str, str, int] | None:
    parts = payload.split(" ", 3)
    if len(parts) < 3 or parts[0] not in ("g", "c", "t", "r", "a", "o"):
        return None
    try:
        return parts[0], parts[1], int(parts[2])
    except ValueError:
        return None


def game_payload(game_id: str, seq: int, events_json: str) -> str:
    """A game hint with its events (``[[seq, type, audience, type_public, v, data], ...]``),
    or without them when they would not fit in a NOTIFY."""
    payload = f"g {game_id} {seq} {events_json}"
    if len(payload.encode()) > PAYLOAD_MAX:
        return f"g {game_id} {seq}"
    return payload


def hint_events(payload: str) -> str | None:
    """The events' JSON a game hint carries, if any."""
    parts = payload.split(" ", 3)
    return parts[3] if len(parts) == 4 and parts[0] == "g" else None


class PgListener:
    """A thread holding a LISTEN connection; hints are handed to the event loop."""

    def __init__(self, dsn: str, loop: asyncio.AbstractEventLoop, hub: Hub) -> None:
        self.dsn = dsn
        self.loop = loop
        self.hub = hub
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _deliver(self, payload: str) -> None:
        hint = parse_hint(payload)
        if hint is None:
            return
        carried = hint_events(payload)
        if carried is not None and self.hub.on_game_events is not None:
            self.hub.on_game_events(hint[1], hint[2], carried)
        self.hub.hint(*hint)

    def _run(self) -> None:
        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:  # hints may have been missed while disconnected
                        self.loop.call_soon_threadsafe(self.hub.wake_all)
                    first = False
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self.loop.call_soon_threadsafe(self._deliver, note.payload)
            except Exception as exc:  # reconnect after a pause
                log.warning("LISTEN connection lost: %s", exc)
                with contextlib.suppress(Exception):
                    self.stopping.wait(1.0)


def notify_sql() -> str:
    return "SELECT pg_notify(:channel, :payload)"


def libpq_dsn(sqlalchemy_url: Any) -> str:
    """A libpq connection string from a SQLAlchemy URL."""
    url = sqlalchemy_url.set(drivername="postgresql")
    return str(url.render_as_string(hide_password=False))
