"""What the cards ask of parts other modules own: the goods in a ship's holds and their grade
(pirates rob a goods token of their colour; some missions take one), the passengers aboard,
a culture's production (Encounter Card Production). The owner registers the real function
with ``@port("goods")`` etc. in his module; until then the defaults below read what the core
state holds (no cargo: pirates take credits; production does nothing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import Grade
from .draft import Draft
from .state import StandardState

GoodsOf = Callable[[StandardState, int], list[tuple[str, Grade]]]
PassengersOf = Callable[[StandardState, int], int]
LoseGoods = Callable[[Draft, int, str], None]
Produce = Callable[[Draft, int], None]


def _no_goods(state: StandardState, seat: int) -> list[tuple[str, Grade]]:
    return []


def _no_passengers(state: StandardState, seat: int) -> int:
    return 0


def _lose(draft: Draft, seat: int, token: str) -> None:
    draft.emit("GoodsLostToPirates", seat=seat, token=token)


def _produce(draft: Draft, culture: int) -> None:
    """"Encounter Card Production" (the market's owner moves the goods tokens)."""


PORTS: dict[str, Any] = {"goods": _no_goods, "passengers": _no_passengers,
                         "lose_goods": _lose, "produce": _produce}


def port(name: str) -> Callable[[Any], Any]:
    def register(fn: Any) -> Any:
        if name not in PORTS:
            raise ValueError(f"unknown card port {name!r}; known: {sorted(PORTS)}")
        PORTS[name] = fn
        return fn

    return register


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
