"""A game message from our bytes to the socket: uvicorn's websocket protocol with a fast send.

uvicorn's sans-I/O websocket protocol sends a text message through Starlette's ``send``, its
own ``send`` (an ``await`` on the ``writable`` event, ``str.encode``), websockets'
``send_text`` -> ``send_frame`` -> ``Frame.serialize`` -> ``data_to_send`` and a join before
``transport.write``: ~11.5% of the server's samples for one frame a socket a command
(``docs/performance.md``, "The sixth round"). Server frames are unmasked and, without
compression (DESIGN.md: none), a text frame is a 2/4/10-byte header and the payload, so
``FrameSend`` puts ``write_frame`` into the ASGI scope's extensions (``FRAME_WRITE``): it
writes a frame made by ``text_frame`` straight to the transport when nothing in the
connection's state asks for more, and returns False otherwise, so that the caller sends the
ordinary way and uvicorn deals with the close handshake, back-pressure and errors as always.

Client frames are still parsed by websockets (masking, fragments, control frames, the size
cap): this module changes nothing on the receive side.
"""

from __future__ import annotations

import struct
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

FRAME_WRITE = "starport.write_frame"  # the ASGI scope extension: ``write_frame(bytes) -> bool``

_TEXT_FIN = 0x81  # FIN bit and opcode 1 (text), RFC 6455 5.2
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def text_frame(payload: bytes) -> bytes:
    """A whole, unmasked text frame of ``payload`` (UTF-8) as a server sends it (RFC 6455
    5.2: 7-bit length, or 126 and 16 bits, or 127 and 64 bits)."""
    n = len(payload)
    if n < 126:
        return _SHORT.pack(_TEXT_FIN, n) + payload
    if n < 65536:
        return _MEDIUM.pack(_TEXT_FIN, 126, n) + payload
    return _LONG.pack(_TEXT_FIN, 127, n) + payload


class FrameSend(WebSocketsSansIOProtocol):
    """uvicorn's protocol (``uvicorn.run(ws="server.wsproto:FrameSend")``) with
    ``write_frame`` in the scope's extensions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slow_sends = 0  # sends under way the ordinary way (waiting for ``writable``)

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # none when the upgrade was refused
        if scope is not None:
            scope["extensions"][FRAME_WRITE] = self.write_frame

    async def send(self, message: Any) -> None:
        self.slow_sends += 1
        try:
            await super().send(message)
        finally:
            self.slow_sends -= 1

    def write_frame(self, frame: bytes) -> bool:
        """Write ``frame`` (``text_frame``) now if the connection is open for it: handshake
        done, no close sent or received, not lost, no compression, the transport not paused
        (flow control) nor closing, and no ordinary send waiting (frames keep their order).
        False otherwise: send it the ordinary way."""
        conn = self.conn
        if (self.slow_sends or not self.handshake_complete or self.close_sent
                or self.disconnected or self.initial_response is not None
                or not self.writable.is_set() or conn.state is not State.OPEN
                or conn.extensions or conn.writes or conn.expect_continuation_frame
                or self.transport.is_closing()):
            return False
        self.transport.write(frame)
        return True
