"""The fast send (``server/wsproto.py``: ``Protocol.send_now``, ``send_text``): frames
written straight to the transport are byte for byte what the ordinary path writes; flow
control, pings and the close handshake behave as before; without the extension (TestClient)
messages go the ordinary way. A real uvicorn serves a small app that sends through
``wsproto.send_text``; the client is a raw socket, so the bytes on the wire are checked."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket
from websockets.frames import Frame, Opcode

from server import ws as wsmod
from server import wsproto
from server.wsproto import FAST, Protocol, frame_header

from .conftest import free_port

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
        elif cmd == "close":
            await websocket.close(code=4000)
            return


@pytest.fixture
def served() -> Iterator[int]:
    """uvicorn with our ``Protocol`` in a thread; its port."""
    app = Starlette(routes=[WebSocketRoute("/ws", _echo_app)])
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=Protocol,
                                           lifespan="off", log_level="warning",
                                           ws_per_message_deflate=False, ws_ping_interval=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started
    yield port
    server.should_exit = True
    thread.join(timeout=10)


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
