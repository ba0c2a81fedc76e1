"""The replay endpoints stay cheap on a long game (server/timeline.py): the board after any
event comes from the nearest checkpoint, the history from points gathered once, and both are
exactly what folding the log from the first event gives (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.kernel import SPECTATOR, fold
from engine.venus.ruleset import ruleset
from engine.venus.winning import net_worth
from server import timeline
from tests.replaykit import finished_game_doc

from .helpers import h, open_table, play, service_of


def _json(d: Any) -> Any:
    return json.loads(json.dumps(d))


def _import(client: TestClient) -> tuple[str, str, list[Any]]:
    r = client.post("/api/replays", json=finished_game_doc())
    assert r.status_code == 201, r.text
    t = r.json()
    service = service_of(client)
    client.get(f"/api/tables/{t['table_id']}/view", headers=h(t["spectator"]["token"]))
    return t["table_id"], t["spectator"]["token"], service.entries[t["table_id"]].game.events


def test_frames_of_a_long_game_match_the_fold_from_the_start_at_checkpoint_edges(
        client: TestClient) -> None:
    """Replay (``docs/architecture.md``: the game is its event log): the frame after event n is the
    view of
    the log folded up to n, on both sides of every checkpoint and at the very end."""
    tid, token, events = _import(client)
    assert len(events) > 6 * timeline.EVERY + 3  # a long game: checkpoints well inside it
    every = timeline.EVERY
    ats = sorted({1, every - 1, every, every + 1, 5 * every - 2, 5 * every, len(events) - 3,
                  len(events)})
    for at in ats:
        r = client.get(f"/api/tables/{tid}/replay?at={at}&count=3", headers=h(token))
        assert r.status_code == 200, r.text
        for f in r.json()["frames"]:
            want = ruleset.view(fold(ruleset, events[:f["seq"]]), SPECTATOR)
            assert f["view"] == _json(want), f"frame {f['seq']} (asked at={at})"


def test_history_of_a_long_game_is_gathered_once_and_matches_the_fold(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """3.2 Net Worth per turn start for the chart: the same points as a fold gives, and a
    second request (and any frame) applies fewer than ``EVERY`` + count events, not the
    whole log again."""
    tid, token, events = _import(client)
    first = client.get(f"/api/tables/{tid}/history", headers=h(token)).json()
    starts = [e.seq for e in events if e.type in ("TurnStarted", "GameWon")]
    assert [p["seq"] for p in first["points"]] == starts
    for point in first["points"][::37]:
        state = fold(ruleset, events[:point["seq"]])
        assert point["scores"] == [net_worth(state, s) for s in range(3)]
    applied = 0
    real = type(ruleset).apply

    def counting(self: Any, state: Any, ev: Any) -> None:
        nonlocal applied
        applied += 1
        real(self, state, ev)

    monkeypatch.setattr(type(ruleset), "apply", counting)
    assert client.get(f"/api/tables/{tid}/history", headers=h(token)).json() == first
    assert applied == 0
    r = client.get(f"/api/tables/{tid}/replay?at={len(events) - 5}&count=5", headers=h(token))
    assert [f["seq"] for f in r.json()["frames"]] == list(range(len(events) - 5, len(events)))
    assert applied < timeline.EVERY + 5


def test_a_game_in_progress_extends_its_timeline_as_it_is_played(client: TestClient) -> None:
    """Events appended after a replay request are folded on the next one (each once), and
    the frames stay redacted for the asking seat as its view was then."""
    table = open_table(client)
    tid = table["table_id"]
    seat0 = table["seats"][0]["token"]
    play(client, table, 30, random.Random(3))
    before = client.get(f"/api/tables/{tid}/history", headers=h(seat0)).json()
    play(client, table, 40, random.Random(4))
    service = service_of(client)
    events = service.entries[tid].game.events
    after = client.get(f"/api/tables/{tid}/history", headers=h(seat0)).json()
    assert after["seq"] == len(events) > before["seq"]
    assert after["points"][:len(before["points"])] == before["points"]
    r = client.get(f"/api/tables/{tid}/replay?at={len(events) - 2}&count=3", headers=h(seat0))
    frames = r.json()["frames"]
    assert [f["seq"] for f in frames] == [len(events) - 2, len(events) - 1, len(events)]
    for f in frames:
        assert f["view"] == _json(ruleset.view(fold(ruleset, events[:f["seq"]]), 0))
