"""A small websocket client for the tests: it keeps every event it gets and checks order."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin


class Viewer:
    def __init__(self, ws_base: str, table_id: str, token: str, after: int = 0,
                 origin: str | None = None, view: bool = False,
                 inline_view: bool = False, inline_ack: bool = False,
                 view_delta: bool = False) -> None:
        self.ws: ClientConnection = connect(
            f"{ws_base}/api/tables/{table_id}/ws", open_timeout=10,
            origin=None if origin is None else Origin(origin),
            max_size=2**22, compression=None, legacy=True)
        self.ws.send(json.dumps({"type": "hello", "token": token, "after": after,
                                 "view": view, "inline_view": inline_view,
                                 "inline_ack": inline_ack, "view_delta": view_delta}))
        self.hello = json.loads(self.ws.recv(timeout=10))
        assert self.hello["type"] == "hello", self.hello
        self.seqs: list[int] = []
        self.events: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.after = after
        self.last_view: dict[str, Any] | None = None  # the last view pushed, whole
        self.left_out: list[str] = []  # the parts pushed views left out (hello view_delta)

    def pump(self, timeout: float = 0.2) -> None:
        try:
            while True:
                self._take(json.loads(self.ws.recv(timeout=timeout)))
        except TimeoutError:
            pass

    def _take(self, msg: dict[str, Any]) -> None:
        self.messages.append(msg)
        view = msg.get("view") if msg["type"] == "events" else None
        if view is not None:  # the parts it says are the same: from the last, as a browser
            for part in view.pop("same", ()):
                assert self.last_view is not None, "a view left out parts before any came"
                view["view"][part] = self.last_view["view"][part]
                self.left_out.append(part)
            self.last_view = view
        if msg["type"] == "events":
            for ev in msg["events"]:
                self.events.append(ev)
                self.seqs.append(ev["seq"])

    def until(self, seq: int, timeout: float = 10.0) -> None:
        """Receive until event ``seq`` arrived; fail on a timeout."""
        deadline = time.monotonic() + timeout
        while (not self.seqs or self.seqs[-1] < seq) and time.monotonic() < deadline:
            try:
                self._take(json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
            except TimeoutError:
                break
        assert self.seqs and self.seqs[-1] >= seq, (seq, self.seqs[-5:])

    def assert_unbroken(self) -> None:
        """Every event once, in order, right after the seq the client said it had."""
        assert self.seqs == list(range(self.after + 1, self.after + 1 + len(self.seqs)))

    def close(self) -> None:
        self.ws.close()
