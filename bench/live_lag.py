"""How far behind the server a watching tab shows a fast game: an older client (the
``web/`` of a git revision, default ``dacdb7f``) and the client now, in the same run, on the
same game (fixed seed, three ``trader`` bots, a command every 100 ms, a 1,000 game).

For every event: the time from the server committing it to the page showing it (now:
``#game[data-seq]``; before, which had no such mark: the events the page had taken in, which
flatters it). Figures, never a pass/fail. Run: ``.venv/bin/python bench/live_lag.py [rev]``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import threading
import time
import types
from pathlib import Path
from typing import Any

import httpx
import uvicorn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.test_live_pace import HeadClock  # noqa: E402

SAMPLE = """
window.__shown = [];
setInterval(() => {
  const g = window.starport?.game;
  const mark = document.getElementById("game")?.dataset.seq;
  if (g) window.__shown.push([Date.now() / 1000, mark !== undefined ? Number(mark) : g.seq]);
}, 50);
"""
CATCH_UP = 120.0  # seconds the page may take after the game's end


def old_web(rev: str) -> Path:
    out = Path(tempfile.mkdtemp(prefix="starport-web-old-"))
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "web"], check=True,
                         capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=tar, check=True)
    return out / "web"


def lags(first: dict[int, float], shown: list[list[float]], end: float) -> list[float]:
    out = []
    k = 0
    for s in sorted(first):
        while k < len(shown) and shown[k][1] < s:
            k += 1
        out.append((shown[k][0] if k < len(shown) else end) - first[s])
    return out


def watch(web: Path, browser: Any) -> tuple[list[float], int]:
    import server.app as server_app
    import server.lobby as lobby
    from server.config import Settings, database_url

    server_app.WEB = web
    fixed = types.ModuleType("secrets")  # the server's secrets, with a fixed seed
    vars(fixed).update(token_hex=lambda n=32: "bench-seed",
                       SystemRandom=__import__("secrets").SystemRandom)
    lobby.secrets = fixed
    data = Path(tempfile.mkdtemp(prefix="starport-bench-"))
    app = server_app.create_app(Settings(data_dir=data, database_url=database_url(None, data),
                                         bot_delay=2.0))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    api = f"http://127.0.0.1:{port}/api/tables"
    made = httpx.post(api, json={"name": "Bench", "options": {"game_length": 1000},
                                 "seats": 3, "bots": [0, 1, 2]}).json()
    httpx.post(f"{api}/{made['table_id']}/start",
               headers={"X-Starport-Token": made["host"]["token"]})
    service = app.state.service
    clock = HeadClock(service, made["table_id"])
    clock.start()
    # bypass_csp: wait_for_function evaluates a string, which the pages' CSP forbids
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    page.add_init_script(SAMPLE)
    page.goto(made["seats"][0]["url"])
    page.wait_for_function("window.starport?.game?.answer", timeout=30_000)
    page.wait_for_timeout(1000)
    opened = max(clock.first)
    service.settings.bot_delay = 0.1
    entry = service.entries[made["table_id"]]
    while not entry.finished:
        time.sleep(0.2)
    head = entry.committed
    end = time.time() + CATCH_UP
    while time.time() < end and page.evaluate("window.__shown.at(-1)?.[1] ?? 0") < head:
        time.sleep(0.5)
    shown = page.evaluate("window.__shown")
    clock.stop.set()
    clock.join()
    ctx.close()
    server.should_exit = True
    thread.join(timeout=10)
    watched = {s: t for s, t in clock.first.items() if s > opened}
    return lags(watched, shown, time.time()), len(watched)


def main() -> None:
    from playwright.sync_api import sync_playwright

    rev = sys.argv[1] if len(sys.argv) > 1 else "dacdb7f"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        figures = {}
        for label, web in ((f"before ({rev})", old_web(rev)), ("now", ROOT / "web")):
            got, n = watch(web, browser)
            figures[label] = got
            print(f"{label:>18}: {n} events; lag median {statistics.median(got):.2f} s, "
                  f"p95 {sorted(got)[int(len(got) * 0.95)]:.2f} s, max {max(got):.2f} s",
                  flush=True)
        browser.close()
    before, now = figures[f"before ({rev})"], figures["now"]
    print(f"before/now: median {statistics.median(before) / statistics.median(now):.0f}x, "
          f"max {max(before) / max(now):.0f}x")


if __name__ == "__main__":
    main()
