"""Bots that search think in a worker process, never on the server's event loop nor in a
thread of its process (``docs/architecture.md``, "Bots").

A searching bot is CPU-bound Python for up to a second a decision: in a thread it holds the
GIL, and the event loop waits for it at every switch (``bench/bot_loop.py`` measures the
loop's lag both ways). So the levels above "easy" (``levels.searching_kinds``) are thought
out here: the game's state is pickled (a snapshot of one seq), sent with the seat, the seq
and the bot's kind and seed to one worker process (started on first use, by ``spawn``: no
fork of a process with threads), which rebuilds nothing else: it asks the installed game
for its definition, makes the bot once per (game, kind, seed) and keeps it, and answers what
``engine.bots.act`` answers -- the bot sees the seat's view and legal commands only -- with
the bot's one-line ``reason``. An answer later than the budget is given up (the pool is
started again: its worker may be stuck); the caller falls back to a bot of its own thread.

This module imports the engine only: it is what the worker process imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.bots import act
from engine.kernel import Command
from engine.kernel.registry import game, games

# seconds a decision may take in the worker (a searching bot's own budget is a second at
# most; the machine may be busy)
THINK_BUDGET = 10.0
BOTS_KEPT = 64  # bots kept in the worker, by (game, kind, seed): a bot may keep a plan

Answer = tuple[Command | None, str | None]

START_BUDGET = 120.0  # seconds the worker may take to start (imports, on a busy machine)

_pool: ProcessPoolExecutor | None = None
_ready: set[int] = set()  # the pools whose worker answered once (``id``)
_waiting = 0  # decisions sent to the worker and not answered yet (this process's loops)
_pool_lock = threading.Lock()
_services = 0  # running services of this process that may send decisions (``attach``)
_made: OrderedDict[tuple[str, str, str], Any] = OrderedDict()  # in the worker
_sendable: dict[Any, bool] = {}


def think(game_id: str, kind: str, seed: str, factory: Callable[[str], Any] | None,
          state: bytes, seat: int, seq: int) -> Answer:
    """In the worker: what the ``kind`` bot (made by ``factory``, else by the installed
    game's own) plays for ``seat`` at ``seq`` from the pickled ``state``, and its reason."""
    definition = game(game_id)
    key = (game_id, kind, seed)
    bot = _made.get(key)
    if bot is None:
        bot = (factory or definition.bots[kind])(seed)
        _made[key] = bot
        while len(_made) > BOTS_KEPT:
            _made.popitem(last=False)
    else:
        _made.move_to_end(key)
    with contextlib.suppress(AttributeError):  # a bot that gives no reason
        bot.reason = None
    command = act(bot, definition, pickle.loads(state), seat, seq)
    reason = getattr(bot, "reason", None)
    return command, reason if isinstance(reason, str) else None


def ready() -> bool:
    """In the worker: it has started, the installed games loaded."""
    return bool(games())


def pool() -> ProcessPoolExecutor:
    """The worker process's pool (one worker: the machine's other core serves the loop)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1,
                                        mp_context=multiprocessing.get_context("spawn"))
        return _pool


def restart(stuck: ProcessPoolExecutor) -> None:
    """Give up on a pool whose worker is stuck or gone: its processes end, the next
    decision starts a new one."""
    global _pool
    with _pool_lock:
        if _pool is stuck:
            _pool = None
        _ready.discard(id(stuck))
    for process in list(getattr(stuck, "_processes", {}).values()):
        process.terminate()
    stuck.shutdown(wait=False, cancel_futures=True)


def attach() -> None:
    """A service of this process started: it may send decisions to the worker."""
    global _services
    with _pool_lock:
        _services += 1


def detach() -> None:
    """A service stopped: the last one of the process ends the worker (several services share
    it in one process, e.g. an app under test beside another)."""
    global _services
    with _pool_lock:
        _services = max(0, _services - 1)
        last = _services == 0
    if last:
        shutdown()


def shutdown() -> None:
    """End the worker (a server stopping)."""
    global _pool
    with _pool_lock:
        stuck, _pool = _pool, None
    if stuck is not None:
        stuck.shutdown(wait=False, cancel_futures=True)


def sendable(factory: Any) -> Any:
    """``factory`` if it can be sent to the worker (a class or function of a module), else
    None (the worker makes the game's own kind)."""
    try:
        known = _sendable.get(factory)
    except TypeError:  # not hashable: asked each time
        known = None
    if known is None:
        try:
            pickle.dumps(factory)
            known = True
        except Exception:
            known = False
        with contextlib.suppress(TypeError):
            _sendable[factory] = known
    return factory if known else None


async def think_off(game_id: str, kind: str, seed: str, factory: Any, state: bytes, seat: int,
                    seq: int, budget: float | None = None) -> Answer:
    """What the bot plays, thought out in the worker within ``budget`` seconds (by default
    ``THINK_BUDGET``) for it and for each decision queued before it; a TimeoutError after
    that, and the worker is started again (a RuntimeError for the decisions it had
    queued)."""
    global _waiting
    executor = pool()
    if id(executor) not in _ready:  # the first decision does not wait for the start
        try:
            await asyncio.wait_for(asyncio.wrap_future(executor.submit(ready)), START_BUDGET)
        except (TimeoutError, BrokenProcessPool):
            restart(executor)
            raise
        _ready.add(id(executor))
    with _pool_lock:
        ahead = _waiting  # decisions before this one in the worker's queue: each its budget
        _waiting += 1
    future = None
    try:
        future = executor.submit(think, game_id, kind, seed, sendable(factory), state, seat,
                                 seq)
        return await asyncio.wait_for(asyncio.wrap_future(future),
                                      (budget or THINK_BUDGET) * (1 + ahead))
    except (TimeoutError, BrokenProcessPool):
        restart(executor)
        raise
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if future is not None and future.cancelled() and not (task and task.cancelling()):
            raise RuntimeError("the worker was started again") from None  # not our cancel
        raise
    finally:
        with _pool_lock:
            _waiting -= 1
