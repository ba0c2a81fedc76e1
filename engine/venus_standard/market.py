"""Markets (standard book, "Markets", "Sell Actions", "Market Shift", "Market Production",
optional rule "Maximum Production"): each discovered system shows a stack of its culture's
three market tokens; the top one sets the sale price and the equipment for sale.

Pure functions over token ids; the draft applies their results as events.
"""

from __future__ import annotations

import json
from functools import cache, cached_property
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from engine.cluster.cultures import MarketCondition, load_cultures


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EquipmentKind(_Model):
    name: str
    skips: list[str] = []  # drives: the colours of spaces skipped ("Drives")


class EquipmentOffer(_Model):
    kind: str
    cost: int


class MarketToken(_Model):
    """"Market Token Anatomy": culture, market condition icon, available equipment."""

    id: str
    culture: str
    condition: MarketCondition
    equipment: list[EquipmentOffer]
    ours: bool = False

    @property
    def produces(self) -> bool:
        """The gear icon: an active market produces ("Market Shift")."""
        return self.condition is MarketCondition.ACTIVE


class MarketTokens(_Model):
    format: int
    about: str
    equipment: dict[str, EquipmentKind]
    stock: dict[str, int | str]
    tokens: list[MarketToken]

    @cached_property
    def by_id(self) -> dict[str, MarketToken]:
        return {t.id: t for t in self.tokens}

    def of_culture(self, culture: str) -> list[MarketToken]:
        return [t for t in self.tokens if t.culture == culture]

    def stock_of(self, kind: str) -> int | None:
        """How many pieces of a kind the box has (cargo holds, drives); None: a dial point."""
        n = self.stock.get(kind)
        return n if isinstance(n, int) else None

    @model_validator(mode="after")
    def _check(self) -> MarketTokens:
        if len(self.tokens) != 42:
            raise ValueError("the box has 42 market tokens (Component List)")
        for c in load_cultures().cultures:
            conds = sorted(t.condition for t in self.tokens if t.culture == c.key)
            if conds != sorted(MarketCondition):
                raise ValueError(f"{c.key}: needs one low, one active and one high market token")
        for t in self.tokens:
            kinds = [e.kind for e in t.equipment]
            if len(kinds) != 2 or len(set(kinds)) != 2 or set(kinds) - set(self.equipment):
                raise ValueError(f"{t.id}: two different known pieces of equipment")
        return self


@cache
def load_market_tokens() -> MarketTokens:
    path = resources.files("engine.venus_standard").joinpath("data/market_tokens.json")
    return MarketTokens.model_validate(json.loads(path.read_text("utf-8")))


class Market(BaseModel):
    """One culture's trade pieces (its system's market once discovered, else its supply area
    beside the board): the market token stack (top first), the goods, technology and passenger
    tokens for sale, and the culture's supply area (sold goods, jettisoned tokens)."""

    culture: str
    stack: list[str] = []
    goods: list[str] = []
    techs: list[str] = []
    passengers: list[str] = []
    supply_goods: list[str] = []
    supply_techs: list[str] = []
    demands: list[str] = []  # optional rule "Demand": demand tokens here (or in the supply)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Market:
        """Token ids are immutable strings: copying the lists is a deep copy (and much
        cheaper than the generic one: every command's draft clones the state)."""
        new = self.__copy__()
        fields = new.__dict__
        for name in _LISTS:
            fields[name] = list(fields[name])
        return new

_LISTS = ("stack", "goods", "techs", "passengers", "supply_goods", "supply_techs", "demands")


def top(market: Market) -> MarketToken:
    if not market.stack:
        raise ValueError(f"{market.culture}: no market token stack (not discovered)")
    return load_market_tokens().by_id[market.stack[0]]


def condition(market: Market) -> MarketCondition:
    """"Sell Actions": the condition on the top market token."""
    return top(market).condition


def sale_price(goods_culture: str, cond: MarketCondition) -> int:
    """"Sell Actions": low market lowest, high market highest, active market centre value."""
    return load_cultures().culture(goods_culture).goods.resale.at(cond)


def shifted(stack: list[str]) -> list[str]:
    """"Market Shift": the top market token goes to the bottom of the stack."""
    return stack[1:] + stack[:1]


def production(market: Market, maximum: bool = False) -> list[str]:
    """"Market Production": the goods tokens an active market moves from the culture's supply
    area to its market: one, if any (optional rule "Maximum Production": all of them)."""
    if not market.supply_goods:
        return []
    return list(market.supply_goods) if maximum else market.supply_goods[:1]
