"""``starport serve`` with the group commit timed from outside the server (SQLite's
``LoopCommitter``): for ``bench/server_load.py --commit-watch`` and ``bench/compare.py``,
which print the fsync and the group-commit wait beside p50 (``docs/performance.md``,
"How to measure"). The server's own code knows nothing of it; one serving process only.

Two figures, each a list of ``(start, seconds)`` on the system's monotonic clock
(``time.perf_counter``, the same as the load's), written as JSON to
``$STARPORT_COMMIT_WATCH`` when the app's lifespan ends (uvicorn ends the process by the
signal it caught: no ``atexit``):

- ``commit``: the commit thread's work on a batch (``LoopCommitter._commit``: the COMMIT and
  its fsync, with a busy batch's deferred statements);
- ``wait``: a write's whole wait for durability (``LoopCommitter.run``: queued behind the
  batch being committed, its own batch, the commit, the answer back on the loop).

    python bench/commit_serve.py --port 8000    # from the served project's root
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

sys.path.insert(1, os.getcwd())  # the served project: the working directory's

import server.app  # noqa: E402
from server import commit  # noqa: E402

COMMITS: list[tuple[float, float]] = []
WAITS: list[tuple[float, float]] = []


def _run(orig: Callable[..., Any]) -> Callable[..., Any]:
    async def timed(self: Any, fn: Any, appends: bool = False) -> Any:
        t = time.perf_counter()
        try:
            return await orig(self, fn, appends)
        finally:
            WAITS.append((t, time.perf_counter() - t))
    return timed


def _commit(orig: Callable[..., Any]) -> Callable[..., Any]:
    def timed(self: Any, *args: Any) -> None:
        t = time.perf_counter()
        try:
            orig(self, *args)
        finally:
            COMMITS.append((t, time.perf_counter() - t))
    return timed


Lifespan = Callable[[Any], AbstractAsyncContextManager[Any]]


def written(lifespan: Lifespan, path: str) -> Lifespan:
    """The app's lifespan, the timings written when it ends."""

    @asynccontextmanager
    async def wrapped(app: Any) -> AsyncIterator[None]:
        async with lifespan(app):
            yield
        with open(path, "w") as out:
            json.dump({"commit": COMMITS, "wait": WAITS}, out)

    return wrapped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    path = os.environ.get("STARPORT_COMMIT_WATCH", "").strip()
    committer = getattr(commit, "LoopCommitter", None)  # an older copy may lack it
    if path and committer is not None and hasattr(committer, "_commit"):
        committer.run = _run(committer.run)
        committer._commit = _commit(committer._commit)
        serving = server.app.serving_app

        def watched_app() -> Any:
            app = serving()
            app.router.lifespan_context = written(app.router.lifespan_context, path)
            return app

        server.app.serving_app = watched_app  # what ``run`` has uvicorn build (by name)
    server.app.run(host=args.host, port=args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
