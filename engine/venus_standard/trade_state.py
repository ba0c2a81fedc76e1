"""The part of the game state trade owns (``state.trade``): each culture's market (its
supply area beside the board until discovered), the IOU credits on the revealed First
Contact cards and who holds them, the passengers waiting at Galactic Base, the equipment
stock, merchant spaceports and drills on the board. A seat's cargo, technologies, drive and
extra holds are on its ``Player``; what a turn traded is on its ``Turn``. Rebuilt by folding
events (``trade_events.py``)."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel, Field

from .market import Market


class TradeState(BaseModel):
    markets: dict[str, Market] = Field(default_factory=dict)  # culture -> market/supply
    iou: dict[str, int] = Field(default_factory=dict)  # culture -> credits on its card
    holders: dict[str, int] = Field(default_factory=dict)  # culture -> discoverer seat
    base_passengers: list[str] = []  # waiting at Galactic Base
    stock: dict[str, int] = Field(default_factory=dict)  # cargo holds and drives left
    spaceports: dict[str, int] = Field(default_factory=dict)  # orbit space -> owner
    bankrupt: list[str] = []  # Asteroid System neutral spaceports under an asteroid token
    drills: dict[str, int] = Field(default_factory=dict)  # asteroid space -> owner

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> TradeState:
        """Every field holds strings and ints: copying the containers is a deep copy."""
        new = self.__copy__()
        fields = new.__dict__
        fields["markets"] = {k: copy.deepcopy(m) for k, m in self.markets.items()}
        for name in ("iou", "holders", "stock", "spaceports", "drills"):
            fields[name] = dict(fields[name])
        for name in ("base_passengers", "bankrupt"):
            fields[name] = list(fields[name])
        return new

    def market(self, culture: str) -> Market:
        if culture not in self.markets:
            self.markets[culture] = Market(culture=culture)
        return self.markets[culture]
