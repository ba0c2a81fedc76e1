"""Applying events to a ``VenusState``: total, deterministic, no validation (DESIGN.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import Event

from .state import Marker, Player, QBox, Turn, VenusState

Handler = Callable[[VenusState, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def apply(state: VenusState, ev: Event) -> None:
    """Apply ``ev`` to ``state`` in place. Unknown event types are ignored (forward compat)."""
    handler = HANDLERS.get(ev.type)
    if handler is not None:
        handler(state, ev.data)


def _turn(state: VenusState) -> Turn:
    assert state.turn is not None, "event needs a turn in progress"
    return state.turn


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
    state.stage = "playing"
    state.round = d["round"]
    player = state.players[d["seat"]]
    state.turn = Turn(seat=d["seat"], start_dot=player.dot, start_penalty=d["start_penalty"])


# --- before the roll ---------------------------------------------------------------------


@handles("DrivesSet")
def _drives(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).drives_off = list(d["off"])


@handles("GateLockSet")
def _gate_lock(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).gate_lock = bool(d["on"])


@handles("HeadingDeclared")
def _heading(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).heading = d["dot"]


@handles("DiceRolled")
def _rolled(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.dice = list(d["dice"])
    t.auto_pilot = bool(d["auto_pilot"])
    t.mp = sum(t.dice)
    t.phase = "move"
    used_loaded = d.get("loaded", 0)
    if used_loaded:
        del state.loaded_dice[:used_loaded]


@handles("DieRerolled")
def _rerolled(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.dice[d["die"]] = d["value"]
    t.mp = sum(t.dice)
    t.rerolled = True
    if d.get("loaded", 0):
        del state.loaded_dice[: d["loaded"]]


@handles("PilotNumberChosen")
def _pilot(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).pilot = d["number"]


# --- moving ------------------------------------------------------------------------------


@handles("Moved")
def _moved(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    state.players[d["seat"]].dot = d["to"]
    t.mp -= d["mp"]
    t.used.extend(d["edges"])
    t.moves += 1
    t.free_step = False
    t.start_penalty = False
    if d.get("pilot") is not None:
        t.pilot = d["pilot"]


@handles("MarkerRevealed")
def _revealed(state: VenusState, d: dict[str, Any]) -> None:
    box = state.qboxes[d["dot"]]
    box.face_up = True
    box.marker = Marker(**d["marker"])


@handles("FreeSkip")
def _free_skip(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).free_step = True


@handles("MarkerSpied")
def _spied(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].spied[d["dot"]] = Marker(**d["marker"])


@handles("CultureObserved")
def _observed(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].observed[d["system"]] = d["culture"]


@handles("PenaltyDue")
def _due(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.phase = "pay_or_stop"
    t.due = d["amount"]


@handles("PenaltyPaid")
def _paid(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    state.players[d["seat"]].cash -= d["amount"]
    if state.bank is not None:
        state.bank += d["amount"]
    t.due = None
    t.start_penalty = False
    if t.phase == "pay_or_stop":
        t.phase = "move"


@handles("MovementEnded")
def _movement_ended(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.mp = 0
    t.due = None
    t.free_step = False
    t.landed = bool(d["landed"])
    t.stayed = d["reason"] == "stayed"
    t.phase = "trade"


@handles("RelicPickedUp")
def _relic(state: VenusState, d: dict[str, Any]) -> None:
    state.players[d["seat"]].relics.append(d["relic"])
    state.qboxes[d["dot"]].marker = None


@handles("TurnEnded")
def _turn_ended(state: VenusState, d: dict[str, Any]) -> None:
    state.turn = None


@handles("GameWon")
def _won(state: VenusState, d: dict[str, Any]) -> None:
    state.winner = d["seat"]
    state.stage = "over"
    state.turn = None
