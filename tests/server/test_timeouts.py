"""Idle and slowloris connections are closed (200 of 200 were still open
after 120 s): a request head must arrive within ``STARPORT_HEADER_TIMEOUT`` seconds of the
connection (or of the previous answer), a body within ``STARPORT_BODY_TIMEOUT``; live
websockets are not touched."""

from __future__ import annotations

import contextlib
import socket
import time
from pathlib import Path
from typing import Any

import httpx

from server.config import database_url

from .helpers import open_table, play
from .wsclient import Viewer

ENV = {"STARPORT_HEADER_TIMEOUT": "1", "STARPORT_BODY_TIMEOUT": "2"}


def _connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.settimeout(0.05)
    return s


def _closed(s: socket.socket) -> bool:
    """True once the server closed the connection (whatever it said before closing)."""
    try:
        while data := s.recv(4096):
            del data
        return True
    except (TimeoutError, BlockingIOError):
        return False
    except ConnectionError:
        return True


def _all_closed_within(socks: list[socket.socket], seconds: float,
                       trickle: list[socket.socket]) -> None:
    deadline = time.monotonic() + seconds
    open_ = list(socks)
    while open_ and time.monotonic() < deadline:
        for s in trickle:
            if s in open_:
                with contextlib.suppress(OSError):  # a header line now and then: never done
                    s.sendall(b"X-Slow: 1\r\n")
        open_ = [s for s in open_ if not _closed(s)]
        time.sleep(0.2)
    assert not open_, f"{len(open_)} of {len(socks)} connections still open after {seconds} s"


def test_idle_and_slowloris_connections_are_closed(spawn: Any, tmp_path: Path) -> None:
    server = spawn(database_url(None, tmp_path / "data"), env=ENV)  # not about the database
    idle = [_connect(server.port) for _ in range(5)]
    slow = [_connect(server.port) for _ in range(5)]
    for s in slow:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    body = _connect(server.port)  # a whole head, then a body that never comes
    body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    kept = _connect(server.port)  # an answered request, then idle on keep-alive
    kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    _all_closed_within([*idle, *slow, body, kept], 12.0, trickle=slow)
    assert httpx.get(server.base + "/api/health").status_code == 200  # still serving


def test_a_live_websocket_outlives_the_header_timeout(spawn: Any, tmp_path: Path) -> None:
    server = spawn(database_url(None, tmp_path / "data"), env=ENV)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        viewer = Viewer(server.ws_base, table["table_id"], table["spectator"]["token"])
        time.sleep(2.5)
        last = play(c, table, 1)[-1]["seq"]
        viewer.until(last)
