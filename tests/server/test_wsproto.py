"""The fast send (``server/wsproto.py``: ``Protocol.send_now``, ``send_text``): frames
written straight to the transport are byte for byte what the ordinary path writes; flow
control, pings and the close handshake behave as before; without the extension (TestClient)
messages go the ordinary way. A real uvicorn serves a small app that sends through
``wsproto.send_text``; the client is a raw socket, so the bytes on the wire are checked."""

from __future__ import annotations

import asyncio
import base64
import importlib.metadata
import inspect
import json
import logging
import os
import socket
import struct
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol as SansIO
from websockets.streams import StreamReader

from server import ws as wsmod
from server import wsproto
from server.wsproto import FAST, Protocol, frame_header

from .conftest import uvicorn_thread

BIG = 50_000  # bytes a message in the flow-control test
MANY = 400  # messages: far more than the socket buffers hold


@pytest.mark.parametrize("n", [0, 1, 125, 126, 65535, 65536, 70000])
def test_a_text_frame_is_what_websockets_serializes(n: int) -> None:
    payload = b"x" * n
    assert frame_header(n) + payload == Frame(Opcode.TEXT, payload).serialize(mask=False,
                                                                        extensions=[])


async def _echo_app(websocket: WebSocket) -> None:
    """Sends what each command asks for: ``same`` (one message the fast way and the ordinary
    way), ``burst`` (``MANY`` big ones through ``ws``, counting the fast ones)."""
    write = websocket.scope["extensions"][FAST]
    fast = 0

    def counting(frame: bytes) -> bool:
        nonlocal fast
        took = bool(write(frame))
        fast += took
        return took

    websocket.scope["extensions"][FAST] = counting
    await websocket.accept()
    while True:
        msg = await websocket.receive()
        if msg["type"] == "websocket.disconnect":
            return
        cmd = msg.get("text") or ""
        if cmd == "same":
            text = wsmod.dumps({"type": "events", "é": "ü" * 200})
            await wsproto.send_text(websocket, text)  # the fast path
            await websocket.send_text(text)  # the ordinary path
            await wsproto.send_text(websocket, wsmod.dumps({"type": "fast", "n": fast}))
        elif cmd == "burst":
            fast = 0
            for i in range(MANY):
                await wsproto.send_text(websocket, wsmod.dumps({"i": i, "pad": "p" * BIG}))
            await wsproto.send_text(websocket, wsmod.dumps({"type": "fast", "n": fast}))
        elif cmd == "queue":
            name = type(write.__self__.queue).__name__
            await wsproto.send_text(websocket, wsmod.dumps({"type": "queue", "name": name}))
        elif cmd == "close":
            await websocket.close(code=4000)
            return


@pytest.fixture
def served() -> Iterator[int]:
    """uvicorn with our ``Protocol`` in a thread; its port."""
    app = Starlette(routes=[WebSocketRoute("/ws", _echo_app)])
    with uvicorn_thread(app, ws=Protocol, lifespan="off", ws_per_message_deflate=False,
                        ws_ping_interval=None) as port:
        yield port


class Raw:
    """A websocket client on a bare socket: the server's frames as bytes."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           ).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def exact(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            assert chunk, "connection closed"
            out += chunk
        return out

    def frame(self) -> bytes:
        """The next frame, header and payload, as it came."""
        head = self.exact(2)
        n = head[1] & 0x7F
        ext = self.exact(2 if n == 126 else 8 if n == 127 else 0)
        if ext:
            n = struct.unpack("!H" if len(ext) == 2 else "!Q", ext)[0]
        return head + ext + self.exact(n)

    def send(self, opcode: Opcode, data: bytes) -> None:
        self.sock.sendall(Frame(opcode, data).serialize(mask=True, extensions=[]))


def _payload(frame: bytes) -> Any:
    n = frame[1] & 0x7F
    return json.loads(frame[2 + (2 if n == 126 else 8 if n == 127 else 0):])


def test_the_fast_frame_is_byte_identical_to_the_ordinary_one(served: int) -> None:
    c = Raw(served)
    c.send(Opcode.TEXT, b"same")
    fast, ordinary, count = c.frame(), c.frame(), c.frame()
    assert fast == ordinary
    assert _payload(count) == {"type": "fast", "n": 1}  # the first went the fast way


def test_a_client_that_stops_reading_gets_everything_in_order_once_it_reads(
        served: int) -> None:
    c = Raw(served)
    c.send(Opcode.TEXT, b"burst")
    time.sleep(1.0)  # not reading: the server's transport pauses (flow control)
    got = [_payload(c.frame()) for _ in range(MANY + 1)]
    assert [m["i"] for m in got[:MANY]] == list(range(MANY))
    assert all(len(m["pad"]) == BIG for m in got[:MANY])
    fast = got[-1]["n"]
    assert 0 < fast < MANY  # some written at once, the rest waited for the client


def test_ping_pong_and_the_close_handshake_still_work(served: int) -> None:
    c = Raw(served)
    c.send(Opcode.TEXT, b"same")
    c.frame(), c.frame(), c.frame()
    c.send(Opcode.PING, b"abcd")
    pong = c.frame()
    assert pong == Frame(Opcode.PONG, b"abcd").serialize(mask=False, extensions=[])
    c.send(Opcode.TEXT, b"close")
    close = c.frame()
    assert close[0] == 0x88 and struct.unpack("!H", close[2:4])[0] == 4000


def test_without_the_extension_messages_go_the_ordinary_way() -> None:
    async def app(websocket: WebSocket) -> None:
        assert FAST not in websocket.scope.get("extensions", {})
        await websocket.accept()
        await wsproto.send_text(websocket, wsmod.dumps({"type": "a"}))
        await wsproto.send_text(websocket, wsmod.dumps({"type": "b"}))
        await websocket.close()

    with TestClient(Starlette(routes=[WebSocketRoute("/ws", app)])) as client, \
            client.websocket_connect("/ws") as conn:
        assert conn.receive_json() == {"type": "a"}
        assert conn.receive_json() == {"type": "b"}


class _Wire:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.reading: list[str] = []  # pauses and resumes of the socket's reads

    def pause_reading(self) -> None:
        self.reading.append("pause")

    def resume_reading(self) -> None:
        self.reading.append("resume")

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False


def _open_protocol() -> tuple[Protocol, _Wire]:
    """A ``Protocol`` past its handshake, on a fake transport (no server needed)."""
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    proto = Protocol.__new__(Protocol)
    proto.handshake_complete, proto.close_sent, proto.disconnected = True, False, False
    proto.initial_response = None
    proto.writable = asyncio.Event()
    proto.writable.set()
    proto.conn = ServerProtocol()
    proto.conn.state = State.OPEN
    proto.slow_sends = 0
    wire = _Wire()
    proto.transport = wire  # type: ignore[assignment]
    return proto, wire


def test_a_frame_does_not_overtake_an_ordinary_send_still_waiting() -> None:
    proto, wire = _open_protocol()
    proto.slow_sends = 1  # an ASGI send of this socket waits for ``writable``
    assert not proto.send_now(b"{}")
    proto.conn.writes.append(b"pong")  # websockets' own bytes not yet written
    proto.slow_sends = 0
    assert not proto.send_now(b"{}")
    proto.conn.writes.clear()
    assert proto.send_now(b"{}")
    assert wire.written == [b"\x81\x02{}"]


def test_reads_pause_only_once_several_messages_wait_for_the_app() -> None:
    """uvicorn paused a socket's reads after every message and resumed them when the app
    took it (two changes of the socket's epoll interest per command); ours pause once
    ``QUEUED`` messages wait, and resume once the app has taken them all, in order."""
    from server.wsproto import QUEUED

    async def run() -> None:
        proto, wire = _open_protocol()
        proto.queue = asyncio.Queue()
        proto.read_paused = False
        for i in range(QUEUED + 2):
            if i == QUEUED - 1:
                assert wire.reading == []  # a message or a few waiting: reads go on
            proto.curr_msg_data_type = "text"
            proto.frames = [f"m{i}".encode()]
            proto.send_receive_event_to_app()
        assert wire.reading == ["pause"]  # once, at QUEUED: a client cannot queue more
        got = [dict(await proto.receive()).get("text") for _ in range(QUEUED + 2)]
        assert got == [f"m{i}" for i in range(QUEUED + 2)]
        assert wire.reading == ["pause", "resume"] and not proto.read_paused

    asyncio.run(run())


# -- the way in: a lone text frame read without websockets' parser ----------------------

class _Closable(_Wire):
    def __init__(self) -> None:
        super().__init__()
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed


def _reading_protocol(own: bool, max_size: int = 300) -> tuple[Protocol, _Closable]:
    """A ``Protocol`` whose websockets connection went through a real handshake (its parser
    waits for the first frame), reading with (``own``) or without its own parse."""
    import logging

    from websockets.server import ServerProtocol

    proto = Protocol.__new__(Protocol)
    proto.handshake_complete, proto.close_sent, proto.disconnected = True, False, False
    proto.initial_response = None
    proto.writable = asyncio.Event()
    proto.writable.set()
    proto.slow_sends = 0
    proto.frames, proto.curr_msg_data_type = [], "bytes"
    proto.queue = asyncio.Queue()
    proto.read_paused = False
    proto.logger = logging.getLogger("test.wsproto")  # its "Invalid UTF-8" quiet
    proto.logger.setLevel(logging.CRITICAL + 1)
    proto.pending_ping_payload, proto.close_timer = None, None
    proto.own_parse = own
    conn = ServerProtocol(max_size=max_size)
    key = base64.b64encode(b"k" * 16).decode()
    conn.receive_data((f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                       f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                       "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    request: Any = conn.events_received()[0]
    conn.send_response(conn.accept(request))
    conn.data_to_send()
    proto.conn = conn
    wire = _Closable()
    proto.transport = wire  # type: ignore[assignment]
    return proto, wire


def _client_frame(opcode: Opcode, data: bytes, *, fin: bool = True, rsv1: bool = False,
                  masked: bool = True, ext127: bool = False) -> bytes:
    raw = Frame(opcode, data, fin=fin).serialize(mask=masked, extensions=[])
    if rsv1:  # websockets will not write it; the bit set by hand
        raw = bytes((raw[0] | 0x40,)) + raw[1:]
    if ext127:  # the same frame with a 64-bit length (legal, if wasteful)
        head, rest = raw[:2], raw[2:]
        n = head[1] & 0x7F
        if n == 126:
            rest = rest[2:]
            n = len(data)
        rest = struct.pack("!Q", len(data)) + rest
        raw = bytes((head[0], (head[1] & 0x80) | 127)) + rest
    return raw


def _seen(proto: Protocol, wire: _Closable) -> tuple[Any, ...]:
    got = []
    while not proto.queue.empty():
        got.append(proto.queue.get_nowait())
    return (got, b"".join(wire.written), wire.closed, wire.reading, proto.close_sent,
            proto.conn.state, proto.conn.current_size)


_FRAMES = [
    _client_frame(Opcode.TEXT, b'{"type":"command","seq":3}'),
    _client_frame(Opcode.TEXT, "é ü".encode() * 30),  # 16-bit length
    _client_frame(Opcode.TEXT, b"x" * 200, ext127=True),
    _client_frame(Opcode.TEXT, b""),
    _client_frame(Opcode.TEXT, b"y" * 301),  # over the size cap: closes 1009
    _client_frame(Opcode.TEXT, b"\xff\xfe"),  # not UTF-8: closes 1007
    _client_frame(Opcode.TEXT, b"unmasked", masked=False),  # a protocol error
    _client_frame(Opcode.TEXT, b"rsv", rsv1=True),  # a protocol error (no extension)
    _client_frame(Opcode.BINARY, b"bin"),
    _client_frame(Opcode.TEXT, b"frag", fin=False),
    _client_frame(Opcode.CONT, b"ment", fin=False),
    _client_frame(Opcode.CONT, b"ed"),
    _client_frame(Opcode.PING, b"pi"),
    _client_frame(Opcode.PONG, b"po"),
    _client_frame(Opcode.CLOSE, struct.pack("!H", 1000) + b"bye"),
]


def test_a_lone_text_frame_is_read_without_websockets_parser() -> None:
    own, _ = _reading_protocol(True)
    calls: list[bytes] = []
    own.conn.receive_data = calls.append  # type: ignore[method-assign,assignment]
    own.data_received(_client_frame(Opcode.TEXT, b'{"type":"ping"}'))
    own.data_received(_client_frame(Opcode.TEXT, b"z" * 200))
    assert calls == []  # websockets' parser never saw them
    assert [own.queue.get_nowait() for _ in range(2)] == [
        {"type": "websocket.receive", "text": '{"type":"ping"}'},
        {"type": "websocket.receive", "text": "z" * 200}]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(_FRAMES))), min_size=1, max_size=8),
       st.lists(st.integers(min_value=1, max_value=400), max_size=6), st.booleans())
def test_reads_give_the_app_what_websockets_parser_gives(picks: list[int], cuts: list[int],
                                                         by_frame: bool) -> None:
    """Any reads -- frames of every kind, whole, split anywhere or several in one read --
    give the app the same messages and the client the same bytes, closes and state as
    uvicorn's way with websockets' parser."""
    stream = b"".join(_FRAMES[i] for i in picks)
    if by_frame:  # a read a frame (what a client mostly sends), else cut anywhere
        cuts = [len(b"".join(_FRAMES[i] for i in picks[:k])) for k in range(1, len(picks))]
    points = sorted({min(c, len(stream)) for c in cuts} | {len(stream)})
    reads, last = [], 0
    for p in points:
        if p > last:
            reads.append(stream[last:p])
            last = p
    outcomes = []
    for own in (True, False):
        proto, wire = _reading_protocol(own)
        raised = None
        for data in reads:
            if wire.closed:
                break
            try:  # uvicorn's own way can raise (a bad text, then a close, in one read)
                proto.data_received(data)
            except Exception as exc:
                raised = repr(exc)
                break
        outcomes.append((raised, *_seen(proto, wire)))
    assert outcomes[0] == outcomes[1]


def test_a_text_frame_split_across_reads_or_fragmented_arrives_whole(served: int) -> None:
    c = Raw(served)
    frame = _client_frame(Opcode.TEXT, b"same")
    c.sock.sendall(frame[:3])  # the header, then the rest: websockets' parser holds it
    time.sleep(0.1)
    c.sock.sendall(frame[3:])
    fast, ordinary, count = c.frame(), c.frame(), c.frame()
    assert fast == ordinary and _payload(count)["type"] == "fast"
    c.sock.sendall(_client_frame(Opcode.TEXT, b"sa", fin=False)
                   + _client_frame(Opcode.CONT, b"me"))
    fast, ordinary, count = c.frame(), c.frame(), c.frame()
    assert fast == ordinary and _payload(count)["type"] == "fast"
    c.send(Opcode.TEXT, b"same")  # and a lone frame after them, read our way
    fast, ordinary, count = c.frame(), c.frame(), c.frame()
    assert fast == ordinary and _payload(count)["type"] == "fast"


def test_a_read_that_looks_like_a_frame_but_continues_one_is_left_to_websockets() -> None:
    """The first read holds only a frame's header (websockets' parser now waits for its
    mask, its buffer empty); the second looks like a whole text frame of its own but is
    that frame's mask and payload: no message yet, whichever way reads."""
    lone = _client_frame(Opcode.TEXT, b"looks whole")
    header = bytes((0x81, 0x80 | len(lone)))  # then a mask and len(lone) bytes
    outcomes = []
    for own in (True, False):
        proto, wire = _reading_protocol(own)
        proto.data_received(header)
        proto.data_received(lone)
        assert proto.queue.empty()
        proto.data_received(b"tail")  # the rest of the first frame: now it is whole
        assert not proto.queue.empty()  # a message (or, not UTF-8, the close)
        outcomes.append(_seen(proto, wire))
    assert outcomes[0] == outcomes[1]


def test_the_mailbox_hands_messages_over_in_order_as_uvicorn_s_queue_did() -> None:
    """``Mailbox`` (uvicorn's ``asyncio.Queue`` replaced): messages in the order put, to
    getters in the order they waited; a getter cancelled after it was woken passes the
    message on; ``empty``/``qsize`` as the queue's."""
    from server.wsproto import Mailbox

    async def run() -> None:
        box = Mailbox(asyncio.get_running_loop())
        assert box.empty() and box.qsize() == 0
        box.put_nowait(1)
        box.put_nowait(2)
        assert box.qsize() == 2 and not box.empty()
        assert [await box.get(), await box.get()] == [1, 2]
        first = asyncio.ensure_future(box.get())
        second = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        box.put_nowait("a")
        box.put_nowait("b")
        assert [await first, await second] == ["a", "b"]
        woken = asyncio.ensure_future(box.get())
        other = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        box.put_nowait("c")  # wakes ``woken``, which is cancelled before it runs
        woken.cancel()
        assert await other == "c"
        with pytest.raises(asyncio.CancelledError):
            await woken
        waiting = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        waiting.cancel()  # cancelled while waiting: gone from the getters
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert not box.getters
        box.put_nowait("d")
        assert await box.get() == "d" and box.empty()

    asyncio.run(run())


def test_the_protocol_s_messages_wait_in_a_mailbox(served: int) -> None:
    c = Raw(served)
    c.send(Opcode.TEXT, b"queue")
    assert _payload(c.frame()) == {"type": "queue", "name": "Mailbox"}


@pytest.mark.parametrize("own", [True, False])
def test_invalid_utf8_closes_with_a_one_line_warning(own: bool,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """A text frame that is not UTF-8 closes the connection with 1007, as uvicorn does, and
    leaves one warning line in the log, not an error with its traceback: a client's mistake,
    not the server's (whichever way the frame was read)."""
    proto, wire = _reading_protocol(own)
    proto.logger = logging.getLogger("test.wsproto.utf8")
    with caplog.at_level(logging.WARNING, logger="test.wsproto.utf8"):
        proto.data_received(_client_frame(Opcode.TEXT, b"\xff\xfe"))
    records = [r for r in caplog.records if r.name == "test.wsproto.utf8"]
    assert [(r.levelno, r.exc_info) for r in records] == [(logging.WARNING, None)]
    assert "invalid UTF-8" in records[0].getMessage()
    assert Frame(Opcode.CLOSE, struct.pack("!H", 1007)).serialize(
        mask=False, extensions=[]) in b"".join(wire.written)
    assert [proto.queue.get_nowait() for _ in range(proto.queue.qsize())] == [
        {"type": "websocket.disconnect", "code": 1007, "reason": ""}]


# --- what the protocol relies on of uvicorn and websockets ---------------------------------


def test_uvicorn_and_websockets_are_the_versions_it_was_written_for() -> None:
    """``server/wsproto.py`` subclasses uvicorn's private protocol and reads the state of
    websockets' parser: installed at another version than it was written and checked for
    (``WRITTEN_FOR``, the pins of pyproject.toml), it fails here, loudly."""
    for package, version in wsproto.WRITTEN_FOR.items():
        installed = importlib.metadata.version(package)
        assert installed == version, (
            f"{package} {installed} is installed, server/wsproto.py was written for {version}: "
            "check what it overrides and reads against the new version (this file's tests), "
            "then update WRITTEN_FOR")


OVERRIDDEN = ("send", "data_received", "send_receive_event_to_app", "handle_connect")


def test_the_private_parts_it_relies_on_are_there() -> None:
    """The methods it overrides (with uvicorn's arguments), the methods it calls and the
    attributes it reads and writes, on a protocol as uvicorn makes it (its parser's
    generators are checked by reading frames: the tests above)."""
    base = WebSocketsSansIOProtocol
    for name in (*OVERRIDDEN, "handle_parser_exception", "handle_text", "handle_cont",
                 "pause_writing", "resume_writing", "receive"):
        assert callable(getattr(base, name, None)), name
    for name in OVERRIDDEN:
        assert list(inspect.signature(getattr(base, name)).parameters) == list(
            inspect.signature(getattr(Protocol, name)).parameters), name
    assert SansIO.parse.__code__ is wsproto._PARSE
    assert StreamReader.at_eof.__code__ is wsproto._AT_EOF
    config = Config(_no_app, ws_per_message_deflate=False)
    config.load()
    loop = asyncio.new_event_loop()
    try:
        proto = Protocol(config, ServerState(), {}, _loop=loop)
        for name in ("conn", "queue", "frames", "curr_msg_data_type", "read_paused",
                     "close_sent", "disconnected", "handshake_complete", "initial_response",
                     "writable", "logger", "loop", "client"):
            assert hasattr(proto, name), name
        assert isinstance(proto.queue, wsproto.Mailbox)
        for name in ("state", "extensions", "current_size", "debug", "max_message_size",
                     "max_fragment_size", "parser", "reader", "writes",
                     "expect_continuation_frame"):
            assert hasattr(proto.conn, name), name
        assert hasattr(proto.conn.reader, "buffer")
    finally:
        loop.close()


async def _no_app(scope: Any, receive: Any, send: Any) -> None:
    """Never called: the protocol is only made."""
