"""``starport serve`` with a benchmark's instruments installed from outside the server: the
loop watch (``STARPORT_LOOP_WATCH=<file>``, ``bench/loopwatch.py``) and the command trace
(``STARPORT_LATENCY_TRACE=<file>``, ``bench/latency.py``), each when its variable names a
file. ``bench/server_load.py`` starts the server this way when either is set; the server's
own code knows nothing of them. One serving process only (uvicorn's worker processes would
import the app afresh, without the instruments).

    python bench/traced_serve.py --port 8000    # from the project's root (its working dir)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

sys.path.insert(1, os.getcwd())  # the served project: the working directory's

import latency  # noqa: E402
import loopwatch  # noqa: E402

import server.app  # noqa: E402

Lifespan = Callable[[Any], AbstractAsyncContextManager[Any]]


def instrumented(lifespan: Lifespan, watch_path: str, trace_path: str) -> Lifespan:
    """The app's lifespan, with the loop watch started after it and the trace written when
    it ends."""

    @asynccontextmanager
    async def wrapped(app: Any) -> AsyncIterator[None]:
        async with lifespan(app):
            watch = loopwatch.start(watch_path) if watch_path else None
            try:
                yield
            finally:
                if watch is not None:
                    watch.stop()
        if trace_path:
            latency.write(trace_path)

    return wrapped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    watch_path = os.environ.get("STARPORT_LOOP_WATCH", "").strip()
    trace_path = os.environ.get("STARPORT_LATENCY_TRACE", "").strip()
    if trace_path:
        latency.install()
    serving = server.app.serving_app

    def traced_app() -> Any:
        app = serving()
        router = app.router
        router.lifespan_context = instrumented(router.lifespan_context, watch_path,
                                               trace_path)
        return app

    server.app.serving_app = traced_app  # what ``run`` has uvicorn build (by name)
    server.app.run(host=args.host, port=args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
