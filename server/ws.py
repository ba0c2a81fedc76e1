"""The websocket of a game and viewer.

Protocol (JSON text messages):

- client → ``{"type": "hello", "after": <last seq it has>, "token": "..." (or the cookie),
  "chat_after": <last chat id>, "view": false}``
- server → ``{"type": "hello", "role", "seat", "seq", "table"}``, then
  ``{"type": "events", "events": [...]}`` with the missing redacted events and then every new
  one, in order, each once; ``{"type": "view", ...}`` after them when asked for;
  ``{"type": "your_turn", "seq", "prompt"}`` when this seat becomes one the game waits for;
  ``{"type": "chat", "message"}``; ``{"type": "table", "table"}`` when the lobby changes;
  ``{"type": "ping", "seq"}`` now and then; ``{"type": "error", "code", "message"}`` before
  a refusal and the close (1008): ``bad_hello``, ``unauthorized``, ``not_found``,
  ``revoked`` (the host re-issued this seat's link), ``rate_limited`` (too many messages).
- client → ``{"type": "resync", "after": n}`` (after a gap), ``{"type": "ping"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import store
from .api import chat_out, lobby_of, view_of
from .db import reading
from .hub import Subscriber
from .schemas import ID_MAX, SEQ_MAX
from .security import COOKIES, client_key, origin_allowed
from .service import Service

router = APIRouter()
log = logging.getLogger("starport.ws")

POLICY = 1008  # close codes: policy violation, message too big
TOO_BIG = 1009
HELLO_TIMEOUT = 10.0


class Hello(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: str = "hello"
    after: int = Field(0, ge=0, le=SEQ_MAX)
    chat_after: int = Field(0, ge=0, le=ID_MAX)
    token: str | None = Field(None, max_length=200)
    view: bool = False


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"))


# what a client that goes away raises at our next send or receive (uvicorn's
# ClientDisconnected is an OSError): a normal end of a socket, not an error of ours
GONE = (WebSocketDisconnect, RuntimeError, OSError)


@router.websocket("/api/tables/{table_id}/ws")
async def game_socket(websocket: WebSocket, table_id: str) -> None:
    # gone between two steps (say, right after its hello): nothing to report
    with contextlib.suppress(*GONE):
        await _serve(websocket, table_id)


async def _receive_data(websocket: WebSocket) -> str | bytes:
    """The next message's text (or bytes): a binary hello is read like a text one."""
    msg = await websocket.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    return msg.get("text") or msg.get("bytes") or ""


async def _serve(websocket: WebSocket, table_id: str) -> None:
    service: Service = websocket.app.state.service
    if not origin_allowed(websocket, service.settings.allowed_origins) or not await allowed(
            websocket, "connect", client_key(websocket)):
        await websocket.close(code=POLICY)  # before accept: the upgrade is refused (403)
        return
    await websocket.accept()
    cap = service.settings.ws_max_message
    try:
        raw = await asyncio.wait_for(_receive_data(websocket), HELLO_TIMEOUT)
    except (TimeoutError, *GONE):
        with contextlib.suppress(Exception):
            await websocket.close(code=POLICY)
        return
    if len(raw) > cap:
        await websocket.close(code=TOO_BIG)
        return
    try:
        hello = Hello.model_validate_json(raw)
    except ValidationError:
        await _refuse(websocket, "bad_hello", "the first message must be a hello")
        return
    tokens = [t for t in [hello.token, *(websocket.cookies.get(c) for c in COOKIES.values())]
              if t]

    found = await service.identify(table_id, tokens[:4])
    ident = found[0] if found else None
    if ident is None:
        await _refuse(websocket, "unauthorized", "no valid link for this table")
        return
    table = await service.db(lobby_of, service, table_id)
    if table is None:
        await _refuse(websocket, "not_found", "no such table")
        return
    sub = Subscriber(table_id, ident.viewer, ident.role, sent=hello.after,
                     digest=ident.digest, chat_sent=hello.chat_after, want_view=hello.view)
    await websocket.send_text(dumps({"type": "hello", "role": ident.role, "seat": ident.seat,
                                     "seq": table.seq or 0,
                                     "table": table.model_dump(mode="json")}))
    service.hub.add(sub)
    sub.poke("r")  # the link may have been re-issued since it was checked above
    sub.poke("g")
    sub.poke("c")
    sender = asyncio.ensure_future(_send_loop(service, websocket, sub))
    try:
        while True:
            msg = await websocket.receive()
            if msg["type"] == "websocket.disconnect":
                break
            data = msg.get("text") or msg.get("bytes") or ""
            if len(data) > cap:
                await websocket.close(code=TOO_BIG)
                break
            if not await allowed(websocket, "ws", sub.digest):
                await _refuse(websocket, "rate_limited", "too many messages; slow down")
                break
            try:
                parsed = json.loads(data)
            except ValueError:
                parsed = None
            kind = parsed.get("type") if isinstance(parsed, dict) else None
            if kind == "resync" and isinstance(parsed, dict):
                after = parsed.get("after")
                if isinstance(after, int) and 0 <= after <= SEQ_MAX:
                    sub.sent = after
                    sub.poke("g")
            elif kind == "ping":
                await websocket.send_text(dumps({"type": "pong"}))
    except GONE:
        pass
    finally:
        service.hub.remove(sub)
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender


async def allowed(websocket: WebSocket, kind: str, key: str) -> bool:
    """The rate limit of ``kind`` (``STARPORT_RATE_LIMITS``) lets this client go on."""
    return bool(await websocket.app.state.limits.allow(kind, key))


async def _refuse(websocket: WebSocket, code: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(dumps({"type": "error", "code": code, "message": message}))
        await websocket.close(code=POLICY)


async def _send_loop(service: Service, websocket: WebSocket, sub: Subscriber) -> None:
    """Send what the viewer lacks whenever woken: events in order (each once), then extras."""
    try:
        while True:
            await sub.wake.wait()
            sub.wake.clear()
            kinds, sub.kinds = sub.kinds, set()
            if "r" in kinds and not await service.token_live(sub.digest):
                await _refuse(websocket, "revoked", "this link was re-issued by the host")
                return
            if "t" in kinds:
                await service.table_changed(sub.table_id)
                table = await service.db(lobby_of, service, sub.table_id)
                if table is not None:
                    await websocket.send_text(dumps({"type": "table",
                                                     "table": table.model_dump(mode="json")}))
                kinds.add("g")
            if "c" in kinds:
                await _send_chat(service, websocket, sub)
            if "g" in kinds or "p" in kinds:
                await _send_events(service, websocket, sub)
            if "p" in kinds:
                await websocket.send_text(dumps({"type": "ping", "seq": sub.sent}))
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("websocket sender failed")
        with contextlib.suppress(Exception):
            await websocket.close(code=1011)


async def _send_chat(service: Service, websocket: WebSocket, sub: Subscriber) -> None:
    def read() -> list[Any]:
        with reading(service.engine) as conn:
            return store.chat(conn, sub.table_id, sub.chat_sent)

    for row in await service.db(read):
        await websocket.send_text(dumps({"type": "chat",
                                         "message": chat_out(row).model_dump(mode="json")}))
        sub.chat_sent = row.id


async def _send_events(service: Service, websocket: WebSocket, sub: Subscriber) -> None:
    entry = await service.fresh_entry(sub.table_id, read_head=False)  # woken by hints
    if entry is None:
        return
    if sub.sent > entry.committed:  # the client claims events we do not have: start over
        await websocket.send_text(dumps({"type": "reset", "seq": entry.committed}))
        sub.sent = 0
    events = await service.events_after(entry, sub.sent)
    if events:
        await websocket.send_text(dumps({
            "type": "events", "events": [ev.redacted_for(sub.viewer) for ev in events]}))
        sub.sent = events[-1].seq
    if entry.seq != entry.committed or sub.sent != entry.committed:
        return  # a command is being written: the next wake-up sends the rest and the extras
    pending = entry.pending()
    waiting = pending is not None and sub.viewer in pending.seats and not entry.finished
    if waiting and not sub.was_pending and sub.role == "seat":
        await websocket.send_text(dumps({"type": "your_turn", "seq": entry.seq,
                                         "prompt": pending.prompt if pending else ""}))
    sub.was_pending = waiting
    if sub.want_view and events:
        ident = store.Identity(sub.table_id, sub.role,
                               sub.viewer if sub.role == "seat" else None, "")
        await websocket.send_text(dumps({"type": "view",
                                         **view_of(entry, ident).model_dump(mode="json")}))


async def heartbeat(service: Service, interval: float) -> None:
    """An application-level ping with the head seq, so idle clients can spot a gap."""
    while True:
        await asyncio.sleep(interval)
        for group in list(service.hub.subs.values()):
            for sub in list(group):
                sub.poke("p")
