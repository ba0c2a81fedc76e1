"""The First Contact, Transaction and Merchant Spaceport phases on the game state: commands,
rules, the offers of ``legal_actions``, setup step 4, the round track's passenger and drill
icons, and the markets' part of the view.

Book headings: "First Contact Phase", "Transaction Phase", "Buy Actions", "Sell Actions",
"Market Shift", "Market Production", "Picking Up Passengers", "Dropping Off Passengers",
"Making Room in a Ship", "Merchant Spaceport Phase", "Trading on Merchant Spaceports",
"Drills", "Beginning a New Round". The arithmetic is in ``trade.py``, ``market.py``,
``cargo.py``, ``passengers.py`` and ``spaceports.py``; this module reads the state, checks
and writes events.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from engine.cluster.cultures import BASE, load_cultures
from engine.kernel import NOBODY, Command, RuleError, only

from . import cargo, decks, market, passengers, places, rounds, spaceports, trade
from .commands import command
from .discovery import REVEALED, reveal
from .draft import Draft
from .first_contact import market_token_ids, supply_area
from .legal import offers
from .market import load_market_tokens
from .rules import rule
from .scoring import BEFORE_SCORING, fame_source
from .setup import step
from .state import Player, StandardState
from .takeback import barriers
from .technology import TechType, has, load_technologies, owned_token
from .tokens import is_goods, is_passenger, is_tech, origin
from .view import part

FIRST_CONTACT = "First Contact Phase"
TRANSACTION = "Transaction Phase"
SPACEPORT = "Merchant Spaceport Phase"


# ------------------------------------------------------------------ commands


@command
class BuyGoods(Command):
    """"Buying Goods": one goods token of the market (any of them, not only the top)."""

    type: Literal["BuyGoods"] = "BuyGoods"
    token: str


@command
class BuyEquipment(Command):
    """"Buying Equipment": one piece on the top market token (laser, shield, cargo_hold,
    yellow_drive, red_drive, combo_drive)."""

    type: Literal["BuyEquipment"] = "BuyEquipment"
    equipment: str


@command
class BuyTechnology(Command):
    """"Buying Racial Technologies": one racial technology token of the market."""

    type: Literal["BuyTechnology"] = "BuyTechnology"
    token: str


@command
class SellGoods(Command):
    """"Sell Actions": one goods token from the holds; ``black_market`` with an assigned
    Stealth Field ("Appendix B > Stealth Field")."""

    type: Literal["SellGoods"] = "SellGoods"
    token: str
    black_market: bool = False


@command
class PickUpPassenger(Command):
    type: Literal["PickUpPassenger"] = "PickUpPassenger"
    passenger: str


@command
class DropOffPassenger(Command):
    type: Literal["DropOffPassenger"] = "DropOffPassenger"
    passenger: str


@command
class Offload(Command):
    """"Offloading": a goods, technology (not a utility) or passenger token to this market."""

    type: Literal["Offload"] = "Offload"
    token: str


@command
class BuildSpaceport(Command):
    """"Merchant Spaceport Phase": c200 and a merchant spaceport on ``space`` (an empty orbit
    space joined to the surface city by one green line)."""

    type: Literal["BuildSpaceport"] = "BuildSpaceport"
    space: str


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


def _at_home(state: StandardState, seat: int, culture: str) -> bool:
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
    price = trade.buy_price(cost, at_home=_at_home(state, seat, port.culture),
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


def _room(p: Player, extra: list[str]) -> bool:
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
    if not _room(state.player(seat), [token]):
        raise RuleError("Capacity", "no cargo hold has room for it (make room first)")
    return buy


@rule(BuyGoods)
def buy_goods(draft: Draft, seat: int, cmd: BuyGoods) -> None:
    buy = check_buy_goods(draft.state, seat, cmd.token)
    draft.emit("GoodsBought", seat=seat, token=cmd.token, at=buy.port.culture,
               culture=buy.port.culture, price=buy.price, iou=buy.payment.iou)
    _pay(draft, seat, buy, "goods_bought")


def _offer(state: StandardState, kind: str) -> market.EquipmentOffer | None:
    port = port_of(state, state.turn.seat) if state.turn else None
    if port is None or port.culture == BASE:
        return None
    top = market.top(state.trade.market(port.culture))
    return next((e for e in top.equipment if e.kind == kind), None)


def check_buy_equipment(state: StandardState, seat: int, kind: str) -> Purchase:
    port = _market_port(state, seat, _heading(state))
    offer = _offer(state, kind)
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


@rule(BuyEquipment)
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
    if tech.type is TechType.STRUCTURAL and not _room(p, [token]):
        raise RuleError("Structural Techs", "no cargo hold has room for it (make room first)")
    return _purchase(state, seat, tech.cost)


@rule(BuyTechnology)
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


@rule(SellGoods)
def sell_goods(draft: Draft, seat: int, cmd: SellGoods) -> None:
    sale = check_sell(draft.state, seat, cmd.token, cmd.black_market)
    draft.emit("GoodsSold", seat=seat, token=cmd.token, at=sale.port.culture,
               value=sale.value, black_market=sale.black_market, demand=sale.demand)
    draft.credits(seat, sale.value, "goods_sold")
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


def _waiting(state: StandardState, port: Port) -> list[str]:
    if port.culture == BASE:
        return state.trade.base_passengers
    return state.trade.market(port.culture).passengers


def _transaction_port(state: StandardState, seat: int, heading: str) -> Port:
    port = port_of(state, seat)
    if port is None:
        raise RuleError(heading, "the ship is not at a surface city or spaceport")
    return port


@rule(PickUpPassenger)
def pick_up(draft: Draft, seat: int, cmd: PickUpPassenger) -> None:
    state = draft.state
    port = _transaction_port(state, seat, "Picking Up Passengers")
    passengers.check_pickup(cmd.passenger, _waiting(state, port))
    if not _room(state.player(seat), [cmd.passenger]):
        raise RuleError("Capacity", "no cargo hold has room for this passenger")
    draft.emit("PassengerPickedUp", seat=seat, passenger=cmd.passenger, at=port.culture)


@rule(DropOffPassenger)
def drop_off(draft: Draft, seat: int, cmd: DropOffPassenger) -> None:
    state = draft.state
    port = _transaction_port(state, seat, "Dropping Off Passengers")
    if cmd.passenger not in state.player(seat).cargo:
        raise RuleError("Dropping Off Passengers", f"no {cmd.passenger} aboard")
    passengers.check_drop_off(cmd.passenger, port.culture)
    _deliver(draft, seat, cmd.passenger, port.culture)


def _deliver(draft: Draft, seat: int, passenger: str, at: str) -> None:
    """"Dropping Off Passengers": the fare, fame or infamy; a Zen Paint Job's bonus."""
    zen = tuple(draft.dice(2)) if has(draft.state.player(seat), "zen_paint_job") else None
    d = passengers.delivery(passenger, zen if zen is None else (zen[0], zen[1]))
    draft.emit("PassengerDroppedOff", seat=seat, passenger=passenger, at=at,
               fare=d.fare, bonus=d.bonus, zen_dice=list(zen) if zen else None)
    draft.credits(seat, d.fare + d.bonus, "fare")
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


@rule(Offload)
def offload(draft: Draft, seat: int, cmd: Offload) -> None:
    """"Offloading": no action, no credits; the token is for sale or pickup here at once."""
    port = check_offload(draft.state, seat, cmd.token)
    draft.emit("CargoOffloaded", seat=seat, token=cmd.token, at=port.culture)


@command
class Jettison(Command):
    """"Jettisoning": a goods, technology (not a utility) or passenger token thrown out
    after the Move step ended away from a surface city or spaceport."""

    type: Literal["Jettison"] = "Jettison"
    token: str


@command
class DoneJettisoning(Command):
    type: Literal["DoneJettisoning"] = "DoneJettisoning"


def _jettisonable(p: Player) -> list[str]:
    techs = load_technologies()
    return [*p.cargo, *[t for t in p.techs if techs.of_token(t).type in
                        (TechType.STRUCTURAL, TechType.SHIP_UPGRADE)]]


def jettison_window(draft: Draft, why: str) -> bool:
    """The Move step ended away from a port: a player with cargo may jettison first."""
    turn = draft.state.turn
    if turn is None or not _jettisonable(draft.state.player(turn.seat)):
        return False
    draft.ask(turn.seat, "jettison", why=why)
    return True


rounds.AWAY_FROM_PORT.append(jettison_window)


@rule(Jettison)
def jettison(draft: Draft, seat: int, cmd: Jettison) -> None:
    """Goods and technologies go to their culture's supply area; a passenger leaves the
    game and costs infamy equal to the higher of two dice."""
    if cmd.token not in _jettisonable(draft.state.player(seat)):
        raise RuleError("Jettisoning", f"{cmd.token} is not aboard (utility techs stay)")
    infamy = 0
    if is_passenger(cmd.token):
        dice = draft.dice(2)
        infamy = passengers.jettison_infamy((dice[0], dice[1]))
    draft.emit("CargoJettisoned", seat=seat, token=cmd.token, infamy=infamy)
    draft.infamy(seat, infamy, "jettisoned_passenger")


@rule(DoneJettisoning)
def done_jettisoning(draft: Draft, seat: int, cmd: DoneJettisoning) -> None:
    ask = draft.state.ask
    why = str(ask.detail.get("why", "movement_spent")) if ask else "movement_spent"
    draft.answered()
    rounds.end_turn(draft, why)


@offers("jettison", Jettison, DoneJettisoning)
def _jettison_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield DoneJettisoning()
    for token in _jettisonable(state.player(seat)):
        yield Jettison(token=token)


# ------------------------------------------------------------------ merchant spaceports


def orbits_for(state: StandardState, seat: int) -> tuple[list[str], str | None]:
    """Where a merchant spaceport may go from the ship's space ("Merchant Spaceport Phase"):
    the empty orbit spaces joined by a single green line to its surface city; from an
    Asteroid System neutral spaceport, the orbit space three green lines away, and the
    spaceport it bankrupts ("Merchant Spaceports in the Asteroid System")."""
    board = places._board()
    space = state.player(seat).space
    if board is None:
        return [], None
    taken = set(state.trade.spaceports)
    kind = places.landing(space)
    if kind == "city":
        return [o for o in board.orbits_of_city(space) if o not in taken], None
    if kind == "spaceport" and space != places.galactic_base() \
            and space not in state.trade.bankrupt:
        try:
            orbit = board.asteroid_spaceport_orbit(space)
        except ValueError:
            return [], None
        return ([orbit], space) if orbit not in taken else ([], None)
    return [], None


def check_build(state: StandardState, seat: int, space: str) -> int:
    p = state.player(seat)
    turn = state.turn
    port = port_of(state, seat)
    at_home = port is not None and _at_home(state, seat, port.culture)
    price = spaceports.spaceport_price(at_home=at_home, pilot_level=p.pilot_level)
    orbits, bankrupt = orbits_for(state, seat)
    spaceports.check_build(
        bought_this_turn=turn is not None and turn.bought,
        built_this_turn=turn is not None and turn.spaceport_built,
        on_city=places.landing(p.space) == "city" or bankrupt is not None, orbits=orbits,
        tokens_left=spaceports.TOKENS_PER_PLAYER - len(p.spaceports) - len(p.drills),
        credits=p.credits, price=price)
    if space not in orbits:
        raise RuleError(SPACEPORT, f"{space} is not an empty orbit space joined to this city")
    return price


@rule(BuildSpaceport)
def build_spaceport(draft: Draft, seat: int, cmd: BuildSpaceport) -> None:
    """"Merchant Spaceport Phase": pay, place the token, move the ship onto it, end the turn."""
    price = check_build(draft.state, seat, cmd.space)
    _, bankrupt = orbits_for(draft.state, seat)
    draft.credits(seat, -price, "merchant_spaceport")
    draft.emit("SpaceportBuilt", seat=seat, space=cmd.space, price=price, bankrupt=bankrupt)
    draft.emit("ShipPlaced", seat=seat, space=cmd.space)
    rounds.end_turn(draft, "spaceport_built")


# ------------------------------------------------------------------ technologies in use


@command
class UseMarketFlux(Command):
    """"Appendix B > Market Flux": with a die assigned to it, one market shift in a
    discovered system's market."""

    type: Literal["UseMarketFlux"] = "UseMarketFlux"
    culture: str


def _die_on(state: StandardState, tech: str) -> bool:
    """A speed die assigned to the ship upgrade's die box this turn ("Ship Upgrades")."""
    flight = getattr(state.turn, "flight", None)
    boxes = getattr(flight, "boxes", None) or {}
    return f"upgrade:{tech}" in boxes


def check_market_flux(state: StandardState, seat: int, culture: str) -> None:
    heading = "Appendix B > Market Flux"
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase != "movement":
        raise RuleError(heading, "only in one's own Movement phase")
    if not has(state.player(seat), "market_flux") or not _die_on(state, "market_flux"):
        raise RuleError(heading, "assign a speed die to the Market Flux first")
    if "market_flux" in turn.techs_used:
        raise RuleError(heading, "the Market Flux has been used this turn")
    if culture not in state.discovered.values():
        raise RuleError(heading, f"{culture!r} is not a discovered culture")


@rule(UseMarketFlux)
def use_market_flux(draft: Draft, seat: int, cmd: UseMarketFlux) -> None:
    check_market_flux(draft.state, seat, cmd.culture)
    draft.emit("TechnologyUsed", seat=seat, tech="market_flux", culture=cmd.culture)
    shift(draft, cmd.culture)


@offers("movement", UseMarketFlux)
def _market_flux_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for culture in sorted(state.discovered.values()):
        if _ok(check_market_flux, state, seat, culture):
            yield UseMarketFlux(culture=culture)


@command
class UseDataProbe(Command):
    """"Appendix B > Data Probe" (scout): secretly look at two face-down First Contact
    cards (by their systems)."""

    type: Literal["UseDataProbe"] = "UseDataProbe"
    systems: list[str]


@command
class SwapFirstContactCards(Command):
    """Data Probe, after looking: switch the two cards' locations, or not."""

    type: Literal["SwapFirstContactCards"] = "SwapFirstContactCards"
    swap: bool


@command
class ReturnEncounterCard(Command):
    """Data Probe, last: the top Encounter card, seen, back on the top or the bottom."""

    type: Literal["ReturnEncounterCard"] = "ReturnEncounterCard"
    to: Literal["top", "bottom"]


DATA_PROBE = "Appendix B > Data Probe"


def check_data_probe(state: StandardState, seat: int, systems: list[str]) -> None:
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase != "movement":
        raise RuleError(DATA_PROBE, "only in one's own Movement phase")
    stage = getattr(getattr(turn, "flight", None), "stage", "heading")
    if stage not in ("heading", "speed"):
        raise RuleError(DATA_PROBE, "only during the Set Speed step, before moving")
    if not has(state.player(seat), "data_probe"):
        raise RuleError(DATA_PROBE, "no Data Probe aboard")
    if "data_probe" in turn.techs_used:
        raise RuleError(DATA_PROBE, "one Data Probe per turn")
    if len(systems) != 2 or len(set(systems)) != 2 \
            or not set(systems) <= set(state.first_contact):
        raise RuleError(DATA_PROBE, "name two systems whose First Contact card is face down")


@rule(UseDataProbe)
def use_data_probe(draft: Draft, seat: int, cmd: UseDataProbe) -> None:
    """Scout: the two cards are told to this seat only; then he may switch them."""
    state = draft.state
    check_data_probe(state, seat, cmd.systems)
    a, b = cmd.systems
    draft.emit("TechnologyUsed", seat=seat, tech="data_probe", systems=[a, b])
    draft.emit("FirstContactCardsSeen", only(seat), seat=seat,
               cards={a: state.first_contact[a], b: state.first_contact[b]})
    draft.ask(seat, "data_probe_swap", systems=[a, b])


@rule(SwapFirstContactCards)
def swap_cards(draft: Draft, seat: int, cmd: SwapFirstContactCards) -> None:
    ask = draft.state.ask
    assert ask is not None
    systems = list(ask.detail["systems"])
    draft.answered()
    if cmd.swap:
        draft.emit("FirstContactCardsSwapped", seat=seat, systems=systems)
    top = draft.state.decks.get("encounter", [])
    if top:
        draft.emit("EncounterCardSeen", only(seat), seat=seat, card=top[0])
        draft.ask(seat, "data_probe_encounter")
    else:
        return_technology(draft, seat, "data_probe")


@rule(ReturnEncounterCard)
def return_encounter(draft: Draft, seat: int, cmd: ReturnEncounterCard) -> None:
    draft.answered()
    draft.emit("EncounterCardReturned", seat=seat, to=cmd.to)
    return_technology(draft, seat, "data_probe")


@offers("movement", UseDataProbe)
def _data_probe_offers(state: StandardState, seat: int) -> Iterator[Command]:
    down = sorted(state.first_contact)
    if len(down) >= 2 and _ok(check_data_probe, state, seat, down[:2]):
        for i, a in enumerate(down):
            for b in down[i + 1:]:
                yield UseDataProbe(systems=[a, b])


@offers("data_probe_swap", SwapFirstContactCards)
def _swap_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield SwapFirstContactCards(swap=False)
    yield SwapFirstContactCards(swap=True)


@offers("data_probe_encounter", ReturnEncounterCard)
def _encounter_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield ReturnEncounterCard(to="top")
    yield ReturnEncounterCard(to="bottom")


@command
class ShuttlePickUp(Command):
    """"Appendix B > Shuttle": pick up a passenger waiting in a system within reach."""

    type: Literal["ShuttlePickUp"] = "ShuttlePickUp"
    passenger: str


@command
class ShuttleDropOff(Command):
    """"Appendix B > Shuttle": drop off a passenger whose destination is within reach."""

    type: Literal["ShuttleDropOff"] = "ShuttleDropOff"
    passenger: str


SHUTTLE = "Appendix B > Shuttle"


def _shuttle_die(state: StandardState) -> int | None:
    """The die assigned to the Shuttle this turn, while the ship has not moved yet (the Set
    Speed step; "only during the Set Speed and End Movement steps")."""
    flight = getattr(state.turn, "flight", None)
    if flight is None or getattr(flight, "path", None) or \
            getattr(flight, "stage", "") not in ("speed", "move"):
        return None
    index = (getattr(flight, "boxes", None) or {}).get("upgrade:shuttle")
    return None if index is None else int(flight.dice[index])


def shuttle_reach(state: StandardState, seat: int) -> list[str]:
    """The discovered cultures (and ``base``) with a surface city or spaceport within the
    Shuttle's die of the ship, counting spaces: every line one space, hazards ignored."""
    die = _shuttle_die(state)
    board = places._board()
    if die is None or board is None or not has(state.player(seat), "shuttle"):
        return []
    start = state.player(seat).space
    seen, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for space in frontier:
            if seen[space] >= die:
                continue
            for n in board.neighbours(space):
                if n not in seen:
                    seen[n] = seen[space] + 1
                    nxt.append(n)
        frontier = nxt
    out = []
    for space in seen:
        if space == places.galactic_base():
            out.append(BASE)
        elif places.landing(space, state) in ("city", "spaceport"):
            system = places.system_of(space)
            culture = state.discovered.get(system) if system else None
            if culture is not None and culture not in out:
                out.append(culture)
    return out


@rule(ShuttlePickUp)
def shuttle_pick_up(draft: Draft, seat: int, cmd: ShuttlePickUp) -> None:
    state = draft.state
    where = next((c for c in shuttle_reach(state, seat)
                  if cmd.passenger in _waiting(state, Port(c, city=False))), None)
    if where is None:
        raise RuleError(SHUTTLE, f"no {cmd.passenger} waits within the Shuttle's reach")
    if not _room(state.player(seat), [cmd.passenger]):
        raise RuleError("Capacity", "no cargo hold has room for this passenger")
    draft.emit("PassengerPickedUp", seat=seat, passenger=cmd.passenger, at=where,
               shuttle=True)


@rule(ShuttleDropOff)
def shuttle_drop_off(draft: Draft, seat: int, cmd: ShuttleDropOff) -> None:
    state = draft.state
    if cmd.passenger not in state.player(seat).cargo:
        raise RuleError(SHUTTLE, f"no {cmd.passenger} aboard")
    destination = load_cultures().passenger(cmd.passenger).destination
    if destination not in shuttle_reach(state, seat):
        raise RuleError(SHUTTLE, "the passenger's destination is out of the Shuttle's reach")
    _deliver(draft, seat, cmd.passenger, destination)


@offers("movement", ShuttlePickUp, ShuttleDropOff)
def _shuttle_offers(state: StandardState, seat: int) -> Iterator[Command]:
    reach = shuttle_reach(state, seat)
    p = state.player(seat)
    for culture in reach:
        for token in _waiting(state, Port(culture, city=False)):
            if _room(p, [token]):
                yield ShuttlePickUp(passenger=token)
    for token in p.cargo:
        if is_passenger(token) and load_cultures().passenger(token).destination in reach:
            yield ShuttleDropOff(passenger=token)


@command
class UseWaveEmitter(Command):
    """"Appendix B > Wave Emitter": after his Movement phase, force a player on the same
    space to exchange one Mission card (``mine`` for ``theirs``)."""

    type: Literal["UseWaveEmitter"] = "UseWaveEmitter"
    other: int
    mine: str
    theirs: str


WAVE_EMITTER = "Appendix B > Wave Emitter"


def check_wave_emitter(state: StandardState, seat: int, other: int) -> None:
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase == "movement":
        raise RuleError(WAVE_EMITTER, "after one's own Movement phase")
    if not has(state.player(seat), "wave_emitter"):
        raise RuleError(WAVE_EMITTER, "no Wave Emitter aboard")
    if "wave_emitter" in turn.techs_used:
        raise RuleError(WAVE_EMITTER, "once per turn")
    if not 0 <= other < len(state.players) or other == seat \
            or state.player(other).space != state.player(seat).space:
        raise RuleError(WAVE_EMITTER, "the other ship must be on your space")


@cache
def _exchange() -> Any:
    """The cards' exchange of Mission cards (``card_rules.exchange_missions``), if present."""
    try:
        return getattr(importlib.import_module(f"{__package__}.card_rules"),
                       "exchange_missions", None)
    except ModuleNotFoundError:
        return None


@rule(UseWaveEmitter)
def use_wave_emitter(draft: Draft, seat: int, cmd: UseWaveEmitter) -> None:
    check_wave_emitter(draft.state, seat, cmd.other)
    exchange = _exchange()
    if exchange is None:
        raise RuleError(WAVE_EMITTER, "Mission cards are not in play")
    draft.emit("TechnologyUsed", seat=seat, tech="wave_emitter", other=cmd.other)
    exchange(draft, seat, cmd.other, cmd.mine, cmd.theirs)


def _wave_emitter_offers(state: StandardState, seat: int) -> Iterator[Command]:
    if _exchange() is None:
        return
    for other in range(len(state.players)):
        if _ok(check_wave_emitter, state, seat, other):
            for mine in state.player(seat).missions:
                for theirs in state.player(other).missions:
                    yield UseWaveEmitter(other=other, mine=mine, theirs=theirs)


for _prompt in ("first_contact", "transaction", "spaceport"):
    offers(_prompt, UseWaveEmitter)(_wave_emitter_offers)


def return_technology(draft: Draft, seat: int, tech: str) -> None:
    """Hard Burn and Data Probe: "he immediately returns the token to its originating
    culture" after use (Appendix B). Movement calls this for the Hard Burn."""
    token = owned_token(draft.state.player(seat), tech)
    if token is None:
        raise RuleError(f"Appendix B > {tech.replace('_', ' ').title()}",
                        f"no {tech.replace('_', ' ')} aboard")
    draft.emit("TechnologyReturned", seat=seat, token=token)


def drill_on(draft: Draft, seat: int, space: str) -> bool:
    """"Drills", "Appendix B > License to Drill": as the ship passes over or lands on an
    asteroid space, a licensed player places a drill token there if none is (ours: always,
    when he can: a drill only earns). Movement calls this on each asteroid space entered;
    returns whether a drill was placed."""
    state = draft.state
    p = state.player(seat)
    try:
        spaceports.check_drill(
            licensed=has(p, "license_to_drill"), occupied=space in state.trade.drills,
            tokens_left=spaceports.TOKENS_PER_PLAYER - len(p.spaceports) - len(p.drills))
    except RuleError:
        return False
    draft.emit("DrillPlaced", seat=seat, space=space)
    return True


# ------------------------------------------------------------------ the phases' hooks


def first_contact(draft: Draft) -> None:
    """"First Contact Phase" 1: the current player flips the card of the system he landed
    in (``discovery.reveal``; the market is set out by ``set_out_market``)."""
    state = draft.state
    turn = state.turn
    assert turn is not None
    system = places.system_of(state.player(turn.seat).space)
    if system is not None and system in state.first_contact:
        reveal(draft, turn.seat, system)


def set_out_market(draft: Draft, seat: int | None, system: str, culture: str) -> None:
    """"First Contact Phase" 2-4 (Light Speed Game 13): the culture's market tokens shuffled
    into a stack (its order below the top told to nobody), its goods and technology tokens
    (and waiting passengers) to the system's market, the IOU credits on the card."""
    stack = draft.rng.shuffled(market_token_ids(culture))
    draft.emit("MarketStacked", NOBODY, culture=culture, stack=stack)
    top = load_market_tokens().by_id[stack[0]]
    draft.emit("FirstContactMade", seat=seat, system=system, culture=culture,
               iou=load_cultures().culture(culture).iou, top=top.id,
               condition=top.condition.value)


REVEALED.append(set_out_market)


# what turns something up or rolls a die: no take-back across it
barriers("FirstContactMade", "MarketShifted", "PassengerDroppedOff", "PassengerPlaced",
         "CargoJettisoned")

rounds.PHASE_START["first_contact"].append(first_contact)
rounds.PHASE_START["spaceport"].append(shift_markets)


@step(4)
def prepare_supply_areas(draft: Draft) -> None:
    """Setup 4: each culture's goods and racial technology tokens in its supply area; the
    cargo hold and drive tokens in their stockpiles (Setup 6)."""
    cultures = load_cultures().cultures
    stock = {k: v for k, v in load_market_tokens().stock.items() if isinstance(v, int)}
    draft.emit("CultureSuppliesPrepared",
               markets={c.key: supply_area(c.key).model_dump(mode="json") for c in cultures},
               stock=stock)


@decks.source(decks.FIRST_CONTACT)
def _first_contact_cards() -> list[str]:
    return [c.key for c in load_cultures().cultures]


@decks.source(decks.PASSENGER)
def _passenger_tokens() -> list[str]:
    return [p.key for p in load_cultures().passengers]


def place_passenger(draft: Draft) -> None:
    """"Passenger Icon": draw a passenger token and place it on its starting culture (its
    supply area if undiscovered) or Galactic Base."""
    token = decks.draw(draft, decks.PASSENGER, to="passenger")
    if token is not None:
        draft.emit("PassengerPlaced", passenger=token, at=passengers.start_of(token))
    if draft.state.table.demand:
        place_demand(draft)


DEMAND = "demand"  # the optional rule's face-down demand tokens


def place_demand(draft: Draft) -> None:
    """Optional rule "Demand": at the start of every odd round, after the passenger, a
    random demand token face up in the market of its culture (its supply area while the
    culture is undiscovered; it moves with the culture's tokens at First Contact)."""
    token = decks.draw(draft, DEMAND, to="demand")
    if token is not None:
        draft.emit("DemandPlaced", token=token, at=load_cultures().demand(token).at)


@step(6)
def shuffle_demand(draft: Draft) -> None:
    """Optional rule "Demand": "shuffle and place all the demand tokens facedown"."""
    if draft.state.table.demand:
        decks.shuffle(draft, DEMAND, load_cultures().demand_tokens())


def redeem_drills(draft: Draft) -> None:
    """"Drills": at the start of every even round, c10 per drill token on the board, then
    every player takes his drills back."""
    state = draft.state
    if not state.trade.drills:
        return
    for p in state.players:
        draft.credits(p.seat, spaceports.drill_income(len(p.drills)), "drills")
    draft.emit("DrillsRecovered")


def spoiler_fame(draft: Draft) -> None:
    """"Appendix B > Fancy/Less Fancy Spoiler": at the end of the game a spoiler gives its
    player fame equal to one die roll."""
    for p in draft.state.players:
        if has(p, "spoiler"):
            draft.fame(p.seat, draft.die(), "spoiler")


BEFORE_SCORING.append(spoiler_fame)


@fame_source
def technology_fame(state: StandardState, seat: int) -> list[tuple[str, int]]:
    """Appendix B: a Wave Emitter gives three fame per completed mission; a Zen Paint Job
    costs three fame "at the end of the game, before final scoring"."""
    p = state.player(seat)
    out = []
    if has(p, "wave_emitter"):
        out.append(("wave_emitter", 3 * len(p.missions_done)))
    if has(p, "zen_paint_job"):
        out.append(("zen_paint_job", -3))
    return out


def production_round(draft: Draft) -> None:
    """Epic Game > Production Rounds (and the interlude after round 30): every discovered
    culture's supply-area goods go to its market; undiscovered cultures keep theirs."""
    for culture in sorted(draft.state.discovered.values()):
        produce(draft, culture, maximum=True)


rounds.ICONS["production"] = production_round
rounds.ICONS["passenger"] = place_passenger
rounds.ICONS["drill"] = redeem_drills


@command
class BuyStartingGoods(Command):
    """Light Speed Game 14: "Purchase Starting Goods" from a culture one revealed."""

    type: Literal["BuyStartingGoods"] = "BuyStartingGoods"
    token: str


def check_starting_goods(state: StandardState, seat: int, token: str) -> str:
    """Unlimited buys of goods from the cultures whose cards the player revealed, at their
    cost: no IOU credits, no pilot discount (Light Speed Game 14)."""
    heading = "Light Speed Game > Purchase Starting Goods"
    p = state.player(seat)
    mine = [state.discovered[s] for s in p.contacts if s in state.discovered]
    culture = next((c for c in mine if token in state.trade.market(c).goods), None)
    if culture is None:
        raise RuleError(heading, f"{token} is not for sale at a culture you revealed")
    cost = load_cultures().culture(origin(token)).goods.cost
    if cost > p.credits:
        raise RuleError(heading, f"c{cost} needed, c{p.credits} available")
    if not _room(p, [token]):
        raise RuleError("Capacity", "no cargo hold has room for it")
    return culture


@rule(BuyStartingGoods)
def buy_starting_goods(draft: Draft, seat: int, cmd: BuyStartingGoods) -> None:
    culture = check_starting_goods(draft.state, seat, cmd.token)
    cost = load_cultures().culture(origin(cmd.token)).goods.cost
    draft.emit("GoodsBought", seat=seat, token=cmd.token, at=culture, culture=culture,
               price=cost, iou=0)
    draft.credits(seat, -cost, "goods_bought")


@offers("starting_goods", BuyStartingGoods)
def _starting_goods_offers(state: StandardState, seat: int) -> Iterator[Command]:
    seen: set[str] = set()
    for system in state.player(seat).contacts:
        culture = state.discovered.get(system)
        if culture is None:
            continue
        for token in state.trade.market(culture).goods:
            if origin(token) not in seen and _ok(check_starting_goods, state, seat, token):
                seen.add(origin(token))
                yield BuyStartingGoods(token=token)


# ------------------------------------------------------------------ offers (legal_actions)


def _ok(fn: Any, *args: Any) -> bool:
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
        if kind not in seen and _ok(check_buy_goods, state, seat, token):
            seen.add(kind)
            yield BuyGoods(token=token)
    for offer in market.top(m).equipment:
        if _ok(check_buy_equipment, state, seat, offer.kind):
            yield BuyEquipment(equipment=offer.kind)
    techs = load_technologies()
    for token in m.techs:
        key = techs.of_token(token).key
        if key not in seen and _ok(check_buy_technology, state, seat, token):
            seen.add(key)
            yield BuyTechnology(token=token)
    for token in state.player(seat).cargo:
        if is_goods(token) and _ok(check_sell, state, seat, token, False):
            yield SellGoods(token=token)
        elif is_goods(token) and _stealth(state, seat) and \
                _ok(check_sell, state, seat, token, True):
            yield SellGoods(token=token, black_market=True)


@offers("first_contact", BuyGoods, BuyEquipment, BuyTechnology, SellGoods)
def _first_contact_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield from _buys_and_sells(state, seat)


@offers("transaction", BuyGoods, BuyEquipment, BuyTechnology, SellGoods, PickUpPassenger,
        DropOffPassenger, Offload)
def _transaction_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield from _buys_and_sells(state, seat)
    port = port_of(state, seat)
    if port is None:
        return
    p = state.player(seat)
    for token in _waiting(state, port):
        if _room(p, [token]):
            yield PickUpPassenger(passenger=token)
    for token in p.cargo:
        if is_passenger(token) and load_cultures().passenger(token).destination == port.culture:
            yield DropOffPassenger(passenger=token)
    for token in [*p.cargo, *p.techs]:
        if _ok(check_offload, state, seat, token):
            yield Offload(token=token)


@offers("spaceport", BuildSpaceport)
def _spaceport_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for space in orbits_for(state, seat)[0]:
        if _ok(check_build, state, seat, space):
            yield BuildSpaceport(space=space)


# ------------------------------------------------------------------ the view


def _goods_view(token: str) -> dict[str, Any]:
    g = load_cultures().culture(origin(token)).goods
    return {"id": token, "kind": origin(token), "name": g.name, "cost": g.cost,
            "resale": [g.resale.low, g.resale.mid, g.resale.high], "dots": g.dots}


def _tech_view(token: str) -> dict[str, Any]:
    t = load_technologies().of_token(token)
    out: dict[str, Any] = {"id": token, "kind": t.key, "name": t.name, "cost": t.cost,
                           "type": t.type.value, "culture": t.culture}
    if t.throttle_values is not None:
        out["throttle"] = load_technologies().throttle_values(token)
    return out


def _grouped(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tokens of one kind as one line with a ``count`` (``id``: the first one, the token the
    buy offers name)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        if item["kind"] in out:
            out[item["kind"]]["count"] += 1
        else:
            out[item["kind"]] = {**item, "count": 1}
    return list(out.values())


def _counts(tokens: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for token in tokens:
        kind = origin(token) if is_goods(token) else load_technologies().of_token(token).key
        out[kind] = out.get(kind, 0) + 1
    return out


def _market_view(state: StandardState, culture: str, system: str | None) -> dict[str, Any]:
    """A market as the table shows it: the top market token only (the stack below it is
    face down: "First Contact Phase" 2), every goods and technology token face up (their
    backs may be looked at: "Goods and Technology Tokens"), passengers, demand tokens, the
    IOU credits; the culture's supply area beside the board as counts by kind (before
    discovery all its tokens wait there)."""
    m = state.trade.market(culture)
    out: dict[str, Any] = {
        "culture": culture, "system": system, "discovered": system is not None,
        "passengers": list(m.passengers),
        "demands": [{"id": d, **load_cultures().demand(d).model_dump(exclude_none=True)}
                    for d in m.demands],
        "supply": {"goods": _counts(m.supply_goods), "techs": _counts(m.supply_techs)},
    }
    if system is None:
        return out
    goods, techs = [_goods_view(t) for t in m.goods], [_tech_view(t) for t in m.techs]
    out.update(goods=goods, techs=techs, goods_by_kind=_grouped(goods),
               techs_by_kind=_grouped(techs))
    if m.stack:
        top = market.top(m)
        out["token"] = {"id": top.id, "condition": top.condition.value,
                        "equipment": [e.model_dump() for e in top.equipment]}
        out["stack_size"] = len(m.stack)
    if culture in state.trade.holders:
        out["discoverer"] = state.trade.holders[culture]
        out["iou"] = state.trade.iou[culture]
    return out


@part("markets")
def markets_view(state: StandardState, viewer: int) -> dict[str, Any]:
    systems = {c: s for s, c in state.discovered.items()}
    return {c.key: _market_view(state, c.key, systems.get(c.key))
            for c in load_cultures().cultures if c.key in state.trade.markets}


@part("trade")
def trade_view(state: StandardState, viewer: int) -> dict[str, Any]:
    """Galactic Base's passengers, the equipment stock, merchant spaceports and drills."""
    t = state.trade
    return {"base_passengers": list(t.base_passengers), "stock": dict(t.stock),
            "spaceports": dict(t.spaceports), "drills": dict(t.drills),
            "bankrupt": list(t.bankrupt)}
