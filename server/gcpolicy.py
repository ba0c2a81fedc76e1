"""When the cycle collector runs in a serving process, so it never stalls the event loop long.

Measured with the loop watch (``bench/loopwatch.py``) at 200 games (``docs/performance.md``,
"The levers"): the collector's pauses were the long tail. A full collection walks every
tracked object of the process -- the imported libraries (~160,000 objects) and every loaded
game's states and log (hundreds of thousands more) -- and took 0.6-1 s on this machine; it
ran whenever the old generation had grown by a quarter, which a busy server's growing logs
reach within a minute. Young collections of 20,000 objects took 20-40 ms and older ones
(20 young ones' survivors) 200-260 ms.

So:

- ``gc.freeze()`` once the process has started: what was imported and built at start-up
  lives as long as the process and is never walked again;
- small, frequent young collections (``YOUNG`` new objects; under a millisecond each)
  while the event loop has room, larger ones (``BUSY_YOUNG``) while it is saturated
  (``young_threshold``, below);
- no automatic middle or full collection (their thresholds are out of reach):
  ``full_collections`` runs one every ``STARPORT_GC_FULL_EVERY`` seconds (default 600; 0:
  never) instead, so a stall of that size comes at most that often. What the middle and
  full collections free is cyclic garbage that outlived a young collection, which the hot
  paths no longer make (a game's search of reachable destinations was the bulk of it); the timer
  bounds what a slow leak could pile up.

Middle collections (every 3 young ones, as the default had it) walked everything that had
survived the young ones since the last: mostly the games' newest states and events, alive
and growing with the load. At 200 games they took 2.6-5 ms (median) and up to 13-16 ms
each, met a third of the slowest 1% of the commands (``bench/latency_trace.py``), and freed
~300 objects a second, all of them the set-up's closed HTTP connections
(the loop watch's census of the garbage): none made by play. ``docs/performance.md``, "The
levers".

Why the young threshold follows the loop's load (``docs/performance.md``, "The
levers"): a young collection walks every container allocated since the last one and still
alive. At 1,000 games the objects that outlive a command (its state, its events) were
walked once each, and the short-lived ones too when a collection fell inside their life:
the collector took 4.8-5.1% of the saturated loop's CPU (``perf``), against 2.2% with a
threshold of 20,000 (100,000 saved no more: what remains is each lasting object's one
walk). A larger threshold means longer pauses (a few milliseconds), which a loop with room
would put in its tail, and which a saturated loop's queue (tens of milliseconds) hides. So
``young_threshold`` looks at the loop's share of a core every ``TICK`` seconds and moves
between the two: ``BUSY_YOUNG`` at ``BUSY`` or more, ``YOUNG`` again below ``CALM``.

Why what is alive is frozen every ``FREEZE_EVERY`` seconds (``docs/performance.md``, "The
levers"): even so, young collections walked each object that outlived a command
once, and freed nothing -- in steady play the collector found no garbage at all (under
``gc.DEBUG_SAVEALL``: no object in ten seconds of 200 games). At 1,000 games they were 4.2%
of the saturated loop's CPU, 28 ms each on average and up to 79 ms; at 200 games 2.5-2.7 ms
each (median), met by 63-72 of the slowest 100 commands. ``freezes`` moves everything alive
into the permanent generation every ``FREEZE_EVERY`` seconds (``gc.freeze``: a list splice,
no walk; it also starts the young count again), so in steady play no young collection runs
and nothing is walked; a burst of allocations inside one interval still gets its young
collections (the thresholds above). The price: a reference cycle that becomes garbage
after a freeze -- or before one, when no young collection ran in between -- waits for the
timed full collection, which thaws everything first (``gc.unfreeze``) and freezes it again
after. So the sources of short-lived cycles a serving process had are gone: the HTTP
protocol left behind by each websocket's upgrade (``timeouts.py``), the tables' options
schema made for every ``GET /api/rulesets`` (``api.py``); what is left (SQLAlchemy's
expressions of an HTTP request that writes, a refused command's traceback, a closed
connection's objects -- the last of which waited for the full collection before as well,
having outlived young collections while open) is a few dozen objects each.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Iterator

log = logging.getLogger("starport.gc")

YOUNG = 2_000  # new tracked objects (net) between two young collections (~0.8 ms each)
BUSY_YOUNG = 20_000  # the same while the event loop is saturated (a few ms each)
BUSY = 0.75  # the loop's share of a core from which it counts as saturated
CALM = 0.6  # ... and below which it has room again
TICK = 0.5  # seconds between two looks at the loop's share
NEVER = 1 << 30  # the older generations' threshold: no automatic middle or full collection
FREEZE_EVERY = 0.1  # seconds between two freezes of what is alive


def saturated(share: float, busy: bool) -> bool:
    """Whether the loop counts as saturated now, from its share of a core over the last
    tick and whether it counted as saturated before (between ``CALM`` and ``BUSY`` it
    stays as it was, so a load near the line does not flip the threshold every tick)."""
    return share >= CALM if busy else share >= BUSY


async def young_threshold(tick: float = TICK) -> None:
    """The young generation's threshold following the loop's load (run on the loop: its
    thread's CPU time is the loop's)."""
    busy = False
    wall, cpu = time.perf_counter(), time.thread_time()
    while True:
        await asyncio.sleep(tick)
        now, used = time.perf_counter(), time.thread_time()
        share = (used - cpu) / max(now - wall, 1e-9)
        wall, cpu = now, used
        now_busy = saturated(share, busy)
        if now_busy != busy:
            busy = now_busy
            gc.set_threshold(BUSY_YOUNG if busy else YOUNG, NEVER, NEVER)
            log.debug("loop at %.2f of a core: young collections every %d objects", share,
                      BUSY_YOUNG if busy else YOUNG)


_configured = False


def configure() -> None:
    """The thresholds of a serving process (before it builds its app); its app then freezes
    what start-up made and runs the timed full collections (``configured``)."""
    global _configured
    gc.set_threshold(YOUNG, NEVER, NEVER)
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


@contextlib.contextmanager
def thawed(thaw: bool = True) -> Iterator[None]:
    """The frozen objects back in the collector's sight for what runs inside (a full
    collection: a cycle dropped since it was frozen is among them), frozen again after."""
    if thaw:
        gc.unfreeze()
    try:
        yield
    finally:
        if thaw:
            gc.freeze()


async def freezes(every: float) -> None:
    """What is alive frozen every ``every`` seconds, out of the young collections' sight
    (run on the loop; the module's docstring says why)."""
    while True:
        await asyncio.sleep(every)
        gc.freeze()


async def full_collections(every: float, thaw: bool = False) -> None:
    """A full collection every ``every`` seconds (the automatic ones are off); ``thaw``:
    of the frozen objects too (``freezes`` runs), frozen again once it is done."""
    if every <= 0:
        return
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        with thawed(thaw):
            found = gc.collect()
        log.info("full collection: %d objects freed in %.0f ms", found,
                 (time.perf_counter() - started) * 1000)
