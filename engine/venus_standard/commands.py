"""The commands of the standard game: small and intention-shaped, named after the book's
words. A component may keep its commands in its own module; ``parse_command`` reads any
command of a table (``Hooks.commands``: every command class that has a rule, ``order.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import ValidationError

from engine.kernel import BadCommand, Command
from engine.kernel.parsing import first_error

from .state import Dial


def by_type(classes: Iterable[type[Command]]) -> dict[str, type[Command]]:
    """Command classes by their literal ``type`` (each needs one, with a default)."""
    out: dict[str, type[Command]] = {}
    for cls in classes:
        fields: dict[str, Any] = dict(cls.model_fields)
        name = fields["type"].default
        if not isinstance(name, str):
            raise TypeError(f"{cls.__name__} needs a literal type with a default")
        out[name] = cls
    return out


class ChooseDial(Command):
    """Setup 12: the dial set to "2" (the other is set to "1")."""

    type: Literal["ChooseDial"] = "ChooseDial"
    dial: Dial


class SkipMovement(Command):
    """Movement Phase: skip it and stay on the ship's space (to the Transaction phase from a
    surface city or spaceport; else the turn ends)."""

    type: Literal["SkipMovement"] = "SkipMovement"


class EndPhase(Command):
    """End the current phase of one's turn (First Contact, Transaction or Merchant
    Spaceport phase): "End of Transaction Phase", "End of the Merchant Spaceport Phase"."""

    type: Literal["EndPhase"] = "EndPhase"


class RevealFirstContact(Command):
    """Light Speed Game 13: choose and reveal one face-down First Contact card."""

    type: Literal["RevealFirstContact"] = "RevealFirstContact"
    system: str


class EndStep(Command):
    """End one's part of a setup step (Light Speed Game 14: done buying starting goods)."""

    type: Literal["EndStep"] = "EndStep"


class ChooseStart(Command):
    """Light Speed Game 17: the ship's starting space (Galactic Base, or a surface city or
    spaceport of a system whose First Contact card the player holds)."""

    type: Literal["ChooseStart"] = "ChooseStart"
    space: str


class SoloPick(Command):
    """Solo Challenge Setup 10: one of the two starting options."""

    type: Literal["SoloPick"] = "SoloPick"
    pick: str


def parse_command(data: dict[str, Any] | str, commands: Mapping[str, type[Command]]) -> Command:
    """A command of ``commands`` from JSON; a BadCommand names what was wrong."""
    try:
        raw = json.loads(data) if isinstance(data, str) else data
    except ValueError as exc:
        raise BadCommand(f"not a Merchant of Venus command: {exc}") from None
    if not isinstance(raw, dict):
        raise BadCommand("not a Merchant of Venus command: a JSON object with a type")
    kind = raw.get("type")
    cls = commands.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise BadCommand(f"not a Merchant of Venus command: unknown type {kind!r}; known: "
                         f"{', '.join(sorted(commands))}")
    try:
        return cls.model_validate(raw)
    except ValidationError as exc:
        raise BadCommand(f"not a Merchant of Venus command: {first_error(exc)}") from None
