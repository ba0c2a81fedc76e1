"""The commands of the Movement phase ("Movement Phase", "Assigning Dice", "Bumps Along the
Way", "Pilots"); their rules are ``helm_legal.RULES``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.kernel import Command


class DeclareHeading(Command):
    """Declare Heading: point the ship toward ``toward`` (None: keep the way it faces);
    ``use_drive`` False announces the drive unused this turn (Drives)."""

    type: Literal["DeclareHeading"] = "DeclareHeading"
    toward: str | None = None
    use_drive: bool = True


class RollSpeed(Command):
    """Set Speed: roll the three speed dice."""

    type: Literal["RollSpeed"] = "RollSpeed"


class AssignDie(Command):
    """Assigning Dice: speed die ``die`` (its index in the rolled dice) to ``box``:
    "navigation", "throttle" or "upgrade:<tech>"."""

    type: Literal["AssignDie"] = "AssignDie"
    die: int = Field(ge=0, le=3)
    box: str


class RerollDie(Command):
    """A pilot ability (ours): reroll one unassigned speed die before moving."""

    type: Literal["RerollDie"] = "RerollDie"
    die: int = Field(ge=0, le=3)


class UseHardBurn(Command):
    """Appendix B, Hard Burn: 10 more movement points after rolling (the token returns)."""

    type: Literal["UseHardBurn"] = "UseHardBurn"


class Step(Command):
    """Move: to the next space ``to`` (the first space past any a drive skips)."""

    type: Literal["Step"] = "Step"
    to: str


class MoveTo(Command):
    """Move along ``path`` (a reachable destination's path), stopping early where a decision
    or a card interrupts the move."""

    type: Literal["MoveTo"] = "MoveTo"
    path: list[str] = Field(min_length=1, max_length=80)


class DeclineNavigation(Command):
    """Navigation Spaces: leave without a navigation die (the player to the left chooses)."""

    type: Literal["DeclineNavigation"] = "DeclineNavigation"


class ChooseExit(Command):
    """Navigation Spaces: the player to the current player's left chooses the exit."""

    type: Literal["ChooseExit"] = "ChooseExit"
    to: str


class RollTelegate(Command):
    """Telegates step 3: roll the purple effect die to pick the telegate."""

    type: Literal["RollTelegate"] = "RollTelegate"


class AnswerHazard(Command):
    """Hazards: after a failed check, "stop" there, "push_on" lowering the dial (laser,
    shield), or "reroll" (a pilot ability, ours)."""

    type: Literal["AnswerHazard"] = "AnswerHazard"
    choice: Literal["stop", "push_on", "reroll"]


class PlaceDrill(Command):
    """Asteroids / Drills: on the asteroid space just entered, place one of his drill tokens
    (``place``) or not ("can place one of his drill tokens")."""

    type: Literal["PlaceDrill"] = "PlaceDrill"
    place: bool = True


class Land(Command):
    """End Movement: land on the surface city, spaceport or asteroid just entered."""

    type: Literal["Land"] = "Land"


class TrainPilot(Command):
    """Pilots > Upgrading Pilots: train to the Pilot card face ``face`` (c60)."""

    type: Literal["TrainPilot"] = "TrainPilot"
    face: str
