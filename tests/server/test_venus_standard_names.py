"""``GET /api/games/venus-standard/data``: the browser client names the standard game's things
from the engine's own data files (``engine/venus_standard/client_data.py``), never from a list
of its own."""

from __future__ import annotations

from fastapi.testclient import TestClient

from engine.cluster.cultures import load_cultures
from engine.venus_standard.board import load_board
from server.app import app

client = TestClient(app)


def test_every_culture_goods_passenger_and_system_is_named() -> None:
    r = client.get("/api/games/venus-standard/data")
    assert r.status_code == 200
    names = r.json()
    facts = load_cultures()
    for c in facts.cultures:
        assert names["cultures"][c.key] == c.name
        assert names["goods"][c.key] == c.goods.name  # a goods token is named by its culture
        # "Sell Actions": its three resale values (low, active, high market)
        r = c.goods.resale
        assert names["goods_resale"][c.key] == [r.low, r.mid, r.high]
    for p in facts.passengers:
        assert names["passengers"][p.key] == p.title
    board = load_board()
    for s in board.data.systems:
        assert names["systems"][s.id] == s.name
    named_spaces = {s.id: s.name for s in board.data.spaces if s.name}
    assert named_spaces and all(names["spaces"][k] == v for k, v in named_spaces.items())


def test_the_authored_cards_and_tokens_are_named() -> None:
    names = client.get("/api/games/venus-standard/data").json()
    # technologies (Appendix B), equipment (market tokens), pilots, missions, rewards
    assert names["technologies"]["shuttle"] == "Shuttle"
    assert names["equipment"]["combo_drive"] == "Combo Drive"
    for kind in ("pilots", "missions", "rewards", "encounters"):
        assert len(names.get(kind, {})) >= 5, kind
        assert all(isinstance(v, str) and v for v in names[kind].values())


def test_the_cards_texts_come_by_id() -> None:
    texts = client.get("/api/games/venus-standard/data").json()["texts"]
    names = client.get("/api/games/venus-standard/data").json()
    assert set(names["missions"]) <= set(texts) and set(names["rewards"]) <= set(texts)
