"""The send path alone: CPU of the event loop's thread for one game message, the fast send
(``server/wsproto.py`` ``send_text``) against the ordinary one (Starlette -> uvicorn ->
websockets), on a real uvicorn with a client draining the socket in another thread.

    .venv/bin/python bench/ws_send.py --messages 20000 --size 4500
"""

from __future__ import annotations

import argparse
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from server import ws as wsmod
from server import wsproto
from server.wsproto import Protocol

RESULTS: dict[str, float] = {}


def make_app(messages: int, size: int) -> Starlette:
    async def sender(websocket: WebSocket) -> None:
        await websocket.accept()
        texts = [wsmod.dumps({"type": "events", "i": i, "pad": "p" * size})
                 for i in range(64)]  # as many distinct strings as sockets would share
        for name in ("ordinary", "fast", "ordinary", "fast"):
            start = time.thread_time()
            for i in range(messages):
                text = texts[i % 64]
                if name == "fast":
                    await wsproto.send_text(websocket, text)
                else:
                    await websocket.send_text(text)
            RESULTS[name] = min(RESULTS.get(name, 1e9),
                                (time.thread_time() - start) / messages * 1e6)
        await websocket.close()

    return Starlette(routes=[WebSocketRoute("/ws", sender)])


def drain(port: int) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n")
    while sock.recv(1 << 20):
        pass


@contextmanager
def served(app: Starlette) -> Iterator[int]:
    """``app`` served by uvicorn with our websocket protocol in a thread, on a free loopback
    port (answered), until the block ends."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    config: Any = uvicorn.Config(app, port=port, ws=Protocol, lifespan="off",
                                 log_level="warning", ws_ping_interval=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--size", type=int, default=4500)
    args = parser.parse_args()
    with served(make_app(args.messages, args.size)) as port:
        drain(port)
    print(" ".join(f"{k}_us={v:.1f}" for k, v in RESULTS.items()),
          f"fast/ordinary={RESULTS['fast'] / RESULTS['ordinary']:.2f}")


if __name__ == "__main__":
    main()
