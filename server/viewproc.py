"""The seats' views of a seq made in a second process (``STARPORT_VIEW_PROCESS=1``).

Under load the event loop of our one serving process is saturated while the machine's
other core is partly idle, and the views of a seq (``frames.view_bytes``: the ruleset's
public and seat views, the acting seat's legal commands and reachable destinations, their
JSON) are about a quarter of the loop's CPU (``docs/performance.md``, "The tenth round").
Here they are made by a child process of the server -- a helper of the one server, not a
second one: it never touches the database and writes nothing.

- The child (``python -m server.viewproc FD``) keeps its own copy of the games it was asked
  about: a ``Game`` built from what the server holds (the log, or the snapshot it was
  loaded from and the log's tail) and then each committed seq's new events, as the
  PostgreSQL hints carry them (``store.events_json``). The server mirrors which games the
  child holds and at which seq (``ViewProcess.known``, bounded: ``GAMES``), so it sends a
  game once and then only its new events.
- A direct push (``ws._push_game``) whose views of the committed seq are not made yet asks
  the child for them (``ask``) and holds the game's sockets (``Subscriber.queued``: the hub
  neither queues nor wakes them meanwhile, so each socket's frames stay in order). The
  requests of a turn of the loop go in one write; the child answers a batch in one write.
  The answer's bytes (exactly ``frames.view_bytes``'s) are put in the seq's ``Frames`` and
  the held sockets are pushed again, as the hub would, now without making a view.
- Whatever the child answers applies only to the seq, status and countdown it was asked
  at; a game that moved on meanwhile is asked again for its new seq.
- If the child dies, answers an error or is slower than ``TIMEOUT``, the server makes the
  views itself (``local``), and says so in the log; nothing is lost, no socket stalls. A
  dead child is not restarted: the process goes on making its views in-process.

Wire: each message is a 4-byte little-endian length and a pickled list of tuples (the
messages of one turn). Server to child: ``("L", game, ruleset, seed, base_seq, origin,
events_json)`` (a game, replacing any copy), ``("E", game, events_json)`` (its next
events), ``("D", game)`` (forget it), ``("V", request, game, seq, status, deadline,
[(viewer, role), ...])`` (views). Child to server: ``("R",)`` first, once it is ready (until
then the server makes the views itself), then ``("V", request, [(viewer, role, bytes),
...])`` or ``("X", request, why)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import socket
import struct
import subprocess
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .hub import push_or_wake

log = logging.getLogger("starport.viewproc")

HEADER = struct.Struct("<I")
GAMES = 4096  # games the child keeps a copy of (the least recently asked forgotten)
TIMEOUT = 0.5  # seconds an answer may take before the server makes the views itself
BUFFER = 4 << 20  # the socket buffers each way
READ = 1 << 20  # bytes one read takes at most
WRITE_MAX = 64 << 20  # bytes waiting to be written to a child that does not read: dead


def whole_messages(buf: bytearray) -> list[bytes]:
    """The whole messages at the start of ``buf`` (each a ``HEADER`` length and that many
    bytes), taken out of it; a message not read whole yet stays."""
    pos = 0
    found = []
    while len(buf) - pos >= HEADER.size:
        (size,) = HEADER.unpack_from(buf, pos)
        start = pos + HEADER.size
        if len(buf) - start < size:
            break
        found.append(bytes(buf[start:start + size]))
        pos = start + size
    del buf[:pos]
    return found


class ViewProcess:
    """The server's side: the child, what it holds, the requests in flight, the sockets
    waiting for their answers."""

    def __init__(self, entries: dict[str, Any]) -> None:
        self.entries = entries  # the service's games (``Service.entries``)
        # pushes a game's sockets (``ws._push_game``): (game, sockets, local) -> declined
        self.pusher: Callable[[str, list[Any], bool], list[Any]] | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.alive = False  # started and not failed
        self.up = False  # it said it is ready (its imports done): asked from then on
        self.known: OrderedDict[str, int] = OrderedDict()  # game -> the seq the child has
        self.rid = 0
        # request id -> (game, seq, status, deadline, asked at)
        self.requests: dict[int, tuple[str, int, str, Any, float]] = {}
        self.flight: dict[str, int] = {}  # game -> its newest request
        # game -> (the request they wait for, its sockets): pushed when it is answered
        self.held: dict[str, tuple[int, list[Any]]] = {}
        # game -> an answer no socket waited for yet (asked ahead of the commit): (seq,
        # status, deadline, [(frames.ViewKey, bytes), ...], the seq's frames.Parts)
        self.done: dict[str, tuple[int, str, Any, list[tuple[Any, bytes]], Any]] = {}
        self.out: list[tuple[Any, ...]] = []  # this turn's messages
        self.wbuf = bytearray()
        self.rbuf = bytearray()
        # what one read fills (``recv(n)`` would make and shrink an ``n``-byte object per call)
        self.chunk = bytearray(READ)
        self.view = memoryview(self.chunk)
        self.flushing = False
        self.timer: asyncio.TimerHandle | None = None
        self.asks = self.answers = self.fallbacks = 0

    # --- life cycle -------------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        for s in (ours, theirs):
            with contextlib.suppress(OSError):
                s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUFFER)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)
        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server.viewproc", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),), env=env, stdin=subprocess.DEVNULL)
        theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self.loop = loop
        self.alive = True
        loop.add_reader(ours.fileno(), self._readable)
        log.info("view process %d started", self.proc.pid)

    def stop(self) -> None:
        self._down(None)
        if self.proc is not None:
            with contextlib.suppress(OSError):
                self.proc.kill()
            with contextlib.suppress(Exception):
                self.proc.wait(timeout=5)
            self.proc = None

    def _down(self, why: str | None) -> None:
        """The child is gone (``why``) or stopping: every held socket is pushed in-process."""
        if not self.alive:
            return
        self.alive = self.up = False
        if why is not None:
            log.error("view process failed (%s): the views are made in-process from now on",
                      why)
        if self.sock is not None and self.loop is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.sock.fileno())
            with contextlib.suppress(Exception):
                self.loop.remove_writer(self.sock.fileno())
            self.sock.close()
        self.sock = None
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.known.clear()
        self.out.clear()
        self.wbuf.clear()
        self.requests.clear()
        self.flight.clear()
        self.done.clear()
        for game_id in list(self.held):
            self._release(game_id, True)

    # --- asking -----------------------------------------------------------------------------

    def prefetch(self, entry: Any, subs: Any) -> None:
        """Ask for the views of ``entry``'s seq while it is being committed (its sockets'
        that push directly, ``subs``): the answer waits in ``done`` for the push, which
        the commit's end starts (never earlier)."""
        if not self.up:
            return
        from . import frames

        wanted = list({frames.view_key(sub.viewer, sub.role, sub.held) for sub in subs
                       if sub.direct is not None})
        if wanted:
            self._request(entry, entry.seq, wanted)

    def preload(self, entry: Any) -> None:
        """Send the child a game the server has just loaded (its copy made off the loop's
        way: a long log takes milliseconds to fold, which a first push would wait for)."""
        if self.up and entry.seq == entry.committed:
            self._sync(entry, entry.seq)
            self._schedule()

    def ready(self, entry: Any, made: Any) -> None:
        """Views of ``entry``'s committed seq answered ahead (``prefetch``) put in its
        frames (``made``)."""
        done = self.done.get(entry.game_id)
        if done is None:
            return
        seq, status, deadline, views, parts = done
        if seq > entry.committed:
            return  # a later seq's, still being committed
        del self.done[entry.game_id]
        if seq == entry.committed and status == entry.status and deadline == entry.deadline:
            from . import frames

            for key, data in views:
                frames.keep(made, key, data, parts)

    def ask(self, entry: Any, wanted: list[Any], subs: list[Any]) -> bool:
        """Hold ``subs`` until the child has answered for ``wanted`` views of ``entry``'s
        committed seq: a request in flight for that seq (asked ahead), or a new one. False
        when the child is not there (push in-process)."""
        if not self.up:
            return False
        game_id = entry.game_id
        held = self.held.get(game_id)
        if held is not None:  # they go along when the request they wait for is answered
            for sub in subs:
                sub.queued = True
            held[1].extend(subs)
            return True
        seq = entry.committed
        rid = self.flight.get(game_id)
        request = self.requests.get(rid) if rid is not None else None
        if (rid is None or request is None or request[1] != seq
                or request[2] != entry.status or request[3] != entry.deadline):
            rid = self._request(entry, seq, wanted)
        for sub in subs:
            sub.queued = True
        self.held[game_id] = (rid, list(subs))
        return True

    def _request(self, entry: Any, seq: int, wanted: list[Any]) -> int:
        game_id = entry.game_id
        self._sync(entry, seq)
        self.rid += 1
        rid = self.rid
        self.requests[rid] = (game_id, seq, entry.status, entry.deadline, time.monotonic())
        self.flight[game_id] = rid
        self.out.append(("V", rid, game_id, seq, entry.status, entry.deadline, wanted))
        self.asks += 1
        self._schedule()
        if self.timer is None:
            assert self.loop is not None
            self.timer = self.loop.call_later(TIMEOUT, self._overdue)
        return rid

    def _schedule(self) -> None:
        """This turn's messages written to the child at the end of the turn, in one write."""
        if not self.flushing and self.loop is not None:
            self.flushing = True
            self.loop.call_soon(self._flush)

    def forget(self, game_id: str) -> None:
        """The server dropped its copy of a game (``Service.evict``: its log may differ
        from what the child was sent): the child's copy goes too, and what it answers for
        the game from now on is ignored."""
        if not self.alive:
            return
        if self.known.pop(game_id, None) is not None:
            self.out.append(("D", game_id))
        self.flight.pop(game_id, None)
        self.done.pop(game_id, None)
        for rid in [r for r, req in self.requests.items() if req[0] == game_id]:
            del self.requests[rid]
        if game_id in self.held:
            self._release(game_id, True)

    def _sync(self, entry: Any, seq: int) -> None:
        """The child's copy of the game brought to ``seq``: its new events, or the game."""
        from . import store

        game_id = entry.game_id
        known = self.known.get(game_id)
        game = entry.game
        if known is not None:
            self.known.move_to_end(game_id)
            if known == seq:
                return
            if game.base_seq <= known < seq:
                start = known - game.base_seq
                self.out.append(("E", game_id, store.events_json(
                    game.events[start:seq - game.base_seq])))
                self.known[game_id] = seq
                return
        self.out.append(("L", game_id, entry.hosted.ruleset.id, game.seed, game.base_seq,
                         game._origin, store.events_json(game.events[:seq - game.base_seq])))
        self.known[game_id] = seq
        while len(self.known) > GAMES:
            old, _ = self.known.popitem(last=False)
            self.out.append(("D", old))

    def _flush(self) -> None:
        self.flushing = False
        if not self.out or not self.alive:
            return
        data = pickle.dumps(self.out, protocol=pickle.HIGHEST_PROTOCOL)
        self.out = []
        self.wbuf += HEADER.pack(len(data))
        self.wbuf += data
        self._write()

    def _write(self) -> None:
        if self.sock is None:
            return
        try:
            sent = self.sock.send(self.wbuf)
        except BlockingIOError:
            sent = 0
        except OSError as exc:
            self._down(f"write: {exc}")
            return
        del self.wbuf[:sent]
        assert self.loop is not None
        if self.wbuf:
            if len(self.wbuf) > WRITE_MAX:
                self._down("it does not read")
                return
            self.loop.add_writer(self.sock.fileno(), self._writable)

    def _writable(self) -> None:
        assert self.loop is not None and self.sock is not None
        self.loop.remove_writer(self.sock.fileno())
        self._write()

    # --- answers ----------------------------------------------------------------------------

    def _readable(self) -> None:
        if self.sock is None:
            return
        try:
            n = self.sock.recv_into(self.chunk)
        except BlockingIOError:
            return
        except OSError as exc:
            self._down(f"read: {exc}")
            return
        if not n:
            self._down("it exited")
            return
        self.rbuf += self.view[:n]
        for data in whole_messages(self.rbuf):
            try:
                answers = pickle.loads(data)
            except Exception as exc:  # noqa: BLE001 -- a broken child: ours to fall back
                self._down(f"an answer that does not read: {exc!r}")
                return
            for answer in answers:
                self._answered(answer)
                if not self.alive:
                    return

    def _answered(self, answer: tuple[Any, ...]) -> None:
        from . import frames

        kind = answer[0]
        if kind == "R":  # started: its imports done
            self.up = True
            log.info("view process ready")
            return
        rid = answer[1]
        request = self.requests.pop(rid, None)
        if request is None:  # given up on (late, or the game forgotten): ignored
            return
        game_id, seq, status, deadline, _ = request
        if self.flight.get(game_id) == rid:
            del self.flight[game_id]
        self.answers += 1
        held = self.held.get(game_id)
        if kind != "V":
            log.warning("the view process could not make the views of %s at %d: %s",
                        game_id, seq, answer[2])
            self.known.pop(game_id, None)  # sent again whole next time
            if held is not None and held[0] == rid:
                self._release(game_id, True)
            return
        views, parts = answer[2], answer[3]
        if held is None or held[0] != rid:  # asked ahead: kept for the push
            done = self.done.get(game_id)
            if done is None or done[0] <= seq:
                self.done[game_id] = (seq, status, deadline, views, parts)
            return
        entry = self.entries.get(game_id)
        if (entry is not None and entry.committed == seq and entry.seq == seq
                and entry.status == status and entry.deadline == deadline):
            made = frames.frames_of(entry)
            for key, data in views:
                frames.keep(made, key, data, parts)
        self._release(game_id, False)

    def _release(self, game_id: str, local: bool) -> None:
        """The game's held sockets pushed now (as ``Hub._push_direct`` would); ``local``:
        with views made in-process, whatever is missing."""
        held = self.held.pop(game_id, None)
        if not held:
            return
        if local:
            self.fallbacks += 1
        pusher = self.pusher
        push_or_wake(None if pusher is None else lambda t, subs: pusher(t, subs, local),
                     game_id, held[1])

    def _overdue(self) -> None:
        """Requests unanswered past ``TIMEOUT``: their sockets pushed with in-process views
        (the answer, should it come, is ignored)."""
        self.timer = None
        now = time.monotonic()
        late = [rid for rid, req in self.requests.items() if now - req[4] >= TIMEOUT]
        if late:
            log.warning("the view process is late (%d requests past %.1f s): their views "
                        "made in-process", len(late), TIMEOUT)
            for rid in late:  # the child's copy stays: it reads every message in order
                game_id = self.requests.pop(rid)[0]
                if self.flight.get(game_id) == rid:
                    del self.flight[game_id]
                held = self.held.get(game_id)
                if held is not None and held[0] == rid:
                    self._release(game_id, True)
        if self.requests and self.alive and self.loop is not None:
            oldest = min(req[4] for req in self.requests.values())
            self.timer = self.loop.call_later(max(0.01, oldest + TIMEOUT - now), self._overdue)


# --- the child --------------------------------------------------------------------------------


class Views:
    """The child's games and what it makes of them (also used in-process by the tests)."""

    def __init__(self) -> None:
        self.games: dict[str, Any] = {}

    def handle(self, msg: tuple[Any, ...]) -> tuple[Any, ...] | None:
        kind = msg[0]
        if kind == "V":
            _, rid, game_id, seq, status, deadline, wanted = msg
            try:
                return ("V", rid, *self.views(game_id, seq, status, deadline, wanted))
            except Exception as exc:  # noqa: BLE001 -- told to the server, which falls back
                self.games.pop(game_id, None)
                return ("X", rid, repr(exc))
        try:
            if kind == "L":
                self.load(*msg[1:])
            elif kind == "E":
                entry = self.games.get(msg[1])
                if entry is not None:
                    from . import store

                    entry.game.append(store.events_from_json(entry.hosted.ruleset.id, msg[2]))
                    entry.committed = entry.game.seq
            elif kind == "D":
                self.games.pop(msg[1], None)
        except Exception:  # noqa: BLE001 -- the game is forgotten: its views answer an error
            self.games.pop(msg[1], None)
        return None

    def load(self, game_id: str, ruleset_id: str, seed: Any, base_seq: int,
             origin: str | None, events_json: str) -> None:
        from engine.kernel import Game, Snapshot

        from . import store
        from .rulesets import hosted
        from .service import Entry

        h = hosted(ruleset_id)
        events = store.events_from_json(ruleset_id, events_json)
        if origin is None:
            game: Game[Any] = Game(h.ruleset, seed, events)
        else:
            game = Game.from_snapshot(h.ruleset, seed, Snapshot(base_seq, origin), events)
        self.games[game_id] = Entry(game_id, h, game, "", set(), None, 0,
                                    committed=game.seq)

    def views(self, game_id: str, seq: int, status: str, deadline: Any,
              wanted: list[Any]) -> tuple[list[tuple[Any, bytes]], Any]:
        """The view messages of ``wanted`` (``frames.ViewKey``s) at ``seq``, each with its
        key, and the digests of the seq's shared parts (``frames.Parts``)."""
        from . import frames

        entry = self.games.get(game_id)
        if entry is None:
            raise LookupError(f"no copy of {game_id}")
        if entry.seq != seq:
            raise LookupError(f"the copy of {game_id} is at {entry.seq}, not {seq}")
        entry.status = status
        entry.deadline = deadline
        entry.committed = seq
        views = [(key, frames.view_bytes(entry, *key)) for key in wanted]
        return views, frames.frames_of(entry).parts


def serve(fd: int) -> None:
    """The child's loop: read a batch, answer it in one write, until the server goes."""
    sock = socket.socket(fileno=fd)
    sock.setblocking(True)
    views = Views()
    ready = pickle.dumps([("R",)])
    sock.sendall(HEADER.pack(len(ready)) + ready)
    buf = bytearray()
    chunk = bytearray(READ)
    view = memoryview(chunk)
    while True:
        n = sock.recv_into(chunk)
        if not n:
            return
        buf += view[:n]
        answers: list[tuple[Any, ...]] = []
        for data in whole_messages(buf):
            for msg in pickle.loads(data):
                answer = views.handle(msg)
                if answer is not None:
                    answers.append(answer)
        if answers:
            data = pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
            sock.sendall(HEADER.pack(len(data)) + data)


def main() -> None:
    fd = int(sys.argv[1])
    # the serving process's settings of the collector (``gcpolicy``): young collections
    # only, what start-up imported frozen
    from . import frames, gcpolicy, service, store  # noqa: F401 -- imported once, frozen

    gcpolicy.configure()
    gcpolicy.freeze_startup()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError, KeyboardInterrupt):
        serve(fd)


if __name__ == "__main__":
    main()
