"""Re-issuing a seat's link closes every websocket opened with the old
one, at once and in every server process (the token was checked only at ``hello``)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from .helpers import h, open_table, play
from .wsclient import Viewer


def test_a_reissued_link_closes_its_open_socket(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        tid = table["table_id"]
        old = table["seats"][0]["token"]
        viewer = Viewer(server.ws_base, tid, old)
        r = c.post(f"/api/tables/{tid}/seats/0/link", headers=h(table["host"]["token"]))
        assert r.status_code == 200, r.text
        got = _closed_within(viewer, 5.0)
        assert any(m["type"] == "error" and m["code"] == "revoked" for m in got), got
        assert c.get(f"/api/tables/{tid}/view", headers=h(old)).status_code == 401
        Viewer(server.ws_base, tid, r.json()["token"])  # the new link works


def _closed_within(viewer: Viewer, seconds: float) -> list[dict[str, Any]]:
    """The messages the viewer got until the server closed it (fails if it stays open)."""
    deadline = time.monotonic() + seconds
    got: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        try:
            got.append(json.loads(viewer.ws.recv(timeout=0.2)))
        except TimeoutError:
            continue
        except ConnectionClosed:
            return got
    raise AssertionError(f"still open after {seconds} s: {[m['type'] for m in got]}")


@pytest.mark.postgres
def test_a_link_reissued_on_one_process_closes_sockets_on_another(pg_url: str,
                                                                   spawn: Any) -> None:
    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca:
        table = open_table(ca)
        tid = table["table_id"]
        old = table["seats"][1]["token"]
        on_b = Viewer(b.ws_base, tid, old)
        other_seat = Viewer(b.ws_base, tid, table["seats"][0]["token"])
        r = ca.post(f"/api/tables/{tid}/seats/1/link", headers=h(table["host"]["token"]))
        assert r.status_code == 200, r.text
        table["seats"][1] = r.json()
        got = _closed_within(on_b, 5.0)
        assert any(m["type"] == "error" and m["code"] == "revoked" for m in got), got
        assert httpx.get(f"{b.base}/api/tables/{tid}/view", headers=h(old)).status_code == 401
        last = play(ca, table, 1)[-1]["seq"]
        other_seat.until(last)  # the other seat's socket stays open
