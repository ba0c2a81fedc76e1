"""First Contact (standard book, "First Contact Phase", "First Contact Card Anatomy",
setup step 3 "Prepare Cluster", "Appendix B > Data Probe").

The 14 cards are the 14 cultures; one lies face down in each system until a ship ends its
Movement phase on a surface city or neutral spaceport there.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engine.cluster.cultures import Culture, load_cultures

from .market import Market, load_market_tokens
from .technology import load_technologies
from .tokens import goods_tokens


class FirstContactCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    culture: str
    flavor: str
    ours: bool = False

    @property
    def facts(self) -> Culture:
        """Name, identifier and IOU value: the culture's ("First Contact Card Anatomy")."""
        return load_cultures().culture(self.culture)


class FirstContactDeck(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: int
    about: str
    cards: list[FirstContactCard]

    def card(self, culture: str) -> FirstContactCard:
        return next(c for c in self.cards if c.culture == culture)


@cache
def load_first_contact() -> FirstContactDeck:
    path = resources.files("engine.venus_standard").joinpath("data/first_contact.json")
    deck = FirstContactDeck.model_validate(json.loads(path.read_text("utf-8")))
    if sorted(c.culture for c in deck.cards) != sorted(c.key for c in load_cultures().cultures):
        raise ValueError("one First Contact card per culture (14)")
    return deck


def supply_area(culture: str) -> Market:
    """A culture's tokens beside the board before discovery (setup step 4): all its goods and
    racial technology tokens; its market tokens wait for the First Contact shuffle."""
    techs = [t for tech in load_technologies().sold_by(culture) for t in tech.token_ids()]
    return Market(culture=culture, supply_goods=goods_tokens(culture), supply_techs=techs)


def market_token_ids(culture: str) -> list[str]:
    return [t.id for t in load_market_tokens().of_culture(culture)]


def opened(supply: Market, shuffled_stack: list[str]) -> Market:
    """"First Contact Phase" steps 2-3: the shuffled market tokens form the stack, the
    culture's goods and technology tokens (and any passengers waiting in its supply area)
    go to the system's market."""
    if sorted(shuffled_stack) != sorted(market_token_ids(supply.culture)):
        raise ValueError(f"{supply.culture}: the stack must be its three market tokens")
    return Market(
        culture=supply.culture,
        stack=list(shuffled_stack),
        goods=list(supply.goods) + list(supply.supply_goods),
        techs=list(supply.techs) + list(supply.supply_techs),
        passengers=list(supply.passengers),
    )


def iou_credits(culture: str) -> int:
    """"First Contact Phase" step 4: credits equal to the IOU value, on the card."""
    return load_cultures().culture(culture).iou
