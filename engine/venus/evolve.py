"""Applying events to a ``VenusState``: total, deterministic, no validation
(``docs/architecture.md``, The engine kernel)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.kernel import Event
from engine.kernel.fastmodel import put

from . import evolve_combat  # noqa: F401  (its handlers of the 15-17 events join the table)
from .cargo import give, take
from .deeds import orbit_of
from .encounters import JUMPS, only_last_step_blocks
from .evolve_base import HANDLERS, current_turn, handles, receive, to_bank
from .pieces import split
from .state import FactorySite, Marker, Offer, Player, QBox, Turn, VenusState


def apply(state: VenusState, ev: Event) -> None:
    """Apply ``ev`` to ``state`` in place. Unknown event types are ignored (forward compat)."""
    handler = HANDLERS.get(ev.type)
    if handler is not None:
        handler(state, ev.data)


def _put(model: BaseModel, values: dict[str, Any]) -> None:
    """``model.<field> = value`` for each of ``values``, as pydantic's ``__setattr__`` does it
    for a field of a model without ``validate_assignment`` (the value into ``__dict__``, the
    name into ``model_fields_set``) but without its two Python calls per field (~0.5 µs
    each): for the handlers of the events every command writes (a step, a turn's start, its
    roll, its movement's end). ``values`` names fields only, in the order they were set."""
    put(model, values)


# --- setup -------------------------------------------------------------------------------


@handles("GameCreated")
def _created(state: VenusState, d: dict[str, Any]) -> None:
    state.edition = d["edition"]
    state.options = dict(d["options"])
    state.players = [Player(seat=i, name=n) for i, n in enumerate(d["players"])]
    state.bank = d.get("bank")
    state.sandbox = bool(d.get("sandbox", False))


@handles("IOUsPlaced")
def _ious(state: VenusState, d: dict[str, Any]) -> None:
    state.iou_at = dict(d["iou_at"])


@handles("MarkersPlaced")
def _markers(state: VenusState, d: dict[str, Any]) -> None:
    state.qboxes = {dot: QBox(marker=Marker(**m)) for dot, m in d["boxes"].items()}
    state.unused_markers = [Marker(**m) for m in d["unused"]]


@handles("ScenarioPosition")
def _scenario(state: VenusState, d: dict[str, Any]) -> None:
    pos = d["position"]
    state.players = [
        Player(seat=i, **{k: v for k, v in p.items()}) for i, p in enumerate(pos["players"])
    ]
    state.discovered = dict(pos["discovered"])
    for seat, seen in pos["observed"].items():
        state.players[int(seat)].observed.update(seen)
    state.spaceports = dict(pos["spaceports"])
    state.forts = dict(pos.get("forts", {}))
    state.factories = {k: FactorySite(**v) for k, v in pos.get("factories", {}).items()}
    state.loaded_dice = list(pos["dice"])
    for dot, marker in d["face_up"].items():
        state.qboxes[dot] = QBox(marker=Marker(**marker) if marker else None, face_up=True)


@handles("FirstPlayerChosen")
def _first(state: VenusState, d: dict[str, Any]) -> None:
    state.first_player = d["seat"]
    state.race_queue = list(d["choosing_order"])
    state.stage = "choose_race"


@handles("RaceChosen")
def _race(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].race = d["race"]
    if d["seat"] in state.race_queue:
        state.race_queue.remove(d["seat"])


@handles("StakeGiven")
def _stake(state: VenusState, d: dict[str, Any]) -> None:
    for p in state.players:
        p.cash = d["cash"]
        p.ship = d["ship"]
        p.dot = d["dot"]
        if state.bank is not None:
            state.bank -= d["cash"]


@handles("TurnStarted")
def _turn_started(state: VenusState, d: dict[str, Any]) -> None:
    player = state.players[d["seat"]]
    _put(state, {"stage": "playing", "round": d["round"],
                 "turn": Turn(seat=d["seat"], start_dot=player.dot,
                              start_penalty=d["start_penalty"])})


# --- before the roll ---------------------------------------------------------------------


@handles("DrivesSet")
def _drives(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).drives_off = list(d["off"])


@handles("GateLockSet")
def _gate_lock(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).gate_lock = bool(d["on"])


@handles("HeadingDeclared")
def _heading(state: VenusState, d: dict[str, Any]) -> None:
    _put(current_turn(state), {"heading": d["dot"]})


@handles("DiceRolled")
def _rolled(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    dice = list(d["dice"])
    _put(t, {"dice": dice, "auto_pilot": bool(d["auto_pilot"]), "mp": sum(dice),
             "phase": "move"})
    used_loaded = d.get("loaded", 0)
    if used_loaded:
        del state.loaded_dice[:used_loaded]


@handles("DieRerolled")
def _rerolled(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    t.dice[d["die"]] = d["value"]
    t.mp = sum(t.dice)
    t.rerolled = True
    if d.get("loaded", 0):
        del state.loaded_dice[: d["loaded"]]


@handles("PilotNumberChosen")
def _pilot(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).pilot = d["number"]


# --- moving ------------------------------------------------------------------------------


@handles("Moved")
def _moved(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    _put(state.players[d["seat"]], {"dot": d["to"]})
    # 15.41: entering a dot opens one attack there
    values = {"mp": t.mp - d["mp"], "moves": t.moves + 1, "free_step": False,
              "jumped": d["via"] in JUMPS, "start_penalty": False, "blast_at": d["to"]}
    if only_last_step_blocks(state.edition):
        values["used"] = list(d["edges"])  # 2012: only the move just made cannot be reversed
    else:
        t.used.extend(d["edges"])  # 5.32: no path used this turn in reverse
    if d.get("pilot") is not None:
        values["pilot"] = d["pilot"]
    _put(t, values)


@handles("MarkerRevealed")
def _revealed(state: VenusState, d: dict[str, Any]) -> None:
    state.qboxes[d["dot"]] = QBox(marker=Marker(**d["marker"]), face_up=True)  # 6.1


@handles("FreeSkip")
def _free_skip(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    t.free_step = True
    t.blast_at = None  # 15.41: no attack on a dot skipped


@handles("MarkerSpied")
def _spied(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].spied[d["dot"]] = Marker(**d["marker"])


@handles("CultureObserved")
def _observed(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].observed[d["system"]] = d["culture"]


@handles("PenaltyDue")
def _due(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    t.phase = "pay_or_stop"
    t.due = d["amount"]


@handles("PenaltyPaid")
def _paid(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    state.players[d["seat"]].cash -= d["amount"]
    if state.bank is not None:
        state.bank += d["amount"]
    t.due = None
    t.start_penalty = False
    if t.phase == "pay_or_stop":
        t.phase = "move"


@handles("MovementEnded")
def _movement_ended(state: VenusState, d: dict[str, Any]) -> None:
    stayed = d["reason"] == "stayed"
    _put(current_turn(state), {"mp": 0, "due": None, "free_step": False,
                               "landed": bool(d["landed"]), "stayed": stayed, "phase": "trade",
                               # 15.412: a stationary attack
                               "blast_at": d["dot"] if stayed else None})


@handles("RelicPickedUp")
def _relic(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].relics.append(d["relic"])
    dot = d["dot"]
    state.qboxes[dot] = QBox(marker=None, face_up=state.qboxes[dot].face_up)
    current_turn(state).blast_at = None


@handles("TurnEnded")
def _turn_ended(state: VenusState, d: dict[str, Any]) -> None:
    _put(state, {"turn": None})


@handles("GameWon")
def _won(state: VenusState, d: dict[str, Any]) -> None:
    state.winner = d["seat"]
    state.stage = "over"
    state.turn = None
    state.end = {k: v for k, v in d.items() if k != "seat"}


# --- discovery, trading, the cup, deeds, other merchants ---------------------------------


@handles("MarketOpened")
def _market_opened(state: VenusState, d: dict[str, Any]) -> None:
    state.market = {k: list(v) for k, v in d["market"].items()}
    state.cup = list(d["cup"])
    state.aside = list(d["aside"])
    state.suns = {k: list(v) for k, v in d.get("suns", {}).items()}
    state.loaded_draws = list(d.get("draws", []))


@handles("CultureDiscovered")
def _discovered(state: VenusState, d: dict[str, Any]) -> None:
    state.discovered[d["system"]] = d["culture"]
    state.players[d["seat"]].ious.append(d["culture"])


@handles("Bought")
def _bought(state: VenusState, d: dict[str, Any]) -> None:
    seat, item = d["seat"], d["item"]
    player = state.players[seat]
    kind, key = split(item)
    if kind in ("goods", "factory_goods"):
        state.market[d["culture"]].remove(item)
        player.goods.append(item)
    elif kind == "equipment":
        player.equipment.append(key)
    elif kind == "relic":
        state.suns[d["system"]].remove(key)
        player.relics.append(key)
    elif kind == "ship":
        player.ship = key
    elif kind == "fort":
        state.forts[d["site"]] = seat  # 15.12
    elif kind == "deed":
        player.deeds.append(item)
        deed_kind, where = key.split(":", 1)
        if deed_kind == "factory":
            state.factories[where] = FactorySite(dot=d["site"], owner=seat)
            goods = f"factory_goods:{where}"
            if goods in state.aside:
                state.aside.remove(goods)
                state.market.setdefault(where, []).append(goods)
        else:
            state.spaceports[orbit_of(state, item)] = seat
    player.cash -= d["cash"]
    to_bank(state, d["cash"])
    t = current_turn(state)
    t.credit -= d["credit"]
    t.iou_credit -= d.get("iou_credit", 0)  # 2012 First Contact credit
    if d.get("counts", True):  # 2012: not if paid wholly by First Contact credit
        t.bought += 1
    t.acquired.append(item)
    t.blast_at = None  # 15.412: trading has started


@handles("Bartered")
def _bartered(state: VenusState, d: dict[str, Any]) -> None:
    item = d["item"]
    kind, key = split(item)
    player = state.players[d["seat"]]
    if kind == "relic":
        state.suns.setdefault(d["system"], []).append(key)
    if kind != "ship":
        take(player, item)
    t = current_turn(state)
    t.credit += d["value"]
    t.iou_credit += d.get("iou_credit", 0)  # 2012 First Contact credit
    t.blast_at = None
    if kind != "iou":
        t.sold += 1


@handles("Sold")
def _sold(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].goods.remove(d["goods"])
    state.cup.append(d["goods"])
    receive(state, d["seat"], d["paid"])
    current_turn(state).sold += 1
    current_turn(state).blast_at = None


@handles("DemandReturned")
def _demand_returned(state: VenusState, d: dict[str, Any]) -> None:
    state.market[d["culture"]].remove(d["marker"])
    state.cup.append(d["marker"])


@handles("CupDrawn")
def _drawn(state: VenusState, d: dict[str, Any]) -> None:
    state.cup.remove(d["marker"])
    state.market.setdefault(d["culture"], []).append(d["marker"])
    if d.get("loaded"):
        del state.loaded_draws[: d["loaded"]]


@handles("CommissionOwed")
def _owed(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    t.owed = {**t.owed, d["dot"]: t.owed.get(d["dot"], 0) + d["value"]}  # a new dict: clones share


@handles("CommissionPaid")
def _commission(state: VenusState, d: dict[str, Any]) -> None:
    receive(state, d["seat"], d["amount"])


@handles("FarePickedUp")
def _fare_picked_up(state: VenusState, d: dict[str, Any]) -> None:
    state.market[d["culture"]].remove(d["fare"])
    state.players[d["seat"]].fares.append(d["fare"])
    current_turn(state).acquired.append(d["fare"])
    current_turn(state).blast_at = None


@handles("FareDelivered")
def _fare_delivered(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].fares.remove(d["fare"])
    state.cup.append(d["fare"])
    receive(state, d["seat"], d["paid"])
    current_turn(state).blast_at = None


@handles("Jettisoned")
def _jettisoned(state: VenusState, d: dict[str, Any]) -> None:
    item = d["item"]
    player = state.players[d["seat"]]
    kind, key = split(item)
    if kind == "equipment" and key in player.damaged:
        player.damaged.remove(key)  # a damaged piece goes first (15.431)
    take(player, item)
    if kind != "equipment":
        state.cup.append(item)
    if state.turn is not None and state.turn.seat == d["seat"] and not d.get("hit"):
        state.turn.blast_at = None
    receive(state, d["seat"], d.get("paid", 0))


@handles("TradeOffered")
def _offered(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).offer = Offer(**d)
    current_turn(state).blast_at = None


@handles("TradeAccepted")
def _accepted(state: VenusState, d: dict[str, Any]) -> None:
    offer = Offer(**d)
    a, b = state.players[offer.frm], state.players[offer.to]
    for item in offer.give:
        take(a, item)
        give(b, item)
    for item in offer.get:
        take(b, item)
        give(a, item)
    a.cash += offer.get_money - offer.give_money
    b.cash += offer.give_money - offer.get_money
    t = current_turn(state)
    t.offer = None
    t.acquired.extend(offer.get if offer.frm == t.seat else offer.give)


@handles("TradeRefused")
def _refused(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).offer = None


@handles("TradeWithdrawn")
def _withdrawn(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).offer = None
