"""Connection timeouts uvicorn does not have: a connection must send a whole request head
within ``header_timeout`` seconds of opening (or of its previous answer), else it is closed.

Without this an idle connection, or a slowloris one trickling header lines, was held forever
(``docs/operations.md``, What the server protects); uvicorn's keep-alive timeout only runs between
two requests and is
cancelled by the first byte of the next. Request bodies have their own deadline
(``security.BodyLimit``); websockets, once upgraded, are outside this (they have the hello
timeout and pings).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol


class _HeaderDeadline:
    """Mixed into uvicorn's HTTP protocol class (h11 or httptools, whichever it uses)."""

    header_timeout: float = 10.0
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    cycle: Any
    _deadline: asyncio.TimerHandle | None = None
    _waiting_after: Any = None  # the cycle before the request being waited for

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._deadline is not None and self.cycle is not self._waiting_after:
            self._disarm()  # a new request's head arrived whole

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm()  # the next request's head must come in time too

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._disarm()
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]
        # the websocket's protocol has the transport now: this one is done with. Its parser
        # holds its callbacks (bound methods of this protocol), a cycle the collector would
        # have to find (``gcpolicy``); uvicorn breaks it the same way when a connection ends
        if getattr(self, "parser", None) is not None:
            self.parser = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm(self) -> None:
        self._disarm()
        self._waiting_after = self.cycle
        self._deadline = self.loop.call_later(self.header_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        transport = self.transport
        if transport.get_protocol() is self and not transport.is_closing():
            transport.close()


def guarded_http(header_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class with the request-head deadline."""
    return type("GuardedHTTPProtocol", (_HeaderDeadline, AutoHTTPProtocol),
                {"header_timeout": header_timeout})
