"""A table played, ended, replayed and let go leaves nothing of its game in the server's
memory (``server/entries.py``, ``evict_idle``; ``docs/architecture.md``): neither the
frames of its last seq (``server/frames.py``) nor the replay's timeline
(``server/timeline.py``) keeps the game once the sweep let it go, so a server's memory
follows the games being played, not every game played since it started."""

from __future__ import annotations

import gc
import random
import weakref
from typing import Any

from fastapi.testclient import TestClient

from .helpers import h, open_table, play, service_of


def _played_and_let_go(client: TestClient, rng: random.Random) -> weakref.ref[Any]:
    """A table played a little (watched over a socket), ended, replayed, then let go; a weak
    reference to the game it had in memory."""
    table = open_table(client)
    tid, spectator = table["table_id"], table["spectator"]["token"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.send_json({"type": "hello", "token": spectator, "after": 0, "view": True,
                      "inline_view": True, "inline_ack": True, "view_delta": False})
        ws.receive_json()
        play(client, table, 6, rng)
        client.get(f"/api/tables/{tid}/replay?at=3", headers=h(spectator))
    r = client.post(f"/api/tables/{tid}/end", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    seq = client.get(f"/api/tables/{tid}/history", headers=h(spectator)).json()["seq"]
    for at in (0, seq // 2, seq):
        r = client.get(f"/api/tables/{tid}/replay?at={at}", headers=h(spectator))
        assert r.status_code == 200, r.text
    client.get(f"/api/tables/{tid}/view", headers=h(spectator))
    service = service_of(client)
    game = weakref.ref(service.entries[tid].game)
    assert tid in service.evict_idle(idle=0)
    return game


def test_no_game_let_go_stays_in_memory(client: TestClient) -> None:
    rng = random.Random(3)
    games = [_played_and_let_go(client, rng) for _ in range(3)]
    open_table(client)  # the writer's last batch (server/commit.py) is let go by the next
    gc.unfreeze()  # a serving process freezes what is alive (server/gcpolicy.py)
    gc.collect()
    alive = [g() for g in games if g() is not None]
    holders = {type(r).__qualname__ for g in alive for r in gc.get_referrers(g)}
    assert not alive, f"{len(alive)} of {len(games)} games let go are still held ({holders})"
