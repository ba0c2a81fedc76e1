"""The benchmarks' instruments, installed from outside the server (``bench/traced_serve.py``):
the loop watch (``bench/loopwatch.py``) names a stall and counts collections; the command
trace (``bench/latency.py``) wraps the server's own functions, so these tests keep it fitting
them: each command's steps in the order they happen on SQLite's group commit (handler,
queued, batch, commit, the loop's answer, resumed, answered) and one push per socket that
got its events, the collector's pauses listed beside them."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
import uuid
import weakref
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.app import create_app
from server.config import database_url
from server.wsproto import Protocol
from tests.benches import bench_module

from .conftest import settings_for, uvicorn_thread
from .helpers import open_table
from .test_ws_commands import FIDDLING, answer, send
from .wsclient import Viewer

ORDER = ["recv", "queued", "batch", "handed", "commit_start", "commit_end", "committed",
         "resumed", "answered"]


# --- the command trace ----------------------------------------------------------------------


def test_each_command_is_stamped_from_its_handler_to_its_frames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    latency = bench_module("latency")
    latency.install(monkeypatch.setattr)  # the server's functions as they were after
    try:
        app = create_app(settings_for(database_url(None, tmp_path / "data"), tmp_path))
        with uvicorn_thread(app, ws=Protocol, ws_per_message_deflate=False) as port:
            sent = _play(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", commands=4)
    finally:
        gc.callbacks.remove(latency._gc)
    out = tmp_path / "trace.json"
    latency.write(str(out))
    written = json.loads(out.read_text())
    records = {r["client_id"]: r for r in written["records"]}
    for table_id, cid, seq in sent:
        rec = records[cid]
        assert rec["table"] == table_id and rec["seq"] == seq and rec["batch_size"] >= 1
        stamps = [rec[step] for step in ORDER]
        assert stamps == sorted(stamps), rec
        assert sorted(s[0] for s in rec["sends"]) == [0, 1]  # each seat's socket, once
        for _, woke, start, end in rec["sends"]:
            assert rec["answered"] <= woke <= start <= end
    assert all(len(c) == 4 for c in written["gc"])  # (start, end, generation, freed)


def _play(base: str, ws_base: str, commands: int) -> list[tuple[str, str, int]]:
    """``commands`` random legal commands over the acting seat's websocket, both seats
    watching (views in the events, acks too); (table, client id, seq) of each."""
    with httpx.Client(base_url=base) as c:
        table = open_table(c, seats=2)
    tid = table["table_id"]
    seats = [Viewer(ws_base, tid, s["token"], view=True, inline_view=True, inline_ack=True)
             for s in table["seats"]]
    rng = random.Random(3)
    sent: list[tuple[str, str, int]] = []
    for _ in range(commands):
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
        sent.append((tid, cid, ack["seq"]))
        for v in seats:
            v.until(ack["seq"])
    for v in seats:
        v.ws.close()
    return sent


# --- the loop watch -------------------------------------------------------------------------


class Cycle:
    def __init__(self) -> None:
        self.me = self


def _stall_here(seconds: float) -> None:
    time.sleep(seconds)  # a blocking call on the loop: what the watch must name


def test_loop_watch_names_a_stall_and_counts_collections(tmp_path: Path) -> None:
    loopwatch = bench_module("loopwatch")
    out = tmp_path / "watch.json"

    async def run() -> dict[str, Any]:
        watch = loopwatch.LoopWatch(out, asyncio.get_running_loop())
        watch.start()
        await asyncio.sleep(0.05)
        # stalled until the watchdog thread has sampled the stall (on a loaded machine it may
        # get no CPU during one), a bounded number of times
        for _ in range(50):
            _stall_here(0.15)
            if any("_stall_here" in stack for stack in watch.stacks):
                break
        await asyncio.sleep(0.05)
        gc.collect()
        await asyncio.sleep(0.02)
        watch.stop()
        summary: dict[str, Any] = watch.summary()
        return summary

    summary = asyncio.run(run())
    written = json.loads(out.read_text())
    assert written["stalls"] and max(ms for _, ms in written["stalls"]) >= 100
    assert any("_stall_here" in stack for stack, _ in summary["stall_stacks"])
    assert summary["gc"][2]["count"] >= 1
    assert summary["lag_ms_worst"] >= 100


def test_loop_watch_reset_starts_afresh(tmp_path: Path) -> None:
    loopwatch = bench_module("loopwatch")
    before: list[tuple[float, float]] = []

    async def run() -> dict[str, Any]:
        watch = loopwatch.LoopWatch(tmp_path / "w.json", asyncio.get_running_loop())
        watch.start()
        _stall_here(0.05)
        await asyncio.sleep(0.02)
        before.extend(watch.stalls)
        watch.reset()
        await asyncio.sleep(0.02)
        watch.stop()
        summary: dict[str, Any] = watch.summary()
        return summary

    summary = asyncio.run(run())
    # the stall before the reset is gone (what a loaded machine stalls after it may be noted)
    assert before and before[0][1] >= 45
    assert before[0] not in summary["stalls"]
    assert not any("_stall_here" in stack for stack, _ in summary["stall_stacks"])


def test_the_garbage_census_finds_a_cycle_dropped_after_a_freeze(tmp_path: Path,
                                                                  collector: None) -> None:
    """The loop watch's census (SIGUSR2) thaws what the serving process froze
    (``gcpolicy.freezes``), so a cycle dropped since the last full collection is counted and
    freed; what is left is frozen again."""
    loopwatch = bench_module("loopwatch")
    gc.unfreeze()  # the garbage earlier tests left (frozen or not) goes first, so the census
    gc.collect()  # counts this test's cycle among few others
    cycle = Cycle()
    gone = weakref.ref(cycle)
    gc.freeze()
    del cycle

    async def run() -> dict[str, Any]:
        watch = loopwatch.LoopWatch(tmp_path / "w.json", asyncio.get_running_loop())
        watch.start()
        watch.garbage()
        watch.stop()
        kinds: dict[str, Any] = watch.kinds
        return kinds

    kinds = asyncio.run(run())
    assert gone() is None
    assert ("Cycle", 1) in [tuple(k) for k in kinds["types"]], kinds["types"]
    assert gc.get_freeze_count() > 0
