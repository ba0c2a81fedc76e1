"""When the cycle collector runs in a serving process, so it never stalls the event loop long.

Measured with ``STARPORT_LOOP_WATCH`` (``loopwatch.py``) at 200 games (``docs/performance.md``,
"The third round"): the collector's pauses were the long tail. A full collection walks every
tracked object of the process -- the imported libraries (~160,000 objects) and every loaded
game's states and log (hundreds of thousands more) -- and took 0.6-1 s on this machine; it
ran whenever the old generation had grown by a quarter, which a busy server's growing logs
reach within a minute. Young collections of 20,000 objects took 20-40 ms and older ones
(20 young ones' survivors) 200-260 ms.

So:

- ``gc.freeze()`` once the process has started: what was imported and built at start-up
  lives as long as the process and is never walked again;
- small, frequent young collections (``YOUNG`` new objects; under a millisecond each);
- no automatic middle or full collection (their thresholds are out of reach):
  ``full_collections`` runs one every ``STARPORT_GC_FULL_EVERY`` seconds (default 600; 0:
  never) instead, so a stall of that size comes at most that often. What the middle and
  full collections free is cyclic garbage that outlived a young collection, which the hot
  paths no longer make (``engine/venus/reach.py``'s search was the bulk of it); the timer
  bounds what a slow leak could pile up.

Middle collections (every 3 young ones until the fourth round) walked everything that had
survived the young ones since the last: mostly the games' newest states and events, alive
and growing with the load. At 200 games they took 2.6-5 ms (median) and up to 13-16 ms
each, met a third of the slowest 1% of the commands (``bench/latency_trace.py``), and freed
~300 objects a second, all of them the set-up's closed HTTP connections
(``STARPORT_LOOP_WATCH_GARBAGE``): none made by play. ``docs/performance.md``, "The fourth
round".

``STARPORT_GC_THRESHOLD=a,b,c`` overrides the thresholds (for measuring).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time

log = logging.getLogger("starport.gc")

YOUNG = 2_000  # new tracked objects (net) between two young collections (~0.8 ms each)
NEVER = 1 << 30  # the older generations' threshold: no automatic middle or full collection
FULL_EVERY = 600.0  # seconds between two full collections (STARPORT_GC_FULL_EVERY)


def thresholds() -> tuple[int, int, int]:
    raw = os.environ.get("STARPORT_GC_THRESHOLD", "").strip()
    if raw:
        a, b, c = (int(x) for x in raw.split(","))
        return a, b, c
    return YOUNG, NEVER, NEVER


_configured = False


def configure() -> None:
    """The thresholds of a serving process (before it builds its app); its app then freezes
    what start-up made and runs the timed full collections (``configured``)."""
    global _configured
    gc.set_threshold(*thresholds())
    _configured = True


def configured() -> bool:
    """This process serves (``configure`` ran): tests' apps leave the collector alone."""
    return _configured


def freeze_startup() -> int:
    """Collect once, then move everything alive now out of the collector's sight (called
    when the app has started: the libraries, the routes, the settings). The objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def full_every() -> float:
    raw = os.environ.get("STARPORT_GC_FULL_EVERY", "").strip()
    return float(raw) if raw else FULL_EVERY


async def full_collections(every: float) -> None:
    """A full collection every ``every`` seconds (the automatic ones are off)."""
    if every <= 0:
        return
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        found = gc.collect()
        log.info("full collection: %d objects freed in %.0f ms", found,
                 (time.perf_counter() - started) * 1000)
