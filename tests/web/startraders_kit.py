"""Helpers for the Star Traders (and the standard game's) browser tests: pages that record
their errors, and a real table made through the API, then put in a known position by a real
``ScenarioSetUp`` event appended to its log (the test server runs in this process), so what
happens next is deterministic (predetermined dice)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from engine.kernel import NOBODY, Event, Randomness, event
from engine.startraders.scenario import parse_scenario, scenario_state


def api(base: str, path: str, body: dict[str, Any] | None = None,
        token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["X-Starport-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers,
                                 method="GET" if body is None else "POST")
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1440, "height": 900}}


def page_in(browser: Any, errors: list[str], timeout: float = 15_000, **kw: Any) -> Any:
    """A page in a new browser context (``kw``: PHONE or DESKTOP) that records page errors
    and console errors (but the websocket's) in ``errors``."""
    ctx = browser.new_context(bypass_csp=True, **kw)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(timeout)
    return page


def append_opening(table: str, opening: list[Event], active: int | None) -> None:
    """Append ``opening`` (a scenario's set-up events, or the rest of a game played in
    process) to the table's log, the game waiting for ``active`` (None: the game is over),
    and drop the cached game: everything replayed from the database agrees."""
    from server import store
    from server.db import writing
    from tests.web.testapp import app

    service = app.state.service
    entry = service.entries[table]
    game = entry.game
    evs = [ev.model_copy(update={"seq": game.seq + 1 + i}) for i, ev in enumerate(opening)]
    with writing(service.engine) as conn:
        store.append(conn, entry.game_id, game.seq, evs,
                     pending=[] if active is None else [active], over=active is None,
                     seat=None, client_id=None)
    service.evict(table)


def set_position(table: str, scenario: dict[str, Any]) -> None:
    """Replace the table's position by ``scenario`` (engine/startraders/scenario.py) through
    events in its log: everything replayed from the database agrees with it."""
    from tests.web.testapp import app

    game = app.state.service.entries[table].game
    state = scenario_state(parse_scenario(scenario), Randomness("test", 0, "scenario"))
    state.reaction_timer = game.state.reaction_timer  # the table's option stays
    append_opening(table, [event("ScenarioSetUp", NOBODY, state=state.model_dump(mode="json")),
                           event("TurnStarted", seat=scenario.get("active", 0), round=1)],
                   scenario.get("active", 0))
