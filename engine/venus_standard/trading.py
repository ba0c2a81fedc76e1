"""The First Contact and Transaction phases on the game state: commands, rules, the offers
of ``legal_actions``, the market shift. Jettisoning, the First Contact flip, setup steps 4
and 6, the round track's passenger and production icons and the light speed game's starting
goods are ``trade_moments.py``; the Merchant Spaceport phase and drills
``merchant_spaceports.py``, the technologies' abilities ``tech_abilities.py``, the view
``market_view.py``.

Book headings: "First Contact Phase", "Transaction Phase", "Buy Actions", "Sell Actions",
"Market Shift", "Market Production", "Picking Up Passengers", "Dropping Off Passengers",
"Making Room in a Ship", "Merchant Spaceport Phase", "Trading on Merchant Spaceports",
"Drills", "Beginning a New Round". The arithmetic is in ``trade.py``, ``market.py``,
``cargo.py``, ``passengers.py`` and ``spaceports.py``; this module reads the state, checks
and writes events.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from engine.cluster.cultures import BASE, load_cultures
from engine.kernel import Command, RuleError

from . import cargo, market, passengers, places, trade
from .draft import Draft
from .hookpoints import Rule
from .standing import credit_bonuses
from .state import Player, StandardState
from .technology import TechType, has, load_technologies
from .tokens import is_goods, is_passenger, is_tech, origin

FIRST_CONTACT = "First Contact Phase"
TRANSACTION = "Transaction Phase"
SPACEPORT = "Merchant Spaceport Phase"


# ------------------------------------------------------------------ commands


class BuyGoods(Command):
    """"Buying Goods": one goods token of the market (any of them, not only the top)."""

    type: Literal["BuyGoods"] = "BuyGoods"
    token: str


class BuyEquipment(Command):
    """"Buying Equipment": one piece on the top market token (laser, shield, cargo_hold,
    yellow_drive, red_drive, combo_drive)."""

    type: Literal["BuyEquipment"] = "BuyEquipment"
    equipment: str


class BuyTechnology(Command):
    """"Buying Racial Technologies": one racial technology token of the market."""

    type: Literal["BuyTechnology"] = "BuyTechnology"
    token: str


class SellGoods(Command):
    """"Sell Actions": one goods token from the holds; ``black_market`` with an assigned
    Stealth Field ("Appendix B > Stealth Field")."""

    type: Literal["SellGoods"] = "SellGoods"
    token: str
    black_market: bool = False


class PickUpPassenger(Command):
    type: Literal["PickUpPassenger"] = "PickUpPassenger"
    passenger: str


class DropOffPassenger(Command):
    type: Literal["DropOffPassenger"] = "DropOffPassenger"
    passenger: str


class Offload(Command):
    """"Offloading": a goods, technology (not a utility) or passenger token to this market."""

    type: Literal["Offload"] = "Offload"
    token: str


# ------------------------------------------------------------------ where the ship trades


@dataclass(frozen=True)
class Port:
    """Where the current player trades: a culture's market (``culture``) or Galactic Base
    (``BASE``); ``city`` for a surface city; ``owner`` of a merchant spaceport."""

    culture: str
    city: bool
    owner: int | None = None


def port_of(state: StandardState, seat: int) -> Port | None:
    """The market the ship is at: a surface city or spaceport of a discovered system, a
    merchant spaceport, or Galactic Base; None elsewhere (or at a bankrupt spaceport)."""
    space = state.player(seat).space
    if space == places.galactic_base():
        return Port(BASE, city=False)
    owner = state.trade.spaceports.get(space)
    kind = places.landing(space)
    if (owner is None and kind not in ("city", "spaceport")) or space in state.trade.bankrupt:
        return None
    system = places.system_of(space)
    culture = None if system is None else state.discovered.get(system)
    if culture is None:
        return None
    return Port(culture, city=kind == "city" and owner is None, owner=owner)


def _market_port(state: StandardState, seat: int, heading: str) -> Port:
    port = port_of(state, seat)
    if port is None or port.culture == BASE:
        raise RuleError(heading, "the ship is not at a surface city or spaceport of a "
                                 "discovered culture")
    return port


def _phase(state: StandardState) -> str:
    return "" if state.turn is None else state.turn.phase


def _heading(state: StandardState) -> str:
    return FIRST_CONTACT if _phase(state) == "first_contact" else TRANSACTION


def _limit(state: StandardState) -> trade.ActionLimit:
    turn = state.turn
    if turn is not None and turn.phase == "first_contact":
        return trade.first_contact_limit()
    landed = turn is not None and turn.landed_city and not turn.skipped_movement
    return trade.transaction_limit(landed_on_surface_city=landed)


def _done(state: StandardState, kind: str) -> int:
    turn = state.turn
    return 0 if turn is None else turn.trades.get(f"{turn.phase}:{kind}", 0)


def _stealth(state: StandardState, seat: int) -> bool:
    """A die assigned to the Stealth Field this turn ("Appendix B > Stealth Field")."""
    flight = getattr(state.turn, "flight", None)
    boxes = getattr(flight, "boxes", None) or {}
    return has(state.player(seat), "stealth_field") and "upgrade:stealth_field" in boxes


def at_home(state: StandardState, seat: int, culture: str) -> bool:
    """Pilot Home Culture Discounts: the pilot's home culture (Human pilots: the Humans)."""
    home = {"human": "humans", "whynom": "whynoms"}.get(state.player(seat).pilot,
                                                         state.player(seat).pilot)
    return home == culture


def _iou(state: StandardState, seat: int, culture: str) -> int:
    """"Using First Contact Credits": only the discoverer, only with that culture."""
    return state.trade.iou.get(culture, 0) if state.trade.holders.get(culture) == seat else 0


@dataclass(frozen=True)
class Purchase:
    port: Port
    price: int
    payment: trade.Payment
    fee: int


def _purchase(state: StandardState, seat: int, cost: int) -> Purchase:
    """A buy action's checks and price: the phase's allowance, the home discount, IOU
    credits, and the merchant spaceport fee that must be payable after it."""
    heading = _heading(state)
    port = _market_port(state, seat, heading)
    trade.check_action("buy", _done(state, "buy"), _limit(state).buys, heading)
    p = state.player(seat)
    price = trade.buy_price(cost, at_home=at_home(state, seat, port.culture),
                            pilot_level=p.pilot_level)
    fee = trade.spaceport_fee(owner=port.owner, seat=seat, stealth=_stealth(state, seat))
    payment = trade.pay(price, credits=p.credits, iou=_iou(state, seat, port.culture))
    if fee > 0 and p.credits - payment.credits < fee:
        raise RuleError("Trading on Merchant Spaceports",
                        f"the c{fee} fee to the spaceport's owner cannot be paid")
    return Purchase(port, price, payment, fee)


def _pay(draft: Draft, seat: int, buy: Purchase, reason: str) -> None:
    draft.credits(seat, -buy.payment.credits, reason)
    _fee(draft, seat, buy.port, buy.fee)


def _fee(draft: Draft, seat: int, port: Port, fee: int) -> None:
    if fee > 0 and port.owner is not None:
        draft.credits(seat, -fee, "spaceport_fee")
        draft.credits(port.owner, fee, "spaceport_fee")
    elif fee < 0:
        draft.credits(seat, -fee, "own_spaceport")


def has_room(p: Player, extra: list[str]) -> bool:
    load = [*p.cargo, *[t for t in p.techs if is_tech(t) and
                        load_technologies().of_token(t).type is TechType.STRUCTURAL], *extra]
    return cargo.fits(load, cargo.START_HOLDS + p.extra_holds,
                      stasis_tanks=has(p, "stasis_tanks"))


# ------------------------------------------------------------------ buy actions


def check_buy_goods(state: StandardState, seat: int, token: str) -> Purchase:
    port = _market_port(state, seat, _heading(state))
    if token not in state.trade.market(port.culture).goods:
        raise RuleError("Buying Goods", f"{token} is not for sale in this market")
    buy = _purchase(state, seat, load_cultures().culture(origin(token)).goods.cost)
    if not has_room(state.player(seat), [token]):
        raise RuleError("Capacity", "no cargo hold has room for it (make room first)")
    return buy


def buy_goods(draft: Draft, seat: int, cmd: BuyGoods) -> None:
    buy = check_buy_goods(draft.state, seat, cmd.token)
    draft.emit("GoodsBought", seat=seat, token=cmd.token, at=buy.port.culture,
               culture=buy.port.culture, price=buy.price, iou=buy.payment.iou)
    _pay(draft, seat, buy, "goods_bought")


def _offer(state: StandardState, port: Port, kind: str) -> market.EquipmentOffer | None:
    """The piece of equipment of that kind on the market's top token ("Buying Equipment")."""
    top = market.top(state.trade.market(port.culture))
    return next((e for e in top.equipment if e.kind == kind), None)


def check_buy_equipment(state: StandardState, seat: int, kind: str) -> Purchase:
    port = _market_port(state, seat, _heading(state))
    offer = _offer(state, port, kind)
    if offer is None:
        raise RuleError("Buying Equipment",
                        f"the {load_cultures().culture(port.culture).name} market token "
                        f"offers no {kind.replace('_', ' ')}")
    p = state.player(seat)
    trade.check_equipment(kind, laser=p.laser, shield=p.shield,
                          holds=cargo.START_HOLDS + p.extra_holds,
                          stock=state.trade.stock.get(kind) if kind in state.trade.stock
                          else None)
    return _purchase(state, seat, offer.cost)


def buy_equipment(draft: Draft, seat: int, cmd: BuyEquipment) -> None:
    buy = check_buy_equipment(draft.state, seat, cmd.equipment)
    draft.emit("EquipmentBought", seat=seat, kind=cmd.equipment, culture=buy.port.culture,
               price=buy.price, iou=buy.payment.iou)
    _pay(draft, seat, buy, "equipment_bought")


def check_buy_technology(state: StandardState, seat: int, token: str) -> Purchase:
    port = _market_port(state, seat, _heading(state))
    if token not in state.trade.market(port.culture).techs:
        raise RuleError("Buying Racial Technologies", f"{token} is not for sale here")
    p = state.player(seat)
    trade.check_technology(token, p.techs, upgrade_count=len(p.upgrades))
    tech = load_technologies().of_token(token)
    if tech.type is TechType.STRUCTURAL and not has_room(p, [token]):
        raise RuleError("Structural Techs", "no cargo hold has room for it (make room first)")
    return _purchase(state, seat, tech.cost)


def buy_technology(draft: Draft, seat: int, cmd: BuyTechnology) -> None:
    buy = check_buy_technology(draft.state, seat, cmd.token)
    draft.emit("TechnologyBought", seat=seat, token=cmd.token, at=buy.port.culture,
               culture=buy.port.culture, price=buy.price, iou=buy.payment.iou)
    _pay(draft, seat, buy, "technology_bought")


# ------------------------------------------------------------------ sell actions


@dataclass(frozen=True)
class Sale:
    port: Port
    value: int
    black_market: bool
    fee: int
    demand: str | None = None  # the demand token removed (optional rule "Demand")


def demand_bonus(state: StandardState, culture: str, goods: str) -> tuple[int, str | None]:
    """Optional rule "Demand" (and "High Demand"): the bonus of every demand token for these
    goods at this market, and the one token removed by the sale."""
    facts = load_cultures()
    mine = [d for d in state.trade.market(culture).demands if facts.demand(d).goods == goods]
    return sum(facts.demand(d).bonus for d in mine), (mine[0] if mine else None)


def check_sell(state: StandardState, seat: int, token: str, black_market: bool) -> Sale:
    heading = _heading(state)
    port = _market_port(state, seat, heading)
    p = state.player(seat)
    if token not in p.cargo or not is_goods(token):
        raise RuleError("Sell Actions", f"{token} is not a goods token in your holds")
    trade.check_action("sell", _done(state, "sell"), _limit(state).sells, heading)
    black = trade.check_buyer(origin(token), port.culture,
                              black_market=black_market and _stealth(state, seat))
    bonus, demand = demand_bonus(state, port.culture, origin(token))
    value = trade.sale_value(origin(token), market.condition(state.trade.market(port.culture)),
                             bonus)
    fee = trade.spaceport_fee(owner=port.owner, seat=seat, stealth=_stealth(state, seat))
    if fee > 0 and p.credits + value < fee:
        raise RuleError("Trading on Merchant Spaceports", "the c10 fee cannot be paid")
    return Sale(port, value, black, fee, demand)


def sell_goods(draft: Draft, seat: int, cmd: SellGoods) -> None:
    sale = check_sell(draft.state, seat, cmd.token, cmd.black_market)
    draft.emit("GoodsSold", seat=seat, token=cmd.token, at=sale.port.culture,
               value=sale.value, black_market=sale.black_market, demand=sale.demand)
    draft.credits(seat, sale.value, "goods_sold")
    _card_bonuses(draft, seat, "sale_bonus")
    _fee(draft, seat, sale.port, sale.fee)
    if sale.black_market:
        draft.infamy(seat, trade.BLACK_MARKET_INFAMY, "black_market")


def shift_markets(draft: Draft) -> None:
    """"Market Shift": after the player's sell actions (his First Contact and Transaction
    phases: one batch, docs/rulings.md) each market he sold to shifts once; an active market
    revealed produces ("Market Production")."""
    turn = draft.state.turn
    if turn is None:
        return
    for culture in list(turn.sold_at):
        shift(draft, culture)


def shift(draft: Draft, culture: str) -> None:
    """One market shift of ``culture``'s market (also Market Flux's)."""
    m = draft.state.trade.market(culture)
    top = market.load_market_tokens().by_id[market.shifted(m.stack)[0]]
    draft.emit("MarketShifted", culture=culture, top=top.id, condition=top.condition.value)
    if top.produces:
        produce(draft, culture, maximum=draft.state.table.maximum_production)


def produce(draft: Draft, culture: str, *, maximum: bool = False) -> None:
    """"Market Production": goods tokens from the culture's supply area to its market (one;
    all of them with "Maximum Production" or an Encounter card's production icon)."""
    tokens = market.production(draft.state.trade.market(culture), maximum=maximum)
    if tokens:
        draft.emit("GoodsProduced", culture=culture, tokens=tokens)


# ------------------------------------------------------------------ passengers


def waiting_at(state: StandardState, port: Port) -> list[str]:
    if port.culture == BASE:
        return state.trade.base_passengers
    return state.trade.market(port.culture).passengers


def _transaction_port(state: StandardState, seat: int, heading: str) -> Port:
    port = port_of(state, seat)
    if port is None:
        raise RuleError(heading, "the ship is not at a surface city or spaceport")
    return port


def pick_up(draft: Draft, seat: int, cmd: PickUpPassenger) -> None:
    state = draft.state
    port = _transaction_port(state, seat, "Picking Up Passengers")
    passengers.check_pickup(cmd.passenger, waiting_at(state, port))
    if not has_room(state.player(seat), [cmd.passenger]):
        raise RuleError("Capacity", "no cargo hold has room for this passenger")
    draft.emit("PassengerPickedUp", seat=seat, passenger=cmd.passenger, at=port.culture)


def drop_off(draft: Draft, seat: int, cmd: DropOffPassenger) -> None:
    state = draft.state
    port = _transaction_port(state, seat, "Dropping Off Passengers")
    if cmd.passenger not in state.player(seat).cargo:
        raise RuleError("Dropping Off Passengers", f"no {cmd.passenger} aboard")
    passengers.check_drop_off(cmd.passenger, port.culture)
    deliver(draft, seat, cmd.passenger, port.culture)


def _card_bonuses(draft: Draft, seat: int, kind: str) -> None:
    """A kept Reward card's credits for a sale or a fare (ours, ``data/rewards.json``), each
    card's own change so the log names the card."""
    for rid, credits in credit_bonuses(draft.state.player(seat).rewards, kind):
        draft.credits(seat, credits, rid)


def deliver(draft: Draft, seat: int, passenger: str, at: str) -> None:
    """"Dropping Off Passengers": the fare, fame or infamy; a Zen Paint Job's bonus."""
    zen = tuple(draft.dice(2)) if has(draft.state.player(seat), "zen_paint_job") else None
    d = passengers.delivery(passenger, zen if zen is None else (zen[0], zen[1]))
    draft.emit("PassengerDroppedOff", seat=seat, passenger=passenger, at=at,
               fare=d.fare, bonus=d.bonus, zen_dice=list(zen) if zen else None)
    draft.credits(seat, d.fare + d.bonus, "fare")
    _card_bonuses(draft, seat, "fare_bonus")
    if d.fame > 0:
        draft.fame(seat, d.fame, "passenger")
    elif d.fame < 0:
        draft.infamy(seat, -d.fame, "passenger")


def check_offload(state: StandardState, seat: int, token: str) -> Port:
    """"Offloading": any goods, racial technology (utility techs excepted: "Utility Techs")
    or passenger token to this market; at Galactic Base only passengers."""
    port = _transaction_port(state, seat, "Offloading")
    p = state.player(seat)
    if token not in p.cargo and token not in p.techs:
        raise RuleError("Offloading", f"{token} is not aboard")
    if is_tech(token) and load_technologies().of_token(token).type is not TechType.STRUCTURAL \
            and load_technologies().of_token(token).type is not TechType.SHIP_UPGRADE:
        raise RuleError("Utility Techs", "utility and special techs stay on the dashboard")
    if port.culture == BASE and not is_passenger(token):
        raise RuleError("Offloading at Galactic Base", "only passengers can be offloaded here")
    return port


def offload(draft: Draft, seat: int, cmd: Offload) -> None:
    """"Offloading": no action, no credits; the token is for sale or pickup here at once."""
    port = check_offload(draft.state, seat, cmd.token)
    draft.emit("CargoOffloaded", seat=seat, token=cmd.token, at=port.culture)


# ------------------------------------------------------------------ offers (legal_actions)


def allowed(fn: Any, *args: Any) -> bool:
    """Whether a check passes (the offers list only what ``decide`` accepts)."""
    try:
        fn(*args)
    except RuleError:
        return False
    return True


def _buys_and_sells(state: StandardState, seat: int) -> Iterator[Command]:
    port = port_of(state, seat)
    if port is None or port.culture == BASE:
        return
    m = state.trade.market(port.culture)
    seen: set[str] = set()
    for token in m.goods:
        kind = origin(token)
        if kind not in seen and allowed(check_buy_goods, state, seat, token):
            seen.add(kind)
            yield BuyGoods(token=token)
    for offer in market.top(m).equipment:
        if allowed(check_buy_equipment, state, seat, offer.kind):
            yield BuyEquipment(equipment=offer.kind)
    techs = load_technologies()
    for token in m.techs:
        key = techs.of_token(token).key
        if key not in seen and allowed(check_buy_technology, state, seat, token):
            seen.add(key)
            yield BuyTechnology(token=token)
    for token in state.player(seat).cargo:
        if is_goods(token) and allowed(check_sell, state, seat, token, False):
            yield SellGoods(token=token)
        elif is_goods(token) and _stealth(state, seat) and \
                allowed(check_sell, state, seat, token, True):
            yield SellGoods(token=token, black_market=True)


def first_contact_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield from _buys_and_sells(state, seat)


def transaction_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield from _buys_and_sells(state, seat)
    port = port_of(state, seat)
    if port is None:
        return
    p = state.player(seat)
    for token in waiting_at(state, port):
        if has_room(p, [token]):
            yield PickUpPassenger(passenger=token)
    for token in p.cargo:
        if is_passenger(token) and load_cultures().passenger(token).destination == port.culture:
            yield DropOffPassenger(passenger=token)
    for token in [*p.cargo, *p.techs]:
        if allowed(check_offload, state, seat, token):
            yield Offload(token=token)


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    BuyGoods: buy_goods,
    BuyEquipment: buy_equipment,
    BuyTechnology: buy_technology,
    SellGoods: sell_goods,
    PickUpPassenger: pick_up,
    DropOffPassenger: drop_off,
    Offload: offload,
}
