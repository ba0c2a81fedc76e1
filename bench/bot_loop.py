"""The event loop's lag while a bot thinks: in a thread of the server's process (the GIL is
the loop's too) against the worker process (``server/thinking.py``; ``docs/architecture.md``,
"Bots"). Prints figures, never pass/fail.

For each game (``--games``, default every installed one): a position reached by its easy
bots (``--moves`` commands, then on to a decision with a choice), then three runs of
``--seconds`` each on one event loop whose ticker asks to run every ``TICK`` seconds and notes
how late it ran:

- ``idle``: nothing else runs (the baseline);
- ``thread``: the ``--kind`` bot (default ``hard``) decides again and again in a
  ThreadPoolExecutor of one thread, as the server's bot thread would;
- ``process``: the same decisions sent to the worker process (``thinking.think_off``, the
  state pickled each time, as the server does).

Each run prints the loop's lag (p50, p99, the largest, in ms) and its p99 as a ratio of the
idle run's, the decisions made and their time (p50, p95). Run:
``.venv/bin/python bench/bot_loop.py --games venus --seconds 10``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pickle
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import act  # noqa: E402
from engine.kernel import Game, takeback  # noqa: E402
from engine.kernel.definition import GameDefinition  # noqa: E402
from engine.kernel.registry import games  # noqa: E402
from server import thinking  # noqa: E402

TICK = 0.002  # seconds between two lag measurements


def position(definition: GameDefinition, moves: int) -> Game[Any]:
    """A game of ``definition`` after ``moves`` commands of its easy bots, then on to a
    decision with a choice (two legal commands or more), or its end."""
    players = max(2, definition.players[0])
    game = Game.start(definition.ruleset, dict(definition.simulation.options),
                      [f"P{i}" for i in range(players)], seed="bot-loop")
    bots = [definition.make_bot(definition.default_bot, i) for i in range(players)]
    for played in range(moves + 1000):
        pending = game.pending()
        if pending is None:
            break
        seat = pending.seats[0]
        if played >= moves and len(takeback.without(
                definition.ruleset.legal_actions(game.state, seat))) > 1:
            break
        command = act(bots[seat], definition, game.state, seat, game.seq)
        if command is None:
            break
        game.play(seat, command)
    return game


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def watch(seconds: float, work: Callable[[], Awaitable[None]] | None
                ) -> tuple[list[float], list[float]]:
    """The loop's lags (ms) over ``seconds`` while ``work`` runs again and again; the time
    of each ``work`` (s)."""
    lags: list[float] = []
    took: list[float] = []
    end = time.perf_counter() + seconds

    async def ticker() -> None:
        while time.perf_counter() < end:
            asked = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - asked - TICK) * 1000)

    async def worker() -> None:
        assert work is not None
        while time.perf_counter() < end:
            began = time.perf_counter()
            await work()
            took.append(time.perf_counter() - began)

    await asyncio.gather(ticker(), *([worker()] if work is not None else []))
    return lags, took


def line(game_id: str, run: str, lags: list[float], took: list[float], base: float) -> str:
    p99 = pct(lags, 0.99)
    decisions = (f"{len(took)} decisions, p50 {pct(took, 0.5):.2f} s, p95 {pct(took, 0.95):.2f} s"
                 if took else "-")
    return (f"{game_id:15} {run:8} lag p50 {statistics.median(lags):6.2f} ms  p99 {p99:7.2f} ms"
            f"  max {max(lags):7.1f} ms  p99/idle {p99 / base:6.1f}x  {decisions}")


async def bench(definition: GameDefinition, kind: str, seconds: float, moves: int) -> None:
    game = position(definition, moves)
    pending = game.pending()
    if pending is None:
        print(f"{definition.id}: the game ended within {moves} moves")
        return
    seat, seq, state = pending.seats[0], game.seq, game.state
    loop = asyncio.get_running_loop()
    threads = ThreadPoolExecutor(max_workers=1)
    bot = definition.make_bot(kind, "bench")

    async def in_thread() -> None:
        await loop.run_in_executor(threads, act, bot, definition, state, seat, seq)

    async def in_process() -> None:
        snapshot = await loop.run_in_executor(threads, pickle.dumps, state)
        await thinking.think_off(definition.id, kind, "bench", definition.bots[kind],
                                 snapshot, seat, seq, budget=60.0)

    await in_process()  # the worker started and its bot made before the clock runs
    print(f"{definition.id}: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          flush=True)
    idle, _ = await watch(seconds, None)
    base = pct(idle, 0.99) or 1e-3
    print(line(definition.id, "idle", idle, [], base), flush=True)
    for name, work in (("thread", in_thread), ("process", in_process)):
        lags, took = await watch(seconds, work)
        print(line(definition.id, name, lags, took, base), flush=True)
    threads.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--kind", default="hard", help="the bot kind that thinks")
    parser.add_argument("--seconds", type=float, default=10.0, help="each run's length")
    parser.add_argument("--moves", type=int, default=60, help="easy moves before the position")
    args = parser.parse_args()
    installed = games()
    for game_id in args.games or list(installed):
        definition = installed[game_id]
        if args.kind not in definition.bots:
            print(f"{game_id}: no {args.kind!r} bot")
            continue
        asyncio.run(bench(definition, args.kind, args.seconds, args.moves))
    thinking.shutdown()


if __name__ == "__main__":
    main()
