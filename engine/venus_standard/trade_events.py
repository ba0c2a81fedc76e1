"""How trade events change the state (``state.trade``, the players' cargo, technologies and
equipment, the turn's trade record). Credits, fame and infamy move by the core's own events
(``CreditsChanged``, ``FameChanged``, ``InfamyChanged``) written beside these."""

from __future__ import annotations

from typing import Any

from .handlers import Handler
from .market import Market, shifted
from .state import StandardState
from .technology import TechType, load_technologies
from .tokens import is_goods, is_passenger, origin


def _drop(tokens: list[str], token: str) -> None:
    """Take ``token`` out of ``tokens`` if it is there: handlers are total (``evolve``)."""
    if token in tokens:
        tokens.remove(token)


def _turn_count(state: StandardState, kind: str) -> None:
    turn = state.turn
    if turn is None:
        return
    key = f"{turn.phase}:{kind}"
    turn.trades[key] = turn.trades.get(key, 0) + 1
    if kind == "buy":
        turn.bought = True


def _spend_iou(state: StandardState, d: dict[str, Any]) -> None:
    iou = int(d.get("iou", 0))
    if iou:
        state.trade.iou[d["culture"]] -= iou


def _sync_upgrades(state: StandardState, seat: int) -> None:
    """"Ship Improvements": the ship upgrades fill the slots from the top, in order."""
    techs = load_technologies()
    p = state.player(seat)
    p.upgrades = [techs.of_token(t).key for t in p.techs
                  if techs.of_token(t).type is TechType.SHIP_UPGRADE]


# ------------------------------------------------------------------ setup


def _supplies(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 4: every culture's goods and technology tokens beside the board."""
    state.trade.markets = {k: Market.model_validate(v) for k, v in d["markets"].items()}
    state.trade.stock = dict(d["stock"])


def _placed(state: StandardState, d: dict[str, Any]) -> None:
    """Passenger Icon: the drawn passenger on its starting culture (or Galactic Base)."""
    if d["at"] == "base":
        state.trade.base_passengers.append(d["passenger"])
    else:
        state.trade.market(d["at"]).passengers.append(d["passenger"])


# ------------------------------------------------------------------ First Contact


def _stacked(state: StandardState, d: dict[str, Any]) -> None:
    """First Contact Phase 2: the culture's market tokens shuffled (order for nobody)."""
    state.trade.market(d["culture"]).stack = list(d["stack"])


def _contact(state: StandardState, d: dict[str, Any]) -> None:
    """First Contact Phase 2-4: goods, technologies and passengers to the market, the IOU
    credits on the card in front of the discoverer."""
    culture = d["culture"]
    m = state.trade.market(culture)
    m.goods += m.supply_goods
    m.techs += m.supply_techs
    m.supply_goods, m.supply_techs = [], []
    if d.get("seat") is not None:
        state.trade.iou[culture] = int(d["iou"])
        state.trade.holders[culture] = int(d["seat"])


# ------------------------------------------------------------------ transactions


def _goods_bought(state: StandardState, d: dict[str, Any]) -> None:
    _spend_iou(state, d)
    _turn_count(state, "buy")
    _drop(state.trade.market(d["at"]).goods, d["token"])
    state.player(d["seat"]).cargo.append(d["token"])


def _tech_bought(state: StandardState, d: dict[str, Any]) -> None:
    _spend_iou(state, d)
    _turn_count(state, "buy")
    _drop(state.trade.market(d["at"]).techs, d["token"])
    state.player(d["seat"]).techs.append(d["token"])
    _sync_upgrades(state, d["seat"])


def _equipment_bought(state: StandardState, d: dict[str, Any]) -> None:
    """"Buying Equipment": a dial point, a cargo hold, or a drive replacing the old one."""
    _spend_iou(state, d)
    _turn_count(state, "buy")
    t = state.trade
    p = state.player(d["seat"])
    kind = d["kind"]
    if kind == "laser":
        p.laser += 1
    elif kind == "shield":
        p.shield += 1
    elif kind == "cargo_hold":
        p.extra_holds += 1
        t.stock["cargo_hold"] = t.stock.get("cargo_hold", 0) - 1
    else:
        if p.drive is not None:
            old = f"{p.drive}_drive"
            t.stock[old] = t.stock.get(old, 0) + 1  # the previous drive is discarded
        p.drive = kind.removesuffix("_drive")
        t.stock[kind] = t.stock.get(kind, 0) - 1


def _demand(state: StandardState, d: dict[str, Any]) -> None:
    state.trade.market(d["at"]).demands.append(d["token"])


def _goods_sold(state: StandardState, d: dict[str, Any]) -> None:
    """"Sell Actions": the token back to its culture's supply area (not the market); a
    demand token used is removed from the game (optional rule "Demand")."""
    _drop(state.player(d["seat"]).cargo, d["token"])
    if d.get("demand"):
        _drop(state.trade.market(d["at"]).demands, d["demand"])
    state.trade.market(origin(d["token"])).supply_goods.append(d["token"])
    _turn_count(state, "sell")
    turn = state.turn
    if turn is not None and d["at"] not in turn.sold_at:
        turn.sold_at.append(d["at"])


def _shifted(state: StandardState, d: dict[str, Any]) -> None:
    m = state.trade.market(d["culture"])
    m.stack = shifted(m.stack)


def _produced(state: StandardState, d: dict[str, Any]) -> None:
    m = state.trade.market(d["culture"])
    for token in d["tokens"]:
        _drop(m.supply_goods, token)
        m.goods.append(token)


def _picked_up(state: StandardState, d: dict[str, Any]) -> None:
    where = d["at"]
    waiting = (state.trade.base_passengers if where == "base"
               else state.trade.market(where).passengers)
    _drop(waiting, d["passenger"])
    state.player(d["seat"]).cargo.append(d["passenger"])


def _dropped_off(state: StandardState, d: dict[str, Any]) -> None:
    _drop(state.player(d["seat"]).cargo, d["passenger"])


def _unload(state: StandardState, seat: int, token: str) -> None:
    p = state.player(seat)
    if token in p.techs:
        _drop(p.techs, token)
        _sync_upgrades(state, seat)
    else:
        _drop(p.cargo, token)


def _offloaded(state: StandardState, d: dict[str, Any]) -> None:
    """"Offloading": to the market of the current system (passengers at Galactic Base)."""
    token, at = d["token"], d["at"]
    _unload(state, d["seat"], token)
    if at == "base":
        state.trade.base_passengers.append(token)
        return
    m = state.trade.market(at)
    if is_passenger(token):
        m.passengers.append(token)
    elif is_goods(token):
        m.goods.append(token)
    else:
        m.techs.append(token)


def _jettisoned(state: StandardState, d: dict[str, Any]) -> None:
    """"Jettisoning": goods and technologies to their culture's supply area, passengers out
    of the game."""
    token = d["token"]
    _unload(state, d["seat"], token)
    if is_goods(token):
        state.trade.market(origin(token)).supply_goods.append(token)
    elif not is_passenger(token):
        state.trade.market(origin(token)).supply_techs.append(token)


def _used(state: StandardState, d: dict[str, Any]) -> None:
    if state.turn is not None:
        state.turn.techs_used.append(d["tech"])


def _swapped(state: StandardState, d: dict[str, Any]) -> None:
    """Data Probe: the two face-down cards change places (which cultures: nobody else)."""
    a, b = d["systems"]
    fc = state.first_contact
    fc[a], fc[b] = fc[b], fc[a]


def _encounter_returned(state: StandardState, d: dict[str, Any]) -> None:
    """Data Probe: the top Encounter card seen goes back on the top or the bottom."""
    deck = state.decks.get("encounter", [])
    if d["to"] == "bottom" and deck:
        deck.append(deck.pop(0))


def _tech_returned(state: StandardState, d: dict[str, Any]) -> None:
    """Hard Burn and Data Probe go back to their originating culture after use (Appendix B):
    its market once discovered, else its supply area."""
    token = d["token"]
    _unload(state, d["seat"], token)
    m = state.trade.market(origin(token))
    (m.techs if m.stack else m.supply_techs).append(token)


# ------------------------------------------------------------------ spaceports and drills


def _built(state: StandardState, d: dict[str, Any]) -> None:
    seat = d["seat"]
    state.trade.spaceports[d["space"]] = seat
    state.player(seat).spaceports.append(d["space"])
    if d.get("bankrupt"):
        state.trade.bankrupt.append(d["bankrupt"])
    if state.turn is not None:
        state.turn.spaceport_built = True


def _drill(state: StandardState, d: dict[str, Any]) -> None:
    state.trade.drills[d["space"]] = d["seat"]
    state.player(d["seat"]).drills.append(d["space"])


def _recovered(state: StandardState, d: dict[str, Any]) -> None:
    """"Drills": after collecting, each player reclaims his drill tokens."""
    state.trade.drills = {}
    for p in state.players:
        p.drills = []


#: The handlers of this module's events (``evolve.py`` folds the game with them).
HANDLERS: dict[str, Handler] = {
    "CultureSuppliesPrepared": _supplies,
    "PassengerPlaced": _placed,
    "MarketStacked": _stacked,
    "FirstContactMade": _contact,
    "GoodsBought": _goods_bought,
    "TechnologyBought": _tech_bought,
    "EquipmentBought": _equipment_bought,
    "DemandPlaced": _demand,
    "GoodsSold": _goods_sold,
    "MarketShifted": _shifted,
    "GoodsProduced": _produced,
    "PassengerPickedUp": _picked_up,
    "PassengerDroppedOff": _dropped_off,
    "CargoOffloaded": _offloaded,
    "CargoJettisoned": _jettisoned,
    "TechnologyUsed": _used,
    "FirstContactCardsSwapped": _swapped,
    "EncounterCardReturned": _encounter_returned,
    "TechnologyReturned": _tech_returned,
    "SpaceportBuilt": _built,
    "DrillPlaced": _drill,
    "DrillsRecovered": _recovered,
}
