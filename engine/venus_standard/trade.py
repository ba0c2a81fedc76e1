"""The Transaction phase's arithmetic and limits (standard book, "Transaction Phase", "Buy
Actions", "Buying Goods", "Buying Equipment", "Buying Racial Technologies", "Using First
Contact Credits", "Sell Actions", "Trading on Merchant Spaceports", "Pilot Home Culture
Discounts").

Pure functions: each answers one question of the book or raises ``RuleError`` naming the
heading. The rules module applies them to the state with events.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cluster.cultures import MarketCondition, load_cultures
from engine.kernel import RuleError

from .technology import SHIP_UPGRADE_SLOTS, TechType, load_technologies

SPACEPORT_FEE = 10  # "Trading on Merchant Spaceports": c10 per buy or sell action
FIRST_CONTACT_ACTIONS = 3  # "First Contact Phase" step 5: up to three buys and three sells
BLACK_MARKET_INFAMY = 2  # "Appendix B > Stealth Field": two infamy per token sold
DIAL_MAX = 6  # ours: the laser and shield dials' highest value (the dashboard is a picture)


def home_discount(pilot_level: int) -> int:
    """"Pilot Home Culture Discounts": c10 at level 1, c20 at level 2, c30 at level 3."""
    if not 1 <= pilot_level <= 3:
        raise ValueError(f"pilot level {pilot_level} is not 1-3")
    return 10 * pilot_level


def buy_price(cost: int, *, at_home: bool, pilot_level: int) -> int:
    """A buy action's price: the cost, less the home culture discount at the pilot's home
    culture; never below zero ("Pilot Home Culture Discounts")."""
    return max(0, cost - home_discount(pilot_level)) if at_home else cost


@dataclass(frozen=True)
class Payment:
    """How a price is paid: IOU credits from the First Contact card first, then credits."""

    iou: int
    credits: int


def pay(price: int, *, credits: int, iou: int) -> Payment:
    """"Using First Contact Credits": the discoverer may spend the IOU credits on the card,
    only with that culture (``iou`` is 0 for anyone else). We spend them first: they are
    worth nothing at the end of the game."""
    from_iou = min(price, iou)
    rest = price - from_iou
    if rest > credits:
        raise RuleError("Buy Actions", f"c{price} needed, c{credits + iou} available")
    return Payment(iou=from_iou, credits=rest)


@dataclass(frozen=True)
class ActionLimit:
    """How many buy and sell actions a phase allows (None: no limit)."""

    buys: int | None
    sells: int | None


def transaction_limit(*, landed_on_surface_city: bool) -> ActionLimit:
    """"Transaction Phase > Important Exception": after landing on a surface city in this
    turn's Movement phase, one buy action and one sell action; otherwise (spaceports, or a
    player who stayed) no limit."""
    return ActionLimit(1, 1) if landed_on_surface_city else ActionLimit(None, None)


def first_contact_limit() -> ActionLimit:
    """"First Contact Phase" step 5: up to three buy actions and three sell actions."""
    return ActionLimit(FIRST_CONTACT_ACTIONS, FIRST_CONTACT_ACTIONS)


def check_action(kind: str, done: int, limit: int | None, heading: str) -> None:
    if limit is not None and done >= limit:
        raise RuleError(heading, f"only {limit} {kind} action(s) here this phase")


def check_buyer(goods_culture: str, market_culture: str, *, black_market: bool) -> bool:
    """"Sell Actions": a good sells only to the cultures listed on it; with an assigned
    Stealth Field's black market, also to the next culture of the list ("Appendix B >
    Stealth Field"). Returns whether the sale is a black-market one."""
    facts = load_cultures()
    if market_culture in facts.buyers(goods_culture):
        return False
    if black_market and market_culture == facts.next_buyer(goods_culture):
        return True
    names = ", ".join(facts.culture(k).name for k in facts.buyers(goods_culture))
    raise RuleError(
        "Sell Actions",
        f"the {facts.culture(market_culture).name} do not buy "
        f"{facts.culture(goods_culture).goods.name} (its buyers: {names})",
    )


def sale_value(goods_culture: str, cond: MarketCondition, demand_bonus: int = 0) -> int:
    """"Sell Actions" resale value at the market's condition, plus the optional rule
    "Demand"'s bonus."""
    return load_cultures().culture(goods_culture).goods.resale.at(cond) + demand_bonus


def spaceport_fee(*, owner: int | None, seat: int, stealth: bool) -> int:
    """What one buy or sell action at a merchant spaceport costs the current player: c10 to
    the owner; c10 *from the bank* at his own (returned negative); nothing with an assigned
    Stealth Field's stealth, nothing at a neutral spaceport or a surface city (``owner`` None).
    "Trading on Merchant Spaceports", "Appendix B > Stealth Field"."""
    if owner is None:
        return 0
    if owner == seat:
        return -SPACEPORT_FEE
    return 0 if stealth else SPACEPORT_FEE


# ------------------------------------------------------------------ equipment and techs


def check_equipment(kind: str, *, laser: int, shield: int, holds: int, stock: int | None) -> None:
    """"Buying Equipment": a laser or shield adds a dial point (up to the dial's end), a
    cargo hold opens one of the two extra holds ("Cargo Holds"), a drive needs a token left
    ("Component Limitations")."""
    if kind == "laser" and laser >= DIAL_MAX or kind == "shield" and shield >= DIAL_MAX:
        raise RuleError("Lasers and Shields", f"the {kind} dial is at its highest ({DIAL_MAX})")
    if kind == "cargo_hold" and holds >= 4:
        raise RuleError("Cargo Holds", "a ship has at most two additional cargo holds")
    if stock is not None and stock <= 0:
        raise RuleError("Component Limitations", f"no {kind.replace('_', ' ')} token is left")


def check_technology(token: str, owned: list[str], *, upgrade_count: int) -> None:
    """"Buying Racial Technologies": no two of the same technology (spoilers are one; Data
    Probes excepted); a ship upgrade needs a free ship upgrade slot ("Ship Upgrades").
    Room for structural techs is the caller's capacity check."""
    techs = load_technologies()
    tech = techs.of_token(token)
    if not tech.many and any(techs.of_token(t).family == tech.family for t in owned):
        raise RuleError(
            "Buying Racial Technologies", f"you already have a {tech.name.lower()} technology"
        )
    if tech.type is TechType.SHIP_UPGRADE and upgrade_count >= SHIP_UPGRADE_SLOTS:
        raise RuleError("Ship Upgrades", "no ship upgrade slot is free")
