"""The state of one Movement phase (the turn's ``flight``) and the events that change it.

Book heading: "Movement Phase" (Declare Heading, Set Speed, Move, End Movement). The
fields are this module's own block of the turn state; the ship's lasting facts (space,
pilot, dials, drive) are the player's. Handlers are plain functions over the state, keyed
by event type in :data:`HANDLERS`; ``evolve.py`` registers them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel

from .dashboard import Dashboard

Stage = Literal["heading", "speed", "move", "ended"]
Wait = Literal["telegate", "exit", "hazard", "navigation"]


class Flight(BaseModel):
    """The Movement phase in progress (see the module docstring)."""

    stage: Stage = "heading"
    heading: str | None = None  # Declare Heading: the first space to move to
    use_drive: bool = True  # Drives: "he must announce this during the Declare Heading step"
    dice: list[int] = []  # Set Speed: the speed dice rolled (the throttle's die last)
    boxes: dict[str, int] = {}  # Assigning Dice: die box -> index of its die
    bonus: int = 0  # movement points added (pilot ability, pirates won by pilot skill, ...)
    spent: int = 0  # movement points spent so far
    at: str | None = None
    came_from: str | None = None  # the space last departed (no backtracking)
    entered: bool = False  # the ship entered its space this turn (Navigation Spaces)
    jumped: bool = False  # it arrived here by a telegate jump (the telegate does not act)
    wait: Wait | None = None  # a decision the move waits for
    hazard: str | None = None  # the attribute of the failed hazard check waited on
    ignoring: list[str] = []  # Hazards: dials lowered this turn ("laser", "shield")
    used: list[str] = []  # once-per-turn pilot abilities used
    ended: str | None = None  # how the move ended: "landed", "asteroid", "spent", "stopped"
    path: list[str] = []  # the spaces entered this turn, in order (for the log and client)

    @property
    def dashboard(self) -> Dashboard:
        return Dashboard(tuple(self.dice), tuple(self.boxes.items()))

    @property
    def movement_value(self) -> int:
        """Set Speed: the sum of the speed dice, plus any movement points added."""
        return sum(self.dice) + self.bonus

    @property
    def mp_left(self) -> int:
        return self.movement_value - self.spent


Handler = Callable[[Any, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def on(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            HANDLERS[t] = fn
        return fn

    return register


def flight(state: Any) -> Flight:
    """The turn's flight, made on first use (a turn starts in the Declare Heading step)."""
    turn = state.turn
    if turn.flight is None:
        turn.flight = Flight(at=state.players[turn.seat].space)
    f: Flight = turn.flight
    return f


@on("HeadingDeclared")
def _heading(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.heading = d["toward"]
    f.use_drive = d["use_drive"]
    f.stage = "speed"


@on("SpeedRolled")
def _speed(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.dice = list(d["dice"])
    f.stage = "move"
    f.bonus += d.get("bonus", 0)


@on("DieAssigned")
def _assigned(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.boxes[d["box"]] = d["die"]
    if d["box"] == "navigation" and f.wait == "navigation":
        f.wait = None


@on("SpeedDieAdded")
def _throttle(state: Any, d: dict[str, Any]) -> None:
    flight(state).dice.append(d["value"])


@on("SpeedDieRerolled")
def _rerolled(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.dice[d["die"]] = d["value"]
    f.used.append("reroll_speed_die")


@on("MovementAdded")
def _bonus(state: Any, d: dict[str, Any]) -> None:
    flight(state).bonus += d["points"]


@on("ShipMoved")
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


@on("TelegateJumped")
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


@on("MoveWaits")
def _waits(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.wait = d["wait"]
    f.hazard = d.get("hazard")


@on("HazardChecked")
def _checked(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    if d.get("reroll"):
        f.used.append("hazard_reroll")
    f.wait = None
    f.hazard = None


@on("DialLowered")
def _lowered(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    player = state.players[d["seat"]]
    setattr(player, d["dial"], d["to"])
    f.ignoring.append(d["dial"])
    f.wait = None
    f.hazard = None


@on("MoveEnded")
def _ended(state: Any, d: dict[str, Any]) -> None:
    f = flight(state)
    f.stage = "ended"
    f.ended = d["how"]
    f.wait = None
    f.hazard = None


@on("PilotTrained")
def _trained(state: Any, d: dict[str, Any]) -> None:
    state.players[d["seat"]].pilot = d["face"]
