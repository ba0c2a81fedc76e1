"""Helpers for the players'-experience browser tests (accessibility, seats told apart, stale
messages, wording): the two screen sizes, pages that record their errors, axe-core's findings
(``axe-playwright-python`` ships it), and real tables made through the API and played on by
the game's own bot for the seats of the test (the test server runs in this process).
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

from engine.bots.base import act
from engine.kernel.registry import game as game_definition
from tests.web.conftest import screenshot

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
SIZES: dict[str, dict[str, Any]] = {"desktop": DESKTOP, "phone": PHONE}
GAMES = ("venus", "star-traders", "venus-standard")
SHOTS = Path("/tmp/shots-a11y")

# label-content-name-mismatch (WCAG 2.5.3, Label in Name) is one of axe's experimental rules:
# a voice-control user says what a button shows, so it is checked too
AXE_OPTIONS: dict[str, Any] = {"resultTypes": ["violations"],
                               "rules": {"label-content-name-mismatch": {"enabled": True}}}


def api(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None,
        method: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["X-Starport-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers,
                                 method=method or ("GET" if body is None else "POST"))
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def page_in(browser: Any, size: str, errors: list[str], **kw: Any) -> Any:
    """A page of ``size`` ("desktop" or "phone") in a new browser context, recording page
    errors and console errors (but the websocket's) in ``errors``. Reduced motion: pawns hop
    quickly. ``bypass_csp``: axe is injected by evaluating its script."""
    ctx = browser.new_context(bypass_csp=True, reduced_motion="reduce", **{**SIZES[size], **kw})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(15_000)
    return page


_AXE = Axe()  # reads axe-core's script (~550 KB) once


def axe_violations(page: Any, options: dict[str, Any] = AXE_OPTIONS,
                   context: Any = None) -> list[dict[str, Any]]:
    """axe-core's violations on the page now. Its script is put in a page once (again after
    a navigation): a page checked at several moments of a game runs it without sending and
    compiling it again each time (axe-playwright-python's ``run`` injects it at every call:
    ~0.2 s of the browser's CPU of a ~0.9 s pass over a game page)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_AXE.axe_script)
    found: list[dict[str, Any]] = page.evaluate(
        "([context, options]) => axe.run(context ?? document, options)"
        ".then((r) => r.violations)", [context, options])
    return found


def serious(page: Any, where: str = "") -> list[str]:
    """axe-core's serious and critical findings on the page now, one line each. With
    ``STARPORT_A11Y_RECORD`` set to a file, they are written there (a line of JSON a page:
    where, its size, each rule and how many elements break it) and none is answered: the
    figures of a whole run, for a report."""
    found = axe_violations(page)
    record = os.environ.get("STARPORT_A11Y_RECORD")
    if record:
        size = "phone" if page.viewport_size["width"] < 500 else "desktop"
        with open(record, "a") as f:
            f.write(json.dumps({"where": where, "size": size, "url": page.url, "rules": {
                v["id"]: len(v["nodes"]) for v in found
                if v["impact"] in ("serious", "critical")}}) + "\n")
        return []
    return [f"{v['id']} ({v['impact']}): " + "; ".join(
        f"{n['target']} {n['html'][:120]}" for n in v["nodes"][:6])
        for v in found if v["impact"] in ("serious", "critical")]


def shot(page: Any, name: str, showing: Any = None) -> None:
    """A screenshot for a person to look at (``conftest.screenshot``)."""
    screenshot(page, SHOTS / f"{name}.png", showing)


def new_table(base: str, game: str, seats: int, bots: list[int] | None = None,
              name: str = "Browser night") -> dict[str, Any]:
    return dict(api(base, "/api/tables", {"name": name, "ruleset": game, "seats": seats,
                                          "bots": bots or []}))


def join(base: str, t: dict[str, Any], seat: int, name: str) -> None:
    """``seat`` joins as ``name`` with the first choice nobody has taken."""
    lobby = api(base, f"/api/tables/{t['table_id']}", token=t["host"]["token"])
    taken = {s["choice"] for s in lobby["seats"] if s["choice"]}
    free = [c for c in lobby["choices"] if c not in taken]
    api(base, f"/api/tables/{t['table_id']}/join", {"name": name, "choice": free[0]},
        token=t["seats"][seat]["token"])


def started(base: str, game: str, names: list[str], bots: int = 0) -> dict[str, Any]:
    """A started table: the seats of ``names`` joined, then ``bots`` bot seats."""
    t = new_table(base, game, len(names) + bots, list(range(len(names), len(names) + bots)))
    for seat, name in enumerate(names):
        join(base, t, seat, name)
    api(base, f"/api/tables/{t['table_id']}/start", {}, token=t["host"]["token"])
    t["game"] = game
    return t


def view(base: str, t: dict[str, Any], seat: int) -> dict[str, Any]:
    return dict(api(base, f"/api/tables/{t['table_id']}/view", token=t["seats"][seat]["token"]))


def post(base: str, t: dict[str, Any], seat: int, seq: int, cmd: dict[str, Any]) -> Any:
    return api(base, f"/api/tables/{t['table_id']}/commands",
               {"seq": seq, "client_id": uuid.uuid4().hex, "command": cmd},
               token=t["seats"][seat]["token"])


def waiting_for(base: str, t: dict[str, Any], seats: list[int],
                timeout: float = 30) -> tuple[int, dict[str, Any]]:
    """Wait until one of ``seats`` is asked to act (bots play the others); answer it and its
    view."""
    deadline = time.monotonic() + timeout
    while True:
        for s in seats:
            v = view(base, t, s)
            if s in (v.get("pending") or {}).get("seats", []) and v["legal"]:
                return s, v
            if v["status"] != "playing":
                raise AssertionError(f"the game ended: {v['status']}")
        if time.monotonic() > deadline:
            raise AssertionError(f"none of seats {seats} was asked to act")
        time.sleep(0.1)


def bot_move(t: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the game's own bot would play for ``seat`` now (read in the server's memory)."""
    from tests.web.testapp import app

    entry = app.state.service.entries[t["table_id"]]
    definition = game_definition(t["game"])
    bot = definition.make_bot(definition.default_bot, "a11y")
    cmd = act(bot, definition, entry.game.state, seat, entry.game.seq)
    assert cmd is not None
    return dict(cmd.model_dump(mode="json"))


def play(base: str, t: dict[str, Any], seats: list[int], steps: int) -> int:
    """Play ``steps`` commands of ``seats`` with the game's bot; answer the seq reached."""
    seq = 0
    for _ in range(steps):
        s, v = waiting_for(base, t, seats)
        try:
            seq = int(post(base, t, s, v["seq"], bot_move(t, s))["seq"])
        except urllib.error.HTTPError as exc:  # a bot seat moved in between: ask again
            if exc.code != 409:
                raise
    return seq


def synced(page: Any, seq: int) -> None:
    """The page shows ``seq`` or later, with nothing in flight."""
    page.wait_for_function(
        f"() => window.starport?.game?.answer?.seq >= {seq} && window.starport.game.idle()")


def check(errors: list[str]) -> None:
    if errors:
        pytest.fail("\n".join(errors))
