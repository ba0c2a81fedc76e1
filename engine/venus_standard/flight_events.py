"""The events of the Movement phase applied to the state (``flight`` of the turn, and the
ship's space, dials and pilot on the player). Book heading: "Movement Phase"."""

from __future__ import annotations

from typing import Any

from .flight import flight
from .handlers import Handler


def _heading(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.heading = d["toward"]
    f.use_drive = d["use_drive"]
    f.stage = "speed"


def _speed(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.dice = list(d["dice"])
    f.stage = "move"
    f.bonus += d.get("bonus", 0)
    f.spoiler = d.get("spoiler")


def _assigned(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.boxes[d["box"]] = d["die"]
    if d["box"] == "navigation" and f.wait == "navigation":
        f.wait = None


def _throttle(state: Any, d: dict[str, Any]) -> None:
    flight(state).dice.append(d["value"])


def _rerolled(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.dice[d["die"]] = d["value"]
    f.used.append("reroll_speed_die")


def _bonus(state: Any, d: dict[str, Any]) -> None:
    flight(state).bonus += d["points"]


def _moved(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    path = d["path"]
    f.came_from = path[-2] if len(path) > 1 else f.at
    f.at = path[-1]
    f.spent += d["mp"]
    f.entered = True
    f.jumped = False
    f.heading = None
    f.path.extend(path)
    player = state.players[d["seat"]]
    player.space = f.at
    player.came_from = f.came_from


def _jumped(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.wait = None
    if d["to"] is None:
        return  # Telegates: the ship stays on its space and continues
    f.at = d["to"]
    f.came_from = None  # "declares a new heading" from the destination telegate
    f.entered = True
    f.jumped = True
    f.path.append(d["to"])
    player = state.players[d["seat"]]
    player.space = f.at
    player.came_from = None


def _waits(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.wait = d["wait"]
    f.hazard = d.get("hazard")


def _checked(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    if d.get("reroll"):
        f.used.append("hazard_reroll")
    f.wait = None
    f.hazard = None


def _lowered(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    player = state.players[d["seat"]]
    setattr(player, d["dial"], d["to"])
    f.ignoring.append(d["dial"])
    f.wait = None
    f.hazard = None


def _ended(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.stage = "ended"
    f.ended = d["how"]
    f.wait = None
    f.hazard = None


def _trained(state: Any, d: dict[str, Any]) -> None:
    """Pilots > Upgrading Pilots: the card flipped (level 2) or the level 3 side chosen."""
    player = state.players[d["seat"]]
    player.pilot_level = d["level"]
    player.pilot_side = d.get("side")


#: The handlers of this module's events (``evolve.py`` folds the game with them).
HANDLERS: dict[str, Handler] = {
    "HeadingDeclared": _heading,
    "SpeedRolled": _speed,
    "DieAssigned": _assigned,
    "SpeedDieAdded": _throttle,
    "SpeedDieRerolled": _rerolled,
    "MovementAdded": _bonus,
    "ShipMoved": _moved,
    "TelegateJumped": _jumped,
    "MoveWaits": _waits,
    "HazardChecked": _checked,
    "DialLowered": _lowered,
    "MoveEnded": _ended,
    "PilotTrained": _trained,
}
