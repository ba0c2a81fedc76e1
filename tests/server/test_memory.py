"""A server's memory follows the games being played: a finished game nobody has read for a
while is let go (``server/entries.py``, ``evict_idle``) and loaded again from the database
when someone reads it; a game in progress stays."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.replaykit import finished_game_doc

from .helpers import h, open_table, service_of


def test_an_idle_finished_game_is_let_go_and_read_again_from_the_database(
        client: TestClient) -> None:
    r = client.post("/api/replays", json=finished_game_doc())
    assert r.status_code == 201, r.text
    t = r.json()
    token = t["spectator"]["token"]
    before = client.get(f"/api/tables/{t['table_id']}/view", headers=h(token)).json()
    service = service_of(client)
    assert t["table_id"] in service.entries

    assert service.evict_idle(idle=3600) == []  # read just now: kept
    assert t["table_id"] in service.evict_idle(idle=0)
    assert t["table_id"] not in service.entries

    after = client.get(f"/api/tables/{t['table_id']}/view", headers=h(token)).json()
    assert after == before


def test_a_game_in_progress_is_never_let_go(client: TestClient) -> None:
    table = open_table(client)
    client.get(f"/api/tables/{table['table_id']}/view",
               headers=h(table["seats"][0]["token"]))
    service = service_of(client)
    assert table["table_id"] in service.entries
    assert table["table_id"] not in service.evict_idle(idle=0)
    assert table["table_id"] in service.entries
