"""The cards of the standard game, loaded and validated: 42 Encounter cards with the 8 pirate
tokens ("Encounters", "Pirates"), 20 Mission cards ("Mission Card Anatomy"), 25 Reward cards
("Reward Card Anatomy") and 10 Challenge cards ("Challenge Card Anatomy"). The book prints
the anatomies and names a few cards; every text and effect is ours (``"ours": true``).

An effect is a small JSON object ``{"do": kind, ...}`` read by ``effects.py``: a handful of
kinds (gain, pay, place, telegate, dial, check, roll, reward, end_turn, offer, movement), not
one case per card."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

Grade = Literal["basic", "premium", "luxury"]
Attribute = Literal["laser", "shield", "pilot"]
Dial = Literal["laser", "shield"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Gain(_Model):
    """Take credits, fame tokens or infamy tokens (negative: return them, never below none)."""

    do: Literal["gain"]
    credits: int = 0
    fame: int = 0
    infamy: int = 0


class Pay(_Model):
    """Pay the bank; a player who cannot pays what he has (as "Losing a Pirate Engagement")."""

    do: Literal["pay"]
    credits: int = Field(gt=0)


class Place(_Model):
    """Put a token on the encounter space; it replaces the space for the rest of the game."""

    do: Literal["place"]
    token: Literal["pirate", "blue_dot", "asteroid"]


class Telegate(_Model):
    """Put telegate token ``number`` on the encounter space (moved there if elsewhere)."""

    do: Literal["telegate"]
    number: int = Field(ge=1, le=6)


class DialChange(_Model):
    """Turn the laser or shield dial by ``by`` (kept within the dial)."""

    do: Literal["dial"]
    dial: Dial
    by: int


class Check(_Model):
    """Roll the purple effect die against an attribute, as a hazard check: a result less
    than the attribute passes ("Hazards")."""

    do: Literal["check"]
    attribute: Attribute
    pass_: list[Effect] = Field(alias="pass")
    fail: list[Effect]

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class RollRange(_Model):
    from_: int = Field(alias="from", ge=1, le=6)
    to: int = Field(ge=1, le=6)
    then: list[Effect]

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Roll(_Model):
    """Roll the purple effect die and apply the range the result falls in."""

    do: Literal["roll"]
    results: list[RollRange]

    @model_validator(mode="after")
    def _covers_each_face(self) -> Roll:
        faces = sorted(f for r in self.results for f in range(r.from_, r.to + 1))
        if faces != list(range(1, 7)):
            raise ValueError(f"a roll's ranges must cover 1-6 once each, not {faces}")
        return self


class DrawReward(_Model):
    do: Literal["reward"]


class EndTurn(_Model):
    """"An Encounter card effect ends his turn" ("Ending a Turn")."""

    do: Literal["end_turn"]


class Offer(_Model):
    """The player may pay ``pay`` credits for ``then``; refusing applies ``otherwise``."""

    do: Literal["offer"]
    pay: int = Field(gt=0)
    then: list[Effect]
    otherwise: list[Effect] = []


class Movement(_Model):
    """Add (or take away) movement points for the rest of this Move step."""

    do: Literal["movement"]
    points: int


Effect = Annotated[
    Gain | Pay | Place | Telegate | DialChange | Check | Roll | DrawReward | EndTurn | Offer
    | Movement,
    Field(discriminator="do"),
]
for _m in (Check, RollRange, Offer):
    _m.model_rebuild()


class PirateToken(_Model):
    """A pirate token: the modifier added to the effect die and the goods grade it robs
    ("Pirates" 3 and "Losing a Pirate Engagement" 1); its back is an asteroid."""

    id: str
    modifier: int = Field(ge=0, le=5)
    grade: Grade
    ours: bool


class Title(_Model):
    """A title card's condition (the most of ``stat``, at least ``at_least``) and its fame at
    the end of the game."""

    stat: Literal["relics", "infamy", "drills", "jettisoned"]
    at_least: int = Field(ge=1)
    end_fame: int


class Intel(_Model):
    price: int = Field(gt=0)
    at_galactic_base: bool
    use: Literal["swap_mission", "peek_encounter"]


class EncounterCard(_Model):
    id: str
    name: str
    text: str
    ours: bool
    book_names_it: bool = False
    production: int | None = Field(default=None, ge=1, le=14)  # a culture identifier
    thirty: bool = False  # the "30" icon: kept when the epic game reshuffles the deck
    trait: Literal["title", "intel"] | None = None
    effects: list[Effect] = []
    title: Title | None = None
    intel: Intel | None = None

    @model_validator(mode="after")
    def _trait_matches(self) -> EncounterCard:
        if (self.trait == "title") != (self.title is not None):
            raise ValueError(f"{self.id}: a title card, and only one, has a title")
        if (self.trait == "intel") != (self.intel is not None):
            raise ValueError(f"{self.id}: an intel card, and only one, has intel")
        if self.trait is None and not self.effects:
            raise ValueError(f"{self.id}: a plain encounter card needs effects")
        return self


class Objective(_Model):
    """A mission's objective ("Missions": fulfil the objective at the destination)."""

    need: Literal["land", "deliver", "pay", "attribute", "relic", "passenger",
                  "pirates_defeated", "cargo", "wealth", "contacts"]
    grade: Grade | None = None
    credits: int = 0
    attribute: Literal["laser", "shield", "pilot_level"] | None = None
    at_least: int = 0
    either: Objective | None = None  # ours: another objective that will do instead

    @model_validator(mode="after")
    def _fields(self) -> Objective:
        wanted = {"deliver": self.grade is not None, "pay": self.credits > 0,
                  "wealth": self.credits > 0,
                  "attribute": self.attribute is not None and self.at_least > 0,
                  "pirates_defeated": self.at_least > 0, "cargo": self.at_least > 0,
                  "contacts": self.at_least > 0}
        if not wanted.get(self.need, True):
            raise ValueError(f"a '{self.need}' objective misses its figure")
        return self


class MissionCard(_Model):
    id: str
    name: str
    text: str
    ours: bool
    destination: str | None  # a system or anomaly of the board; None: "Destination: None"
    fame: int = Field(ge=0)
    objective: Objective


class Ability(_Model):
    """A Reward card's lasting ability (ours: the book's "Reward Card Anatomy" names an
    ability and prints none): a bonus to an attribute when engaging pirates, no loss when
    losing to pirates, more credits per infamy token when defeating them, a bonus to an
    attribute in hazard checks, or more credits for each goods token sold or passenger
    dropped off."""

    kind: Literal["engage_bonus", "pirate_loss_waiver", "bounty_bonus", "hazard_bonus",
                  "sale_bonus", "fare_bonus"]
    attribute: Attribute | None = None
    by: int = 0
    credits: int = 0

    @model_validator(mode="after")
    def _complete(self) -> Ability:
        if self.kind in ("engage_bonus", "hazard_bonus") and (self.attribute is None
                                                              or self.by <= 0):
            raise ValueError(f"a {self.kind} names an attribute and a bonus above 0")
        if self.kind in ("bounty_bonus", "sale_bonus", "fare_bonus") and self.credits <= 0:
            raise ValueError(f"a {self.kind} names credits above 0")
        return self


class RewardCard(_Model):
    id: str
    name: str
    text: str
    ours: bool
    relic: bool = False
    fame: int = Field(default=0, ge=0)
    trade_in: int | None = None  # the trade-in icon's value (c50)
    ability: Ability | None = None
    on_draw: list[Effect] = []  # what keeping the card does at once


class ChallengeGoal(_Model):
    need: Literal["credits", "cultures_discovered", "pirates_defeated", "attribute",
                  "missions_completed", "rewards", "fame_tokens"]
    attribute: Literal["laser", "shield", "pilot_level"] | None = None
    at_least: int = Field(ge=1)


class ChallengeEffect(_Model):
    """"Challenge Card Anatomy": the effect, "usually a negative effect to the player"; ours:
    pirates stronger while active, or, once when it becomes active ("Irreversible
    Effect"), a dial turned down, a payment or fame tokens returned."""

    kind: Literal["none", "pirates_stronger", "dial", "pay", "fame"]
    by: int = 0
    dial: Dial | None = None
    credits: int = 0
    irreversible: bool = False

    @model_validator(mode="after")
    def _fields(self) -> ChallengeEffect:
        wanted = {"dial": self.dial is not None and self.by < 0 and self.irreversible,
                  "pay": self.credits > 0 and self.irreversible,
                  "fame": self.by < 0 and self.irreversible,
                  "pirates_stronger": self.by > 0}
        if not wanted.get(self.kind, True):
            raise ValueError(f"a '{self.kind}' challenge effect misses its figure")
        return self


class ChallengeCard(_Model):
    id: str
    name: str
    text: str
    ours: bool
    colour: str
    round: int = Field(ge=1, le=30)
    fee: int = Field(ge=0)
    challenge: ChallengeGoal
    effect: ChallengeEffect


def _read(name: str) -> dict[str, Any]:
    text = resources.files("engine.venus_standard").joinpath("data", name).read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def _unique(kind: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ValueError(f"{kind}: the id '{i}' appears twice")
        seen.add(i)


def _count(kind: str, items: list[Any], n: int) -> None:
    """The component list: 42 Encounter, 20 Mission, 25 Reward, 10 Challenge cards."""
    if len(items) != n:
        raise ValueError(f"{kind}: the box holds {n} cards, the data {len(items)}")
    _unique(kind, [c.id for c in items])
    unmarked = [c.id for c in items if not c.ours]
    if unmarked:
        raise ValueError(f"{kind}: every card is authored by us and marked ours: {unmarked}")


_Card = TypeVar("_Card", EncounterCard, MissionCard, RewardCard, ChallengeCard)


def _deck(model: type[_Card], source: str, kind: str, n: int) -> dict[str, _Card]:
    """The ``"cards"`` of the data file ``source`` by id, checked against the component
    list (``_count``)."""
    cards = [model.model_validate(c) for c in _read(source)["cards"]]
    _count(kind, cards, n)
    return {c.id: c for c in cards}


@cache
def encounter_cards() -> dict[str, EncounterCard]:
    return _deck(EncounterCard, "encounters.json", "Encounter cards", 42)


@cache
def pirate_tokens() -> dict[str, PirateToken]:
    tokens = [PirateToken.model_validate(t) for t in _read("encounters.json")["pirate_tokens"]]
    if len(tokens) != 8:  # component list: 8 pirate tokens
        raise ValueError(f"pirate tokens: the box holds 8, the data {len(tokens)}")
    _unique("pirate tokens", [t.id for t in tokens])
    return {t.id: t for t in tokens}


@cache
def mission_cards() -> dict[str, MissionCard]:
    return _deck(MissionCard, "missions.json", "Mission cards", 20)


@cache
def reward_cards() -> dict[str, RewardCard]:
    return _deck(RewardCard, "rewards.json", "Reward cards", 25)


def kept_abilities(rewards: list[str] | tuple[str, ...], kind: str) -> list[tuple[str, Ability]]:
    """Each kept Reward card (by id, in the order kept) whose ability is of ``kind``; ids not
    of our deck have none."""
    cards = reward_cards()
    found = ((rid, cards[rid].ability) for rid in rewards if rid in cards)
    return [(rid, ab) for rid, ab in found if ab is not None and ab.kind == kind]


@cache
def challenge_cards() -> dict[str, ChallengeCard]:
    cards = _deck(ChallengeCard, "challenges.json", "Challenge cards", 10)
    colours: dict[str, int] = {}
    for c in cards.values():
        colours[c.colour] = colours.get(c.colour, 0) + 1
    if len(colours) != 5:  # "Sort the Challenge cards by color into five separate piles"
        raise ValueError(f"Challenge cards: five colours, not {sorted(colours)}")
    return cards


TITLE_AND_INTEL = ("archeologist", "infamous", "confirmed-location", "slaver", "drill-baron",
                   "star-maps")  # "Title & Intel Cards in Play"
