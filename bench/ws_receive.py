"""The way in alone: CPU of the event loop's thread per client message, from the read to
the app's ``receive`` (uvicorn's protocol, websockets' parser or ``wsproto.Protocol``'s own
for a lone text frame, the ASGI queue, the task's wake-up), on a real uvicorn. A client in
another thread sends a masked command-sized text frame and waits for the one-byte answer
(written the fast way, the same in both runs) before the next, as a player does.

    .venv/bin/python bench/ws_receive.py --messages 20000
"""

from __future__ import annotations

import argparse
import os
import socket
import struct
import time
from typing import Any

from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket
from ws_send import served

from server import wsproto

RESULTS: dict[str, list[float]] = {}
# the runs, in turn (WS_RECEIVE_MODES="own" profiles our way alone)
MODES = tuple(os.environ.get("WS_RECEIVE_MODES", "websockets own " * 3).split())


def make_app(messages: int) -> Starlette:
    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        send = wsproto.fast_sender(websocket)
        assert send is not None
        proto: Any = send.__self__  # type: ignore[attr-defined]
        for mode in MODES:
            proto.own_parse = mode == "own"
            start = time.thread_time()
            for _ in range(messages):
                msg = await websocket.receive()
                assert msg["type"] == "websocket.receive" and msg["text"]
                send(b"k")
            RESULTS.setdefault(mode, []).append(
                (time.thread_time() - start) / messages * 1e6)
        await websocket.close()

    return Starlette(routes=[WebSocketRoute("/ws", echo)])


def masked(payload: bytes) -> bytes:
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    head = (struct.pack("!BB", 0x81, 0x80 | len(payload)) if len(payload) < 126
            else struct.pack("!BBH", 0x81, 0xFE, len(payload)))
    return head + mask + body


def client(port: int, messages: int) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n")
    got = b""
    while b"\r\n\r\n" not in got:
        got += sock.recv(4096)
    command = (b'{"type":"command","seq":41,"client_id":"c-000123-0041","command":'
               b'{"type":"move","die":3,"piece":"ship-2","to":"hex-4-7"}}')
    frames = [masked(command) for _ in range(64)]
    for i in range(messages * len(MODES)):
        sock.sendall(frames[i % 64])
        left = 3  # the answer: a 3-byte frame
        while left > 0:
            left -= len(sock.recv(16))
    while sock.recv(4096):
        pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=20000)
    args = parser.parse_args()
    with served(make_app(args.messages)) as port:
        client(port, args.messages)
    best = {k: min(v) for k, v in RESULTS.items()}
    if "own" not in best or "websockets" not in best:
        print(best)
        return
    print(" ".join(f"{k}_us={'/'.join(f'{x:.2f}' for x in v)}" for k, v in RESULTS.items()),
          f"own/websockets={best['own'] / best['websockets']:.2f}")


if __name__ == "__main__":
    main()
