"""Every cheap request stays cheap (``docs/architecture.md``, "The path of a command": no read a
client can repeat costs
work proportional to a game's length): a resent command reads only its own events, and a
socket's resyncs are paced. (``/history`` and ``/replay``: ``test_replay_timeline.py``.)"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from server.config import database_url

from .helpers import h, open_table, play, view
from .wsclient import Viewer


def test_a_resent_command_answers_only_its_own_events(client: TestClient) -> None:
    """A resent client id (applied once) answers the events it produced then, not the log
    since."""
    table = open_table(client)
    tid = table["table_id"]
    play(client, table, 3)
    seat = view(client, table, table["spectator"]["token"])["pending"]["seats"][0]
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    body = {"seq": v["seq"], "client_id": uuid.uuid4().hex,
            "command": next(a for a in v["legal"] if a["type"] not in ("SetDrives",
                                                                      "UseGateLock"))}
    first = client.post(f"/api/tables/{tid}/commands", headers=h(token), json=body).json()
    play(client, table, 10)
    again = client.post(f"/api/tables/{tid}/commands", headers=h(token), json=body)
    assert again.status_code == 200, again.text
    out = again.json()
    assert out["duplicate"] is True
    assert (out["first_seq"], out["seq"]) == (first["first_seq"], first["seq"])
    assert [e["seq"] for e in out["events"]] == list(range(first["first_seq"], first["seq"] + 1))


def test_a_socket_flooding_resync_after_0_gets_a_few_resends_a_second(
        tmp_path: Path, spawn: Any) -> None:
    """A client asking for the whole log every 10 ms is served at most RESYNCS a second (its
    requests coalesce); the last one is still honoured."""
    import httpx

    from server.ws import RESYNCS

    server = spawn(database_url(None, tmp_path / "data"))
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        head = play(c, table, 5)[-1]["seq"]
    flood = Viewer(server.ws_base, table["table_id"], table["seats"][0]["token"])
    flood.until(head, timeout=120)
    start = time.monotonic()
    for _ in range(100):
        flood.ws.send(json.dumps({"type": "resync", "after": 0}))
        time.sleep(0.01)

    def resends() -> list[dict[str, Any]]:
        return [m for m in flood.messages[1:] if m["type"] == "events" and m["events"]
                and m["events"][0]["seq"] == 1]

    for _ in range(120):  # the first resend, however long a loaded machine takes to send it
        flood.pump(timeout=0.5)
        if resends():
            break
    flood.pump(timeout=1.5)  # then the paced ones, until the socket falls quiet
    elapsed = time.monotonic() - start
    # coalesced: the bucket's burst and its rate over the time the client gave it at most
    # (a slower machine stretches the time, never the count); far fewer than the requests
    got = resends()
    assert 1 <= len(got) <= RESYNCS[1] + RESYNCS[0] * elapsed + 1
    assert got[-1]["events"][-1]["seq"] == head
