"""Helpers for the Star Traders browser tests: a real table made through the API, then put in
a known position by a real ``ScenarioSetUp`` event appended to its log (the test server runs
in this process), so what happens next is deterministic (predetermined dice)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from engine.kernel import NOBODY, Randomness, event
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


def set_position(table: str, scenario: dict[str, Any]) -> None:
    """Replace the table's position by ``scenario`` (engine/startraders/scenario.py) through
    events in its log: everything replayed from the database agrees with it."""
    from server import store
    from server.db import writing
    from tests.web.testapp import app

    service = app.state.service
    entry = service.entries[table]
    game = entry.game
    state = scenario_state(parse_scenario(scenario), Randomness("test", 0, "scenario"))
    state.reaction_timer = game.state.reaction_timer  # the table's option stays
    opening = [event("ScenarioSetUp", NOBODY, state=state.model_dump(mode="json")),
               event("TurnStarted", seat=scenario.get("active", 0), round=1)]
    evs = [ev.model_copy(update={"seq": game.seq + 1 + i}) for i, ev in enumerate(opening)]
    with writing(service.engine) as conn:
        store.append(conn, entry.game_id, game.seq, evs,
                     pending=[scenario.get("active", 0)], over=False, seat=None,
                     client_id=None)
    service.evict(table)
