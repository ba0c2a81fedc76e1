"""The cards' reading of the trade module's holds ("Losing a Pirate Engagement": a goods
token of the pirate's colour, i.e. grade; "Grades (color) of Goods"), over stand-ins shaped
like ``vstrade``'s token helpers and culture facts."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.venus_standard import ports

COSTS = {"zum": 150, "dell": 30, "niks": 70}


class Cultures:
    def culture(self, key: str) -> Any:
        return SimpleNamespace(goods=SimpleNamespace(cost=COSTS[key]))

    def grade(self, cost: int) -> str:
        return "basic" if cost <= 40 else "premium" if cost <= 110 else "luxury"


TOKENS = SimpleNamespace(is_goods=lambda t: ":g" in t, origin=lambda t: t.partition(":")[0],
                         is_passenger=lambda t: ":" not in t)


class State:
    def player(self, seat: int) -> Any:
        return SimpleNamespace(cargo=["zum:g1", "scientist", "dell:g2", "niks:g3"])


def test_goods_carried_with_their_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ports, "_trade", lambda: (TOKENS, Cultures()))
    state: Any = State()
    assert ports.goods(state, 0) == [("zum:g1", "luxury"), ("dell:g2", "basic"),
                                     ("niks:g3", "premium")]
    assert ports.passengers(state, 0) == 1


def test_without_the_trade_module_a_ship_carries_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ports, "_trade", lambda: None)
    state: Any = State()
    assert ports.goods(state, 0) == [] and ports.passengers(state, 0) == 0
