"""The commands of the standard game: small and intention-shaped, named after the book's
words. Each class registers itself with ``@command`` (a component may keep its commands in
its own module; ``wiring.py`` imports it); ``parse_command`` reads any registered one."""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from pydantic import ValidationError

from engine.kernel import BadCommand, Command
from engine.kernel.parsing import first_error

from .state import Dial

C = TypeVar("C", bound=type[Command])
COMMANDS: dict[str, type[Command]] = {}


def command(cls: C) -> C:
    """Register a command class under its literal ``type``."""
    fields: dict[str, Any] = dict(cls.__pydantic_fields__)
    name = fields["type"].default
    if not isinstance(name, str):
        raise TypeError(f"{cls.__name__} needs a literal type with a default")
    COMMANDS[name] = cls
    return cls


@command
class ChooseDial(Command):
    """Setup 12: the dial set to "2" (the other is set to "1")."""

    type: Literal["ChooseDial"] = "ChooseDial"
    dial: Dial


@command
class SkipMovement(Command):
    """Movement Phase: skip it and stay on the ship's space (to the Transaction phase from a
    surface city or spaceport; else the turn ends)."""

    type: Literal["SkipMovement"] = "SkipMovement"


@command
class EndPhase(Command):
    """End the current phase of one's turn (First Contact, Transaction or Merchant
    Spaceport phase): "End of Transaction Phase", "End of the Merchant Spaceport Phase"."""

    type: Literal["EndPhase"] = "EndPhase"


@command
class RevealFirstContact(Command):
    """Light Speed Game 13: choose and reveal one face-down First Contact card."""

    type: Literal["RevealFirstContact"] = "RevealFirstContact"
    system: str


@command
class EndStep(Command):
    """End one's part of a setup step (Light Speed Game 14: done buying starting goods)."""

    type: Literal["EndStep"] = "EndStep"


@command
class ChooseStart(Command):
    """Light Speed Game 17: the ship's starting space (Galactic Base, or a surface city or
    spaceport of a system whose First Contact card the player holds)."""

    type: Literal["ChooseStart"] = "ChooseStart"
    space: str


@command
class SoloPick(Command):
    """Solo Challenge Setup 10: one of the two starting options."""

    type: Literal["SoloPick"] = "SoloPick"
    pick: str


def parse_command(data: dict[str, Any] | str) -> Command:
    """A command from JSON; a BadCommand names what was wrong."""
    try:
        raw = json.loads(data) if isinstance(data, str) else data
    except ValueError as exc:
        raise BadCommand(f"not a Merchant of Venus command: {exc}") from None
    if not isinstance(raw, dict):
        raise BadCommand("not a Merchant of Venus command: a JSON object with a type")
    kind = raw.get("type")
    cls = COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise BadCommand(f"not a Merchant of Venus command: unknown type {kind!r}; known: "
                         f"{', '.join(sorted(COMMANDS))}")
    try:
        return cls.model_validate(raw)
    except ValidationError as exc:
        raise BadCommand(f"not a Merchant of Venus command: {first_error(exc)}") from None
