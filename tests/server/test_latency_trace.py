"""The command trace (``STARPORT_LATENCY_TRACE``, ``server/latency.py``): a debug aid for
finding where a websocket command's time goes, off by default.

With it on, each command's record carries its steps in the order they happen on SQLite's
group commit (handler, queued, batch, commit, the loop's answer, resumed, answered) and one
send per socket that got its events; the collector's pauses are listed beside them."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from server import latency
from server.config import database_url

from .helpers import open_table
from .test_ws_commands import FIDDLING, answer, send
from .wsclient import Viewer

ORDER = ["recv", "queued", "batch", "handed", "commit_start", "commit_end", "committed", "resumed",
         "answered"]


def test_the_trace_is_off_unless_asked_for(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    assert latency.ON is False  # the test process has no STARPORT_LATENCY_TRACE
    monkeypatch.setenv("STARPORT_LATENCY_TRACE", str(tmp_path / "late.json"))
    latency.stop()  # the variable read at import decides: set later, nothing is written
    assert not (tmp_path / "late.json").exists()


def test_each_command_is_stamped_from_its_handler_to_its_frames(tmp_path: Path,
                                                                spawn: Any) -> None:
    trace = tmp_path / "trace.json"
    server = spawn(database_url(None, tmp_path / "data"),
                   env={"STARPORT_LATENCY_TRACE": str(trace)})
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
    tid = table["table_id"]
    seats = [Viewer(server.ws_base, tid, s["token"], view=True, inline_view=True,
                    inline_ack=True) for s in table["seats"]]
    rng = random.Random(3)
    sent: list[tuple[str, int]] = []
    for _ in range(4):
        for v in seats:
            v.pump(0.3)
        views = [[m for m in v.messages if m["type"] == "events"][-1]["view"] for v in seats]
        acting = views[0]["pending"]["seats"][0]
        mine = views[acting]
        cid = uuid.uuid4().hex
        send(seats[acting], seq=mine["seq"], client_id=cid,
             command=rng.choice([a for a in mine["legal"] if a["type"] not in FIDDLING]
                                or mine["legal"]))
        ack = answer(seats[acting], cid)
        assert ack["type"] == "ack", ack
        sent.append((cid, ack["seq"]))
        for v in seats:
            v.until(ack["seq"])
    for v in seats:
        v.ws.close()
    server.stop()  # the trace is written when the app stops

    written = json.loads(trace.read_text())
    records = {r["client_id"]: r for r in written["records"]}
    for cid, seq in sent:
        rec = records[cid]
        assert rec["table"] == tid and rec["seq"] == seq and rec["batch_size"] >= 1
        stamps = [rec[step] for step in ORDER]
        assert stamps == sorted(stamps), rec
        assert sorted(s[0] for s in rec["sends"]) == [0, 1]  # each seat's socket, once
        for _, woke, start, end in rec["sends"]:
            assert rec["answered"] <= woke <= start <= end
    assert all(len(c) == 4 for c in written["gc"])  # (start, end, generation, freed)
