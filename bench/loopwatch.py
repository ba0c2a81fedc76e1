"""A watch on a server's event loop, for finding what stalls it: a benchmark's instrument,
installed from outside the server by ``bench/traced_serve.py`` (``STARPORT_LOOP_WATCH=<file>``
in the environment of ``bench/server_load.py``).

The watched process records, and writes to the file as JSON every few seconds and when it
stops:

- the loop's lag: a callback asks to run every ``TICK`` seconds and notes how late it ran
  (a histogram in milliseconds, the largest, and every stall above ``STALL`` with its time);
- the garbage collector's pauses (``gc.callbacks``): per generation, how many, their total,
  the largest, and every pause above ``GC_NOTE``;
- what the loop's thread was doing during a stall: a watchdog thread samples its Python
  stack every ``SAMPLE`` seconds while the loop has not ticked for ``STALL`` seconds, and
  counts the stacks (innermost frames), so a stall names its cause the way a py-spy dump
  taken at that moment would.

Its cost: a timer callback every 2 ms and a thread waking as often. SIGUSR1 starts the
figures afresh, SIGUSR2 takes a census of the cyclic garbage (``server_load.py`` sends them).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import json
import os
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from server.gcpolicy import thawed

TICK = 0.002  # seconds between two lag measurements
STALL = 0.015  # a loop late by this much is stalled: its stack is sampled, the stall noted
SAMPLE = 0.002  # seconds between two stack samples of a stalled loop
GC_NOTE = 0.005  # collections longer than this are listed one by one
BUCKETS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)  # lag histogram upper bounds, ms
DEPTH = 12  # frames kept of a sampled stack
KEEP = 200  # stalls and long collections listed one by one, at most


def _frames(frame: Any) -> str:
    """The innermost ``DEPTH`` frames of a stack, outermost first, as ``file:function:line``."""
    out: list[str] = []
    while frame is not None and len(out) < DEPTH:
        code = frame.f_code
        out.append(f"{Path(code.co_filename).name}:{code.co_name}:{frame.f_lineno}")
        frame = frame.f_back
    return ";".join(reversed(out))


class LoopWatch:
    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.path = path
        self.loop = loop
        self.started = time.monotonic()
        self.last_tick = self.started
        self.lags = [0] * (len(BUCKETS) + 1)
        self.ticks = 0
        self.worst = 0.0
        self.stalls: list[tuple[float, float]] = []  # (seconds since start, ms)
        self.gc_started = 0.0
        self.gc_cpu_started = 0.0
        self.gc_cpu = [0.0, 0.0, 0.0]  # the collections' CPU time (the rest: preempted)
        self.gc_cpu_worst = [0.0, 0.0, 0.0]
        self.gc_counts = [0, 0, 0]
        self.gc_total = [0.0, 0.0, 0.0]
        self.gc_worst = [0.0, 0.0, 0.0]
        self.gc_long: list[tuple[float, int, float, int]] = []  # (at, gen, ms, collected)
        self.stacks: Counter[str] = Counter()
        self.main = threading.main_thread().ident
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="loop-watch", daemon=True)
        self.handle: asyncio.TimerHandle | None = None
        self.kinds: dict[str, Any] = {}

    # --- on the loop ----------------------------------------------------------------------

    def start(self) -> None:
        gc.callbacks.append(self._gc)
        self.loop.add_signal_handler(signal.SIGUSR1, self.reset)
        self.loop.add_signal_handler(signal.SIGUSR2, self.garbage)
        self.handle = self.loop.call_later(TICK, self._tick, time.monotonic() + TICK)
        self.thread.start()

    def reset(self) -> None:
        """Start the figures afresh (SIGUSR1: the bench sends it when play begins)."""
        self.started = self.last_tick = time.monotonic()
        self.lags = [0] * (len(BUCKETS) + 1)
        self.ticks = 0
        self.worst = 0.0
        self.stalls.clear()
        self.gc_counts, self.gc_total, self.gc_worst = [0, 0, 0], [0.0] * 3, [0.0] * 3
        self.gc_cpu = [0.0] * 3
        self.gc_cpu_worst = [0.0] * 3
        self.gc_long.clear()
        self.stacks.clear()

    def garbage(self) -> None:
        """What the cyclic garbage made since the last collection is (SIGUSR2): a full
        collection keeping what it finds, counted by type. What the serving process froze
        (start-up, ``gcpolicy.freezes``) is thawed for it and frozen again after: a cycle
        dropped since the last full collection may be among it."""
        frozen = gc.get_freeze_count()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            with thawed(frozen > 0):
                found = gc.collect()
                kinds = Counter(type(o).__qualname__ for o in gc.garbage)
                owners = Counter(
                    f"{Path(o.f_code.co_filename).name}:{o.f_code.co_name}"
                    for o in gc.garbage if type(o).__name__ == "frame")
                self.kinds = {"collected": found, "types": kinds.most_common(30),
                              "tracked": len(gc.get_objects()), "frozen": frozen,
                              "threshold": gc.get_threshold(),
                              "census": Counter(type(o).__qualname__
                                                for o in gc.get_objects()).most_common(25),
                              "frames": owners.most_common(30)}
        finally:
            gc.garbage.clear()
            gc.set_debug(0)
        self.write()

    def stop(self) -> None:
        self.stopping.set()
        if self.handle is not None:
            self.handle.cancel()
        for sig in (signal.SIGUSR1, signal.SIGUSR2):
            self.loop.remove_signal_handler(sig)
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        self.thread.join(timeout=2)
        self.write()

    def _tick(self, due: float) -> None:
        now = time.monotonic()
        self.last_tick = now
        lag_ms = max(0.0, (now - due) * 1000)
        self.ticks += 1
        self.lags[bisect.bisect_left(BUCKETS, lag_ms)] += 1
        self.worst = max(self.worst, lag_ms)
        if lag_ms >= STALL * 1000 and len(self.stalls) < KEEP:
            self.stalls.append((round(due - self.started, 3), round(lag_ms, 1)))
        self.handle = self.loop.call_later(TICK, self._tick, now + TICK)

    # --- the collector's callbacks (in whichever thread collects) ---------------------------

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.gc_started = time.perf_counter()
            self.gc_cpu_started = time.thread_time()
            return
        spent = time.perf_counter() - self.gc_started
        cpu = time.thread_time() - self.gc_cpu_started
        self.gc_cpu[int(info.get("generation", 0))] += cpu
        self.gc_cpu_worst[int(info.get("generation", 0))] = max(
            self.gc_cpu_worst[int(info.get("generation", 0))], cpu)
        gen = int(info.get("generation", 0))
        self.gc_counts[gen] += 1
        self.gc_total[gen] += spent
        self.gc_worst[gen] = max(self.gc_worst[gen], spent)
        if spent >= GC_NOTE and len(self.gc_long) < KEEP:
            self.gc_long.append((round(time.monotonic() - self.started, 3), gen,
                                 round(spent * 1000, 1), int(info.get("collected", 0))))

    # --- the watchdog thread --------------------------------------------------------------

    def _watch(self) -> None:
        written = time.monotonic()
        while not self.stopping.wait(SAMPLE):
            now = time.monotonic()
            if now - self.last_tick > STALL + TICK and self.main is not None:
                frame = sys._current_frames().get(self.main)
                if frame is not None:
                    self.stacks[_frames(frame)] += 1
                del frame
            if now - written > 5.0:
                written = now
                self.write()

    def summary(self) -> dict[str, Any]:
        labels = [f"<{b}ms" for b in BUCKETS] + [f">={BUCKETS[-1]}ms"]
        return {
            "seconds": round(time.monotonic() - self.started, 1),
            "ticks": self.ticks,
            "lag_ms_histogram": dict(zip(labels, self.lags, strict=True)),
            "lag_ms_worst": round(self.worst, 1),
            "stalls": self.stalls,
            "gc": [{"generation": g, "count": self.gc_counts[g],
                    "total_ms": round(self.gc_total[g] * 1000, 1),
                    "cpu_ms": round(self.gc_cpu[g] * 1000, 1),
                    "worst_cpu_ms": round(self.gc_cpu_worst[g] * 1000, 1),
                    "worst_ms": round(self.gc_worst[g] * 1000, 1)} for g in range(3)],
            "gc_long": self.gc_long,
            "stall_stacks": self.stacks.most_common(40),
            "garbage": self.kinds,
        }

    def write(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.summary(), indent=1))
        os.replace(tmp, self.path)


def start(path: str) -> LoopWatch:
    """Start a watch on the running loop, written to ``path`` (its ``{pid}`` replaced by the
    process id)."""
    watch = LoopWatch(Path(path.replace("{pid}", str(os.getpid()))), asyncio.get_running_loop())
    watch.start()
    return watch
