"""The leak oracle: nothing sent to a seat or a spectator holds a secret it may not know.

A game with hidden cultures (IOUs, 4.12) and face-down "?" markers (4.11) is played by the
server's bots and by seats posting commands (good and bad ones). Every outbound message to
each viewer is kept: views, event logs, command replies, error answers, lobby, chat, export
refusals, and everything pushed over the websocket (events, views, prompts). Knowledge only
grows, so every secret still hidden from a viewer at the end was hidden all along: none of
them (a system with its culture, a "?" box with its marker) may appear in any message to that
viewer, nor the seed, nor the payload of an event whose audience excludes the viewer.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from engine.kernel import SPECTATOR
from engine.kernel.documents import dicts_in
from server.app import create_app

from .conftest import settings_for
from .helpers import h


def secrets_hidden_from(state: Any,
                        viewer: int) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    known = dict(state.discovered)
    if viewer != SPECTATOR:
        known.update(state.players[viewer].observed)
    cultures = {s: c for s, c in state.iou_at.items() if s not in known}
    spied = state.players[viewer].spied if viewer != SPECTATOR else {}
    markers = {dot: box.marker.model_dump(exclude_none=True)
               for dot, box in state.qboxes.items()
               if box.marker is not None and not box.face_up and dot not in spied}
    return cultures, markers


def check(message: Any, viewer: int, cultures: dict[str, str],
          markers: dict[str, dict[str, Any]], seed: str) -> None:
    text = json.dumps(message)
    assert seed not in text, "the seed leaked"
    for d in dicts_in(message):
        for system, culture in cultures.items():
            assert d.get(system) != culture, f"culture of {system} leaked to {viewer}"
            values = [v for v in d.values() if isinstance(v, str)]
            assert not (system in values and culture in values), f"{system} leaked to {viewer}"
        for dot, marker in markers.items():
            assert d.get(dot) != marker, f"marker in {dot} leaked to {viewer}"
            if d.get("dot") == dot or dot in [v for v in d.values() if isinstance(v, str)]:
                assert {k: d.get(k) for k in marker} != marker, f"{dot} leaked"
        if d.get("type") in ("IOUsPlaced", "MarkersPlaced") and "seq" in d:
            assert "data" not in d, "a secret setup event leaked"


def test_no_outbound_message_leaks_a_secret(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'leaks.sqlite3'}"
    app = create_app(settings_for(url, tmp_path, bot_delay=0.0))
    rng = random.Random(11)
    sent: dict[int, list[Any]] = {0: [], 1: [], 2: [], SPECTATOR: []}
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"seats": 3, "bots": [2],
                                        "options": {"edition": "avalon-hill"}})
        table = r.json()
        tid = table["table_id"]
        tokens = {0: table["seats"][0]["token"], 1: table["seats"][1]["token"],
                  SPECTATOR: table["spectator"]["token"]}
        for seat in (0, 1):
            sent[seat].append(c.post(f"/api/tables/{tid}/join", json={"name": f"P{seat}"},
                                     headers=h(tokens[seat])).json())
        c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
        sockets = {}
        for viewer, token in tokens.items():
            ws = c.websocket_connect(f"/api/tables/{tid}/ws").__enter__()
            ws.send_json({"type": "hello", "token": token, "after": 0, "view": True})
            sockets[viewer] = ws
        service = app.state.service
        for _ in range(120):
            v = c.get(f"/api/tables/{tid}/view", headers=h(tokens[SPECTATOR])).json()
            sent[SPECTATOR].append(v)
            seat = v["pending"]["seats"][0]
            if seat == 2:  # the bot's turn: wait for it
                import time

                time.sleep(0.01)
                continue
            mine = c.get(f"/api/tables/{tid}/view", headers=h(tokens[seat])).json()
            sent[seat].append(mine)
            other = 1 - seat
            sent[other].append(c.get(f"/api/tables/{tid}/view", headers=h(tokens[other])).json())
            wrong = {"type": "MoveTo", "dot": rng.choice(sorted(service.entries[tid]
                                                                .game.state.qboxes))}
            for cmd in (wrong, {"type": "PickUpRelic"}, {"type": "Nonsense"}):
                sent[seat].append(c.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                                         json={"seq": mine["seq"], "client_id": "bad" +
                                               str(rng.random()), "command": cmd}).json())
            legal = [a for a in mine["legal"] if a["type"] not in ("SetDrives", "UseGateLock")]
            cmd = rng.choice(legal or mine["legal"])
            sent[seat].append(c.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                                     json={"seq": mine["seq"], "client_id": str(rng.random()),
                                           "command": cmd}).json())
        for viewer, token in tokens.items():
            for path in ("log", "export", "", "chat", "me", "history", "replay?at=0&count=60",
                         "replay?at=60&count=60", "replay?at=120&count=60"):
                sent[viewer].append(c.get(f"/api/tables/{tid}/{path}".rstrip("/"),
                                          headers=h(token)).json())
        head = c.get(f"/api/tables/{tid}/view", headers=h(tokens[0])).json()["seq"]
        for viewer, ws in sockets.items():
            got = 0
            while got < head:
                msg = ws.receive_json()
                sent[viewer].append(msg)
                if msg["type"] == "events":
                    got = msg["events"][-1]["seq"]
            ws.__exit__(None, None, None)
        entry = service.entries[tid]
        state, seed = entry.game.state, str(entry.game.seed)
        assert state.iou_at and any(not b.face_up for b in state.qboxes.values())
        for viewer, messages in sent.items():
            if viewer == 2:
                continue
            cultures, markers = secrets_hidden_from(state, viewer)
            assert cultures and markers
            for message in messages:
                check(message, viewer, cultures, markers, seed)
        assert sum(len(m) for m in sent.values()) > 300
