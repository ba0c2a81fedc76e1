"""The component facts the movement and setup rules need, read from ``components.json``."""

from __future__ import annotations

from functools import cache

from .components import Edition, MarkerKind, load_components

RELIC_KEYS = frozenset(r.key for r in load_components().relics)

_MARKER_KIND = {
    MarkerKind.TELE_GATE: "telegate",
    MarkerKind.OPEN_SPACEPORT: "open_port",
    MarkerKind.PENALTY: "penalty",
    MarkerKind.RELIC: "relic",
}


def ship_dice(ship: str) -> int:
    """5.2: the number of dice a ship rolls."""
    return load_components().ship(ship).dice


@cache
def marker_mix(edition: str) -> tuple[dict[str, object], ...]:
    """Every "?" marker of the edition, one entry per physical marker (4.11)."""
    out: list[dict[str, object]] = []
    for m in load_components().markers[Edition(edition)].expanded():
        entry: dict[str, object] = {"kind": _MARKER_KIND[m.kind]}
        for name in ("number", "amount", "relic"):
            value = getattr(m, name)
            if value is not None:
                entry[name] = value
        if m.color is not None:
            entry["color"] = m.color.value
        out.append(entry)
    return tuple(out)


def culture_keys() -> list[str]:
    return [c.key for c in load_components().cultures]


def merchant_keys(edition: str) -> list[str]:
    return [m.key for m in load_components().merchants_in(Edition(edition))]


def starting_cash(players: int) -> int:
    """4.3: $20 for every player in the game."""
    return load_components().rules.starting_cash_per_player * players


def max_players(edition: str) -> int:
    return load_components().rules.max_players[Edition(edition)]


# --- marker and item ids (trading, the bonus cup, cargo) ---------------------------------
#
# Markers that move between cultures, ships and the cup are plain strings, so a state stays
# cheap to copy and "every marker is in exactly one place" is a multiset check:
#   goods:<culture>            a regular Goods marker of that culture (2.51)
#   factory_goods:<culture>    its Factory Goods marker (2.542, 12.31)
#   demand:<at>:<goods>        a Demand marker placed at <at> for <goods>' Goods (2.62, 10.2)
#   fare:<origin>:<dest>       a Fare (2.61, 10.3); "base" is the Galactic Base
# Items named in commands add: equipment:<key>, relic:<key>, iou:<culture>, ship:<key>,
# deed:factory:<culture>, deed:spaceport:<orbit key>.


def goods_id(culture: str, factory: bool = False) -> str:
    return f"{'factory_goods' if factory else 'goods'}:{culture}"


def split(item: str) -> tuple[str, str]:
    """("goods", "graw") for "goods:graw"; ("deed", "factory:graw") for a deed."""
    kind, _, rest = item.partition(":")
    return kind, rest


def marker_home(marker: str) -> str:
    """10.11, 10.12, 2.61: the culture a marker drawn from the cup is placed with."""
    kind, rest = split(marker)
    if kind in ("goods", "factory_goods"):
        return rest
    return rest.split(":")[0]  # demand: its <at>; fare: its origin


@cache
def bonus_markers(edition: str) -> tuple[str, ...]:
    """2.6, 10.1: every Demand and Fare marker of the edition (48 in 1988)."""
    bonus = load_components().bonus[Edition(edition)]
    out = [f"demand:{d.at}:{d.goods}" for d in bonus.demands for _ in range(d.count)]
    out += [f"fare:{f.origin}:{f.destination}" for f in bonus.fares]
    return tuple(out)


@cache
def demand_bonus(edition: str) -> dict[str, int]:
    """Demand marker id -> its bonus (2.62)."""
    bonus = load_components().bonus[Edition(edition)]
    return {f"demand:{d.at}:{d.goods}": d.bonus for d in bonus.demands}


@cache
def fare_fee(edition: str) -> dict[str, int]:
    """Fare marker id -> the fee it pays on delivery (10.3)."""
    bonus = load_components().bonus[Edition(edition)]
    return {f"fare:{f.origin}:{f.destination}": f.fee for f in bonus.fares}


@cache
def goods_markers(edition: str) -> dict[str, list[str]]:
    """4.13: each culture's regular Goods markers, which start with it."""
    ed = Edition(edition)
    return {c.key: [goods_id(c.key)] * c.goods.count(ed) for c in load_components().cultures}


@cache
def factory_goods_markers() -> tuple[str, ...]:
    """4.13: Factory Goods are set aside until their Factory is built (12.31)."""
    return tuple(goods_id(c.key, factory=True) for c in load_components().cultures)


@cache
def deed_values() -> dict[str, int]:
    """13.1: deed key ("deed:factory:graw") -> printed value (orange 100, purple 200)."""
    return {f"deed:{d.key}": d.value for d in load_components().deeds()}


def ship_holds(ship: str) -> int:
    """3.431: the Hold boxes of a ship."""
    return load_components().ship(ship).holds
