"""The state of one Movement phase: the turn's ``flight``.

Book heading: "Movement Phase" (Declare Heading, Set Speed, Move, End Movement). The
fields are this module's own block of the turn state; the ship's lasting facts (space,
pilot, dials, drive) are the player's. The events' handlers are in ``flight_events.py``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from .dashboard import Dashboard

Stage = Literal["heading", "speed", "move", "ended"]
Wait = Literal["telegate", "exit", "hazard", "navigation", "drill"]


class Flight(BaseModel):
    """The Movement phase in progress (see the module docstring)."""

    stage: Stage = "heading"
    heading: str | None = None  # Declare Heading: the first space to move to
    use_drive: bool = True  # Drives: "he must announce this during the Declare Heading step"
    dice: list[int] = []  # Set Speed: the speed dice rolled (the throttle's die last)
    boxes: dict[str, int] = {}  # Assigning Dice: die box -> index of its die
    bonus: int = 0  # movement points added (pilot ability, pirates won by pilot skill, ...)
    spoiler: str | None = None  # "fancy" / "less_fancy" (Appendix B: Fancy Spoiler)
    spent: int = 0  # movement points spent so far
    at: str | None = None
    start: str | None = None  # the space the ship began the turn on (None: a flight saved before)
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
        """Set Speed: the sum of the speed dice, plus any movement points added (a spoiler:
        +1 on an odd dice total, the Fancy Spoiler +2 on an even one: Appendix B)."""
        total = sum(self.dice)
        return total + self.bonus + spoiler_points(self.spoiler, total)

    @property
    def mp_left(self) -> int:
        return self.movement_value - self.spent


def flight(state: Any) -> Flight:
    """The turn's flight (a turn starts in the Declare Heading step: ``TurnStarted`` makes
    it); made on first use in a state saved before the event made it."""
    turn = state.turn
    if turn.flight is None:
        space = state.players[turn.seat].space
        turn.flight = Flight(at=space, start=space)
    f: Flight = turn.flight
    return f


def movement_open(state: Any) -> bool:
    """Set Speed: "After a player rolls his speed dice, he is committed to moving": the
    Movement phase may be skipped only before the roll."""
    turn = state.turn
    return turn is not None and turn.phase == "movement" and (
        turn.flight is None or turn.flight.stage in ("heading", "speed"))


def spoiler_points(spoiler: str | None, total: int) -> int:
    """Appendix B, Fancy Spoiler: one point on an odd speed dice total, two on an even one;
    the Less Fancy Spoiler one point on an odd total only."""
    if spoiler is None or not total:
        return 0
    if total % 2:
        return 1
    return 2 if spoiler == "fancy" else 0
