"""The printed numbers the map's culture cards show come with the board data
(``GET /api/games/venus/data``): checked against the rulebook figures (culture boxes, 2.42)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.app import app


def test_board_data_carries_the_culture_card_numbers() -> None:
    client = TestClient(app)
    old = client.get("/api/games/venus/data?edition=avalon-hill").json()["catalog"]
    assert old["numbers"]["cholos"] == "9a" and old["numbers"]["qossuth"] == "10"
    assert old["demands"]["humans:graw"] == 40  # 10.21 example: $40 Space Spice demands
    assert old["fares"]["graw:qossuth"] == 120  # the Graw pilgrim to the Qossuth (gazetteer)
    assert old["factory_cost"]["nillis"] == 60  # Guard Plants $60/$140 (2.542)
    assert old["relics"]["jump_start"]["price"] == 120  # 8.4
    new = client.get("/api/games/venus/data?edition=classic-2012").json()["catalog"]
    assert new["numbers"]["cholos"] == "12"
    assert "laser" not in new["relics"]
