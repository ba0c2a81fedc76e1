"""The live view keeps up with the game, and the page burns no CPU while idle.

A table of fast bots watched by a seat tab and a spectator tab: each tab's ``#game[data-seq]``
(the last event it shows) only ever moves forward and reaches the server's last seq, with the
log whole and in order, from the views the server pushes (never a ``GET /view`` per batch).
An idle game page costs (almost) no CPU: the style and layout passes counted through the
DevTools protocol, against the same page with the old endless animations put back. A drawing
does no more than what changed: the log follows its newest line only while its reader is at
its end, and the players' cards are made anew only when they changed (the board's starfield
is a few paths, not a circle a star: ``tests/engine/cluster/test_starfield.py``).

These are checks of events and counts, never of wall time: how far behind a tab is, in
seconds, is measured by ``bench/spectator_lag.py`` (docs/performance.md, "The client").
``RECORD_SEQ``, ``HeadClock`` and ``_lags`` serve those benches.
"""

from __future__ import annotations

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
    made["api"] = f"{api}/{made['table_id']}"
    return made


# after the page opened: how many batches of events its live connection took (``Live`` calls
# ``events`` once a batch), and every drawing (``#game[data-seq]`` set): its seq, whether the
# board was still (drawn behind the events: no animation) and whether a move was gliding
WATCH = """() => {
  const ctx = window.starport;
  const take = ctx.live.on.events;
  window.__batches = 0;
  ctx.live.on.events = (evs) => { window.__batches += 1; take(evs); };
  const game = document.getElementById("game");
  window.__drawn = [];
  const board = document.getElementById("board");
  new MutationObserver(() => window.__drawn.push({
    seq: Number(game.dataset.seq), still: board.classList.contains("still"),
    motion: !!ctx.game.motion, roll: !!document.getElementById("roll"),
  })).observe(game, { attributes: true, attributeFilter: ["data-seq"] });
}"""


def _watch(page: Any) -> None:
    page.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")
    page.evaluate(WATCH)


def _play_fast(service: Any, made: dict[str, Any], events: int, delay: float = 0.05) -> int:
    """The table's bots play ``events`` more events, a command every ``delay`` s; then the
    host ends the game (no bot plays on in later tests): the server's last seq."""
    entry = service.entries[made["table_id"]]
    until = entry.committed + events
    service.settings.bot_delay = delay
    deadline = time.monotonic() + 180  # (a deadline against a hang, not a bound checked)
    while entry.committed < until and not entry.finished and time.monotonic() < deadline:
        time.sleep(0.05)
    r = httpx.post(f"{made['api']}/end", headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    assert entry.committed >= until, f"the bots played {entry.committed} of {until} events"
    # a bot command under way when the game ended is committed or refused: the last seq is the
    # one that stays (a fixed pause was too short for a loaded machine's commit)
    last, still_since = entry.committed, time.monotonic()
    while time.monotonic() - still_since < 1.0 and time.monotonic() < deadline + 30:
        time.sleep(0.1)
        if entry.committed != last:
            last, still_since = entry.committed, time.monotonic()
    return int(last)


def _caught_up(page: Any, head: int) -> list[dict[str, Any]]:
    """The page reaches the server's last seq with every event taken once, in order; its
    drawings after it opened."""
    page.wait_for_function(
        f"Number(document.getElementById('game').dataset.seq) === {head}", timeout=60_000)
    assert page.evaluate("window.starport.game.events.length") == head
    assert page.evaluate("window.starport.game.events.every((e, i) => e.seq === i + 1)")
    drawn: list[dict[str, Any]] = page.evaluate("window.__drawn")
    seqs = [d["seq"] for d in drawn]
    assert seqs == sorted(seqs), "a drawing showed an older seq than the one before it"
    return drawn


def test_the_live_view_catches_up_with_fast_bots(
    browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three ``trader`` bots play 100 events four times as fast as the server's default (a
    command every 100 ms), watched by a seat tab and a spectator tab: each shows every
    event, in order, the last one the server committed included; what they show never goes
    back; the views come pushed with the events (a ``GET /view`` only when a tab opens and
    when the table changes, never one per batch). When the host ends the game, both say so."""
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
    seat_page.goto(made["seats"][0]["url"])
    spectator.goto(made["spectator"]["url"])
    for p in (seat_page, spectator):
        _watch(p)
    head = _play_fast(service, made, 100, delay=0.1)
    for name, p in (("seat", seat_page), ("spectator", spectator)):
        drawn = _caught_up(p, head)
        batches = p.evaluate("window.__batches")
        print(f"\n{name} tab: {batches} batches, {len(drawn)} drawings, GET /view "
              f"{asked[name]} times")
        assert batches > 0 and drawn, (batches, drawn)
        # never one per batch: the page's opening, its first hello and the table's end
        assert asked[name] <= 5, f"{name}: {asked[name]} GET /view for 100 events"
        p.wait_for_selector("#end:not([hidden])")  # the host ended it: the dialog says so
        assert "ended" in p.locator("#prompt").inner_text()
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
    animations after the change are over, 3 idle seconds cost the renderer almost no style
    or layout pass. The same page with the old endless animations put back is counted in the
    same run."""
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
    page = _page(browser, errors, reduced_motion="no-preference")
    page.goto(made["seats"][first]["url"])
    page.wait_for_selector("#turn-badge.yours")
    page.wait_for_selector(".hl-heading")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    # the brief animations after the change end (they run a few seconds: none is endless)
    page.wait_for_function("document.getAnimations().length === 0", timeout=30_000)
    now = _idle_work(page, cdp, 3)
    page.add_style_tag(content=OLD_ANIMATIONS)
    page.wait_for_function("document.getAnimations().length > 0")
    old = _idle_work(page, cdp, 3)
    print(f"\nidle 3 s, renderer main thread: now {now}, with the old endless animations "
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


def _more(service: Any, made: dict[str, Any], page: Any, events: int) -> int:
    """The bots (playing fast) play ``events`` more events, then slowly again (one move in
    2 s); the page shows every event played."""
    entry = service.entries[made["table_id"]]
    until = entry.committed + events
    service.settings.bot_delay = 0.1
    deadline = time.monotonic() + 120  # (a deadline against a hang, not a bound checked)
    while entry.committed < until and time.monotonic() < deadline:
        time.sleep(0.05)
    service.settings.bot_delay = 2.0
    assert entry.committed >= until, f"the bots played {entry.committed} of {until} events"
    time.sleep(0.3)  # a move already due at the fast pace is played
    page.wait_for_function(
        f"Number(document.getElementById('game').dataset.seq) >= {entry.committed}",
        timeout=60_000)
    return until


# the log's scroll: how far its end is below what it shows (0: at its end), and its top
LOG_END = "(() => { const l = document.getElementById('log'); " \
          "return [Math.round(l.scrollHeight - l.scrollTop - l.clientHeight), l.scrollTop]; })()"
AT_END = "(() => { const l = document.getElementById('log'); " \
         "return l.scrollHeight - l.scrollTop - l.clientHeight < 2; })()"


def test_the_log_follows_the_game_unless_its_reader_scrolled_up(
        browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log (``game.js``, ``followLog``) shows its newest line while bots play; a reader
    who scrolled it up to read keeps the lines they read in place while more come; scrolled
    back to its end, it follows the game again. And a drawing makes anew only the players'
    cards that changed: fewer cards are made than three a drawing."""
    from tests.web.testapp import app

    service = app.state.service
    errors: list[str] = []
    page = _page(browser, errors)
    monkeypatch.setattr(service.settings, "bot_delay", 2.0)  # slow while the tab opens
    made = _bot_table(server_url, 1000)
    page.goto(made["seats"][0]["url"])
    _watch(page)
    page.evaluate("""() => { window.__cards = 0; new MutationObserver((rs) => {
        for (const r of rs) window.__cards += r.addedNodes.length;
      }).observe(document.getElementById('players'), { childList: true }); }""")
    _more(service, made, page, 40)
    page.wait_for_function(AT_END)  # (scrolled in the frame after the drawing)
    # the reader scrolls up to the first lines: they stay there while the game goes on
    page.hover("#log")
    page.evaluate("document.getElementById('log').scrollTop = 0")
    page.wait_for_function("document.getElementById('log').scrollTop === 0")
    page.wait_for_timeout(100)  # (the scroll event taken)
    _more(service, made, page, 40)
    behind, top = page.evaluate(LOG_END)
    assert top == 0 and behind > 0, (behind, top)
    # back at its end: it follows again
    page.evaluate("document.getElementById('log').scrollTop = 1e9")
    page.wait_for_function(AT_END)
    page.wait_for_timeout(100)
    _more(service, made, page, 40)
    page.wait_for_function(AT_END)
    drawn, cards = len(page.evaluate("window.__drawn")), page.evaluate("window.__cards")
    print(f"\n{drawn} drawings made {cards} players' cards anew (3 players)")
    assert 0 < cards < 3 * drawn, (cards, drawn)
    httpx.post(f"{made['api']}/end", headers={"X-Starport-Token": made["host"]["token"]})
    assert not errors, errors
    page.context.close()

