"""A watching tab on a slow device keeps up (``web/platform/live.js``, ``game.js``): a
spectator whose CPU is throttled four times (DevTools' ``Emulation.setCPUThrottlingRate``, as
a mid-range phone), on a desktop and on a phone screen, watches three bots play fast. When
events come faster than it can draw them, it jumps to the newest state instead of working
through each one: fewer drawings than batches of events came, each drawing showing the newest
seq it had, no move animated and the board still (``.board.still``: not even a halo turns)
while they pour in; then it reaches the server's last seq with the log whole and in order,
and the page caught up has no serious or critical axe-core finding.

Checked by events and counts, never by wall time: how far behind such a tab is, in seconds,
beside a tab that is not throttled and beside the client before, is measured by
``bench/spectator_lag.py`` (docs/performance.md, "The client")."""

from __future__ import annotations

from typing import Any

import pytest

from .a11ykit import SIZES, serious, shot
from .test_live_pace import _bot_table, _caught_up, _page, _play_fast, _watch

pytestmark = pytest.mark.browser

THROTTLE = 4  # the CPU slowed down this many times (DevTools' CPU throttling)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_throttled_spectator_jumps_to_the_newest_state(
        browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch, size: str) -> None:
    from tests.web.testapp import app

    service = app.state.service
    errors: list[str] = []
    spectator = _page(browser, errors, reduced_motion="no-preference", **SIZES[size])
    monkeypatch.setattr(service.settings, "bot_delay", 2.0)  # slow while the tab opens
    made = _bot_table(server_url, 1000)
    spectator.goto(made["spectator"]["url"])
    _watch(spectator)
    cdp = spectator.context.new_cdp_session(spectator)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    head = _play_fast(service, made, 120)  # a command every 50 ms
    drawn = _caught_up(spectator, head)
    batches = spectator.evaluate("window.__batches")
    behind = [d for d in drawn if d["still"]]
    print(f"\n{THROTTLE}x throttled spectator ({size}): {batches} batches, {len(drawn)} drawings, "
          f"{len(behind)} of them still")
    # it jumped: one drawing for many batches, the board still and nothing gliding meanwhile
    assert len(drawn) < batches, (len(drawn), batches)
    assert behind, drawn
    assert not any(d["motion"] for d in behind), drawn
    # caught up, it draws once more as usual: the board moves again
    spectator.wait_for_function("!document.getElementById('board').classList.contains('still')")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    spectator.wait_for_selector("#end:not([hidden])")  # the host ended it: said
    assert not serious(spectator, "spectator, caught up"), serious(spectator)
    shot(spectator, f"spectator-caught-up-{size}")
    assert not errors, errors
    spectator.context.close()
