"""A seat's command, the same whichever way it comes (HTTP ``POST .../commands`` or a
websocket ``command`` message): one function runs the checks in the order of
``docs/architecture.md`` ("The path of a command") after
the parse and the caller's identity, and maps every refusal to the HTTP status and body the
``POST`` answers (409 conflict / not started, 422 rule, 429 too many).

Order of checks: parse (the transport's), authenticate the seat (the transport's), pace,
then ``Service.submit``: load, game not over, actor may act now, rules, ``seq`` still
current, append, publish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kernel import CommandRejected

from . import store
from .entries import NotFound, Outcome, Stale
from .schemas import CommandIn, CommandOut
from .security import RateLimits
from .service import Service


@dataclass
class Refusal(Exception):
    """A command refused: the HTTP status and the ``detail`` body the POST answers."""

    status: int
    code: str
    message: str
    extra: dict[str, Any] = field(default_factory=dict)

    def detail(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}


async def run_command(service: Service, limits: RateLimits, ident: store.Identity,
                      body: CommandIn) -> Outcome:
    """Play ``body`` for the seat ``ident``; raise ``Refusal`` with the POST's answer."""
    if ident.role != "seat" or ident.seat is None:
        raise Refusal(403, "forbidden", "this needs a seat link")
    if not await limits.allow("command", ident.digest):
        raise Refusal(429, "rate_limited", "too many command requests; slow down")
    try:
        out = await service.submit(ident.table_id, ident.viewer, body.seq, body.client_id,
                                   body.command)
    except NotFound:
        raise Refusal(409, "not_started", "the game has not started") from None
    except Stale as exc:
        raise Refusal(409, "conflict", f"the game is at seq {exc.seq}; reload and decide again",
                      {"seq": exc.seq}) from None
    except CommandRejected as exc:
        d = exc.to_dict()
        raise Refusal(422, d.pop("code"), d.pop("message"), dict(d)) from None
    return out


def command_out(out: Outcome, ident: store.Identity) -> CommandOut:
    """The ``POST``'s answer: the new events redacted for the seat (a websocket's ack carries
    none: its events come pushed)."""
    return CommandOut(first_seq=out.first_seq, seq=out.seq, duplicate=out.duplicate,
                      events=[ev.redacted_for(ident.viewer) for ev in out.events])
