"""Merchant of Venus components (ruleset ``venus``), both editions.

The data lives in ``data/components.json`` (our own format, built from the rulebooks and the
public transcription credited in ``data/NOTICE.md``) and is validated by the pydantic models
below at load. Rule numbers are the 1988 manual's; 2012 facts come from the 2012 classic
rulebook. Every correction of the transcription and every number of ours is recorded in
``docs/rulings.md`` (section Components); data that is ours carries ``"ours": true`` or a
``note``.

Editions: ``avalon-hill`` (1988, cultures "1a".."10") and ``classic-2012`` (cultures 1..14).
The 2012 culture facts (numbers, IOU values, buyers, goods tokens, passengers) live in the
shared ``engine.cluster.cultures`` (also read by the standard game) and are filled in at load.
Culture keys (``nillis`` ... ``qossuth``) are the stable ids used everywhere else; the Galactic
Base is the pseudo-culture key ``base`` (science ``base``) in fares/passengers.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.cluster.cultures import load_cultures

BASE = "base"  # the Galactic Base as a fare/passenger endpoint


class Edition(StrEnum):
    AVALON_HILL = "avalon-hill"  # 1988 Avalon Hill rules manual
    CLASSIC_2012 = "classic-2012"  # 2012 edition, classic game


class Science(StrEnum):
    """A Culture's Science (2.4): what ships and Equipment it sells (9.21)."""

    BIOENGINEERING = "bioengineering"  # 2012: "Biotech"
    METAPHYSICS = "metaphysics"
    PRIMITIVE = "primitive"
    INDUSTRY = "industry"
    TECHNOLOGY = "technology"
    BASE = "base"  # the Galactic Base's Tinkerers: sell all ships, no Equipment, no Goods


class DotColor(StrEnum):
    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"


class DeedColor(StrEnum):
    ORANGE = "orange"  # worth $100 at game end (13.1)
    PURPLE = "purple"  # worth $200 at game end (13.1)


class MarkerKind(StrEnum):
    """Kinds of "?" markers (2.8, 6.1) / 2012 encounter tokens."""

    TELE_GATE = "tele_gate"
    OPEN_SPACEPORT = "open_spaceport"
    PENALTY = "penalty"  # 2012: hazard
    RELIC = "relic"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def deed_color(value: int) -> DeedColor:
    """Deed color for a printed value (13.1: orange $100, purple $200)."""
    if value == 100:
        return DeedColor.ORANGE
    if value == 200:
        return DeedColor.PURPLE
    raise ValueError(f"no deed color for ${value} (13.1 knows only 100 and 200)")


def discounted(cost: int, pct: int = 20) -> int:
    """Price of a Deed (or Fort) bought from one's own species (3.3, 9.2, 15.1)."""
    return cost * (100 - pct) // 100


# --------------------------------------------------------------------------- cultures


class Prices2012(_Model):
    """The three sell prices on a 2012 goods token; only ``mid`` is used in the classic game."""

    low: int
    mid: int
    high: int
    ours: bool = False  # low/high derived by us (see rulings), mid is the 1988 payoff


class Goods(_Model):
    """A Culture's regular Goods markers (2.51)."""

    name_1988: str
    name_2012: str
    count_1988: int = Field(ge=1)
    count_2012: int = Field(ge=1)
    cost: int
    payoff: int
    prices_2012: Prices2012

    def name(self, edition: Edition) -> str:
        return self.name_1988 if edition == Edition.AVALON_HILL else self.name_2012

    def count(self, edition: Edition) -> int:
        return self.count_1988 if edition == Edition.AVALON_HILL else self.count_2012


class Factory(_Model):
    """A Culture's Factory Deed and its Factory Goods marker (2.542, 12.3)."""

    deed_cost: int
    goods_name_1988: str
    goods_name_2012: str
    cost: int
    payoff_1988: int
    payoff_2012: int
    note: str | None = None

    @property
    def deed_value(self) -> int:
        """Net Worth value of the deed: its printed cost (13.1)."""
        return self.deed_cost

    @property
    def deed_color(self) -> DeedColor:
        return deed_color(self.deed_cost)

    def goods_name(self, edition: Edition) -> str:
        return self.goods_name_1988 if edition == Edition.AVALON_HILL else self.goods_name_2012

    def payoff(self, edition: Edition) -> int:
        return self.payoff_1988 if edition == Edition.AVALON_HILL else self.payoff_2012


class Culture(_Model):
    """One of the 14 Cultures (2.4; 2012: numbered 1-14)."""

    key: str
    name: str
    id_1988: str  # "1a".."10"
    number_2012: int = Field(ge=1, le=14)
    science: Science
    iou: int  # IOU / First Contact value (2.41)
    buyers_1988: list[str]  # id_1988 of the Cultures that buy its Goods (2.51)
    buyers_2012: list[int]  # number_2012 of the buyers (2012 "Sell Actions")
    goods: Goods
    factory: Factory
    note: str | None = None

    @property
    def id_number(self) -> int:
        """The numeric part of the 1988 ID ("9a" -> 9)."""
        return int(self.id_1988.rstrip("ab"))

    def label(self, edition: Edition) -> str:
        """The culture's number as printed in that edition ("9a" or "12")."""
        return self.id_1988 if edition == Edition.AVALON_HILL else str(self.number_2012)


# --------------------------------------------------------------------------- pieces


class Ship(_Model):
    """Ship cards (2.53, 3.4, 5.2)."""

    key: str  # scout, clipper, transport, freighter
    name: str
    dice: int  # movement dice (5.2)
    holds: int  # Hold boxes (3.431)
    cost: int
    trade_in: int
    sold_by: list[Science]


class Equipment(_Model):
    """Bank Equipment (2.52, 8.2, 8.3, 15.3).

    Placement (3.431, 3.432, 15.31): every Equipment marker fills ``equipment_dots`` (half) of
    a Hold, except that the Hull carries up to ``hull_max`` markers of this kind (one Shield;
    one Laser and one Nova Ball in combat games). Drives always go in Holds.
    """

    key: str  # yellow_drive, red_drive, combined_drive, shield, laser, nova_ball
    name: str
    cost: int
    trade_in: int  # half the cost (2.52, 15.3)
    science: Science
    count: int
    skips: list[DotColor] = []  # drives: colors hyperjumped (8.2)
    penalty_reduction: int = 0  # shields: -$20 per Shield (8.3)
    firepower: int = 0  # weapons (15.3)
    combat_only: bool = False  # Laser, Nova Ball: optional Combat rules only (2.1)
    single_use: bool = False  # Nova Ball: returned to the Bank when fired (15.32)
    hull_max: int = 0
    editions: list[Edition]
    count_2012: int | None = None  # the 2012 box (003 component list), when it differs
    note: str | None = None

    def stock(self, edition: Edition) -> int:
        """How many markers the game has: 2012 "Component Limitations": "strictly limited"."""
        if edition is Edition.CLASSIC_2012 and self.count_2012 is not None:
            return self.count_2012
        return self.count


class Relic(_Model):
    """Relics found in "?" boxes (2.81, 8.4; 2012 Appendix: Relics). Always on the Hull
    (3.432); in 2012 they take no cargo space either."""

    key: str
    name: str
    price: int
    trade_in: int  # half the price (2.81)
    acts_as: str | None = None  # Equipment key it duplicates (8.4: Yellow Drive, Shield, Laser)
    editions: list[Edition]
    note: str | None = None


class Fort(_Model):
    """Forts (15.1-15.13), optional Combat rules, 1988 only."""

    cost: int
    penalty: int
    max_per_player: int
    count_per_merchant: int
    ours: bool = False
    note: str | None = None


class Marker(_Model):
    """One line of the "?" marker / encounter token inventory."""

    kind: MarkerKind
    count: int = Field(ge=1)
    number: int | None = None  # tele gate exit number 1-6 (6.5)
    color: DotColor | None = None  # penalty color (8.2)
    amount: int | None = None  # penalty amount (6.3)
    relic: str | None = None  # Relic key

    @model_validator(mode="after")
    def _fields_match_kind(self) -> Marker:
        want = {
            MarkerKind.TELE_GATE: {"number"},
            MarkerKind.OPEN_SPACEPORT: set(),
            MarkerKind.PENALTY: {"color", "amount"},
            MarkerKind.RELIC: {"relic"},
        }[self.kind]
        have = {f for f in ("number", "color", "amount", "relic") if getattr(self, f) is not None}
        if have != want:
            raise ValueError(f"{self.kind} marker needs exactly {sorted(want)}, has {sorted(have)}")
        return self


class MarkerSet(_Model):
    items: list[Marker]
    note: str | None = None

    @property
    def total(self) -> int:
        return sum(m.count for m in self.items)

    def expanded(self) -> list[Marker]:
        """One entry per physical marker (for shuffling at setup, 4.11)."""
        return [m for m in self.items for _ in range(m.count)]


class Demand(_Model):
    """Demand bonus markers (2.62, 10.2): ``goods`` is the key of the Culture selling them."""

    at: str  # culture key where the marker is placed (its back)
    goods: str  # culture key whose regular Goods earn the bonus
    bonus: int
    count: int = Field(ge=1)
    note: str | None = None


class Fare(_Model):
    """Fares (2.61, 10.3) / 2012 passengers: endpoints are culture keys or ``base``."""

    origin: str
    destination: str
    fee: int
    title: str | None = None
    note: str | None = None


class BonusSet(_Model):
    demands: list[Demand]
    fares: list[Fare]

    @property
    def demand_count(self) -> int:
        return sum(d.count for d in self.demands)

    @property
    def total(self) -> int:
        return self.demand_count + len(self.fares)


class SpaceportDeed(_Model):
    """One Spaceport Deed per Orbit (2.541): orbit name and the system it is in."""

    key: str
    orbit: str  # Orbit name as on the 1988 board transcription
    system: str
    dot_1988: str  # the transcription's dot id of the Orbit box


class SpaceportDeeds(_Model):
    cost: int
    count_2012: int | None = None  # 2012: spaceport deed tokens in the box (003), strictly limited
    ours: bool = False
    note: str | None = None
    deeds: list[SpaceportDeed]

    @property
    def color(self) -> DeedColor:
        return deed_color(self.cost)


class Deed(_Model):
    """A Deed as the engine sees it (2.54, 12.1, 13.1)."""

    key: str  # "factory:<culture>" or "spaceport:<orbit key>"
    kind: str  # "factory" | "spaceport"
    cost: int
    value: int  # Net Worth value = printed cost (13.1)
    color: DeedColor
    culture: str | None = None  # factory: the culture selling it
    orbit: str | None = None  # spaceport: orbit name
    system: str | None = None  # spaceport: system name


class Merchant(_Model):
    """Playable merchant species (Gallery of Merchants; 2012 "Select Race")."""

    key: str
    name_1988: str
    name_2012: str | None  # None: not playable in the 2012 classic game
    culture: str  # home culture key: 20% deed discount there (3.3)
    color_1988: str

    def in_edition(self, edition: Edition) -> bool:
        return edition == Edition.AVALON_HILL or self.name_2012 is not None


class RasturCount(_Model):
    value: int
    count: int = Field(ge=1)


class MixRow(_Model):
    game_length: int
    count: int
    low: int
    high: int


class Rastur(_Model):
    """Rastur markers (16.1); the denominations are ours (see ``note``)."""

    ours: bool
    note: str
    markers: list[RasturCount]
    mix_chart: list[MixRow]

    def values(self) -> list[int]:
        return sorted(m.value for m in self.markers for _ in range(m.count))

    def pool(self, game_length: int) -> tuple[list[int], list[int]]:
        for row in self.mix_chart:
            if row.game_length == game_length:
                active = [v for v in self.values() if row.low <= v <= row.high]
                reserve = [v for v in self.values() if not row.low <= v <= row.high]
                return active, reserve
        raise ValueError(f"no Rastur Mix Chart row for game length {game_length}")


class Rules(_Model):
    """Numbers of the rules that the engine needs and are not a component."""

    starting_cash_per_player: int  # 4.3: $20 x number of players, each
    win_net_worth: int  # 4.5
    game_lengths: list[int]  # 14.1-14.4
    max_players: dict[Edition, int]
    own_species_discount_pct: int  # 3.3
    bonus_cup_size: dict[Edition, int]  # 10.1
    hold_dots: int  # a Hold carries 2 dots: one Goods or two other markers (3.431)
    goods_dots: int
    fare_dots: int
    equipment_dots: int
    ship_barter_sciences: list[Science]  # 9.323
    spaceport_commission_pct: int  # 12.2.2
    factory_commission_pct: int  # 12.3.2
    deed_value_by_color: dict[DeedColor, int]  # 13.1
    swindle_cost: int  # 15.53
    revolt_cost: int  # 15.54
    small_bank_2012: int
    neutral_spaceports_2012: list[str]  # 2012 "Neutral Spaceports": ours, the 1988 Space Cities
    fast_play_2012: dict[str, int]  # 2012 "Fast Play Variant": 20 drawn at setup, 4 at discovery
    # 2.2: 12 Spaceport/Factory markers per player; 2012 "Component Limitations": substitutes
    deed_markers_per_player: dict[Edition, int | None]
    note: str | None = None


class GalacticBase(_Model):
    key: str
    name: str
    species: str
    science: Science


# --------------------------------------------------------------------------- root


class Components(_Model):
    format: int
    about: str
    editions: list[Edition]
    rules: Rules
    base: GalacticBase
    cultures: list[Culture]
    ships: list[Ship]
    equipment: list[Equipment]
    relics: list[Relic]
    fort: Fort
    markers: dict[Edition, MarkerSet]
    bonus: dict[Edition, BonusSet]
    spaceport_deeds: SpaceportDeeds
    merchants: list[Merchant]
    rastur: Rastur

    # ---- lookups

    def culture(self, key: str) -> Culture:
        for c in self.cultures:
            if c.key == key:
                return c
        raise KeyError(key)

    def culture_by_id_1988(self, id_1988: str) -> Culture:
        for c in self.cultures:
            if c.id_1988 == id_1988:
                return c
        raise KeyError(id_1988)

    def culture_by_number_2012(self, number: int) -> Culture:
        for c in self.cultures:
            if c.number_2012 == number:
                return c
        raise KeyError(number)

    def culture_by_label(self, label: str, edition: Edition) -> Culture:
        if edition == Edition.AVALON_HILL:
            return self.culture_by_id_1988(label)
        return self.culture_by_number_2012(int(label))

    def buyers(self, seller: str, edition: Edition) -> list[str]:
        """Keys of the Cultures that buy ``seller``'s Goods and Factory Goods (2.51)."""
        c = self.culture(seller)
        if edition == Edition.AVALON_HILL:
            return [self.culture_by_id_1988(i).key for i in c.buyers_1988]
        return [self.culture_by_number_2012(n).key for n in c.buyers_2012]

    def ship(self, key: str) -> Ship:
        return next(s for s in self.ships if s.key == key)

    def equipment_item(self, key: str) -> Equipment:
        return next(e for e in self.equipment if e.key == key)

    def relic(self, key: str) -> Relic:
        return next(r for r in self.relics if r.key == key)

    def merchant(self, key: str) -> Merchant:
        return next(m for m in self.merchants if m.key == key)

    def merchants_in(self, edition: Edition) -> list[Merchant]:
        return [m for m in self.merchants if m.in_edition(edition)]

    def equipment_in(self, edition: Edition, combat: bool = False) -> list[Equipment]:
        return [
            e for e in self.equipment if edition in e.editions and (combat or not e.combat_only)
        ]

    def relics_in(self, edition: Edition) -> list[Relic]:
        return [r for r in self.relics if edition in r.editions]

    def sells_equipment(self, science: Science, edition: Edition) -> list[Equipment]:
        """Equipment a Culture of this Science sells (9.21; combat pieces included)."""
        return [e for e in self.equipment if e.science == science and edition in e.editions]

    def sells_ships(self, science: Science) -> list[Ship]:
        return [s for s in self.ships if science in s.sold_by]

    def deeds(self) -> list[Deed]:
        """All 39 Deeds: 14 factory deeds then 25 spaceport deeds (CONTENTS, 2.54)."""
        out = [
            Deed(
                key=f"factory:{c.key}",
                kind="factory",
                cost=c.factory.deed_cost,
                value=c.factory.deed_value,
                color=c.factory.deed_color,
                culture=c.key,
            )
            for c in self.cultures
        ]
        sp = self.spaceport_deeds
        out += [
            Deed(
                key=f"spaceport:{d.key}",
                kind="spaceport",
                cost=sp.cost,
                value=sp.cost,
                color=sp.color,
                orbit=d.orbit,
                system=d.system,
            )
            for d in sp.deeds
        ]
        return out

    # ---- consistency

    @model_validator(mode="after")
    def _check(self) -> Components:
        keys = [c.key for c in self.cultures]
        ids = [c.id_1988 for c in self.cultures]
        nums = sorted(c.number_2012 for c in self.cultures)
        if len(self.cultures) != 14 or len(set(keys)) != 14 or len(set(ids)) != 14:
            raise ValueError("need 14 cultures with unique keys and 1988 ids (2.4)")
        if nums != list(range(1, 15)):
            raise ValueError("2012 culture numbers must be 1..14")
        if BASE in keys:
            raise ValueError(f"{BASE!r} is reserved for the Galactic Base")
        for c in self.cultures:
            if not set(c.buyers_1988) <= set(ids) or c.id_1988 in c.buyers_1988:
                raise ValueError(f"{c.key}: bad 1988 buyers {c.buyers_1988}")
            if not set(c.buyers_2012) <= set(nums) or c.number_2012 in c.buyers_2012:
                raise ValueError(f"{c.key}: bad 2012 buyers {c.buyers_2012}")
        places = set(keys) | {BASE}
        for ed, bonus in self.bonus.items():
            for d in bonus.demands:
                if d.at not in keys or d.goods not in keys:
                    raise ValueError(f"{ed}: demand refers to unknown culture {d}")
                if d.at not in self.buyers(d.goods, ed):
                    raise ValueError(f"{ed}: {d.at} does not buy {d.goods}'s goods: {d}")
            for f in bonus.fares:
                if f.origin not in places or f.destination not in places:
                    raise ValueError(f"{ed}: fare refers to unknown place {f}")
        relic_keys = {r.key for r in self.relics}
        for ed, ms in self.markers.items():
            for m in ms.items:
                if m.kind == MarkerKind.RELIC:
                    if m.relic not in relic_keys:
                        raise ValueError(f"{ed}: unknown relic {m.relic}")
                    if ed not in self.relic(m.relic).editions:
                        raise ValueError(f"{ed}: relic {m.relic} is not in this edition")
        for e in self.equipment:
            if e.trade_in * 2 != e.cost:
                raise ValueError(f"{e.key}: trade-in must be half the cost (2.52)")
        for r in self.relics:
            if r.trade_in * 2 != r.price:
                raise ValueError(f"{r.key}: trade-in must be half the price (2.81)")
        eq_keys = {e.key for e in self.equipment}
        for r in self.relics:
            if r.acts_as is not None and r.acts_as not in eq_keys:
                raise ValueError(f"relic {r.key} acts as unknown equipment {r.acts_as}")
        for mer in self.merchants:
            if mer.culture not in keys:
                raise ValueError(f"merchant {mer.key}: unknown culture {mer.culture}")
        orbit_keys = [d.key for d in self.spaceport_deeds.deeds]
        if len(set(orbit_keys)) != len(orbit_keys):
            raise ValueError("duplicate spaceport deed keys")
        for row in self.rastur.mix_chart:
            active, _ = self.rastur.pool(row.game_length)
            if len(active) != row.count:
                raise ValueError(f"Rastur pool for {row.game_length}: {len(active)} != {row.count}")
        return self


def _with_2012_facts(raw: dict[str, Any]) -> dict[str, Any]:
    """Fill in the 2012 culture facts from the shared module ``engine.cluster.cultures`` (one
    data file read by this ruleset and the standard game): each culture's number, IOU value and
    buyers, its goods' 2012 name, count, cost and resale values (classic pays the centre one),
    and the classic-2012 passengers and demand tokens."""
    facts = load_cultures()
    for c in raw["cultures"]:
        shared = facts.culture(c["key"])
        c.update(number_2012=shared.number, iou=shared.iou, buyers_2012=shared.buyers)
        g = shared.goods
        c["goods"].update(
            name_2012=g.name, count_2012=g.count, cost=g.cost, payoff=g.resale.mid,
            prices_2012={**g.resale.model_dump(), "ours": g.resale_ours},
        )
    bonus = raw["bonus"][Edition.CLASSIC_2012.value]
    bonus["demands"] = [d.model_dump(exclude_none=True) for d in facts.demands]
    bonus["fares"] = [
        {"origin": p.start, "destination": p.destination, "fee": p.fare, "title": p.title}
        for p in facts.passengers if p.classic
    ]
    return raw


@cache
def load_components() -> Components:
    """The validated component data (cached; the models are frozen)."""
    text = resources.files("engine.venus").joinpath("data/components.json").read_text("utf-8")
    return Components.model_validate(_with_2012_facts(json.loads(text)))


def rastur_pool(game_length: int) -> tuple[list[int], list[int]]:
    """(active, reserve) Rastur strengths for a game length per the Mix Chart (16.1)."""
    return load_components().rastur.pool(game_length)
