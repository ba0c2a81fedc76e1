"""How fast a shared replay link opens: a ~1,900-event finished game, in headless Chromium.

The game is played by three ``trader`` bots in the engine (seeded, so every run plays the
same game, ~1,900 events), exported and imported as a replay table
(``POST /api/replays``), and its spectator link is opened with ``?replay``. Measured per
load, in a fresh browser context:

- ``first_frame_ms``: from the start of the navigation to the first animation frame where
  the replay shows its first moment (the board, the players and the bar of that moment);
- ``to_end_ms``: from pressing "To the end" to the first frame showing the last moment.

Both are timed inside the page (``performance.now()``, checked every animation frame), so
the driver's round trips are not in the figures.

The same is measured, in the same run and alternately, on a baseline revision of the repo
(``--baseline``, default ``dacdb7f``: before the replay work), served from a ``git archive``
of it, so the figures are quoted as a ratio. The server runs as a child process
(``starport serve``) on a fresh SQLite file per revision. The last line is
``replay_load events=<n> first_frame_ms=<x> baseline_first_frame_ms=<y> ratio=<y/x> ...``.

    .venv/bin/python bench/replay_load.py
    .venv/bin/python bench/replay_load.py --runs 7 --baseline main
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.replaykit import TO_END, WATCH_FIRST_FRAME, finished_game_doc  # noqa: E402

CHROMIUM = os.environ.get("STARPORT_CHROMIUM", "/usr/bin/chromium")
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serve(tree: Path, data: Path) -> Iterator[str]:
    """``starport serve`` from ``tree`` (its own server/ and web/) on a fresh SQLite file."""
    port = free_port()
    env = {**os.environ, "STARPORT_DATA_DIR": str(data), "PYTHONPATH": str(tree)}
    env.pop("DATABASE_URL", None)
    log = open(data / "server.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--port", str(port)],
                            cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the server in {tree} did not start (see {data}/server.log)")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def import_link(base: str, doc: dict[str, Any]) -> str:
    r = httpx.post(f"{base}/api/replays", json=doc, timeout=60)
    r.raise_for_status()
    t = r.json()
    return f"{base}/t/{t['table_id']}?replay#{t['spectator']['token']}"


def one_load(browser: Any, link: str) -> tuple[float, float]:
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(WATCH_FIRST_FRAME)
    try:
        page.goto(link)
        page.wait_for_function("window.__firstFrame !== undefined")
        first = float(page.evaluate("window.__firstFrame"))
        page.wait_for_timeout(500)  # let the page settle before the jump
        return first, float(page.evaluate(TO_END))
    finally:
        ctx.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per revision (alternating)")
    parser.add_argument("--baseline", default="dacdb7f", help="git revision to compare with")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    doc = finished_game_doc()
    print(f"game: {len(doc['events'])} events", flush=True)
    with tempfile.TemporaryDirectory(prefix="starport-replay-bench-") as tmp:
        old = Path(tmp) / "baseline"
        old.mkdir()
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        (Path(tmp) / "d-old").mkdir()
        (Path(tmp) / "d-new").mkdir()
        with serve(old, Path(tmp) / "d-old") as base_old, \
                serve(ROOT, Path(tmp) / "d-new") as base_new, sync_playwright() as pw:
            links = {"baseline": import_link(base_old, doc), "now": import_link(base_new, doc)}
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox", "--disable-gpu"])
            figures: dict[str, list[tuple[float, float]]] = {"baseline": [], "now": []}
            for i in range(args.runs):
                for name in ("baseline", "now") if i % 2 == 0 else ("now", "baseline"):
                    figures[name].append(one_load(browser, links[name]))
                    f, e = figures[name][-1]
                    print(f"{name:8} first frame {f:7.0f} ms, to the end {e:7.0f} ms", flush=True)
            browser.close()
    med = {k: (statistics.median(x for x, _ in v), statistics.median(y for _, y in v))
           for k, v in figures.items()}
    print(f"replay_load events={len(doc['events'])} runs={args.runs} "
          f"first_frame_ms={med['now'][0]:.0f} baseline_first_frame_ms={med['baseline'][0]:.0f} "
          f"first_frame_ratio={med['baseline'][0] / med['now'][0]:.1f} "
          f"to_end_ms={med['now'][1]:.0f} baseline_to_end_ms={med['baseline'][1]:.0f} "
          f"to_end_ratio={med['baseline'][1] / med['now'][1]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
