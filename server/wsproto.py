"""Our websocket protocol for uvicorn: its own, plus a way to write a text frame at once.

A message sent the ASGI way (``websocket.send_text``) goes through Starlette's ``send``
(its state checks, the middleware's wrapped ``send``), uvicorn's protocol (``await
writable.wait()``, ``str.encode``) and websockets' ``Protocol`` (``send_text`` ->
``send_frame`` -> ``Frame.serialize`` -> ``data_to_send`` -> ``b"".join``) before
``transport.write``: a few microseconds a message, four messages a command
(``docs/performance.md``, "The levers": direct pushes, a frame written straight to the
transport).

``Protocol`` is uvicorn's sans-I/O protocol, unchanged but for one thing: at the handshake
it puts ``send_now`` in the ASGI scope's ``extensions`` (``FAST``). ``send_now(payload)``
writes one unfragmented, unmasked text frame (RFC 6455, 5.2: a server's frames are not
masked) straight to the transport -- when, and only when, the normal way would have written
it at once (``send_now`` lists what that takes). Otherwise it answers False and the caller
sends the normal way, so closing handshakes, back-pressure and errors behave exactly as
before. What a client sends is read and checked by websockets (masking, fragments,
control frames, the size cap), but for the usual read of one whole small text frame, which
``data_received`` unmasks itself when websockets' parser would hand it on unchanged.

``send_text(websocket, text)`` is the one helper the server's sockets send with: the fast
way when the socket has it, the ASGI way otherwise (Starlette's TestClient, another server);
``send_frames`` the same for frames given by their parts (a socket's push).

This reaches into uvicorn's and websockets' private parts (the attributes of uvicorn's
``WebSocketsSansIOProtocol`` and of websockets' ``Protocol``, the shape of its parser's
generators), so it is written for the versions pyproject.toml pins (``WRITTEN_FOR``):
``tests/server/test_wsproto.py`` fails on any other, and checks each part this relies on, so
an upgrade is a deliberate step (run that file, read uvicorn's changes to the methods
overridden here, then update ``WRITTEN_FOR``). What it pays: the direct pushes it allows
carried 1.20-1.29x the commands at 1,000 games for 0.83-0.87x the CPU a command
(``docs/performance.md``, the levers).
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import apply_mask
from websockets.protocol import Protocol as SansIO
from websockets.protocol import State
from websockets.streams import StreamReader

# the versions of the packages whose private parts this module uses (pyproject.toml pins them)
WRITTEN_FOR = {"uvicorn": "0.54.0", "websockets": "17.4"}
FAST = "starport.send_now"  # the scope extension's key
TEXT_FIN = 0x81  # FIN bit and the text opcode (RFC 6455, 5.2)
QUEUED = 4  # messages a socket's reads may hold for the app before they pause
# text frames given by their payloads' parts, joined when written (``Protocol.send_frames``)
Frames = list[list[bytes | memoryview]]


_HEADER_16 = struct.Struct("!BBH").pack  # the 16-bit extended length (one call, not three)
_HEADER_64 = struct.Struct("!BBQ").pack
_LENGTH_16 = struct.Struct("!H").unpack_from
MASKED_16 = 0xFE  # a client's frame header's second byte: masked, 16-bit length follows
# websockets' parser between two frames: ``Protocol.parse`` waiting in ``StreamReader.at_eof``
_PARSE = SansIO.parse.__code__
_AT_EOF = StreamReader.at_eof.__code__


def frame_header(length: int) -> bytes:
    """The header of an unmasked, final text frame whose payload is ``length`` bytes."""
    if length < 126:
        return bytes((TEXT_FIN, length))
    if length < 1 << 16:
        return _HEADER_16(TEXT_FIN, 126, length)
    return _HEADER_64(TEXT_FIN, 127, length)


class Mailbox:
    """What uvicorn's protocol uses of an ``asyncio.Queue`` (``put_nowait``, ``get``,
    ``empty``, ``qsize``) for the messages of one socket to its app, for less: no
    ``get_running_loop`` (a ``getpid`` system call in Python 3.11) per ``get``, no
    ``task_done`` bookkeeping, no putters (it is unbounded). Getters wait in order; one
    cancelled after it was woken passes the wake-up on, as ``asyncio.Queue.get`` does."""

    __slots__ = ("items", "getters", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.items: deque[Any] = deque()
        self.getters: deque[asyncio.Future[None]] = deque()
        self.loop = loop

    def put_nowait(self, item: Any) -> None:
        self.items.append(item)
        self._wake()

    def _wake(self) -> None:
        getters = self.getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                return

    async def get(self) -> Any:
        items = self.items
        while not items:
            getter = self.loop.create_future()
            self.getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                with contextlib.suppress(ValueError):
                    self.getters.remove(getter)
                if items and not getter.cancelled():
                    self._wake()  # woken, then cancelled: the next getter takes it
                raise
        return items.popleft()

    def empty(self) -> bool:
        return not self.items

    def qsize(self) -> int:
        return len(self.items)


class Protocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with ``send_now`` in the scope (see the module)."""

    own_parse = True  # a lone text frame read without websockets' parser (``data_received``)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Mailbox(self.loop)  # type: ignore[assignment]  # uvicorn's Queue's part
        self.slow_sends = 0  # sends under way the ASGI way (waiting for ``writable``)

    async def send(self, message: Any) -> None:
        """uvicorn's, counted: while one waits, ``send_now`` declines (frames keep order)."""
        self.slow_sends += 1
        try:
            await super().send(message)
        finally:
            self.slow_sends -= 1

    def data_received(self, data: bytes) -> None:
        """uvicorn's, but a read that is exactly one whole, final, masked text frame of
        under 64 KiB, arriving between two frames of an open connection without
        compression or a fragmented message under way, is unmasked here and handed to the
        app (``handle_text``) without websockets' generator-based parser (``Frame.parse``:
        a dozen generator steps a frame). Everything else -- control frames, fragments,
        binary frames, several frames or part of one in a read, reserved bits, a frame over
        the size cap -- goes websockets' way, as before (``_one_text``)."""
        payload = self._one_text(data) if self.own_parse else None
        if payload is None:
            super().data_received(data)
            return
        self.curr_msg_data_type = "text"
        self.frames = [payload]
        self.send_receive_event_to_app()

    def _one_text(self, data: bytes) -> bytes | None:
        """The unmasked payload of ``data`` when it is one text frame websockets' parser
        would hand on unchanged and nothing else (see ``data_received``); else None."""
        size = len(data)
        if size < 6 or data[0] != TEXT_FIN:
            return None
        length = data[1] - 0x80  # the mask bit must be set (RFC 6455, 5.3)
        if length < 0:
            return None
        start = 6
        if length == 126:
            if size < 8:
                return None
            length, start = _LENGTH_16(data, 2)[0], 8
        elif length == 127:
            return None
        conn = self.conn
        if (size != start + length or conn.state is not State.OPEN or conn.extensions
                or conn.current_size is not None or conn.debug or self.close_sent
                or (conn.max_message_size is not None and length > conn.max_message_size)
                or (conn.max_fragment_size is not None and length > conn.max_fragment_size)):
            return None
        parser: Any = conn.parser  # ServerProtocol.parse -> Protocol.parse -> at_eof
        inner = parser.gi_yieldfrom
        inner = inner.gi_yieldfrom if inner is not None and inner.gi_code is _PARSE else None
        if inner is None or inner.gi_code is not _AT_EOF or conn.reader.buffer:
            return None
        return apply_mask(data[start:], data[start - 4:start])

    def send_receive_event_to_app(self) -> None:
        """uvicorn's, but the socket's reads pause only once ``QUEUED`` messages wait for
        the app, not after each one: uvicorn stops reading after every message and starts
        again when the app takes it, which makes libuv change the socket's epoll interest
        twice per message (an ``io_uring_enter`` or two ``epoll_ctl`` system calls a
        command). A client still cannot queue more than ``QUEUED`` messages unread."""
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past ``websocket.close``: read on until the peer's close
            return
        if self.curr_msg_data_type == "text":
            try:
                text = data.decode()
            except UnicodeDecodeError:  # as uvicorn, close 1007; a line, not a traceback
                client = getattr(self, "client", None)
                self.logger.warning("%sinvalid UTF-8 in a text message: closed (1007)",
                                    f"{client[0]}:{client[1]} - " if client else "")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": data})
        if not self.read_paused and self.queue.qsize() >= QUEUED:
            self.read_paused = True
            self.transport.pause_reading()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the upgrade was accepted: the app gets the scope
            scope["extensions"][FAST] = self.send_now

    def writable_now(self) -> bool:
        """A frame written now goes out as the normal way would write it: False when the
        normal way must be taken: not yet or no longer open, the transport's buffer full, an
        ASGI send still waiting (this frame would overtake it), bytes of websockets' own not
        yet written, or a compression extension in use."""
        conn = self.conn
        return not (self.close_sent or self.disconnected or not self.handshake_complete
                    or self.initial_response is not None or not self.writable.is_set()
                    or conn.state is not State.OPEN or self.transport.is_closing()
                    or self.slow_sends or conn.writes or conn.extensions
                    or conn.expect_continuation_frame)

    def send_now(self, payload: bytes) -> bool:
        """Write ``payload`` as one text frame now; False (nothing written) when the normal
        way must be taken (``writable_now``)."""
        if not self.writable_now():
            return False
        self.transport.write(frame_header(len(payload)) + payload)
        return True

    def send_frames(self, frames: Frames) -> bool:
        """Text frames written now, in one ``write`` (one system call): each frame's payload
        is its parts joined (a seat's push is its events, the link's view and maybe an ack,
        each encoded once, then maybe its ``your_turn``: ``pushes.seat_frames``), copied
        once with the frames' headers; False (nothing written) when the normal way must be
        taken (``writable_now``)."""
        if not self.writable_now():
            return False
        out: list[bytes | memoryview] = []
        for parts in frames:
            out.append(frame_header(sum(map(len, parts))))
            out += parts
        self.transport.write(b"".join(out))
        return True


def fast_sender(websocket: WebSocket) -> Callable[[bytes], bool] | None:
    """The socket's ``send_now``, when our protocol serves it."""
    extensions = websocket.scope.get("extensions") or {}
    sender: Callable[[bytes], bool] | None = extensions.get(FAST)
    return sender


FramesSender = Callable[[Frames], bool]


def frames_sender(websocket: WebSocket) -> FramesSender | None:
    """The socket's ``send_frames``, when our protocol serves it."""
    sender = fast_sender(websocket)
    proto = getattr(sender, "__self__", None)
    return proto.send_frames if isinstance(proto, Protocol) else None


async def send_text(websocket: WebSocket, text: str) -> None:
    """Send ``text``: at once when the socket allows it, else the ASGI way."""
    fast = fast_sender(websocket)
    if fast is None or not fast(text.encode()):
        await websocket.send_text(text)


async def send_frames(websocket: WebSocket, frames: Frames) -> None:
    """Send text frames given by their parts: at once and in one write when the socket
    allows it, else one by one the ASGI way."""
    fast = frames_sender(websocket)
    if fast is None or not fast(frames):
        for parts in frames:
            await websocket.send_text(b"".join(parts).decode())
