"""Trading with Cultures (9.1-9.43), Fares (10.3, 11.2) and jettisoned cargo (11.3).

Trading happens after movement ends on a City or Spaceport (4.4, 9.1); it ends movement for
the turn (4.4: "He can never move in the same turn after trading"). A Culture sells its own
Goods (and Factory Goods once its Factory stands), the ships and Equipment of its Science
(9.21), the Relics bartered to it (9.322) and its Deeds (12.1); it buys the Goods whose backs
list it (9.31, 2.51). The Galactic Base's Tinkerers sell every ship, no Equipment, and buy or
sell no Goods (Gazetteer). Bartering gives trade-in value to spend here this turn (9.32).

At a City on the turn he moved there, a player may buy one thing and sell or barter one
thing (9.41; an IOU is exempt, Fares too, 10.3); at a Spaceport, or after a whole turn
without moving, there is no limit (9.42, 9.43).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.kernel import Command, RuleError, event

from . import commands as c
from .bank import payable
from .board import Board, load_board
from .cargo import acquired_fit, cargo_items, count_of, holds, room_for
from .commands import made
from .components import Edition, Science, load_components
from .cup import draw
from .deeds import (
    deed_price,
    deeds_for_sale,
    factory_commission,
    factory_sites,
    markers_left,
    spaceport_commission,
)
from .demands import fulfils_demands
from .discovery import BASE, site_kind, trade_culture
from .encounters import offload_acquired, offload_here, offload_pays_fare
from .first_contact import (
    barter_commission_base,
    counts_as_buy,
    iou_credit_of_barter,
    payment,
    purchase_commission_base,
)
from .forts import FORT, fort_price, fort_problem, fort_sites, forts_of
from .look import held
from .pieces import demand_bonus, fare_fee, split
from .rules import Decision, handles
from .state import VenusState

if TYPE_CHECKING:
    from .state import Turn


# --- where and with whom ------------------------------------------------------------------


def trading_turn(state: VenusState, seat: int) -> Turn | None:
    """The turn of ``seat`` if it is at the trading step (4.4) with no offer waiting."""
    turn = state.turn
    if state.stage != "playing" or turn is None or turn.seat != seat:
        return None
    if turn.phase != "trade" or turn.offer is not None:
        return None
    return turn


def _at(d_state: VenusState, board: Board, seat: int, rule: str) -> tuple[str, str]:
    """(dot, culture) where ``seat`` trades now, or a RuleError naming ``rule``."""
    turn = trading_turn(d_state, seat)
    if turn is None:
        phase = d_state.turn.phase if d_state.turn else d_state.stage
        raise RuleError("4.4 taking turns", f"you cannot trade now (the turn is at '{phase}')")
    dot = d_state.players[seat].dot
    culture = trade_culture(d_state, board, dot) if turn.landed else None
    if culture is None:
        raise RuleError(rule, "you can trade with a Culture only at a City or Spaceport")
    return dot, culture


def limited(state: VenusState, board: Board, seat: int) -> bool:
    """9.41: at a City on the turn he moved there (9.42, 9.43: otherwise unlimited)."""
    turn = state.turn
    dot = state.players[seat].dot
    return bool(turn and turn.moves > 0 and site_kind(state, board, dot) == "city")


def science_of(culture: str) -> Science:
    return Science.BASE if culture == BASE else load_components().culture(culture).science


def system_of_culture(state: VenusState, culture: str) -> str:
    if culture == BASE:
        return "galactic-base"
    return next(s for s, c_ in state.discovered.items() if c_ == culture)


def equipment_stock(state: VenusState, key: str) -> int:
    """Equipment markers still in the Bank (4.1: the rest are on ships); the 2012 box has fewer
    (8 shields, 6 drives) and "All other component types ... are strictly limited"."""
    total = load_components().equipment_item(key).stock(Edition(state.edition))
    return total - sum(p.equipment.count(key) for p in state.players)


def prices(state: VenusState, board: Board, seat: int, culture: str) -> dict[str, int]:
    """9.2, 9.21: what the Culture here sells now, with this player's price."""
    comps = load_components()
    edition = Edition(state.edition)
    out: dict[str, int] = {}
    if culture != BASE:
        info = comps.culture(culture)
        for marker in state.market.get(culture, []):
            kind, key = split(marker)
            if key == culture and kind == "goods":
                out[marker] = info.goods.cost
            elif key == culture and kind == "factory_goods":
                site = state.factories.get(culture)
                if site is None or site.dot not in state.rastur:  # 16.4
                    out[marker] = info.factory.cost
        combat = bool(state.options.get("combat", False))
        for e in comps.sells_equipment(info.science, edition):
            if (combat or not e.combat_only) and equipment_stock(state, e.key) > 0:
                out[f"equipment:{e.key}"] = e.cost
        for deed in deeds_for_sale(state, board, culture):
            out[deed] = deed_price(state, seat, deed, culture)
        if combat:
            out["fort"] = fort_price(state, seat, culture)  # 15.1, 15.11
    for ship in comps.sells_ships(science_of(culture)):
        if ship.key != state.players[seat].ship:
            out[f"ship:{ship.key}"] = ship.cost
    for relic in state.suns.get(system_of_culture(state, culture), []):
        out[f"relic:{relic}"] = comps.relic(relic).price
    return out


def trade_in(item: str) -> int:
    """9.32: the barter value of a ship, Equipment (half its cost), Relic or IOU."""
    kind, key = split(item)
    comps = load_components()
    if kind == "equipment":
        return comps.equipment_item(key).trade_in
    if kind == "relic":
        return comps.relic(key).trade_in
    if kind == "iou":
        return comps.culture(key).iou
    if kind == "ship":
        return comps.ship(key).trade_in
    raise KeyError(item)


# --- the checks (shared by decide and legal_actions) --------------------------------------


def buy_problem(
    state: VenusState, board: Board, seat: int, item: str, site: str | None = None,
    rebuilding: str | None = None, offered: dict[str, int] | None = None,
) -> RuleError | None:
    """9.2-9.21, 9.41, 3.43, 3.44, 12.1, 12.3, 12.4.1: why ``item`` cannot be bought here.

    ``offered``: the ``prices`` here, when the caller has them for this very state (the
    legal actions check every item against one price list)."""
    try:
        dot, culture = _at(state, board, seat, "9.1 trading")
    except RuleError as err:
        return err
    turn = state.turn
    assert turn is not None
    if offered is None:
        offered = prices(state, board, seat, culture)
    kind, key = split(item)
    if item not in offered:
        return RuleError(_not_sold_rule(kind), f"{item} is not for sale here")
    player = state.players[seat]
    price = offered[item]
    if limited(state, board, seat) and turn.bought and counts_as_buy(
            state.edition, payment(state.edition, turn, price)):
        return RuleError("9.41 city", "at a City on the turn you moved there you buy one thing")
    funds = player.cash + turn.credit
    if kind == "ship":
        if limited(state, board, seat) and turn.sold:
            return RuleError(
                "9.41 city", "a new ship trades in the old one (3.4), your one barter here"
            )
        if not acquired_fit(state, seat, key):
            return RuleError("3.44 ship exchange",
                             "what you got this turn would not fit in that ship")
        funds += trade_in(f"ship:{player.ship}")
    if funds < price:
        return RuleError("12.4.1 no credit", f"{item} costs {price}; you have {funds}")
    if kind in ("goods", "factory_goods", "equipment") and not room_for(state, seat, [item]):
        return RuleError("3.43 capacity", f"your ship has no room for {item}")
    if kind == "fort":
        return fort_problem(state, board, seat, site or dot, culture, rebuilding)
    if kind == "deed" and not markers_left(state, seat):
        return RuleError("2.2 merchants", "all 12 of your Spaceport/Factory markers are on the "
                         "map: you cannot build another Spaceport or Factory")
    if kind == "deed" and key.startswith("factory:"):
        sites = factory_sites(state, board, system_of_culture(state, culture))
        if (site or dot) not in sites:
            return RuleError("12.3 factories", f"build the Factory on a City or Spaceport of "
                             f"this System: {sites}")
    elif site is not None:
        return RuleError("12.3 factories", "only a Factory is built on a chosen site")
    return None


class Shop:
    """What the Culture at ``seat``'s dot sells him now and for how much (``prices``, 9.2,
    9.21) and why each item cannot be bought (``buy_problem`` with no site), each asked once:
    the legal commands (``trade_actions``) and the server's market panel ask the same."""

    __slots__ = ("culture", "offered", "_board", "_problems", "_seat", "_state")

    def __init__(self, state: VenusState, board: Board, seat: int, culture: str) -> None:
        self._state, self._board, self._seat = state, board, seat
        self.culture = culture
        self.offered = prices(state, board, seat, culture)
        self._problems: dict[str, RuleError | None] = {}

    def problem(self, item: str) -> RuleError | None:
        """``buy_problem(state, board, seat, item, offered=self.offered)``, once per item."""
        try:
            return self._problems[item]
        except KeyError:
            found = self._problems[item] = buy_problem(self._state, self._board, self._seat,
                                                       item, offered=self.offered)
            return found


def shop(state: VenusState, board: Board, seat: int, culture: str) -> Shop:
    """The ``Shop`` of ``seat`` at ``culture`` now: the one of the look held on this state
    (``look.one_look``), if any, else a new one."""
    look = held(state)
    if look is None or look.seat != seat:
        return Shop(state, board, seat, culture)
    made: Shop | None = look.shop
    if made is None or made.culture != culture:
        made = look.shop = Shop(state, board, seat, culture)
    return made


def _not_sold_rule(kind: str) -> str:
    return {
        "goods": "9.2 buying",
        "factory_goods": "12.3.1 factory goods",
        "equipment": "9.21 equipment",
        "ship": "9.21 equipment",
        "relic": "9.322 equipment",
        "deed": "12.1 deed",
        "fort": "15.11 limits (Forts are sold in combat games, never at the Galactic Base)",
    }.get(kind, "9.2 buying")


def sell_problem(state: VenusState, board: Board, seat: int, goods: str) -> RuleError | None:
    """9.3, 9.31, 2.51, 9.41: why these Goods cannot be sold here."""
    try:
        _, culture = _at(state, board, seat, "9.1 trading")
    except RuleError as err:
        return err
    kind, seller = split(goods)
    if kind not in ("goods", "factory_goods"):
        return RuleError("9.3 selling", "only Goods are sold for money (barter the rest)")
    if goods not in state.players[seat].goods:
        return RuleError("9.3 selling", f"you carry no {goods}")
    buyers = load_components().buyers(seller, Edition(state.edition))
    if culture not in buyers:
        return RuleError("9.31 prospective buyers", f"this Culture does not buy {goods}")
    turn = state.turn
    assert turn is not None
    if limited(state, board, seat) and turn.sold:
        return RuleError("9.41 city", "at a City on the turn you moved there you sell one thing")
    return None


def barter_problem(state: VenusState, board: Board, seat: int, item: str) -> RuleError | None:
    """9.32-9.323, 9.41: why ``item`` cannot be bartered here."""
    try:
        _, culture = _at(state, board, seat, "9.1 trading")
    except RuleError as err:
        return err
    kind, key = split(item)
    if kind == "ship":
        return RuleError("9.323 ships", "a ship is bartered only by buying another (3.4)")
    if kind not in ("equipment", "relic", "iou"):
        return RuleError("9.3 selling", f"{item} cannot be bartered (Deeds never, 9.3)")
    if not holds(state.players[seat], item):
        return RuleError("9.32 bartering", f"you have no {item}")
    player = state.players[seat]
    if kind == "equipment" and player.equipment.count(key) <= player.damaged.count(key):
        return RuleError("15.432 repairs", "damaged Equipment cannot be bartered until repaired")
    if kind == "iou" and key != culture:
        return RuleError("9.321 IOU", "an IOU is bartered only to its own Culture")
    turn = state.turn
    assert turn is not None
    if kind != "iou" and limited(state, board, seat) and turn.sold:
        return RuleError("9.41 city", "at a City on the turn you moved there you barter one "
                         "thing (an IOU is exempt)")
    return None


def pickup_problem(state: VenusState, board: Board, seat: int, fare: str) -> RuleError | None:
    """11.2, 10.3: a Fare waiting at this Culture, picked up free if there is room."""
    try:
        _, culture = _at(state, board, seat, "11.2 fare/relic")
    except RuleError as err:
        return err
    if split(fare)[0] != "fare" or fare not in state.market.get(culture, []):
        return RuleError("11.2 fare/relic", f"no Fare {fare} waits here")
    if not room_for(state, seat, [fare]):
        return RuleError("3.43 capacity", "your ship has no room for that Fare")
    return None


def delivery_problem(state: VenusState, board: Board, seat: int, fare: str) -> RuleError | None:
    """10.3: a Fare is dropped off at a City or Spaceport of its destination."""
    try:
        _, culture = _at(state, board, seat, "10.3 fares")
    except RuleError as err:
        return err
    if fare not in state.players[seat].fares:
        return RuleError("10.3 fares", f"you carry no {fare}")
    if fare.split(":")[2] != culture:
        return RuleError("10.3 fares", "deliver a Fare at its destination")
    return None


def jettison_problem(state: VenusState, seat: int, item: str) -> RuleError | None:
    """11.3: Goods, Equipment or Fares, at a Spaceport, City or Asteroid, not the turn they
    were acquired."""
    turn = trading_turn(state, seat)
    if turn is None or not turn.landed:
        return RuleError("11.3 jettisoned cargo",
                         "you jettison only when your turn ends on a Spaceport, City or Asteroid")
    if split(item)[0] not in ("goods", "factory_goods", "fare", "equipment"):
        return RuleError("11.3 jettisoned cargo", "only Goods, Equipment or Fares are jettisoned")
    dot = state.players[seat].dot
    if not offload_here(state, site_kind(state, load_board(state.edition), dot)):
        return RuleError("2012 making room in a ship",
                         "offload only at a surface city or spaceport")
    player = state.players[seat]
    have = count_of(player, item)
    if not have:
        return RuleError("11.3 jettisoned cargo", f"you carry no {item}")
    if have <= turn.acquired.count(item) and not offload_acquired(state):
        return RuleError("11.3 jettisoned cargo", "not in the same turn you acquired it")
    return None


def _raise(err: RuleError | None) -> None:
    if err is not None:
        raise err


# --- the commands -------------------------------------------------------------------------


@handles(c.Buy)
def _buy(d: Decision, actor: int, cmd: c.Buy) -> None:
    """9.2: pay the Bank (trade-in credit first, 9.32); commissions follow (12.2.2, 12.3.2)."""
    s = d.state
    _raise(buy_problem(s, d.board, actor, cmd.item, cmd.site))
    dot, culture = _at(s, d.board, actor, "9.1 trading")
    price = prices(s, d.board, actor, culture)[cmd.item]
    kind, key = split(cmd.item)
    if kind == "ship":  # 3.4: the old ship is traded in (9.323)
        old = f"ship:{s.players[actor].ship}"
        value = trade_in(old)
        d.emit(event("Bartered", seat=actor, item=old, value=value, culture=culture,
                     system=system_of_culture(s, culture), dot=dot))
        spaceport_commission(d, dot, value, old)
    pay = payment(s.edition, d.turn, price)  # 2012: First Contact credit first
    site = (cmd.site or dot) if cmd.item.startswith("deed:factory:") or kind == "fort" else None
    d.emit(event("Bought", seat=actor, item=cmd.item, price=price, cash=pay.cash,
                 credit=pay.credit, iou_credit=pay.iou, counts=counts_as_buy(s.edition, pay),
                 culture=culture, dot=dot, site=site, system=system_of_culture(s, culture)))
    spaceport_commission(d, dot, purchase_commission_base(s.edition, pay), cmd.item)
    if kind == "factory_goods":
        factory_commission(d, key, price)


@handles(c.Sell)
def _sell(d: Decision, actor: int, cmd: c.Sell) -> None:
    """9.31, 10.2, 10.21: the Bank pays the payoff plus every matching Demand bonus; the Goods
    go in the cup (a draw), then one Demand goes back (another draw)."""
    s = d.state
    _raise(sell_problem(s, d.board, actor, cmd.goods))
    dot, culture = _at(s, d.board, actor, "9.1 trading")
    kind, seller = split(cmd.goods)
    info = load_components().culture(seller)
    payoff = info.goods.payoff if kind == "goods" else info.factory.payoff(Edition(s.edition))
    demands: list[str] = []
    if fulfils_demands(s.edition, kind):  # 2012: factory goods fulfil demands too
        demands = [m for m in s.market.get(culture, []) if m == f"demand:{culture}:{seller}"]
    bonus = sum(demand_bonus(s.edition)[m] for m in demands)
    d.emit(event("Sold", seat=actor, goods=cmd.goods, culture=culture, dot=dot, payoff=payoff,
                 bonus=bonus, paid=payable(s, payoff + bonus), demands=len(demands)))
    spaceport_commission(d, dot, payoff + bonus, cmd.goods)
    draw(d)
    if demands:
        d.emit(event("DemandReturned", marker=demands[0], culture=culture))
        draw(d)


@handles(c.Barter)
def _barter(d: Decision, actor: int, cmd: c.Barter) -> None:
    """9.32-9.322: trade-in credit for this turn; a Relic goes on this System's sun, other
    Equipment to the Bank, an IOU out of play."""
    s = d.state
    _raise(barter_problem(s, d.board, actor, cmd.item))
    dot, culture = _at(s, d.board, actor, "9.1 trading")
    value = trade_in(cmd.item)
    d.emit(event("Bartered", seat=actor, item=cmd.item, value=value, culture=culture,
                 system=system_of_culture(s, culture), dot=dot,
                 iou_credit=iou_credit_of_barter(s.edition, cmd.item, value)))
    spaceport_commission(d, dot, barter_commission_base(s.edition, cmd.item, value), cmd.item)


@handles(c.PickUpFare)
def _pick_up_fare(d: Decision, actor: int, cmd: c.PickUpFare) -> None:
    """11.2, 10.3: a Fare is never bought, only picked up (not limited by 9.41)."""
    _raise(pickup_problem(d.state, d.board, actor, cmd.fare))
    _, culture = _at(d.state, d.board, actor, "11.2 fare/relic")
    d.emit(event("FarePickedUp", seat=actor, fare=cmd.fare, culture=culture))


@handles(c.DeliverFare)
def _deliver(d: Decision, actor: int, cmd: c.DeliverFare) -> None:
    """10.3: the Bank pays the fee (no commission, 12.2.2); the Fare goes in the cup."""
    s = d.state
    _raise(delivery_problem(s, d.board, actor, cmd.fare))
    fee = fare_fee(s.edition)[cmd.fare]
    d.emit(event("FareDelivered", seat=actor, fare=cmd.fare, fee=fee, paid=payable(s, fee)))
    draw(d)


@handles(c.Jettison)
def _jettison(d: Decision, actor: int, cmd: c.Jettison) -> None:
    """11.3: Equipment goes to the Bank, Goods and Fares in the cup (a draw); a Fare
    jettisoned at its destination pays its fee."""
    s = d.state
    _raise(jettison_problem(s, actor, cmd.item))
    kind = split(cmd.item)[0]
    fee = 0
    if kind == "fare" and offload_pays_fare(s):
        culture = trade_culture(s, d.board, s.players[actor].dot)
        if culture is not None and cmd.item.split(":")[2] == culture:
            fee = fare_fee(s.edition)[cmd.item]
    d.emit(event("Jettisoned", seat=actor, item=cmd.item, fee=fee, paid=payable(s, fee)))
    if kind != "equipment":
        draw(d)


# --- what may be done (legal_actions) -----------------------------------------------------


def trade_actions(state: VenusState, seat: int) -> Iterator[Command]:
    """Every buy, sale, barter, Fare and jettison ``decide`` accepts now (4.4, 9, 10.3, 11)."""
    turn = trading_turn(state, seat)
    if turn is None or not turn.landed:
        return
    board = load_board(state.edition)
    player = state.players[seat]
    culture = trade_culture(state, board, player.dot)
    if culture is not None:
        system = system_of_culture(state, culture)
        here = shop(state, board, seat, culture)
        offered = here.offered
        for item in offered:
            if item.startswith("deed:factory:"):
                for site in factory_sites(state, board, system):
                    if buy_problem(state, board, seat, item, site, offered=offered) is None:
                        yield made(c.Buy, item=item, site=None if site == player.dot else site)
            elif item == "fort":
                for site in fort_sites(state, board, board.dots[player.dot].system or ""):
                    if buy_problem(state, board, seat, item, site, offered=offered) is None:
                        yield made(c.Buy, item=item, site=site)
                yield from rebuild_actions(state, board, seat, culture)
            elif here.problem(item) is None:
                yield made(c.Buy, item=item)
        for goods in sorted(set(player.goods)):
            if sell_problem(state, board, seat, goods) is None:
                yield made(c.Sell, goods=goods)
        barters = [f"equipment:{e}" for e in player.equipment]
        barters += [f"relic:{r}" for r in player.relics] + [f"iou:{i}" for i in player.ious]
        for item in sorted(set(barters)):
            if barter_problem(state, board, seat, item) is None:
                yield made(c.Barter, item=item)
        for fare in sorted(set(state.market.get(culture, []))):
            if fare.startswith("fare:") and pickup_problem(state, board, seat, fare) is None:
                yield made(c.PickUpFare, fare=fare)
        for fare in sorted(set(player.fares)):
            if delivery_problem(state, board, seat, fare) is None:
                yield made(c.DeliverFare, fare=fare)
    for item in sorted(set(cargo_items(player))):
        if jettison_problem(state, seat, item) is None:
            yield made(c.Jettison, item=item)


def rebuild_actions(state: VenusState, board: Board, seat: int, culture: str) -> Iterator[Command]:
    """15.11: offered when all four Forts are in play (a new one cannot be bought)."""
    mine = forts_of(state, seat)
    if len(mine) < FORT.max_per_player:
        return
    system = board.dots[state.players[seat].dot].system or ""
    for frm in mine:
        for site in fort_sites(state, board, system):
            if buy_problem(state, board, seat, "fort", site, rebuilding=frm) is None:
                yield c.RebuildFort(frm=frm, site=site)
