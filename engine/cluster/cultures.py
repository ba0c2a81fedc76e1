"""The 2012 edition's culture facts, read by both the classic game (``engine.venus``, edition
``classic-2012``) and the standard game (``engine.venus_standard``).

One data file, ``data/cultures.json``: the 14 cultures numbered 1-14 with their IOU values
(the First Contact credits), the cultures that buy their goods (ascending, 14 is followed by
1: standard book, "Appendix B > Stealth Field", footnote), their goods tokens (the box's 76:
name, count, cost, the three resale values of "Sell Actions", the capacity dots of "Capacity")
and the 15 passenger tokens ("Passenger Token Anatomy"). Culture keys (``nillis`` ...
``qossuth``) are the ids used everywhere; ``base`` is the Galactic Base as a passenger's
start or destination.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, model_validator

BASE = "base"  # the Galactic Base as a passenger's start or destination


class Grade(StrEnum):
    """"Grades (color) of Goods": basic c10-40, premium c50-110, luxury c120-200."""

    BASIC = "basic"
    PREMIUM = "premium"
    LUXURY = "luxury"


class MarketCondition(StrEnum):
    """The condition a market token shows ("Sell Actions"): which resale value is paid."""

    LOW = "low"
    ACTIVE = "active"  # the gear icon: the culture produces one goods token ("Market Shift")
    HIGH = "high"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GradeRange(_Model):
    key: Grade
    low: int
    high: int
    colour: str


class Resale(_Model):
    """The three resale values on a goods token's back ("Goods Token Anatomy" 4)."""

    low: int
    mid: int
    high: int

    def at(self, condition: MarketCondition) -> int:
        """"Sell Actions": low market lowest, high market highest, active market the centre."""
        if condition is MarketCondition.LOW:
            return self.low
        if condition is MarketCondition.HIGH:
            return self.high
        return self.mid


class GoodsType(_Model):
    """A culture's goods tokens: every token of a culture prints the same figures."""

    name: str
    count: int = Field(ge=1)
    cost: int
    resale: Resale
    resale_ours: bool = False
    dots: int = Field(ge=1, le=2)  # "Capacity": one or two dots
    dots_ours: bool = False


class Culture(_Model):
    key: str
    name: str
    number: int = Field(ge=1, le=14)
    iou: int  # "First Contact Card Anatomy" 3: IOU value
    buyers: list[int]  # numbers of the cultures buying its goods, ascending after it
    goods: GoodsType


class Passenger(_Model):
    """"Passenger Token Anatomy": title, start, destination, fare, capacity, fame/infamy."""

    key: str
    title: str
    start: str  # culture key or ``base``
    destination: str
    fare: int
    dots: int = Field(ge=1, le=2)
    fame: int  # negative: infamy tokens
    classic: bool  # one of the classic game's ten
    ours: bool = False
    fame_ours: bool = False


class Demand(_Model):
    """Demand tokens (2012 box; classic game "Demand", standard game optional rule
    "Demand"): ``count`` tokens placed at culture ``at`` paying ``bonus`` more for the goods
    of culture ``goods``."""

    at: str
    goods: str
    bonus: int
    count: int = Field(ge=1)
    note: str | None = None


class CultureFacts(_Model):
    format: int
    about: str
    grades: list[GradeRange]
    cultures: list[Culture]
    passengers: list[Passenger]
    demands: list[Demand]

    def demand_tokens(self) -> list[str]:
        """One id per physical demand token: ``"demand:<n>"`` in the data's order."""
        return [f"demand:{i}" for i in range(1, sum(d.count for d in self.demands) + 1)]

    def demand(self, token: str) -> Demand:
        n = int(token.removeprefix("demand:"))
        for d in self.demands:
            if n <= d.count:
                return d
            n -= d.count
        raise KeyError(token)

    def culture(self, key: str) -> Culture:
        for c in self.cultures:
            if c.key == key:
                return c
        raise KeyError(key)

    def by_number(self, number: int) -> Culture:
        return self.cultures[number - 1]

    def buyers(self, seller: str) -> list[str]:
        """Keys of the cultures that buy ``seller``'s goods ("Sell Actions")."""
        return [self.by_number(n).key for n in self.culture(seller).buyers]

    def next_buyer(self, seller: str) -> str:
        """The culture after the last buyer (culture 1 follows 14): the Stealth Field's
        black market ("Appendix B > Stealth Field")."""
        last = self.culture(seller).buyers[-1]
        return self.by_number(last % 14 + 1).key

    def grade(self, cost: int) -> Grade:
        """The grade a cost falls in ("Grades (color) of Goods")."""
        for g in self.grades:
            if g.low <= cost <= g.high:
                return g.key
        raise ValueError(f"c{cost} is in no grade of 'Grades (color) of Goods'")

    def passenger(self, key: str) -> Passenger:
        for p in self.passengers:
            if p.key == key:
                return p
        raise KeyError(key)

    @model_validator(mode="after")
    def _check(self) -> CultureFacts:
        if [c.number for c in self.cultures] != list(range(1, 15)):
            raise ValueError("the 14 cultures must be listed by number 1..14")
        keys = {c.key for c in self.cultures}
        if len(keys) != 14 or BASE in keys:
            raise ValueError(f"culture keys must be 14 distinct keys other than {BASE!r}")
        for c in self.cultures:
            if c.number in c.buyers or not set(c.buyers) <= set(range(1, 15)):
                raise ValueError(f"{c.key}: bad buyers {c.buyers}")
            self.grade(c.goods.cost)
        if sum(c.goods.count for c in self.cultures) != 76:
            raise ValueError("the box has 76 goods tokens (Component List)")
        if len(self.passengers) != 15 or len({p.key for p in self.passengers}) != 15:
            raise ValueError("the box has 15 passenger tokens (Component List)")
        for p in self.passengers:
            if {p.start, p.destination} - keys - {BASE}:
                raise ValueError(f"passenger {p.key}: unknown place")
        if sum(d.count for d in self.demands) != 38:
            raise ValueError("the box has 38 demand tokens (Component List)")
        return self


@cache
def load_cultures() -> CultureFacts:
    """The validated 2012 culture facts (cached; the models are frozen)."""
    text = resources.files("engine.cluster").joinpath("data/cultures.json").read_text("utf-8")
    return CultureFacts.model_validate(json.loads(text))
