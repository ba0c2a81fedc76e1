"""Hints for learners: "What would a strong player do?" (``docs/players.md``, "Bot levels and
hints").

``POST /api/tables/{table_id}/hint`` with a seat's link, at a table whose host turned hints on
(``tables.hints``; off by default, and the lobby says to everyone when it is on), while the
game waits for that seat: the game's strongest level (``levels.strongest_level``) thinks for
the seat, off the event loop (``Bots.think``: a searching bot in the worker process), and the
answer is one of the seat's legal commands and the bot's one-line reason. The bot sees the
seat's view and legal commands only (``engine.bots.act``), so a hint knows no more than the
player who asks. A seat has one hint thought out at a time; a hint asked again at the same seq
is the one given before (the same bot, the same seed).
"""

from __future__ import annotations

import logging
from collections import OrderedDict

from fastapi import APIRouter, Request

from . import store
from .api import ERRORS, TableId, fail, limit, svc, who
from .bots import AGAIN
from .db import reading
from .levels import level_kind, strongest_level
from .schemas import HintIn, HintOut

router = APIRouter(prefix="/api", responses=ERRORS, tags=["tables"])
log = logging.getLogger("starport.service")

KEPT = 256  # hints kept, by (table, seat, seq)
_given: OrderedDict[tuple[str, int, int], HintOut] = OrderedDict()
_thinking: set[tuple[str, int]] = set()  # seats whose hint is being thought out


@router.post("/tables/{table_id}/hint")
async def hint(table_id: TableId, body: HintIn, request: Request) -> HintOut:
    """What a strong player would do now, for the asking seat (its link): a legal command and
    a one-line reason. 409 when the table's hints are off, the game does not wait for the
    seat, or it moved on from ``seq``; 429 while the seat's last hint is being thought out."""
    ident = await who(request, table_id, "seat")
    await limit(request, "command", f"hint/{table_id}/{ident.seat}")
    service = svc(request)
    seat = ident.seat if ident.seat is not None else -1

    def read() -> object:
        with reading(service.engine) as conn:
            return store.table(conn, table_id)

    table = await service.db(read)
    if table is None:
        fail(404, "not_found", "no such table")
    if not getattr(table, "hints", False):
        fail(409, "hints_off", "hints are off at this table (the host chooses)")
    if getattr(table, "status", None) != "playing":
        fail(409, "refused", "hints are for a game being played")
    key = (table_id, seat, body.seq)
    given = _given.get(key)
    if given is not None:
        return given
    entry = await service.fresh_entry(table_id)
    if entry is None or entry.finished:
        fail(409, "refused", "hints are for a game being played")
    if entry.seq != body.seq:
        fail(409, "conflict", "the game moved on: ask again", seq=entry.seq)
    if seat not in entry.pending_seats():
        fail(409, "refused", "the game does not wait for your seat now")
    if (table_id, seat) in _thinking:
        fail(429, "rate_limited", "your hint is being thought out")
    level = strongest_level(entry.hosted)
    kind = level_kind(entry.hosted, level)
    _thinking.add((table_id, seat))
    try:
        answer = await service.think(entry, seat, kind,
                                     seed=store.digest(f"hint|{kind}|{entry.game.seed}"))
    except Exception:
        log.exception("no hint in %s at seq %s", table_id, body.seq)
        fail(503, "unavailable", "no hint could be thought out now: try again")
    finally:
        _thinking.discard((table_id, seat))
    if answer is AGAIN:
        fail(409, "conflict", "the game moved on: ask again", seq=entry.seq)
    seq, command, reason = answer
    if command is None:
        fail(409, "refused", "there is nothing to do for your seat now")
    if seq != body.seq:
        fail(409, "conflict", "the game moved on: ask again", seq=seq)
    out = HintOut(seq=seq, command=command.model_dump(mode="json"), reason=reason,
                  level=level, kind=kind)
    _given[key] = out
    while len(_given) > KEPT:
        _given.popitem(last=False)
    return out
