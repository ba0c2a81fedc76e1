"""How far behind the server a spectator tab on a slow device shows a fast bot game, beside a
tab that is not slowed, for the client now and for the client of a git revision, in the same
run (``docs/performance.md``, "The client").

Three ``trader`` bots play a table as fast as the bench lets them (``--delay``, default 0.05 s
between two bot commands); two spectator tabs watch it: one with its CPU throttled
(``Emulation.setCPUThrottlingRate``, default 4x: a mid-range phone), one not (the control:
what the server and the machine cost every tab). For every event the server commits while
the tabs watch: the time from the server holding it to the page showing it
(``#game[data-seq]``). Printed: median, p95 and max behind, how many drawings, and the
machine's load (``uptime``) beside them. Figures, never a pass/fail.

``--before REV`` (default: none) also measures the platform client files of ``REV``
(``web/platform/{live,game,mapview,chart,replaybar}.js``, ``web/platform/style.css`` and
``web/games/venus/*.js`` of that
revision over today's ``web/``), first, in the same run. ``--profile FILE`` records the
throttled tab with the DevTools Profiler (JS by function) and the trace's timeline (script,
style, layout, paint) and prints where its time went, in all and per drawing (the client of
``--before`` too, to ``FILE`` with ``.before`` in its name).

Run: ``.venv/bin/python bench/spectator_lag.py --before fa47d22 --seconds 40``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import httpx
import uvicorn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.test_live_pace import RECORD_SEQ, HeadClock  # noqa: E402

# the client files this bench compares (the rest of web/ is today's in both)
CLIENT = ("live.js", "game.js", "mapview.js", "chart.js", "replaybar.js", "style.css")
# counts of what the page did, read at the end: drawings (data-seq set) and socket messages
COUNT = """
window.__messages = 0;
(() => {
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { window.__messages += 1; });
    }
  };
})();
"""
TIMELINE = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
            "blink.user_timing", "v8"]


def client_at(rev: str) -> Path:
    """Today's ``web/`` with the platform client files of ``rev``."""
    out = Path(tempfile.mkdtemp(prefix="starport-web-before-")) / "web"
    shutil.copytree(ROOT / "web", out)
    for name in CLIENT:
        path = f"web/platform/{name}"
        got = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                             capture_output=True)
        if got.returncode == 0:
            (out / "platform" / name).write_bytes(got.stdout)
    # and the Venus map's drawing (the game the bench watches): its modules of ``rev``
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", rev,
                             "web/games/venus/"], capture_output=True, text=True)
    for path in listed.stdout.split():
        if path.endswith(".js"):
            got = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                                 capture_output=True)
            if got.returncode == 0:
                (out / path.removeprefix("web/")).write_bytes(got.stdout)
    return out


def lags(first: dict[int, float], shown: list[list[float]], end: float) -> list[float]:
    """For every seq the server had: how long after it the page showed it (or a later one)."""
    out = []
    k = 0
    for s in sorted(first):
        while k < len(shown) and shown[k][1] < s:
            k += 1
        out.append(max(0.0, (shown[k][0] if k < len(shown) else end) - first[s]))
    return out


def serve(web: Path) -> tuple[Any, uvicorn.Server, threading.Thread, str]:
    import server.app as server_app
    from server.config import Settings, database_url

    server_app.WEB = web
    data = Path(tempfile.mkdtemp(prefix="starport-bench-"))
    app = server_app.create_app(Settings(data_dir=data, database_url=database_url(None, data),
                                         bot_delay=2.0))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                                           ws="server.wsproto:Protocol"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    return app, server, thread, f"http://127.0.0.1:{port}"


def profile_summary(profile: dict[str, Any], top: int = 25) -> None:
    """The JS profile's time by function: inclusive (the function and what it called) and
    self, in ms of the throttled tab."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent: dict[int, int] = {}
    for n in profile["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]

    def name(n: dict[str, Any]) -> str:
        f = n["callFrame"]
        where = f["url"].rsplit("/", 2)[-2:] if f["url"] else []
        return f"{f['functionName'] or '(anonymous)'} {'/'.join(where)}:{f['lineNumber'] + 1}" \
            if where else f["functionName"] or "(anonymous)"

    incl: Counter[str] = Counter()
    self_: Counter[str] = Counter()
    for sample, dt in zip(profile["samples"], profile["timeDeltas"], strict=False):
        ms = dt / 1000
        node = nodes[sample]
        self_[name(node)] += ms
        seen = set()
        at: int | None = sample
        while at is not None:
            label = name(nodes[at])
            if label not in seen:
                seen.add(label)
                incl[label] += ms
            at = parent.get(at)
    total = sum(dt for dt in profile["timeDeltas"]) / 1000
    print(f"  JS profile: {total:.0f} ms sampled")
    print("  inclusive (ms):")
    for label, ms in incl.most_common(top):
        print(f"    {ms:8.0f}  {label}")
    print("  self (ms):")
    for label, ms in self_.most_common(top):
        print(f"    {ms:8.0f}  {label}")


def trace_summary(raw: bytes, drawings: int) -> None:
    """The timeline's main-thread time by kind (complete events, top level of each kind), and
    per drawing: the frames painted, and the milliseconds of each kind of work."""
    events = json.loads(raw)
    events = events["traceEvents"] if isinstance(events, dict) else events
    # the traced tab's renderer (the browser's trace holds the other tab's too)
    traced = {f.get("processId") for e in events if e.get("name") == "TracingStartedInBrowser"
              for f in e.get("args", {}).get("data", {}).get("frames", [])}
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
            and (not traced or e["pid"] in traced)}
    kinds: defaultdict[str, float] = defaultdict(float)
    cpu: defaultdict[str, float] = defaultdict(float)  # the thread's own time (tdur)
    counts: Counter[str] = Counter()
    until: defaultdict[str, float] = defaultdict(float)  # the end of the last one counted
    for e in sorted((e for e in events if (e.get("pid"), e.get("tid")) in main
                     and e.get("ph") == "X"), key=lambda e: e["ts"]):
        n = e["name"]
        if e["ts"] < until[n]:
            continue  # inside one of its kind (a frame's paint holds its document's paints)
        until[n] = e["ts"] + e.get("dur", 0)
        if n in ("RunTask", "ThreadControllerImpl::RunTask"):
            kinds["(tasks, all)"] += e.get("dur", 0) / 1000
            cpu["(tasks, all)"] += e.get("tdur", 0) / 1000
            counts["(tasks, all)"] += 1
        elif n in ("FunctionCall", "EvaluateScript", "v8.compile", "ParseHTML",
                   "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Layerize",
                   "UpdateLayer", "CompositeLayers", "MajorGC", "MinorGC", "V8.GC_SCAVENGER",
                   "HitTest", "ScheduleStyleRecalculation", "FireAnimationFrame",
                   "TimerFire", "EventDispatch", "ParseAuthorStyleSheet", "UpdateLayerTree",
                   "BlinkGC.AtomicPhase", "V8.GCFinalizeMC", "V8.GCScavenger"):
            kinds[n] += e.get("dur", 0) / 1000
            cpu[n] += e.get("tdur", 0) / 1000
            counts[n] += 1
    print("  timeline, renderer main thread (ms, count; FunctionCall holds the JS and the "
          "style/layout it forced):")
    for n, ms in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"    {ms:8.0f} ms  {counts[n]:6d}  {n}")
    per = max(1, drawings)
    work = ("TimerFire", "FireAnimationFrame", "UpdateLayoutTree", "Layout", "PrePaint", "Paint",
            "Layerize")
    print(f"  per drawing ({drawings}), {counts['Layerize'] / per:.1f} frames; ms of the wall "
          "clock (of the thread's own CPU time): "
          + ", ".join(f"{n} {kinds[n] / per:.1f} ({cpu[n] / per:.1f})" for n in work))
    print(f"  main thread busy {kinds['(tasks, all)'] / 1000:.1f} s "
          f"(CPU {cpu['(tasks, all)'] / 1000:.1f} s)")


def watch(web: Path, browser: Any, args: argparse.Namespace, label: str,
          profile: str | None = None) -> dict[str, Any]:
    app, server, thread, url = serve(web)
    api = f"{url}/api/tables"
    made = httpx.post(api, json={"name": "Bench", "options": {"game_length": args.length},
                                 "seats": 3, "bots": [0, 1, 2]}).json()
    httpx.post(f"{api}/{made['table_id']}/start",
               headers={"X-Starport-Token": made["host"]["token"]})
    service = app.state.service
    clock = HeadClock(service, made["table_id"])
    clock.start()
    tabs = {}
    for name in ("throttled", "control"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
        page = ctx.new_page()
        page.add_init_script(RECORD_SEQ + COUNT)
        page.goto(made["spectator"]["url"])
        page.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()",
                               timeout=60_000)
        tabs[name] = page
    cdp = tabs["throttled"].context.new_cdp_session(tabs["throttled"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
    if profile:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        browser.start_tracing(page=tabs["throttled"], categories=TIMELINE)
        cdp.send("Profiler.start")
    time.sleep(0.5)
    opened = max(clock.first)
    load_before = os.getloadavg()
    started = time.time()
    service.settings.bot_delay = args.delay
    entry = service.entries[made["table_id"]]
    while not entry.finished and time.time() - started < args.seconds:
        time.sleep(0.2)
    service.settings.bot_delay = 3600.0  # the watching window is over: the bots stop
    played = time.time() - started
    time.sleep(0.3)
    head = entry.committed
    load = os.getloadavg()
    out: dict[str, Any] = {"events": 0}
    for name, page in tabs.items():
        end = time.time() + 60
        while time.time() < end and page.evaluate(
                "Number(document.getElementById('game').dataset.seq)") < head:
            time.sleep(0.2)
        out[name] = (page.evaluate("window.__shown"), page.evaluate("window.__messages"))
    if profile:
        prof = cdp.send("Profiler.stop")["profile"]
        raw = browser.stop_tracing()
        Path(profile).parent.mkdir(parents=True, exist_ok=True)
        Path(profile).write_text(json.dumps(prof))
        Path(profile).with_suffix(".trace.json").write_bytes(raw)
    clock.stop.set()
    clock.join()
    for page in tabs.values():
        page.context.close()
    server.should_exit = True
    thread.join(timeout=10)
    watched = {s: t for s, t in clock.first.items() if opened < s <= head}
    print(f"{label}: {len(watched)} events in {played:.1f} s (load {load_before[0]:.2f} before, "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} after, {os.cpu_count()} cores)")
    if args.dump:
        with open(args.dump, "a") as f:
            f.write(json.dumps({"label": label, "first": watched, "tabs": {
                name: out[name][0] for name in ("throttled", "control")}}) + "\n")
    drawings = []
    for name in ("throttled", "control"):
        shown, messages = out[name]
        got = sorted(lags(watched, shown, time.time()))
        draws = len([s for s in shown if s[1] > opened])
        drawings.append(draws)
        out[name] = got
        print(f"  {name:>9}: behind median {statistics.median(got):.2f} s, "
              f"p95 {got[int(len(got) * 0.95)]:.2f} s, max {got[-1]:.2f} s; "
              f"{draws} drawings for {messages} socket messages", flush=True)
    if profile:
        profile_summary(json.loads(Path(profile).read_text()))
        trace_summary(Path(profile).with_suffix(".trace.json").read_bytes(), drawings[0])
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="also measure the client files of this revision")
    parser.add_argument("--seconds", type=float, default=40.0, help="how long the tabs watch")
    parser.add_argument("--delay", type=float, default=0.05, help="seconds between bot commands")
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU throttling rate")
    parser.add_argument("--length", type=int, default=1000, help="the game's length option")
    parser.add_argument("--profile", help="record the throttled tabs to this file")
    parser.add_argument("--repeat", type=int, default=1, help="pairs to run")
    parser.add_argument("--dump", help="write each run's events and drawings (JSON) here")
    args = parser.parse_args()
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        for _ in range(args.repeat):
            if args.before:
                before = Path(args.profile).with_suffix(".before.json") if args.profile else None
                watch(client_at(args.before), browser, args, f"before ({args.before})",
                      profile=str(before) if before else None)
            watch(ROOT / "web", browser, args, "now", profile=args.profile)
        browser.close()
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()
