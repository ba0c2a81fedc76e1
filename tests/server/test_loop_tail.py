"""What keeps the event loop from stalling (``docs/performance.md``, The levers): the collector's
policy in a
serving process (``gcpolicy.py``), the heartbeat's slices, the links' spread lifetimes and
the game sockets' shortcut past the middleware (the loop watch that found them is a
benchmark's instrument: ``bench/loopwatch.py``, ``test_bench_instruments.py``). Behaviour
only: no timing is asserted."""

from __future__ import annotations

import asyncio
import gc
import json
import types
import weakref
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from server import gcpolicy, ws
from server.app import create_app
from server.config import Settings
from server.hub import Hub, Subscriber
from server.service import Service

from .conftest import settings_for
from .helpers import open_table


class Cycle:
    def __init__(self) -> None:
        self.me = self


# --- the collector's policy ---------------------------------------------------------------


def test_serving_thresholds_have_no_automatic_middle_or_full_collection(
        collector: None, monkeypatch: pytest.MonkeyPatch) -> None:
    gcpolicy.configure()
    assert gc.get_threshold() == (gcpolicy.YOUNG, gcpolicy.NEVER, gcpolicy.NEVER)
    assert gcpolicy.configured()


def test_a_serving_process_collects_only_its_young_generation(
        collector: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """What survives young collections waits for the timed full one: 40 young collections'
    worth of live objects (the old middle threshold was 3) and not one older collection."""
    gcpolicy.configure()
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        alive = [[i] for i in range(40 * gcpolicy.YOUNG)]
    finally:
        gc.callbacks.remove(note)
    assert len(alive) == 40 * gcpolicy.YOUNG
    assert seen.count(0) >= 30
    assert set(seen) == {0}


def test_startup_objects_are_frozen_out_of_sight(collector: None) -> None:
    assert gcpolicy.freeze_startup() > 0
    assert gc.get_freeze_count() > 0


def test_timed_full_collection_frees_old_cycles(collector: None) -> None:
    cycle = Cycle()
    gone = weakref.ref(cycle)
    del cycle
    gc.set_threshold(0)  # no automatic collection: only the timed one can free it

    async def run() -> None:
        task = asyncio.ensure_future(gcpolicy.full_collections(0.01))
        await asyncio.sleep(0.2)
        task.cancel()

    asyncio.run(run())
    assert gone() is None


def test_timed_full_collections_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STARPORT_GC_FULL_EVERY", "0")
    assert Settings.from_env().gc_full_every == 0
    asyncio.run(asyncio.wait_for(gcpolicy.full_collections(0), 1))  # returns at once


def test_young_threshold_needs_busy_to_rise_and_calm_to_fall() -> None:
    """``gcpolicy.saturated``: saturated from ``BUSY``, room again below ``CALM``, and as it
    was in between (a load near the line does not flip the threshold every tick)."""
    assert not gcpolicy.saturated(gcpolicy.BUSY - 0.01, busy=False)
    assert gcpolicy.saturated(gcpolicy.BUSY, busy=False)
    assert gcpolicy.saturated(gcpolicy.CALM, busy=True)
    assert not gcpolicy.saturated(gcpolicy.CALM - 0.01, busy=True)
    between = (gcpolicy.CALM + gcpolicy.BUSY) / 2
    assert gcpolicy.saturated(between, busy=True)
    assert not gcpolicy.saturated(between, busy=False)


def test_young_threshold_follows_the_loops_load(collector: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop kept busy gets the larger young threshold; once it idles, the small one.

    The loop's share of a core is what the policy reads from its clocks; here the clocks say
    it (a loaded machine would give a really busy loop less than a core: the share is the
    policy's input, not what this test measures)."""
    gcpolicy.configure()
    seen: list[int] = []
    clock = {"wall": 0.0, "cpu": 0.0, "share": 1.0}

    def perf_counter() -> float:  # each reading is one more tick, spent at ``share``
        clock["wall"] += 0.05
        clock["cpu"] += 0.05 * clock["share"]
        return clock["wall"]

    monkeypatch.setattr(gcpolicy, "time", types.SimpleNamespace(
        perf_counter=perf_counter, thread_time=lambda: clock["cpu"]))

    async def threshold_becomes(value: int) -> None:
        for _ in range(2000):  # ticks, until the policy has seen the new share
            if gc.get_threshold()[0] == value:
                break
            await asyncio.sleep(0.001)
        seen.append(gc.get_threshold()[0])

    async def run() -> None:
        task = asyncio.ensure_future(gcpolicy.young_threshold(tick=0.001))
        await threshold_becomes(gcpolicy.BUSY_YOUNG)  # the loop's thread computes
        clock["share"] = 0.0
        await threshold_becomes(gcpolicy.YOUNG)  # idle
        task.cancel()

    asyncio.run(run())
    assert seen == [gcpolicy.BUSY_YOUNG, gcpolicy.YOUNG]
    assert gc.get_threshold()[1:] == (gcpolicy.NEVER, gcpolicy.NEVER)


# --- the heartbeat --------------------------------------------------------------------------


def test_heartbeat_slices_cover_every_table_once() -> None:
    tables = [f"t{i}" for i in range(200)]
    slices = [ws.heartbeat_slice(tables, step) for step in range(ws.HEARTBEAT_SLICES)]
    assert sorted(t for s in slices for t in s) == sorted(tables)
    assert max(len(s) for s in slices) < len(tables) / 4  # spread, not all in one step


class _Service:
    """What ``heartbeat`` uses of a service: its hub and the presence repeat."""

    def __init__(self) -> None:
        self.hub = Hub()
        self.repeats = 0

    def repeat_presence(self) -> None:
        self.repeats += 1


def test_heartbeat_pings_every_socket_within_an_interval_but_not_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted in the heartbeat's own steps, not by the clock: on a busy machine twenty
    sleeps of 50 ms can take longer than a second, and a test timed by the clock flaked."""
    service = _Service()
    subs = [Subscriber(f"t{i}", 0, "seat", sent=0) for i in range(60)]
    for sub in subs:
        service.hub.add(sub)
        sub.kinds.clear()
    step = 1.0 / ws.HEARTBEAT_SLICES
    pinged_before_step: list[int] = []  # how many sockets were pinged when each step began
    real_sleep = asyncio.sleep

    async def counted(delay: float, *args: object) -> None:
        if delay == step:  # the heartbeat's, not ours
            pinged_before_step.append(sum("p" in s.kinds for s in subs))
        await real_sleep(0)

    async def run() -> None:
        monkeypatch.setattr(ws.asyncio, "sleep", counted)
        task = asyncio.ensure_future(ws.heartbeat(service, 1.0))  # type: ignore[arg-type]
        while len(pinged_before_step) <= ws.HEARTBEAT_SLICES:
            await real_sleep(0)
        task.cancel()

    asyncio.run(run())
    # pinged_before_step[k]: after k steps; the twentieth is the interval's last
    assert pinged_before_step[0] == 0
    growth = [b - a for a, b in zip(pinged_before_step, pinged_before_step[1:], strict=False)]
    assert max(growth) < len(subs) / 2  # a step pings a slice, not all
    assert pinged_before_step[ws.HEARTBEAT_SLICES] == len(subs)  # all within an interval
    assert service.repeats == 1  # the presence repeat once an interval


# --- links looked up again at spread times -------------------------------------------------


def test_link_lifetimes_are_spread(tmp_path: Path) -> None:
    service = Service(settings_for(f"sqlite:///{tmp_path / 'x.sqlite3'}", tmp_path))
    ttls = [service.token_ttl(Service.TOKEN_TTL) for _ in range(200)]
    assert all(Service.TOKEN_TTL / 2 <= t <= Service.TOKEN_TTL for t in ttls)
    assert max(ttls) - min(ttls) > Service.TOKEN_TTL / 4
    service.engine.dispose()


# --- the game sockets' shortcut -------------------------------------------------------------


class Recorder:
    """A middleware noting the kinds of connection that pass through it."""

    seen: list[str] = []

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        Recorder.seen.append(scope["type"])
        await self.app(scope, receive, send)


def test_game_socket_skips_the_middleware_and_still_plays(tmp_path: Path) -> None:
    app = create_app(settings_for(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path))
    app.add_middleware(Recorder)
    Recorder.seen = []
    with TestClient(app) as c:
        table = open_table(c, seats=2)
        tid = table["table_id"]
        token = table["seats"][0]["token"]
        with c.websocket_connect(f"/api/tables/{tid}/ws") as sock:
            sock.send_text(json.dumps({"type": "hello", "token": token, "after": 0}))
            hello = sock.receive_json()
            assert hello["type"] == "hello" and hello["seat"] == 0
            events = sock.receive_json()
            assert events["type"] == "events" and events["events"]
        assert "websocket" not in Recorder.seen
        assert "http" in Recorder.seen  # the API still goes through every layer


def test_other_websocket_paths_are_still_refused(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    app = create_app(settings_for(f"sqlite:///{tmp_path / 'o.sqlite3'}", tmp_path))
    with (TestClient(app) as c, pytest.raises(WebSocketDisconnect),
          c.websocket_connect("/api/tables/x/nope") as sock):
        sock.receive_json()
