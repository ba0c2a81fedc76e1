"""The live view keeps up with the game, and the page burns no CPU while idle.

A table of fast bots watched by a seat tab and a spectator tab: the page's ``#game[data-seq]``
(the last event it shows) never falls more than a second behind the server's head, and the
winner dialog comes with a complete log. An idle game page costs (almost) no CPU: measured
through the DevTools protocol against the same page with the old endless animations put back.
The figures are printed (run with ``-s``); the asserts are the issue's bounds, not timings
tuned to this machine.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# every data-seq the page shows, with the wall clock time it was shown
RECORD_SEQ = """
window.__shown = [];
document.addEventListener("DOMContentLoaded", () => {
  const game = document.getElementById("game");
  new MutationObserver(() => window.__shown.push([Date.now() / 1000, Number(game.dataset.seq)]))
    .observe(game, { attributes: true, attributeFilter: ["data-seq"] });
});
"""


class HeadClock(threading.Thread):
    """When the server first held each seq (polled in memory every 5 ms)."""

    def __init__(self, service: Any, table: str) -> None:
        super().__init__(daemon=True)
        self.service, self.table = service, table
        self.first: dict[int, float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        seen = 0
        while not self.stop.is_set():
            entry = self.service.entries.get(self.table)
            head = entry.committed if entry is not None else 0
            now = time.time()
            for s in range(seen + 1, head + 1):
                self.first[s] = now
            seen = max(seen, head)
            time.sleep(0.005)


def _starved() -> bool:
    """Over twice as much runnable work as cores over the last minute (this test alone, its
    server, bots and two tabs, makes a load of about 3 on two cores): the box is shared with
    other work (other suites), so a tab can wait for CPU whatever the page does."""
    return os.getloadavg()[0] > 2 * (os.cpu_count() or 1)


def _lags(first: dict[int, float], shown: list[list[float]]) -> list[float]:
    """For every seq the server had: how long after it the page showed it (or a later one)."""
    lags = []
    k = 0
    for s in sorted(first):
        while k < len(shown) and shown[k][1] < s:
            k += 1
        assert k < len(shown), f"the page never showed seq {s}"
        lags.append(max(0.0, shown[k][0] - first[s]))
    return lags


def _page(browser: Any, errors: list[str], **context: Any) -> Any:
    # bypass_csp: wait_for_function evaluates strings, which the pages' CSP forbids
    ctx = browser.new_context(**({"viewport": {"width": 1440, "height": 900},
                                  "bypass_csp": True} | context))
    page = ctx.new_page()
    page.add_init_script(RECORD_SEQ)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(15_000)
    return page


def _bot_table(server_url: str, length: int, seats: int = 3) -> dict[str, Any]:
    api = f"{server_url}/api/tables"
    made: dict[str, Any] = httpx.post(api, json={
        "name": "Fast bots", "options": {"game_length": length}, "seats": seats,
        "bots": list(range(seats))}).json()
    r = httpx.post(f"{api}/{made['table_id']}/start",
                   headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    return made


def test_the_live_view_stays_within_a_second_of_fast_bots(
    browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three ``trader`` bots playing a 1,000 game four times as fast as the server's
    default (a command every 100 ms), watched by a seat tab and a spectator tab: every event
    the server commits is shown (``data-seq``) within 1 s, and the winner dialog comes with
    the whole log.

    The page draws the new state at once (a move's glide is its depiction, not a wait): on a
    box that is not starved every event is asserted within 1 s (alone on two cores: median
    0.15 s, p95 0.27 s, max 0.30 s). The machine these tests run on can be shared (a load of
    10-30 on two cores was seen): when the last minute's load exceeds twice the cores, a tab
    waits for CPU whatever the page does, and the tail
    is bounded by p95 2 s and every event 4 s (the median stays under 1 s); the figures and
    which bound held are printed (``-s``)."""
    from tests.web.testapp import app

    service = app.state.service
    errors: list[str] = []
    seat_page, spectator = _page(browser, errors), _page(browser, errors)
    asked: dict[str, int] = {"seat": 0, "spectator": 0}  # GET /view: the pushed views suffice
    for name, p in (("seat", seat_page), ("spectator", spectator)):
        p.on("request", lambda r, name=name: asked.__setitem__(name, asked[name] + 1)
             if r.url.endswith("/view") else None)
    monkeypatch.setattr(service.settings, "bot_delay", 2.0)  # slow while the tabs open
    made = _bot_table(server_url, 1000)
    clock = HeadClock(service, made["table_id"])
    clock.start()
    try:
        seat_page.goto(made["seats"][0]["url"])
        spectator.goto(made["spectator"]["url"])
        for p in (seat_page, spectator):
            p.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")
        started = time.time()
        opened = max(clock.first)
        monkeypatch.setattr(service.settings, "bot_delay", 0.1)
        for p in (seat_page, spectator):
            p.wait_for_selector("#end:not([hidden])", timeout=240_000)
        played = time.time() - started
    finally:
        clock.stop.set()
        clock.join()
    head = max(clock.first)
    watched = {s: t for s, t in clock.first.items() if s > opened}
    figures: dict[str, tuple[float, float, float]] = {}
    for name, p in (("seat", seat_page), ("spectator", spectator)):
        p.wait_for_function(f"Number(document.getElementById('game').dataset.seq) === {head}")
        lags = _lags(watched, p.evaluate("window.__shown"))
        print(f"\n{name} tab: {len(watched)} events in {played:.1f} s; lag median "
              f"{statistics.median(lags) * 1000:.0f} ms, p95 "
              f"{sorted(lags)[int(len(lags) * 0.95)] * 1000:.0f} ms, "
              f"max {max(lags) * 1000:.0f} ms; GET /view {asked[name]} times")
        # never one per batch: the page's opening, its first hello and the table's end
        assert asked[name] <= 5, f"{name}: {asked[name]} GET /view for one game"
        figures[name] = statistics.median(lags), sorted(lags)[int(len(lags) * 0.95)], max(lags)
        # the winner dialog with a complete log: every event, the last words the win
        assert p.evaluate("window.starport.game.events.length") == head
        assert p.evaluate("window.starport.game.events.every((e, i) => e.seq === i + 1)")
        assert "wins with a Net Worth of" in p.locator("#log li").last.inner_text()
        assert p.locator("#end h2").inner_text().endswith("wins!")
    starved = _starved()
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: "
          + ("starved, the tail bounds are relaxed" if starved else "every event within 1 s"))
    for name, (median, p95, worst) in figures.items():
        assert median < 1.0, f"{name}: half the events were shown over {median:.2f} s late"
        if not starved:  # the bound: every event shown within a second
            assert worst < 1.0, f"{name}: an event was shown {worst:.2f} s after the server had it"
        assert p95 < 2.0, f"{name}: 5% of the events were shown over {p95:.2f} s late"
        assert worst < 4.0, f"{name}: an event was shown {worst:.2f} s after the server had it"
    assert not errors, errors
    for p in (seat_page, spectator):
        p.context.close()


# the endless animations the page once had (halo, pulsing rings, glowing badge)
OLD_ANIMATIONS = """
.pawn-halo { animation: spin 6s linear infinite !important; }
.hl-dest .hl-ring, .hl-heading .hl-ring { animation: pulse 1.6s ease-in-out infinite !important; }
.turn-badge.yours { animation: glow 2s ease-in-out infinite !important; }
"""


def _idle_work(page: Page, cdp: Any, seconds: float) -> dict[str, float]:
    """What the renderer's main thread did while the page sat idle for ``seconds`` (CDP
    ``Performance.getMetrics``): how many style recalculations and layouts (counts: what the
    page asked for, however slow the machine) and its task time (seconds: printed only, a
    loaded machine stretches it)."""
    def metrics() -> dict[str, float]:
        return {m["name"]: float(m["value"])
                for m in cdp.send("Performance.getMetrics")["metrics"]}

    before = metrics()
    page.wait_for_timeout(seconds * 1000)
    after = metrics()
    return {name: after[name] - before[name]
            for name in ("RecalcStyleCount", "LayoutCount", "TaskDuration")}


def test_an_idle_game_page_costs_almost_no_cpu(browser: Any, server_url: str) -> None:
    """The page burns no CPU while idle: a seat whose turn it is (the gold badge, the
    first dots to declare, the halo on its pawn) leaves the tab open: once the brief
    animations after the change are over, 10 idle seconds cost the renderer almost nothing.
    The same page with the old endless animations put back is measured in the same run."""
    api = f"{server_url}/api/tables"
    made = httpx.post(api, json={"name": "Idle", "seats": 2}).json()
    table = made["table_id"]
    for seat, (name, race) in enumerate([("Ann", "humans"), ("Bob", "dell")]):
        httpx.post(f"{api}/{table}/join", json={"name": name, "choice": race},
                   headers={"X-Starport-Token": made["seats"][seat]["token"]})
    r = httpx.post(f"{api}/{table}/start", headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    first = httpx.get(f"{api}/{table}/view", headers={
        "X-Starport-Token": made["seats"][0]["token"]}).json()["pending"]["seats"][0]
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(made["seats"][first]["url"])
    page.wait_for_selector("#turn-badge.yours")
    page.wait_for_selector(".hl-heading")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.wait_for_timeout(4000)  # the brief animations after the change end
    assert page.evaluate("document.getAnimations().length") == 0
    now = _idle_work(page, cdp, 10)
    page.add_style_tag(content=OLD_ANIMATIONS)
    page.wait_for_timeout(500)
    assert page.evaluate("document.getAnimations().length") > 0
    old = _idle_work(page, cdp, 10)
    print(f"\nidle 10 s, renderer main thread: now {now}, with the old endless animations "
          f"{old}")
    assert now["RecalcStyleCount"] + now["LayoutCount"] <= 5, now
    assert old["RecalcStyleCount"] >= 20, old  # the measure sees what animations cost
    # prefers-reduced-motion: nothing moves at all, not even right after a change
    calm = _page(browser, errors, reduced_motion="reduce")
    calm.goto(made["seats"][first]["url"])
    calm.wait_for_selector(".hl-heading")
    assert calm.evaluate("document.getAnimations().length") == 0
    assert not errors, errors
    page.context.close()
    calm.context.close()
