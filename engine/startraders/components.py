"""The cards: the 72 Contracts ("Included Contract Cards"), the 65 Trader's Luck cards
("Included Trader's Luck Cards") and the seven Personalities, validated at load."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, model_validator

from .galaxy import load_galaxy

JACKPOT, KLUGE, TELZEY = 63, 11, 23
PERSONALITIES = ("navigator", "psychic", "lucky-lou", "negotiator", "engineer", "insider", "hero")
# "New Personalities" implemented so far, named in the ``personalities`` table option only
OPTIONAL_PERSONALITIES = ("awesome-andi", "seer", "verdant-velma", "banker", "pirate-pete")
# Pirate Pete "can play Piracy as if it were" any of these
PETE_AS = ("takeover", "lost", "stressed", "lose-station", "lose-cargo", "codebreaker", "gotcha",
           "avoid")
# the cards that change a Prestige (Petitioning: "Any Trader may use an appropriate Trader's
# Luck card to change your Prestige before you roll")
PRESTIGE_CARDS = ("favor", "disfavor", "gotcha")
# payments to the bank (Money: "Payments made to the Emperor or his minions go to the bank");
# losses ("lose") are not payments
BANK_PAYMENTS = {"station", "engine", "abandon", "petition-price", "repairs", "personality"}
LUCK_COUNTS = {"takeover": 6, "disfavor": 6, "envoy": 5, "lost": 4, "quarantine": 3,
               "piracy": 3, "stressed": 3, "lose-station": 2, "lose-cargo": 2, "gotcha": 2,
               "zap": 6, "superzap": 2, "codebreaker": 6, "priority-run": 2, "superjump": 1,
               "avoid": 6, "favor": 5, "jubilee": 1}


class Contract(BaseModel):
    """One Contract card: pick up ``cargo`` at ``pickup``, deliver to ``deliver``; the deliverer
    earns ``stellors`` and ``prestige``, the station owner at ``deliver`` ``station``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    pickup: int
    cargo: str
    deliver: int
    stellors: int
    prestige: int
    station: int
    special: bool = False

    @property
    def mission_value(self) -> float:
        """The payoff judged for an Imperial Mission (Completing Your Mission): Jackpot pays
        on a roll of 5 or more, one time in three, so its average counts."""
        return self.stellors / 3 if self.deliver == JACKPOT else float(self.stellors)


class Contracts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    contracts: list[Contract]

    @model_validator(mode="after")
    def _check(self) -> Contracts:
        worlds = load_galaxy().worlds
        if sorted(c.id for c in self.contracts) != list(range(1, 73)):
            raise ValueError("Included Contract Cards: 72 contracts numbered 1-72")
        for c in self.contracts:
            if c.pickup not in worlds or c.deliver not in worlds or c.pickup == c.deliver:
                raise ValueError(f"contract {c.id}: pick-up and delivery must be two worlds")
            if c.special != (c.deliver in (JACKPOT, KLUGE, TELZEY)):
                raise ValueError(f"contract {c.id}: a special payoff is a delivery to 11/23/63")
        return self


class LuckCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str
    name: str
    calamity: bool
    world: int | None = None  # Imperial Envoy's destination
    amount: int | None = None  # Imperial Favor / Disfavor Prestige


class LuckDeck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    cards: list[LuckCard]

    @model_validator(mode="after")
    def _check(self) -> LuckDeck:
        if dict(Counter(c.kind for c in self.cards)) != LUCK_COUNTS:
            raise ValueError("Included Trader's Luck Cards: 65 cards in the listed counts")
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("Trader's Luck card ids must be unique")
        return self


def _read(name: str) -> str:
    return resources.files("engine.startraders").joinpath(f"data/{name}").read_text("utf-8")


@cache
def contracts() -> dict[int, Contract]:
    data = Contracts.model_validate(json.loads(_read("contracts.json")))
    return {c.id: c for c in data.contracts}


@cache
def luck_cards() -> dict[str, LuckCard]:
    data = LuckDeck.model_validate(json.loads(_read("luck.json")))
    return {c.id: c for c in data.cards}
