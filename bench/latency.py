"""Where a websocket command's time goes in a server: a benchmark's instrument, installed
from outside the server by ``bench/traced_serve.py`` (``STARPORT_LATENCY_TRACE=<file>`` in the
environment of ``bench/server_load.py``; ``bench/latency_trace.py`` sets it and reads the
file). Nothing of it is in the server: ``install`` wraps the server's own functions.

Each websocket command is stamped with the time (``time.perf_counter``: the system's
monotonic clock, the same in the load generator's process) at which

- ``recv``: its handler (``ws._command``) began;
- ``queued``: its write joined the group commit (the committer's ``run``);
- ``batch``: its batch's statements began (``batch_size`` writes in it);
- ``handed``: its batch's statements were done and the batch handed to the commit thread
  (SQLite's ``LoopCommitter``);
- ``commit_start``/``commit_end``: the commit thread began the batch (with SQLite's
  deferred appends, their statements) and handed its outcome back (after the fsync);
- ``committed``: the loop took the commit's answer;
- ``resumed``: the command's coroutine ran again after the commit;
- ``answered``: the handler had the outcome (published: the sockets are woken);
- ``sends``: each socket's frames carrying its events: ``[viewer, woke, start, end]``: its
  push began (the hub's direct push of the game, or its sender task woke), its frames were
  made, and they were written;

and every collection of the cycle collector is noted (start, end, generation, objects
freed), so a sample can be laid beside the pauses it met. ``write`` puts the records in the
file as JSON.
"""

from __future__ import annotations

import contextvars
import functools
import gc
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server import commit, pushes, ws

KEEP = 200_000  # records kept at most (a long run keeps its first ones)

Record = dict[str, Any]
now = time.perf_counter
current: contextvars.ContextVar[Record | None] = contextvars.ContextVar(
    "latency_record", default=None)
records: list[Record] = []
by_seq: dict[tuple[str, int], Record] = {}
collections: list[tuple[float, float, int, int]] = []  # (start, end, generation, freed)
_gc_started = 0.0
_made: dict[int, float] = {}  # id(subscriber) -> when its frames were made
_written: dict[int, float] = {}  # id(subscriber) -> when its direct push was written
_traces: dict[int, Record] = {}  # id(a commit job) -> its command's record


def _stamp(jobs: Any, **stamps: float) -> None:
    for job in jobs:
        rec = _traces.get(id(job))
        if rec is not None:
            rec.update(stamps)


def _sent(table_id: str, seq: int, viewer: int, woke: float, start: float,
          end: float) -> None:
    rec = by_seq.get((table_id, seq))
    if rec is not None:
        rec.setdefault("sends", []).append((viewer, woke, start, end))


def _gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_started
    if phase == "start":
        _gc_started = now()
    elif len(collections) < KEEP:
        collections.append((_gc_started, now(), int(info.get("generation", 0)),
                            int(info.get("collected", 0))))


Patch = Callable[[Any, str, Any], None]


def _wrap(patch: Patch, owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``owner.name`` by ``make(the original)``."""
    patch(owner, name, functools.wraps(getattr(owner, name))(make(getattr(owner, name))))


# --- the command's way in and out -----------------------------------------------------------


def _command(orig: Any) -> Any:
    async def traced(service: Any, websocket: Any, sub: Any, tokens: Any,
                     parsed: dict[str, Any]) -> None:
        if len(records) < KEEP:
            raw = parsed.get("client_id")
            rec: Record = {"table": sub.table_id, "recv": now(),
                           "client_id": raw if isinstance(raw, str) else None}
            records.append(rec)
            current.set(rec)
        await orig(service, websocket, sub, tokens, parsed)
    return traced


def _run_command(orig: Any) -> Any:
    async def traced(*args: Any) -> Any:
        out = await orig(*args)
        rec = current.get()
        if rec is not None:
            rec["answered"] = now()
            rec["seq"] = out.seq
            by_seq[(rec["table"], out.seq)] = rec
            current.set(None)
        return out
    return traced


def _run(orig: Any) -> Any:
    async def traced(self: Any, fn: Any, appends: bool = False) -> Any:
        rec = current.get()
        if rec is not None:
            rec["queued"] = now()
        value = await orig(self, fn, appends)
        if rec is not None:
            rec["resumed"] = now()
        return value
    return traced


class _Job(commit.Job):
    """A commit job that remembers its command's record (``current`` where it is made)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rec = current.get()
        if rec is not None:
            _traces[id(self)] = rec
        else:  # a write of no command's (the id may be an old job's)
            _traces.pop(id(self), None)


# --- the group commit -----------------------------------------------------------------------


class _Handing:
    """SQLite's queue of batches for the commit thread: a batch put in it stamps ``handed``."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue

    def put(self, item: Any) -> None:
        if item is not None:
            _stamp([job for job, _, _ in item[3]], handed=now())
        self.queue.put(item)

    def get(self) -> Any:
        return self.queue.get()


def _next(orig: Any) -> Any:
    def traced(self: Any) -> None:
        if not isinstance(self.commits, _Handing):
            self.commits = _Handing(self.commits)
        batch = list(self.waiting)[:self.max_batch]
        _stamp(batch, batch=now(), batch_size=len(batch))
        orig(self)
    return traced


class _Answering:
    """The loop as the commit thread sees it: its answer stamps ``commit_end`` first."""

    def __init__(self, loop: Any, jobs: list[Any]) -> None:
        self.loop, self.jobs = loop, jobs

    def call_soon_threadsafe(self, callback: Any, *args: Any) -> Any:
        _stamp(self.jobs, commit_end=now())
        return self.loop.call_soon_threadsafe(callback, *args)


def _loop_commit(orig: Any) -> Any:
    def traced(self: Any, loop: Any, raw: Any, trans: Any, answers: Any, later: Any) -> None:
        jobs = [job for job, _, _ in answers]
        _stamp(jobs, commit_start=now())
        orig(self, _Answering(loop, jobs), raw, trans, answers, later)
    return traced


def _committed(orig: Any) -> Any:
    def traced(self: Any, exc: Any, trans: Any, answers: Any) -> None:
        _stamp([job for job, _, _ in answers], committed=now())
        orig(self, exc, trans, answers)
    return traced


def _thread_commit(orig: Any) -> Any:  # PostgreSQL's writer thread: a batch begins
    def traced(self: Any, batch: Any, again: bool = True) -> None:
        _stamp(batch, batch=now(), batch_size=len(batch))
        orig(self, batch, again)
    return traced


def _finish(orig: Any) -> Any:
    def traced(self: Any, trans: Any, batch: Any, answers: Any) -> None:
        _stamp(batch, commit_start=now())
        orig(self, trans, batch, answers)
    return traced


def _answer_from_thread(orig: Any) -> Any:
    def traced(answers: Any) -> None:
        _stamp([job for job, _, _ in answers], commit_end=now())
        orig(answers)
    return traced


def _settled(orig: Any) -> Any:
    def traced(answers: Any) -> None:
        _stamp([job for job, _, _ in answers], committed=now())
        orig(answers)
    return traced


# --- the pushes -----------------------------------------------------------------------------


def _seat_frames(orig: Any) -> Any:
    def traced(moved: Any, sub: Any, *args: Any) -> Any:
        push = orig(moved, sub, *args)
        _made[id(sub)] = now()
        return push
    return traced


def _delivered(orig: Any) -> Any:
    def traced(sub: Any, push: Any) -> None:
        orig(sub, push)
        _written[id(sub)] = now()
    return traced


def _push_game(orig: Any) -> Any:
    def traced(service: Any, table_id: str, subs: list[Any]) -> list[Any]:
        woke = now()
        before = [sub.sent for sub in subs]
        declined = orig(service, table_id, subs)
        for sub, was in zip(subs, before, strict=True):
            if sub.sent != was:
                _sent(table_id, sub.sent, sub.viewer, woke, _made.pop(id(sub), woke),
                      _written.pop(id(sub), now()))
        return declined
    return traced


def _send_events(orig: Any) -> Any:
    async def traced(service: Any, websocket: Any, sub: Any) -> None:
        woke, was = now(), sub.sent
        await orig(service, websocket, sub)
        _written.pop(id(sub), None)  # delivered before its frames were sent: sent now
        if sub.sent != was:
            _sent(sub.table_id, sub.sent, sub.viewer, woke, _made.pop(id(sub), woke), now())
    return traced


def install(patch: Patch = setattr) -> None:
    """Wrap the server's functions (before the app starts) and listen to the collector.
    ``patch(owner, name, value)`` sets each (a test's ``monkeypatch.setattr`` undoes them)."""
    _wrap(patch, ws, "_command", _command)
    _wrap(patch, ws, "run_command", _run_command)
    _wrap(patch, ws, "_send_events", _send_events)
    _wrap(patch, ws, "push_game", _push_game)
    for module in (ws, pushes):
        _wrap(patch, module, "seat_frames", _seat_frames)
        _wrap(patch, module, "delivered", _delivered)
    patch(commit, "Job", _Job)
    for writer in (commit.LoopCommitter, commit.Committer):
        _wrap(patch, writer, "run", _run)
    _wrap(patch, commit.LoopCommitter, "_next", _next)
    _wrap(patch, commit.LoopCommitter, "_commit", _loop_commit)
    _wrap(patch, commit.LoopCommitter, "_committed", _committed)
    _wrap(patch, commit.Committer, "_commit", _thread_commit)
    _wrap(patch, commit.Committer, "_finish", _finish)
    _wrap(patch, commit, "_answer_from_thread", _answer_from_thread)
    _wrap(patch, commit, "_settled", _settled)
    gc.callbacks.append(_gc)


def write(path: str) -> None:
    """The records as JSON (``path``'s ``{pid}`` replaced by the process id)."""
    Path(path.replace("{pid}", str(os.getpid()))).write_text(
        json.dumps({"records": records, "gc": collections}))
