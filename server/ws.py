"""The websocket of a game and viewer.

Protocol (JSON text messages):

- client → ``{"type": "hello", "after": <last seq it has>, "token": "..." (or the cookie),
  "chat_after": <last chat id>, "view": false}``
- server → ``{"type": "hello", "role", "seat", "seq", "table"}``, then
  ``{"type": "events", "events": [...]}`` with the missing redacted events and then every new
  one, in order, each once; ``{"type": "view", ...}`` after them when asked for;
  ``{"type": "your_turn", "seq", "prompt"}`` when this seat becomes one the game waits for;
  ``{"type": "chat", "message"}``; ``{"type": "table", "table"}`` when the lobby changes;
  ``{"type": "presence", "online": [seats]}`` when a seat's first tab opens or its last one
  closes; ``{"type": "ping", "seq"}`` now and then; ``{"type": "error", "code", "message"}`` before
  a refusal and the close (1008): ``bad_hello``, ``unauthorized``, ``not_found``,
  ``revoked`` (the host re-issued this seat's link), ``rate_limited`` (too many messages);
  ``unavailable`` (the database is down) closes with 1013, "try again later".
- client → ``{"type": "resync", "after": n}`` (after a gap), ``{"type": "ping"}``.
- client → ``{"type": "command", "seq", "client_id", "command"}``: a seat's command, as the
  HTTP ``POST .../commands`` body, with the same checks in the same order (``commands.py``);
  server → ``{"type": "ack", "client_id", "first_seq", "seq", "duplicate"}`` (the events
  come as usual, pushed), or ``{"type": "error", "for": "command", "client_id", "status",
  "code", "message", ...}`` where ``status`` and the rest are what the ``POST`` would answer
  (409 with ``seq`` for a conflict, 422 naming the rule, 401/403, 429). With ``"view":
  true`` in the hello, each push is followed by the seat's view: its legal commands,
  prompt, reachable destinations (``extras``) -- no ``/view`` round trip per event.
  With ``"inline_view": true`` the view rides in the ``events`` message (``"view"``), and
  with ``"view_delta": true`` too it leaves out the shared parts still those of the last
  view pushed on this socket, named in ``"same": [...]`` (``frames.py``); with
  ``"inline_ack": true`` a command's ack rides in the ``events`` message that brings its
  events to this socket (``"ack": {"client_id", "first_seq", "seq", "duplicate"}``): one
  frame for the acting socket instead of two. An ack whose events this socket already has
  (a duplicate, or events pushed before the command was answered) still comes on its own.

A socket's full resends (``resync``) coalesce to ``RESYNCS`` a second: a client asking
faster gets one resend from the lowest seq it asked for, not one per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.routing import WebSocketRoute

from . import frames, store
from .api import chat_out, lobby_of
from .commands import Refusal, run_command
from .db import reading
from .hub import Subscriber
from .pace import Pace
from .pushes import Moved, delivered, push_game, seat_frames, turn_frames
from .schemas import ID_MAX, SEQ_MAX, CommandIn
from .security import COOKIES, client_key, origin_allowed
from .service import Service
from .wsproto import frames_sender, send_frames, send_text

log = logging.getLogger("starport.ws")

POLICY = 1008  # close codes: policy violation, message too big
TOO_BIG = 1009
TRY_AGAIN = 1013
DATABASE_DOWN = (OperationalError, InterfaceError, PoolTimeout)
HELLO_TIMEOUT = 10.0
# full resends (``resync``: work as long as the log) one socket gets a second (burst)
RESYNCS = (1.0, 3.0)


class Hello(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: str = "hello"
    after: int = Field(0, ge=0, le=SEQ_MAX)
    chat_after: int = Field(0, ge=0, le=ID_MAX)
    token: str | None = Field(None, max_length=200)
    view: bool = False
    inline_view: bool = False
    inline_ack: bool = False
    # the pushed view without the shared parts the client still has from the last one
    # (``"same"`` names them: frames.py)
    view_delta: bool = False


dumps = frames.dumps


# what a client that goes away raises at our next send or receive (uvicorn's
# ClientDisconnected is an OSError): a normal end of a socket, not an error of ours
GONE = (WebSocketDisconnect, RuntimeError, OSError)


async def game_socket(websocket: WebSocket) -> None:
    """``/api/tables/{table_id}/ws``: a plain Starlette route (no FastAPI dependency
    machinery kept alive per socket: an idle socket holds as little memory as it can)."""
    # gone between two steps (say, right after its hello): nothing to report
    with contextlib.suppress(*GONE):
        table_id = str(websocket.path_params["table_id"])
        try:
            await _serve(websocket, table_id)
        except DATABASE_DOWN:  # as HTTP answers 503: try again later
            log.warning("database unavailable for a websocket of %s", table_id)
            await _refuse(websocket, "unavailable", "the database is unavailable; try again "
                          "shortly", close=TRY_AGAIN)


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
    opened = await _open(service, websocket, table_id)
    if opened is None:
        return
    sub, tokens = opened
    direct = frames_sender(websocket)
    if direct is not None and sub.want_view and sub.inline_view:
        sub.direct = direct
        if service.hub.pusher is None:
            service.hub.pusher = functools.partial(push_game, service)
    cap = service.settings.ws_max_message
    service.hub.add(sub)
    sub.poke("r")  # the link may have been re-issued since it was checked above
    sub.poke("g")
    sub.poke("c")
    sender = asyncio.ensure_future(_send_loop(service, websocket, sub))
    resyncs = Pace(*RESYNCS)
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
                parsed = orjson.loads(data)
            except ValueError:
                parsed = None
            kind = parsed.get("type") if isinstance(parsed, dict) else None
            if kind == "resync" and isinstance(parsed, dict):
                after = parsed.get("after")
                if isinstance(after, int) and 0 <= after <= SEQ_MAX:
                    sub.sent = after  # resends coalesce: at most RESYNCS a second
                    _paced_poke(sub, resyncs)
            elif kind == "ping":
                await send_text(websocket, dumps({"type": "pong"}))
            elif kind == "command" and isinstance(parsed, dict):
                await _command(service, websocket, sub, tokens, parsed)
            del msg, data, parsed  # nothing of a message outlives its handling
    except GONE:
        pass
    finally:
        service.hub.remove(sub)
        sub.direct = None
        if sub.later is not None:
            sub.later.cancel()
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender


async def _open(service: Service, websocket: WebSocket, table_id: str
                ) -> tuple[Subscriber, list[str]] | None:
    """The hello: who this is, the lobby sent back; the subscriber and the tokens to keep
    (None after a refusal). Its own function, so the hello's objects are freed at once."""
    cap = service.settings.ws_max_message
    try:
        raw = await asyncio.wait_for(_receive_data(websocket), HELLO_TIMEOUT)
    except (TimeoutError, *GONE):
        with contextlib.suppress(Exception):
            await websocket.close(code=POLICY)
        return None
    if len(raw) > cap:
        await websocket.close(code=TOO_BIG)
        return None
    try:
        hello = Hello.model_validate_json(raw)
    except ValidationError:
        await _refuse(websocket, "bad_hello", "the first message must be a hello")
        return None
    tokens = [t for t in [hello.token, *(websocket.cookies.get(c) for c in COOKIES.values())]
              if t]

    found = await service.identify(table_id, tokens[:4])
    ident = found[0] if found else None
    if ident is None:
        await _refuse(websocket, "unauthorized", "no valid link for this table")
        return None
    table = await service.db(lobby_of, service, table_id)
    if table is None:
        await _refuse(websocket, "not_found", "no such table")
        return None
    sub = Subscriber(table_id, ident.viewer, ident.role, sent=hello.after,
                     digest=ident.digest, chat_sent=hello.chat_after, want_view=hello.view,
                     inline_view=hello.inline_view, inline_ack=hello.inline_ack,
                     view_delta=hello.view_delta)
    await send_text(websocket, dumps({"type": "hello", "role": ident.role, "seat": ident.seat,
                                      "seq": table.seq or 0,
                                      "table": table.model_dump(mode="json")}))
    return sub, tokens[:4]


async def _command(service: Service, websocket: WebSocket, sub: Subscriber,
                   tokens: list[str], parsed: dict[str, Any]) -> None:
    """A ``command`` message: parse, the seat (its link looked up again, as HTTP does, so a
    re-issued link stops working here too), then ``run_command``; ack or error. With
    ``inline_ack`` the ack is handed to the sender, which puts it in the events message that
    brings the command's events to this socket."""
    table_id = sub.table_id
    raw_id = parsed.get("client_id")
    client_id = raw_id if isinstance(raw_id, str) and len(raw_id) <= 64 else None
    try:
        body = CommandIn.model_validate({k: v for k, v in parsed.items() if k != "type"})
        found = await service.identify(table_id, tokens)
        if not found:
            raise Refusal(401, "unauthorized", "no valid link for this table")
        ident = next((i for i in found if i.role == "seat"), found[0])  # else 403
        out = await run_command(service, websocket.app.state.limits, ident, body)
    except ValidationError as exc:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid command"}
        where = ".".join(["body", *(str(p) for p in first.get("loc", ()))])  # as the POST
        await send_text(websocket, dumps({"type": "error", "for": "command",
                                          "client_id": client_id, "status": 422,
                                          "code": "invalid",
                                          "message": f"{where}: {first.get('msg', '')}"}))
        return
    except Refusal as refusal:
        await send_text(websocket, dumps({"type": "error", "for": "command",
                                          "client_id": client_id, "status": refusal.status,
                                          **refusal.detail()}))
        return
    ack = {"client_id": body.client_id, "first_seq": out.first_seq, "seq": out.seq,
           "duplicate": out.duplicate}
    if sub.inline_ack and sub.ack is None and sub.sent < out.seq:
        sub.ack = ack  # its events are on their way to this socket: they carry it
        if not sub.queued:  # else the hub's direct push, next turn, takes it along
            sub.poke("g")
        return
    await send_text(websocket, dumps({"type": "ack", **ack}))


async def _lone_ack(websocket: WebSocket, sub: Subscriber) -> None:
    """An ack whose events this socket had by other means (a catch-up): sent on its own."""
    ack = sub.ack
    if ack is not None and sub.sent >= ack["seq"]:
        sub.ack = None
        await send_text(websocket, dumps({"type": "ack", **ack}))


def _paced_poke(sub: Subscriber, pace: Pace) -> None:
    """Wake the sender now if the pace allows, else once it does (one timer at most)."""
    if sub.later is not None:
        return  # a resend is scheduled already: it will send from ``sub.sent``
    wait = pace.try_take()
    if wait == 0.0:
        sub.poke("g")
        return

    def fire() -> None:
        sub.later = None
        _paced_poke(sub, pace)

    sub.later = asyncio.get_running_loop().call_later(wait, fire)




async def allowed(websocket: WebSocket, kind: str, key: str) -> bool:
    """The rate limit of ``kind`` (``STARPORT_RATE_LIMITS``) lets this client go on."""
    return bool(await websocket.app.state.limits.allow(kind, key))


async def _refuse(websocket: WebSocket, code: str, message: str, *,
                  close: int = POLICY) -> None:
    with contextlib.suppress(Exception):
        await send_text(websocket, dumps({"type": "error", "code": code, "message": message}))
        await websocket.close(code=close)


async def _send_loop(service: Service, websocket: WebSocket, sub: Subscriber) -> None:
    """Send what the viewer lacks whenever woken: events in order (each once), then extras."""
    try:
        while True:
            kinds = await sub.woken()
            if "r" in kinds and not await service.token_live(sub.digest):
                await _refuse(websocket, "revoked", "this link was re-issued by the host")
                return
            if "t" in kinds:
                await service.table_changed(sub.table_id)
                table = await service.db(lobby_of, service, sub.table_id)
                if table is not None:
                    await send_text(websocket, dumps({"type": "table",
                                                      "table": table.model_dump(mode="json")}))
                kinds.add("g")
            if "o" in kinds and "t" not in kinds:  # a lobby carries the seats online too
                online = sorted(service.hub.seats_online(sub.table_id))
                await send_text(websocket, dumps({"type": "presence", "online": online}))
            if "c" in kinds:
                await _send_chat(service, websocket, sub)
            if "g" in kinds or "p" in kinds:
                await _send_events(service, websocket, sub)
                await _lone_ack(websocket, sub)
            if "p" in kinds:
                await send_text(websocket, dumps({"type": "ping", "seq": sub.sent}))
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
        await send_text(websocket, dumps({"type": "chat",
                                          "message": chat_out(row).model_dump(mode="json")}))
        sub.chat_sent = row.id


async def _send_events(service: Service, websocket: WebSocket, sub: Subscriber) -> None:
    """The events this socket lacks and what comes with them (``pushes.seat_frames``): from
    memory, or read from the database for a catch-up."""
    entry = await service.fresh_entry(sub.table_id, read_head=False)  # woken by hints
    if entry is None:
        return
    if sub.sent > entry.committed:  # the client claims events we do not have: start over
        await send_text(websocket, dumps({"type": "reset", "seq": entry.committed}))
        sub.sent = 0
    events = await service.events_after(entry, sub.sent)
    moved = Moved(entry)
    if not events:
        if moved.settled and sub.sent == entry.committed:  # a table change: who is waited for
            turn = turn_frames(moved, sub)
            if turn:
                await send_frames(websocket, turn)
        return
    push = seat_frames(moved, sub, events)
    delivered(sub, push)
    await send_frames(websocket, push[0])


HEARTBEAT_SLICES = 20  # the tables' pings are spread over this many steps of an interval


async def heartbeat(service: Service, interval: float) -> None:
    """An application-level ping with the head seq, so idle clients can spot a gap.

    Every socket gets one per ``interval``, but not all at once: each step of
    ``interval / HEARTBEAT_SLICES`` pings the tables of one slice (a table's slice is its
    id's hash). Waking every socket in one turn of the loop (800 at 200 games) stalled it
    for tens of milliseconds every interval (``docs/performance.md``, "The levers")."""
    service.hub.presence_ttl = 3 * interval
    step = 0
    while True:
        await asyncio.sleep(interval / HEARTBEAT_SLICES)
        step = (step + 1) % HEARTBEAT_SLICES
        if step == 0:
            service.repeat_presence()
        for table_id in heartbeat_slice(list(service.hub.subs), step):
            for sub in list(service.hub.watching(table_id)):
                sub.poke("p")


def heartbeat_slice(table_ids: list[str], step: int) -> list[str]:
    """The tables whose sockets are pinged at this step of the heartbeat."""
    return [t for t in table_ids if hash(t) % HEARTBEAT_SLICES == step]


route = WebSocketRoute("/api/tables/{table_id}/ws", game_socket)
