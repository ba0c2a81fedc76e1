"""Event and command envelopes shared by every ruleset.

An event is a fact that happened, numbered by ``seq`` within its game, with an audience:
everyone, only some seats, or nobody (a secret recorded for the later reveal and for the
full replay of a finished game). A command is a request by a seat; each ruleset defines its
command models as subclasses of :class:`Command` with a literal ``type``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .fastmodel import made

EVENT_SCHEMA_VERSION = 1

SPECTATOR = -1  # the viewer id of someone without a seat

# who chose a command, when not its seat's player (``Event.by``)
PlayedBy = Literal["bot", "clock"] | None


class Audience(BaseModel):
    """Who may read an event's payload."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["public", "seats", "nobody"] = "public"
    seats: tuple[int, ...] = ()

    def admits(self, viewer: int) -> bool:
        if self.kind == "public":
            return True
        if self.kind == "seats":
            return viewer in self.seats
        return False


PUBLIC = Audience()
NOBODY = Audience(kind="nobody")


def only(*seats: int) -> Audience:
    return Audience(kind="seats", seats=tuple(seats))


class Event(BaseModel):
    """One entry of a game's log. ``type_public`` says whether outsiders may see the type.

    Frozen: an event is a fact, replaced (``model_copy``), never changed; so the events
    ``event`` makes may share one set of the fields they were given (pydantic adds to that
    set only on an attribute assignment, which freezing forbids, and ``model_copy`` copies it
    first): a set of field names is 472 bytes and a tracked object, per event in memory."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seq: int = 0
    type: str
    data: dict[str, Any] = Field(default_factory=dict)
    audience: Audience = PUBLIC
    type_public: bool = True
    v: int = EVENT_SCHEMA_VERSION
    # the seat whose command this event opens (``Game.decide`` sets it on a command's first
    # event; None elsewhere): the command boundaries take-backs need (``takeback.py``)
    actor: int | None = None
    # who chose that command, on the same first event: None for the seat's player (and for
    # every event logged before the mark existed), ``"bot"`` for a bot playing the seat (a bot
    # seat, a seat the host gave a bot, a turn whose time per move ran out), ``"clock"`` for
    # a countdown that ran out (silence answers, ``GameDefinition.timeout_commands``);
    # docs/architecture.md, "Who played a command"
    by: PlayedBy = None

    def redacted_for(self, viewer: int) -> dict[str, Any]:
        """What ``viewer`` may receive: the whole event, or only its seq (and maybe type).
        A command's first event says whose command it is and who chose it, whatever its
        audience (``actor``, ``by``: ``"player"``, ``"bot"`` or ``"clock"``): whom a prompt
        waits for is public, and so is a bot or a clock playing for a seat."""
        out: dict[str, Any]
        if self.audience.admits(viewer):
            out = {"seq": self.seq, "type": self.type, "data": self.data, "v": self.v}
        else:
            out = {"seq": self.seq, "redacted": True}
            if self.type_public:
                out["type"] = self.type
        if self.actor is not None:
            out["actor"] = self.actor
            out["by"] = self.by or "player"
        return out


def event(
    type_: str,
    audience: Audience = PUBLIC,
    *,
    type_public: bool = True,
    **data: Any,
) -> Event:
    """Build an event (its ``seq`` is assigned by the game when it is appended).

    Made without pydantic's validation when the arguments are what validation would keep
    as they are (a ``str`` type, an ``Audience``, a ``bool``; ``data`` is the keyword
    arguments' own fresh dict, whose ``str`` keys and ``Any`` values validation passes
    through): the same object ``Event(...)`` would make, fields, their order and
    ``model_fields_set`` included, in a fraction of the time (a few events a command,
    each validated then copied by ``number``: ``docs/performance.md``, The levers). Anything else
    is validated."""
    if type(type_) is not str or type(audience) is not Audience \
            or type(type_public) is not bool:
        return Event(type=type_, data=data, audience=audience, type_public=type_public)
    return made(Event, {"seq": 0, "type": type_, "data": data, "audience": audience,
                        "type_public": type_public, "v": EVENT_SCHEMA_VERSION, "actor": None,
                        "by": None},
                MADE_FIELDS)


# the fields ``event`` sets, shared by the events it makes (``Event`` is frozen: never added to)
MADE_FIELDS = {"type", "data", "audience", "type_public"}


class Command(BaseModel):
    """Base of every ruleset's commands: a literal ``type`` field is the discriminator."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: str
