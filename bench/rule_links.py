"""What the rule links (``web/platform/rulelinks.js``) cost a watching tab: two tabs of
the same seat watch the same fast game (three ``trader`` bots, a command every 100 ms, a 1,000
game) side by side, one with the rule links and one with ``rulelinks.js`` replaced by a stub
that links nothing. Printed per tab: the renderer's main-thread time over the game (CDP
``Performance.getMetrics`` TaskDuration), the lag from commit to ``#game[data-seq]``, the rule
links made. Figures, never a pass/fail. Run: ``.venv/bin/python bench/rule_links.py``.
"""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.test_live_pace import RECORD_SEQ, HeadClock, _bot_table, _lags  # noqa: E402

STUB = "export function useRuleset() {}\nexport function watchPage() {}\n"


def _serve() -> tuple[Any, uvicorn.Server, str]:
    from tests.web.testapp import app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return app, server, f"http://127.0.0.1:{port}"


def _tab(browser: Any, links: bool) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, bypass_csp=True)
    page = ctx.new_page()
    page.add_init_script(RECORD_SEQ)
    if not links:
        page.route("**/platform/rulelinks.js*", lambda r: r.fulfill(
            status=200, content_type="application/javascript", body=STUB))
    cdp = ctx.new_cdp_session(page)
    cdp.send("Performance.enable")
    return page, cdp


def _busy(cdp: Any) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))


def main() -> None:
    from playwright.sync_api import sync_playwright

    app, server, base = _serve()
    service = app.state.service
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        service.settings.bot_delay = 2.0
        made = _bot_table(base, 1000)
        clock = HeadClock(service, made["table_id"])
        clock.start()
        tabs = {"rule links": _tab(browser, True), "no rule links": _tab(browser, False)}
        for page, _ in tabs.values():
            page.goto(made["seats"][0]["url"])
        for page, _ in tabs.values():
            page.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")
        before = {name: _busy(cdp) for name, (_, cdp) in tabs.items()}
        opened = max(clock.first)
        service.settings.bot_delay = 0.1
        for page, _ in tabs.values():
            page.wait_for_selector("#end:not([hidden])", timeout=240_000)
        clock.stop.set()
        clock.join()
        head = max(clock.first)
        watched = {s: t for s, t in clock.first.items() if s > opened}
        for name, (page, cdp) in tabs.items():
            page.wait_for_function(
                f"Number(document.getElementById('game').dataset.seq) === {head}")
            lags = sorted(_lags(watched, page.evaluate("window.__shown")))
            print(f"{name}: {len(watched)} events; renderer busy {_busy(cdp) - before[name]:.2f} s;"
                  f" lag median {statistics.median(lags) * 1000:.0f} ms,"
                  f" p95 {lags[int(len(lags) * 0.95)] * 1000:.0f} ms;"
                  f" {page.locator('a.rule-ref').count()} rule links")
        browser.close()
    server.should_exit = True


if __name__ == "__main__":
    main()
