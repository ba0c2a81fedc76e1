"""An imported log must be a game the server can serve, or be refused
with 422 (a truncated export, cut between two race choices, made a table whose view
answered 500 and whose websocket closed 1011)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import h, open_table


def _export(client: TestClient) -> dict[str, Any]:
    table = open_table(client)
    r = client.post(f"/api/tables/{table['table_id']}/end", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    r = client.get(f"/api/tables/{table['table_id']}/export",
                   headers=h(table["spectator"]["token"]))
    assert r.status_code == 200, r.text
    return dict(r.json())


@pytest.mark.parametrize("keep", [7, 8])
def test_an_export_cut_mid_race_choice_is_refused(client: TestClient, keep: int) -> None:
    doc = _export(client)
    types = [e["type"] for e in doc["events"]]
    assert "RaceChosen" in types[:keep] and "TurnStarted" not in types[:keep]  # mid setup
    r = client.post("/api/replays", json={**doc, "events": doc["events"][:keep]})
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail["code"] == "log" and f"after seq {keep}" in detail["message"]


def test_a_whole_export_imports_and_is_served(client: TestClient) -> None:
    doc = _export(client)
    r = client.post("/api/replays", json=doc)
    assert r.status_code == 201, r.text
    table = r.json()
    for link in (table["spectator"], *table["seats"]):
        v = client.get(f"/api/tables/{table['table_id']}/view", headers=h(link["token"]))
        assert v.status_code == 200 and v.json()["status"] == "replay", v.text
    with client.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": table["seats"][0]["token"], "view": True})
        assert ws.receive_json()["type"] == "hello"
        assert ws.receive_json()["type"] in ("events", "chat")


def test_a_nul_byte_inside_an_imported_event_is_refused(client: TestClient) -> None:
    """Item 5 for imports: every text a client stores, payloads of an imported log too."""
    doc = _export(client)
    created = doc["events"][0]
    assert created["type"] == "GameCreated"
    created["data"]["players"][0] = "Ann\x00"
    r = client.post("/api/replays", json=doc)
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["message"] == (
        "control characters in event 1: no stored text may hold them")
