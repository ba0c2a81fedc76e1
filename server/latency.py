"""Where a websocket command's time goes on the server (``STARPORT_LATENCY_TRACE=<file>``).

Off by default (every hook is one test of ``ON``); with the variable set, a serving process
stamps each websocket command with the time (``time.perf_counter``: the system's monotonic
clock, the same in the load generator's process) at which

- ``recv``: its handler (``ws._command``) began;
- ``queued``: its write joined the group commit (``commit.LoopCommitter.run``);
- ``batch``: its batch's statements began on the loop (``batch_size`` writes in it);
- ``handed``: its batch's statements were done and the batch handed to the commit thread
  (SQLite's ``LoopCommitter``);
- ``commit_start``/``commit_end``: the commit thread began and ended the commit (the fsync);
- ``committed``: the loop took the commit's answer (the thread's hand-off);
- ``resumed``: the command's coroutine ran again after the commit;
- ``answered``: the handler had the outcome (published: the sockets are woken);
- ``sends``: each socket's frame carrying its events: ``[viewer, woke, start, end]``: its
  sender woke, began ``send_text`` (the frame and view made), and was done;

and notes every collection of the cycle collector (start, end, generation, objects freed),
so a sample can be laid beside the pauses it met. The records are written as JSON when the
app stops; ``bench/latency_trace.py`` joins them with the client's send and read times.
"""

from __future__ import annotations

import contextvars
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

ON = bool(os.environ.get("STARPORT_LATENCY_TRACE", "").strip())
KEEP = 200_000  # records kept at most (a long run keeps its first ones)

Record = dict[str, Any]
current: contextvars.ContextVar[Record | None] = contextvars.ContextVar(
    "latency_record", default=None)
_records: list[Record] = []
_by_seq: dict[tuple[str, int], Record] = {}
_gcs: list[tuple[float, float, int, int]] = []  # (start, end, generation, collected)
_gc_started = 0.0
now = time.perf_counter


def begin(table_id: str, client_id: str | None) -> None:
    """A command message arrived (its handler runs in its own task: the record follows it
    through the awaits of this task)."""
    if len(_records) >= KEEP:
        return
    rec: Record = {"table": table_id, "client_id": client_id, "recv": now()}
    _records.append(rec)
    current.set(rec)


def mark(label: str) -> None:
    rec = current.get()
    if rec is not None:
        rec[label] = now()


def answered(table_id: str, seq: int) -> None:
    """The command's outcome is known (its last event's ``seq``): its frames can be found."""
    rec = current.get()
    if rec is not None:
        rec["answered"] = now()
        rec["seq"] = seq
        _by_seq[(table_id, seq)] = rec
        current.set(None)


def sent(table_id: str, seq: int, viewer: int, woke: float, start: float) -> None:
    """An events frame ending at ``seq`` went to ``viewer``'s socket: its sender woke at
    ``woke``, had the frame made at ``start`` (``send_text`` began) and is done now."""
    rec = _by_seq.get((table_id, seq))
    if rec is not None:
        rec.setdefault("sends", []).append((viewer, woke, start, now()))


def _gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_started
    if phase == "start":
        _gc_started = now()
    elif len(_gcs) < KEEP:
        _gcs.append((_gc_started, now(), int(info.get("generation", 0)),
                     int(info.get("collected", 0))))


def start() -> None:
    if ON and _gc not in gc.callbacks:
        gc.callbacks.append(_gc)


def stop() -> None:
    """Write the records (when on)."""
    raw = os.environ.get("STARPORT_LATENCY_TRACE", "").strip()
    if not ON or not raw:
        return
    if _gc in gc.callbacks:
        gc.callbacks.remove(_gc)
    Path(raw.replace("{pid}", str(os.getpid()))).write_text(
        json.dumps({"records": _records, "gc": _gcs}))
