"""How trade events change the state (``state.trade``, and the seats' credits, fame and
infamy). Each handler reads only its event's JSON data; ``HANDLERS`` maps event types to
them and ``evolve.py`` registers them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .market import Market, shifted
from .tokens import is_goods, is_passenger, origin
from .trade_state import ContactCard, TradeState


class HasTrade(Protocol):
    trade: TradeState


Handler = Callable[[Any, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}

# credits, fame and infamy live in other parts of the state: the ruleset wires these in
# (``bind``) so this module needs no import of the state module.
_money: list[Callable[[Any, int, int], None]] = []
_fame: list[Callable[[Any, int, int, int], None]] = []


def bind(money: Callable[[Any, int, int], None],
         fame: Callable[[Any, int, int, int], None]) -> None:
    """``money(state, seat, delta)`` and ``fame(state, seat, fame, infamy)``."""
    _money[:] = [money]
    _fame[:] = [fame]


def _credits(state: Any, seat: int, delta: int) -> None:
    if delta:
        _money[0](state, seat, delta)


def _renown(state: Any, seat: int, fame: int, infamy: int) -> None:
    if fame or infamy:
        _fame[0](state, seat, fame, infamy)


def on(type_: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[type_] = fn
        return fn
    return deco


def _market(state: HasTrade, culture: str) -> Market:
    markets = state.trade.markets
    if culture not in markets:
        markets[culture] = Market(culture=culture)
    return markets[culture]


def _pay(state: HasTrade, d: dict[str, Any]) -> None:
    """A buy: credits and IOU credits to the bank; the merchant spaceport fee."""
    seat = int(d["seat"])
    _credits(state, seat, -int(d.get("credits", 0)))
    iou = int(d.get("iou", 0))
    if iou:
        state.trade.contacts[d["culture"]].iou -= iou
    _fee(state, d)


def _fee(state: HasTrade, d: dict[str, Any]) -> None:
    fee, to = int(d.get("fee", 0)), d.get("fee_to")
    seat = int(d["seat"])
    if fee > 0 and to is not None:
        _credits(state, seat, -fee)
        _credits(state, int(to), fee)
    elif fee < 0:
        _credits(state, seat, -fee)  # c10 from the bank at one's own spaceport


def _bought(state: HasTrade, d: dict[str, Any]) -> None:
    state.trade.turn.buys += 1
    state.trade.turn.bought = True


# ------------------------------------------------------------------ setup


@on("TradeSetUp")
def _set_up(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    t.markets = {k: Market.model_validate(v) for k, v in d["markets"].items()}
    t.stock = dict(d["stock"])


@on("FirstContactCardsDealt")
def _dealt(state: HasTrade, d: dict[str, Any]) -> None:
    state.trade.face_down = dict(d["systems"])


@on("FirstContactCardsSwapped")
def _swapped(state: HasTrade, d: dict[str, Any]) -> None:
    fd = state.trade.face_down
    a, b = d["systems"]
    fd[a], fd[b] = fd[b], fd[a]


@on("PassengersShuffled")
def _shuffled(state: HasTrade, d: dict[str, Any]) -> None:
    state.trade.passenger_stock = list(d["stock"])


@on("PassengerDrawn")
def _drawn(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    p = d["passenger"]
    if p in t.passenger_stock:
        t.passenger_stock.remove(p)
    if d["at"] == "base":
        t.base_passengers.append(p)
    else:
        _market(state, d["at"]).passengers.append(p)


# ------------------------------------------------------------------ First Contact


@on("MarketStacked")
def _stacked(state: HasTrade, d: dict[str, Any]) -> None:
    _market(state, d["culture"]).stack = list(d["stack"])


@on("FirstContactMade")
def _contact(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    culture = d["culture"]
    t.face_down.pop(d["system"], None)
    m = _market(state, culture)
    m.goods += m.supply_goods
    m.techs += m.supply_techs
    m.supply_goods, m.supply_techs = [], []
    t.contacts[culture] = ContactCard(culture=culture, system=d["system"], holder=int(d["seat"]),
                                      iou=int(d["iou"]))
    t.turn.discovered = culture


# ------------------------------------------------------------------ transactions


@on("GoodsBought")
def _goods_bought(state: HasTrade, d: dict[str, Any]) -> None:
    _pay(state, d)
    _bought(state, d)
    _market(state, d["culture"]).goods.remove(d["token"])
    state.trade.seat(int(d["seat"])).cargo.append(d["token"])


@on("TechnologyBought")
def _tech_bought(state: HasTrade, d: dict[str, Any]) -> None:
    _pay(state, d)
    _bought(state, d)
    _market(state, d["culture"]).techs.remove(d["token"])
    state.trade.seat(int(d["seat"])).techs.append(d["token"])


@on("EquipmentBought")
def _equipment_bought(state: HasTrade, d: dict[str, Any]) -> None:
    """Laser/shield dial points are the dashboard's (``dial`` handler of the ruleset)."""
    _pay(state, d)
    _bought(state, d)
    t = state.trade
    seat = t.seat(int(d["seat"]))
    kind = d["kind"]
    if kind == "cargo_hold":
        seat.holds += 1
        t.stock["cargo_hold"] = t.stock.get("cargo_hold", 0) - 1
    elif kind.endswith("_drive"):
        if seat.drive is not None:
            old = f"{seat.drive}_drive"
            t.stock[old] = t.stock.get(old, 0) + 1  # the previous drive is discarded
        seat.drive = kind.removesuffix("_drive")
        t.stock[kind] = t.stock.get(kind, 0) - 1


@on("GoodsSold")
def _goods_sold(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    seat = int(d["seat"])
    t.seat(seat).cargo.remove(d["token"])
    _market(state, origin(d["token"])).supply_goods.append(d["token"])
    _credits(state, seat, int(d["value"]))
    _renown(state, seat, 0, int(d.get("infamy", 0)))
    _fee(state, d)
    t.turn.sells += 1
    if d["culture"] not in t.turn.sold_at:
        t.turn.sold_at.append(d["culture"])


@on("MarketShifted")
def _shifted(state: HasTrade, d: dict[str, Any]) -> None:
    m = _market(state, d["culture"])
    m.stack = shifted(m.stack)


@on("GoodsProduced")
def _produced(state: HasTrade, d: dict[str, Any]) -> None:
    m = _market(state, d["culture"])
    for token in d["tokens"]:
        m.supply_goods.remove(token)
        m.goods.append(token)


@on("PassengerPickedUp")
def _picked_up(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    where = d["at"]
    waiting = t.base_passengers if where == "base" else _market(state, where).passengers
    waiting.remove(d["passenger"])
    t.seat(int(d["seat"])).cargo.append(d["passenger"])


@on("PassengerDroppedOff")
def _dropped_off(state: HasTrade, d: dict[str, Any]) -> None:
    seat = int(d["seat"])
    state.trade.seat(seat).cargo.remove(d["passenger"])
    _credits(state, seat, int(d["fare"]) + int(d.get("bonus", 0)))
    fame = int(d.get("fame", 0))
    _renown(state, seat, max(fame, 0), max(-fame, 0))


@on("CargoOffloaded")
def _offloaded(state: HasTrade, d: dict[str, Any]) -> None:
    """"Offloading": the token goes to the market of the current system (passengers at
    Galactic Base wait there)."""
    t = state.trade
    seat = t.seat(int(d["seat"]))
    token, at = d["token"], d["at"]
    if token in seat.techs:
        seat.techs.remove(token)
    else:
        seat.cargo.remove(token)
    if at == "base":
        t.base_passengers.append(token)
        return
    m = _market(state, at)
    if is_passenger(token):
        m.passengers.append(token)
    elif is_goods(token):
        m.goods.append(token)
    else:
        m.techs.append(token)


@on("CargoJettisoned")
def _jettisoned(state: HasTrade, d: dict[str, Any]) -> None:
    """"Jettisoning": goods and techs to their culture's supply area, passengers out of the
    game (with infamy)."""
    t = state.trade
    seat_no = int(d["seat"])
    seat = t.seat(seat_no)
    token = d["token"]
    if token in seat.techs:
        seat.techs.remove(token)
    else:
        seat.cargo.remove(token)
    if is_goods(token):
        _market(state, origin(token)).supply_goods.append(token)
    elif not is_passenger(token):
        _market(state, origin(token)).supply_techs.append(token)
    _renown(state, seat_no, 0, int(d.get("infamy", 0)))


@on("TechnologyReturned")
def _tech_returned(state: HasTrade, d: dict[str, Any]) -> None:
    """Hard Burn and Data Probe go back to their originating culture after use (Appendix B):
    to its market once discovered, else its supply area."""
    t = state.trade
    token = d["token"]
    t.seat(int(d["seat"])).techs.remove(token)
    m = _market(state, origin(token))
    (m.techs if m.stack else m.supply_techs).append(token)


# ------------------------------------------------------------------ spaceports and drills


@on("SpaceportBuilt")
def _built(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    seat = int(d["seat"])
    _credits(state, seat, -int(d["price"]))
    t.spaceports[d["space"]] = seat
    t.seat(seat).spaceports.append(d["space"])
    if d.get("bankrupt"):
        t.bankrupt.append(d["bankrupt"])
    t.turn.built = True


@on("DrillPlaced")
def _drill(state: HasTrade, d: dict[str, Any]) -> None:
    seat = int(d["seat"])
    state.trade.drills[d["space"]] = seat
    state.trade.seat(seat).drills.append(d["space"])


@on("DrillsRedeemed")
def _redeemed(state: HasTrade, d: dict[str, Any]) -> None:
    t = state.trade
    for seat_key, credits in d["credits"].items():
        seat = int(seat_key)
        _credits(state, seat, int(credits))
        t.seat(seat).drills = []
    t.drills = {}


@on("TradeTurnBegan")
def _turn(state: HasTrade, d: dict[str, Any]) -> None:
    from .trade_state import TurnTrade

    state.trade.turn = TurnTrade(landed_city=False)


@on("TradePhaseBegan")
def _phase(state: HasTrade, d: dict[str, Any]) -> None:
    state.trade.turn.buys = 0
    state.trade.turn.sells = 0
    if "landed_city" in d:
        state.trade.turn.landed_city = bool(d["landed_city"])
