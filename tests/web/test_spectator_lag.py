"""A watching tab on a slow device keeps up (``web/platform/live.js``, ``game.js``): a
spectator whose CPU is throttled four times (DevTools' ``Emulation.setCPUThrottlingRate``, as
a low-end phone) watches three fast bots play; when events come faster than it can draw them,
it jumps to the newest state (the pending events' log lines written at once, one drawing of
the latest view, no animation) instead of working through each one. Every event the server
commits is shown (``#game[data-seq]``) within 2 s, 95% of them within 1 s.

The figures (median, p95 and max lag; drawings per events) are printed (``-s``), beside
those of a second spectator that is not throttled (what the server and the machine cost
every tab); the asserts are the bounds, not timings tuned to this machine. On a machine so
loaded that every tab waits for CPU whatever the page does (the last minute's load over three
times the cores: other suites share it), the bound is the control tab's lag times the
throttling, plus the bound: a device four times slower may take four times as long, but its
lag never piles up (before, it worked through each event: 15-20 s behind at the median, 30-70
s at the worst, in the same conditions)."""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

import pytest

from .test_live_pace import HeadClock, _bot_table, _lags, _page

pytestmark = pytest.mark.browser

THROTTLE = 4  # the CPU slowed down this many times (DevTools' CPU throttling)


def _starved() -> bool:
    """Over three times as much runnable work as cores over the last minute: other suites
    share the box, and a throttled tab waits for CPU whatever the page does."""
    return os.getloadavg()[0] > 3 * (os.cpu_count() or 1)


def test_a_throttled_spectator_jumps_to_the_newest_state(
        browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.web.testapp import app

    service = app.state.service
    errors: list[str] = []
    spectator = _page(browser, errors, viewport={"width": 1280, "height": 800})
    control = _page(browser, errors, viewport={"width": 1280, "height": 800})
    monkeypatch.setattr(service.settings, "bot_delay", 2.0)  # slow while the tab opens
    made = _bot_table(server_url, 1000)
    clock = HeadClock(service, made["table_id"])
    clock.start()
    try:
        for p in (spectator, control):
            p.goto(made["spectator"]["url"])
            p.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")
        cdp = spectator.context.new_cdp_session(spectator)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        spectator.wait_for_timeout(500)
        opened = max(clock.first)
        started = time.time()
        monkeypatch.setattr(service.settings, "bot_delay", 0.05)  # fast bots
        spectator.wait_for_selector("#end:not([hidden])", timeout=300_000)
        played = time.time() - started
    finally:
        clock.stop.set()
        clock.join()
    head = max(clock.first)
    watched = {s: t for s, t in clock.first.items() if s > opened}
    figures: dict[str, tuple[float, float, float, int]] = {}
    for name, p in (("throttled", spectator), ("control", control)):
        p.wait_for_function(f"Number(document.getElementById('game').dataset.seq) === {head}")
        shown = p.evaluate("window.__shown")
        lags = sorted(_lags(watched, shown))
        figures[name] = (statistics.median(lags), lags[int(len(lags) * 0.95)], lags[-1],
                         len([s for s in shown if s[1] > opened]))
        print(f"\n{name} spectator: {len(watched)} events in {played:.1f} s; lag median "
              f"{figures[name][0] * 1000:.0f} ms, p95 {figures[name][1] * 1000:.0f} ms, max "
              f"{figures[name][2] * 1000:.0f} ms; drawn {figures[name][3]} times")
    median, p95, worst, draws = figures["throttled"]
    starved = _starved()
    print(f"{THROTTLE}x CPU throttling; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          "cores" + (" (starved: the bounds are relaxed)" if starved else ""))
    # the log is whole and in order: jumping ahead skips drawings, never events
    assert spectator.evaluate("window.starport.game.events.length") == head
    assert spectator.evaluate(
        "window.starport.game.events.every((e, i) => e.seq === i + 1)")
    assert "wins with a Net Worth of" in spectator.locator("#log li").last.inner_text()
    assert draws < len(watched)  # behind, it drew the newest state, not each event
    if starved:
        c_median, c_p95, c_worst, _ = figures["control"]
        assert p95 <= THROTTLE * c_p95 + 1.0, f"p95 {p95:.2f} s (the control's {c_p95:.2f} s)"
        assert worst <= THROTTLE * c_worst + 2.0, (
            f"an event was shown {worst:.2f} s late (the control's worst {c_worst:.2f} s)")
    else:
        assert p95 <= 1.0, f"5% of the events were shown over {p95:.2f} s late"
        assert worst <= 2.0, f"an event was shown {worst:.2f} s after the server had it"
    assert not errors, errors
    spectator.context.close()
    control.context.close()
