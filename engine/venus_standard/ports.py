"""What the cards ask of parts other modules own: the goods in a ship's holds and their grade
(pirates rob a goods token of their colour; some missions take one), the passengers aboard,
a culture's production (Encounter Card Production). The defaults below read the trade
module's state (``Player.cargo``, ``state.trade`` markets, token ids and culture facts);
``PORTS`` names each (a test may stand in its own)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.cluster.cultures import load_cultures

from . import tokens
from .cards import Grade
from .draft import Draft
from .state import StandardState

GoodsOf = Callable[[StandardState, int], list[tuple[str, Grade]]]
PassengersOf = Callable[[StandardState, int], int]
LoseGoods = Callable[[Draft, int, str], None]
Produce = Callable[[Draft, int], None]


@cache
def _trade() -> tuple[Any, Any] | None:
    """The trade module's token helpers and culture facts (``tokens.py`` and
    ``engine.cluster.cultures``; a test may stand in others, or none: a ship carrying
    nothing)."""
    return tokens, load_cultures()


def _cargo(state: StandardState, seat: int) -> list[str]:
    return list(getattr(state.player(seat), "cargo", []) or [])


def _goods(state: StandardState, seat: int) -> list[tuple[str, Grade]]:
    """Goods tokens in the holds with their grade ("Grades (color) of Goods": the grade of
    the culture's goods cost)."""
    found = _trade()
    if found is None:
        return []
    tokens, cultures = found
    out: list[tuple[str, Grade]] = []
    for token in _cargo(state, seat):
        if tokens.is_goods(token):
            cost = cultures.culture(tokens.origin(token)).goods.cost
            out.append((token, cultures.grade(cost)))
    return out


def _passengers(state: StandardState, seat: int) -> int:
    found = _trade()
    if found is None:
        return 0
    return sum(1 for t in _cargo(state, seat) if found[0].is_passenger(t))


def _lose(draft: Draft, seat: int, token: str) -> None:
    """The goods token goes back to its culture's supply area ("Losing a Pirate Engagement"
    1; a mission's delivery too)."""
    draft.emit("GoodsReturnedToSupply", seat=seat, token=token)


def _produce(draft: Draft, culture: int) -> None:
    """"Encounter Card Production": every goods token in the culture's supply area goes to
    its market, if the culture is discovered (else nothing happens)."""
    found = _trade()
    trade = getattr(draft.state, "trade", None)
    if found is None or trade is None:
        return
    key = found[1].by_number(culture).key
    if not {key, str(culture)} & {str(c) for c in draft.state.discovered.values()}:
        return
    supply = list(trade.market(key).supply_goods)
    if supply:
        draft.emit("GoodsProduced", culture=key, tokens=supply, why="encounter")


PORTS: dict[str, Any] = {"goods": _goods, "passengers": _passengers,
                         "lose_goods": _lose, "produce": _produce}


def goods(state: StandardState, seat: int) -> list[tuple[str, Grade]]:
    fn: GoodsOf = PORTS["goods"]
    return fn(state, seat)


def passengers(state: StandardState, seat: int) -> int:
    fn: PassengersOf = PORTS["passengers"]
    return fn(state, seat)


def lose_goods(draft: Draft, seat: int, token: str) -> None:
    fn: LoseGoods = PORTS["lose_goods"]
    fn(draft, seat, token)


def produce(draft: Draft, culture: int) -> None:
    fn: Produce = PORTS["produce"]
    fn(draft, culture)
