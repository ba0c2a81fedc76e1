"""HTTP endpoints for tables, seats, commands, history, export/import and chat."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import re
import secrets
from typing import Annotated, Any, NoReturn

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.exceptions import HTTPException
from pydantic import BaseModel
from sqlalchemy import Connection

from engine.kernel import SPECTATOR, CommandRejected, Game

from . import frames, store
from .addresses import mail_refusal, url_refusal
from .commands import Refusal, command_out, run_command
from .db import reading, writing
from .entries import FINISHED, NotFound
from .levels import DEFAULT_LEVEL, level_kind, levels_of
from .lobby import Refused
from .rulesets import REGISTRY, OptionsRefused, check_options_schema, hosted
from .schemas import (
    ERRORS,
    ID_MAX,
    SEQ_MAX,
    BotIn,
    ChatIn,
    ChatLog,
    ChatOut,
    CommandIn,
    CommandOut,
    CreateTable,
    ExportDoc,
    Frame,
    HistoryOut,
    JoinIn,
    Link,
    Lobby,
    LogOut,
    Me,
    MyGame,
    MyGames,
    MyGamesIn,
    NotifyIn,
    ReplayOut,
    RulesetOut,
    Rulesets,
    SeatOut,
    SessionIn,
    TableCreated,
    ViewOut,
    control_text_in,
)
from .security import COOKIES, client_key, origin_allowed, presented_tokens
from .service import Service
from .timeline import Timelines

router = APIRouter(prefix="/api", responses=ERRORS)
TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Seat = Annotated[int, Path(ge=0, le=7)]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def fail(status: int, code: str, message: str, **extra: Any) -> NoReturn:
    raise HTTPException(status, detail={"code": code, "message": message, **extra})


def svc(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


async def limit(request: Request, kind: str, key: str | None = None) -> None:
    """Every kind of request a client can repeat is limited (``STARPORT_RATE_LIMITS``)."""
    if not await request.app.state.limits.allow(kind, key or client_key(request)):
        fail(429, "rate_limited", f"too many {kind} requests; slow down")


def clean(text: str) -> str:
    return CONTROL.sub("", text).strip()


async def who(request: Request, table_id: str, *roles: str) -> store.Identity:
    """The identity a request's token gives at this table, with one of ``roles``."""
    service = svc(request)
    if request.method in ("GET", "HEAD"):
        await limit(request, "read")
    elif not origin_allowed(request, service.settings.allowed_origins):
        fail(403, "origin", "cross-site requests are refused")
    tokens = presented_tokens(request)
    if not tokens:
        fail(401, "unauthorized", "this needs the table's secret link (a token)")

    ids = await service.identify(table_id, tokens)
    if not ids:
        fail(401, "unauthorized", "no valid link for this table")
    # The first token that fits wins: a tab's own link (the header) before the cookies, so a
    # host who also plays a seat in another tab stays the host in this one.
    for ident in ids:
        if ident.role in roles:
            return ident
    fail(403, "forbidden", f"this needs a {' or '.join(roles)} link")


async def own_seat(request: Request, table_id: str, seat: int) -> store.Identity:
    """The identity of a seat link acting for its own seat (403 for any other seat's)."""
    ident = await who(request, table_id, "seat")
    if ident.seat != seat:
        fail(403, "forbidden", "a seat link acts only for its own seat")
    return ident


def _seated_table(conn: Connection, table_id: str, seat: int) -> Any:
    """The table, if it exists and has ``seat`` (else NotFound, answered as 404)."""
    t = store.table(conn, table_id)
    if t is None or not 0 <= seat < t.seat_count:
        raise NotFound(table_id)
    return t


def _unfinished_seat(conn: Connection, table_id: str, seat: int) -> Any:
    """``_seated_table`` of a game not over yet (else Refused, answered as 409)."""
    t = _seated_table(conn, table_id, seat)
    if t.status in FINISHED:
        raise Refused("the game is over")
    return t


async def refuse_addresses(service: Service, webhook: str | None = None,
                           email: str | None = None, endpoint: str | None = None) -> None:
    """422 naming the field when an alert address is one the server may not send to (a
    private, loopback, ... host, or a name resolving to one: ``addresses.py``; allowed with
    ``STARPORT_WEBHOOK_ALLOW_PRIVATE``). The DNS lookups run in a worker thread."""
    allow = service.settings.webhook_allow_private

    def judge() -> tuple[str, str] | None:
        for field, value, check in (("webhook", webhook, url_refusal),
                                    ("email", email, mail_refusal),
                                    ("endpoint", endpoint, url_refusal)):
            if value is not None and (reason := check(value, allow)) is not None:
                return field, reason
        return None

    refused = await asyncio.to_thread(judge)
    if refused is not None:
        field, reason = refused
        fail(422, "invalid", f"body.{field}: the server does not send there: {reason}",
             errors=[{"loc": ["body", field], "msg": reason, "type": "address"}])


def link(request: Request, table_id: str, role: str, seat: int | None, token: str) -> Link:
    base = svc(request).settings.public_url or str(request.base_url).rstrip("/")
    return Link(role=role, seat=seat, token=token,
                url=f"{base}/t/{table_id}#{token}")


def lobby_of(service: Service, table_id: str) -> Lobby | None:
    with reading(service.engine) as conn:
        t = store.table(conn, table_id)
        if t is None:
            return None
        seat_rows = store.seats(conn, table_id)
        g = store.game(conn, table_id)
    online = service.hub.seats_online(table_id)
    autoplay = service.autoplaying(table_id)
    h = hosted(t.ruleset) if t.ruleset in REGISTRY else None
    choices = h.choices(t.options) if h is not None else []
    return Lobby(
        table_id=t.id, name=t.name, ruleset=t.ruleset, options=t.options, status=t.status,
        turn_timer=t.turn_timer, choices=choices, seq=g.seq if g is not None else None,
        version=t.version, spectator_chat=bool(t.spectator_chat),
        bots=list(h.bots) if h is not None else [],
        levels=levels_of(h) if h is not None else [],
        timeout_level=t.timeout_level or DEFAULT_LEVEL, hints=bool(t.hints),
        seats=[SeatOut(seat=s.seat, name=s.name, choice=s.choice, bot=s.bot,
                       joined=s.joined_at is not None or s.bot, online=s.seat in online,
                       bot_kind=(s.bot_kind or (h.default_bot if h else None)) if s.bot
                       else None,
                       autoplay=s.seat in autoplay and not s.bot,
                       player=s.joined_at is not None)
               for s in seat_rows],
        clock=service.table_clock(t.id, t.status, g, t.turn_timer, seat_rows), now=store.now(),
    )


async def lobby(request: Request, table_id: str) -> Lobby:
    service = svc(request)
    out = await service.db(lobby_of, service, table_id)
    if out is None:
        fail(404, "not_found", "no such table")
    return out


# --- tables -------------------------------------------------------------------------------


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, request: Request) -> TableCreated:
    """Open a table. The answer holds every secret link: keep the host link, share the rest."""
    await limit(request, "create")
    if body.ruleset not in REGISTRY:
        fail(422, "ruleset", f"unknown ruleset {body.ruleset!r}; known: {sorted(REGISTRY)}")
    h = hosted(body.ruleset)
    options = table_options(h, body.options)
    if "scenario" in options:
        fail(422, "options", "scenarios are for the sandbox, not for tables")
    _check_options(h, options)
    picked = body.bot_seats()
    bots = sorted(picked)
    minimum = svc(request).settings.min_turn_timer
    if body.turn_timer is not None and body.turn_timer < minimum:
        fail(422, "options", f"turn_timer: at least {minimum} seconds")
    if any(not 0 <= b < body.seats for b in bots):
        fail(422, "options", "bots: seat numbers start at 0 and must be below seats")
    kinds = {seat: _bot_kind(h, kind) for seat, kind in picked.items() if kind is not None}
    try:  # the ruleset checks the options: a dry run of its setup
        Game.start(h.ruleset, options, [f"Seat {i + 1}" for i in range(body.seats)],
                   secrets.token_hex(16))
    except CommandRejected as exc:
        fail(422, **exc.to_dict())
    except Exception as exc:
        fail(422, "options", f"the ruleset refused these options ({type(exc).__name__})")
    service = svc(request)

    def write() -> tuple[str, dict[str, Any]]:
        with writing(service.engine) as conn:
            return store.create_table(conn, name=clean(body.name) or "Game night",
                                      ruleset=body.ruleset, options=options, seats=body.seats,
                                      bots=bots, turn_timer=body.turn_timer, bot_kinds=kinds,
                                      spectator_chat=body.spectator_chat,
                                      timeout_level=body.timeout_level, hints=body.hints)

    table_id, tokens = await service.db(write)
    return TableCreated(
        table_id=table_id,
        host=link(request, table_id, "host", None, tokens["host"]),
        seats=[link(request, table_id, "seat", i, t) for i, t in enumerate(tokens["seats"])],
        spectator=link(request, table_id, "spectator", None, tokens["spectator"]),
    )


def _bot_kind(h: Any, kind: str) -> str:
    """A bot kind the ruleset has (else 422 naming the known ones)."""
    if kind not in h.bots:
        fail(422, "options", f"bots: no {kind!r} bot for {h.ruleset.id}; known: "
                             f"{', '.join(h.bots)}")
    return kind


@router.get("/rulesets")
async def rulesets(request: Request) -> Rulesets:
    """The rulesets this server hosts, each with its table options' JSON Schema and the bots
    a seat may get (the create form is drawn from this)."""
    await limit(request, "read")
    return Rulesets(rulesets=[
        RulesetOut(id=rid, bots=list(h.bots), choice_option=h.choice_option,
                   options_schema=_options_schema(h.options_schema))
        for rid, h in sorted(REGISTRY.items())])


@functools.cache
def _options_schema(model: type[BaseModel] | None) -> dict[str, Any] | None:
    """A ruleset's table options as JSON Schema, made once (pydantic's schema generator makes
    a few hundred objects in reference cycles each time: ``gcpolicy``)."""
    return model.model_json_schema() if model is not None else None


@router.post("/mygames")
async def my_games(body: MyGamesIn, request: Request) -> MyGames:
    """"My games": the status of every table these links open, in one request (a browser's
    saved links: seat, host or spectator). An unknown or revoked link answers only
    ``{"known": false}``; no link's answer holds a token."""
    await limit(request, "read")
    if not origin_allowed(request, svc(request).settings.allowed_origins):
        fail(403, "origin", "cross-site requests are refused")
    service = svc(request)

    def read() -> list[store.LinkStatus | None]:
        with reading(service.engine) as conn:
            return store.my_games(conn, body.tokens)

    now = store.now()
    return MyGames(games=[_my_game(service, found, now) for found in await service.db(read)],
                   now=store.now())


def _my_game(service: Service, found: store.LinkStatus | None, now: Any) -> MyGame:
    if found is None:
        return MyGame(known=False)
    t, g = found.table, found.game
    names = [s.name or f"Seat {s.seat + 1}" for s in found.seats]
    playing = g is not None and t.status == "playing" and not g.over
    waiting = [int(s) for s in g.pending_seats] if playing and g is not None else []
    since = g.waiting_since if playing and g is not None else None
    if since is not None and since.tzinfo is None:
        since = since.replace(tzinfo=now.tzinfo)
    return MyGame(
        known=True, table_id=t.id, name=t.name, ruleset=t.ruleset, status=t.status,
        role=found.role, seat=found.seat if found.role == "seat" else None,
        seq=g.seq if g is not None else None, waiting=waiting,
        waiting_names=[names[s] for s in waiting if 0 <= s < len(names)],
        waiting_since=since.isoformat() if since is not None else None,
        waited=round((now - since).total_seconds(), 1) if since is not None else None,
        your_turn=found.role == "seat" and found.seat in waiting,
        players=names, clock=service.table_clock(t.id, t.status, g, t.turn_timer, found.seats))
def table_options(h: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The options a table keeps. The per-seat choices (a list in the game's choice option,
    ``GameDefinition.choice_option``: a race per seat, say) come from the lobby at the start,
    so a list given here is dropped; a single value of that option is a table-wide setting
    and is kept (``"none"``: no seat chooses)."""
    return {k: v for k, v in given.items() if k != h.choice_option or isinstance(v, str)}


def _check_options(h: Any, options: dict[str, Any]) -> None:
    """Options must fit the ruleset's own option schema (``docs/operations.md``, What the server
    protects)."""
    try:
        check_options_schema(h, options)
    except OptionsRefused as exc:
        fail(422, "rule", str(exc), rule="options")


@router.get("/tables/{table_id}")
async def get_table(table_id: TableId, request: Request) -> Lobby:
    """The lobby: seats, names, choices, status (any link of this table)."""
    await who(request, table_id, "seat", "host", "spectator")
    return await lobby(request, table_id)


@router.post("/tables/{table_id}/session")
async def open_session(table_id: TableId, body: SessionIn, request: Request,
                       response: Response) -> Me:
    """Trade a link's token for an HttpOnly, SameSite=Strict cookie scoped to this table
    (``Secure`` when the request came over https, or the public URL is https: behind a proxy
    whose scheme the server does not believe, the browser still reached it over TLS)."""
    await limit(request, "join")
    if not origin_allowed(request, svc(request).settings.allowed_origins):
        fail(403, "origin", "cross-site requests are refused")
    service = svc(request)

    def look() -> store.Identity | None:
        with reading(service.engine) as conn:
            return store.resolve(conn, table_id, body.token)

    ident = await service.db(look)
    if ident is None:
        fail(401, "unauthorized", "no valid link for this table")
    response.set_cookie(COOKIES[ident.role], body.token, max_age=180 * 86400,
                        path=f"/api/tables/{table_id}", httponly=True, samesite="strict",
                        secure=request.url.scheme == "https" or service.settings.secure)
    return Me(table_id=table_id, role=ident.role, seat=ident.seat)


@router.delete("/tables/{table_id}/session")
async def close_session(table_id: TableId, request: Request, response: Response) -> Me | None:
    """Forget this table's cookies (another site may not log a player out: the Origin is
    checked as for every other change)."""
    if not origin_allowed(request, svc(request).settings.allowed_origins):
        fail(403, "origin", "cross-site requests are refused")
    for name in COOKIES.values():
        response.delete_cookie(name, path=f"/api/tables/{table_id}")
    return None


@router.get("/tables/{table_id}/me")
async def me(table_id: TableId, request: Request) -> Me:
    ident = await who(request, table_id, "seat", "host", "spectator")
    return Me(table_id=table_id, role=ident.role, seat=ident.seat)


@router.post("/tables/{table_id}/join")
async def join(table_id: TableId, body: JoinIn, request: Request) -> Lobby:
    """A player takes their seat: display name and race/color (before the game starts)."""
    await limit(request, "join")
    ident = await who(request, table_id, "seat")
    service = svc(request)
    name = clean(body.name)
    if not name:
        fail(422, "name", "a display name is needed")

    def write() -> None:
        with writing(service.engine) as conn:
            t = store.table(conn, table_id)
            if t is None:
                raise NotFound(table_id)
            others = [s for s in store.seats(conn, table_id) if s.seat != ident.seat]
            values: dict[str, Any] = {"name": name, "joined_at": store.now()}
            if t.status == "lobby":
                if body.choice is not None:
                    if body.choice not in hosted(t.ruleset).choices(t.options):
                        raise Refused(f"{body.choice!r} is not one of this table's choices")
                    if body.choice in {s.choice for s in others}:
                        raise Refused(f"{body.choice!r} is taken")
                values["choice"] = body.choice
            elif body.choice is not None:
                raise Refused("the game has started: choices are fixed")
            store.update_seat(conn, table_id, ident.seat or 0, **values)
            service._notify(conn, "t", table_id)

    await _lobby_write(request, write)
    service.publish("t", table_id)
    return await lobby(request, table_id)


async def _lobby_change(request: Request, table_id: str, fn: Any) -> Lobby:
    """A host's change to the table: write it, wake the other processes and this one's
    clients, and answer the lobby as it now is."""
    service = svc(request)
    await _lobby_write(request, fn)
    service.publish("t", table_id)
    await service.table_changed(table_id)
    return await lobby(request, table_id)


async def _lobby_write(request: Request, fn: Any) -> Any:
    try:
        return await svc(request).db(fn)
    except NotFound:
        fail(404, "not_found", "no such table")
    except Refused as exc:
        fail(409, "refused", str(exc))


@router.post("/tables/{table_id}/start")
async def start(table_id: TableId, request: Request) -> Lobby:
    """The host starts the game (every seat joined or played by a bot)."""
    await who(request, table_id, "host")
    try:
        await svc(request).start_game(table_id)
    except NotFound:
        fail(404, "not_found", "no such table")
    except Refused as exc:
        fail(409, "refused", str(exc))
    except CommandRejected as exc:
        fail(422, **exc.to_dict())
    return await lobby(request, table_id)


@router.post("/tables/{table_id}/seats/{seat}/bot")
async def seat_bot(table_id: TableId, seat: Seat, body: BotIn, request: Request) -> Lobby:
    """The host lets a bot play an absent player's seat (or gives the seat back)."""
    await who(request, table_id, "host")
    service = svc(request)

    def write() -> None:
        with writing(service.engine) as conn:
            t = _unfinished_seat(conn, table_id, seat)
            values: dict[str, Any] = {"bot": body.bot}
            if body.kind is not None:
                values["bot_kind"] = _bot_kind(hosted(t.ruleset), body.kind)
            elif body.level is not None:
                values["bot_kind"] = level_kind(hosted(t.ruleset), body.level)
            store.update_seat(conn, table_id, seat, **values)
            service._notify(conn, "t", table_id)

    return await _lobby_change(request, table_id, write)


@router.post("/tables/{table_id}/seats/{seat}/reclaim")
async def reclaim_seat(table_id: TableId, seat: Seat, request: Request) -> Lobby:
    """"Take my seat back": the seat's own player stops the bot that plays it, whether the
    host gave it a bot or its turn timed out; the player plays on from where the bot is."""
    await own_seat(request, table_id, seat)
    service = svc(request)

    def write() -> None:
        with writing(service.engine) as conn:
            _unfinished_seat(conn, table_id, seat)
            store.reclaim_seat(conn, table_id, seat)  # the turn timer starts again too
            service._notify(conn, "a", table_id, seat)
            service._notify(conn, "t", table_id)

    service.reclaimed(table_id, seat)  # before the write: no bot move slips in after it
    lobby_now = await _lobby_change(request, table_id, write)
    service.publish("a", table_id, seat)
    return lobby_now


@router.post("/tables/{table_id}/seats/{seat}/link")
async def reissue_link(table_id: TableId, seat: Seat, request: Request) -> Link:
    """The host re-issues a seat's secret link; the old one stops working at once, and every
    websocket opened with it is closed (in every server process)."""
    await who(request, table_id, "host")
    service = svc(request)

    def write() -> str:
        with writing(service.engine) as conn:
            _seated_table(conn, table_id, seat)
            store.revoke_tokens(conn, table_id, "seat", seat)
            service._notify(conn, "r", table_id, seat)  # every process closes its sockets
            return store.add_token(conn, table_id, "seat", seat)

    token = await _lobby_write(request, write)
    service.publish("r", table_id, seat)  # forgets the cached tokens, closes the sockets
    return link(request, table_id, "seat", seat, token)


@router.post("/tables/{table_id}/seats/{seat}/notify")
async def seat_notify(table_id: TableId, seat: Seat, body: NotifyIn, request: Request) -> Lobby:
    """Where to tell this seat that the game waits for it (webhook URL, e-mail address);
    an address the server may not send to is refused (422, saying why: ``addresses.py``)."""
    await own_seat(request, table_id, seat)
    service = svc(request)
    await refuse_addresses(service, webhook=body.webhook, email=body.email)

    def write() -> None:
        with writing(service.engine) as conn:
            store.update_seat(conn, table_id, seat, webhook=body.webhook, email=body.email)

    await _lobby_write(request, write)
    return await lobby(request, table_id)


@router.post("/tables/{table_id}/end")
async def end_table(table_id: TableId, request: Request) -> Lobby:
    """The host ends the game early: it counts as finished (its full log can be exported)."""
    await who(request, table_id, "host")
    service = svc(request)

    def write() -> None:
        with writing(service.engine) as conn:
            t = store.table(conn, table_id)
            if t is None:
                raise NotFound(table_id)
            if t.status != "playing":
                raise Refused("only a game in progress can be ended")
            store.bump(conn, table_id, status="abandoned")
            service._notify(conn, "t", table_id)

    return await _lobby_change(request, table_id, write)


# --- play ---------------------------------------------------------------------------------


@router.post("/tables/{table_id}/commands")
async def post_command(table_id: TableId, body: CommandIn, request: Request) -> CommandOut:
    """A seat's command, made against ``seq``. 409 with the current seq if the game moved on;
    422 naming the rule if the rules refuse it. A resent ``client_id`` is applied once."""
    ident = await who(request, table_id, "seat")
    try:  # the same checks and answers as a websocket ``command`` (commands.py)
        out = await run_command(svc(request), request.app.state.limits, ident, body)
        return command_out(out, ident)
    except Refusal as refusal:
        fail(refusal.status, refusal.code, refusal.message, **refusal.extra)


async def _settled(service: Service, table_id: str) -> Any:
    entry = await service.fresh_entry(table_id)
    if entry is None:
        fail(409, "not_started", "the game has not started")
    if entry.committed != entry.seq:  # a command is being written: wait for it
        async with entry.lock:
            pass
        entry = await service.entry(table_id)
        if entry is None:
            fail(409, "not_started", "the game has not started")
    return entry


@router.get("/tables/{table_id}/view", response_model=ViewOut)
async def get_view(table_id: TableId, request: Request) -> Response:
    """What this link may see now; the seat asked to act also gets its legal commands."""
    ident = await who(request, table_id, "seat", "spectator", "host")
    entry = await _settled(svc(request), table_id)
    # the same JSON the websocket pushes, made once per link kind and seq (frames.py)
    return Response(frames.view_json(entry, ident.viewer, ident.role),
                    media_type="application/json")


def view_of(entry: Any, ident: store.Identity) -> ViewOut:
    """The view as a model (for callers that want one; the hot paths use ``push``)."""
    return ViewOut.model_validate(frames.view_body(entry, ident.viewer, ident.role))


@router.get("/tables/{table_id}/log")
async def get_log(table_id: TableId, request: Request,
                  after: int = Query(0, ge=0, le=SEQ_MAX),
                  limit_: int = Query(1000, ge=1, le=5000, alias="limit")) -> LogOut:
    """The event log as this link may read it (redacted); a finished game's log in full."""
    ident = await who(request, table_id, "seat", "spectator", "host")
    entry = await _settled(svc(request), table_id)
    events = (await svc(request).events_after(entry, after))[:limit_]
    if entry.finished:
        return LogOut(seq=entry.committed, full=True,
                      events=[ev.model_dump(mode="json") for ev in events])
    return LogOut(seq=entry.committed, full=False,
                  events=[ev.redacted_for(ident.viewer) for ev in events])


def timelines(request: Request) -> Timelines:
    """The app's timelines of games (server/timeline.py), made on first use."""
    state = request.app.state
    if getattr(state, "timelines", None) is None:
        state.timelines = Timelines()
        svc(request).on_evict.append(state.timelines.forget)  # a game let go: its timeline
    lines: Timelines = state.timelines
    return lines


@router.get("/tables/{table_id}/history")
async def get_history(table_id: TableId, request: Request) -> HistoryOut:
    """The game's public history: a point at every turn's start (and at the end) with each
    player's public score (``GameDefinition.history_point``), for the chart of the game.
    Each event is folded once for all requests (server/timeline.py)."""
    await who(request, table_id, "seat", "spectator", "host")
    service = svc(request)
    entry = await _settled(service, table_id)
    line = await timelines(request).of(service, entry)
    return HistoryOut(seq=entry.committed, points=list(line.points))


@router.get("/tables/{table_id}/replay")
async def get_replay(table_id: TableId, request: Request,
                     at: int = Query(0, ge=0, le=SEQ_MAX),
                     count: int = Query(1, ge=1, le=60)) -> ReplayOut:
    """The game as it was after event ``at`` (and the ``count - 1`` next ones): what this
    link saw then (the same redaction as the view), to step through a game event by event.
    The state comes from the nearest checkpoint of the game's timeline, never from a fold of
    the whole log (server/timeline.py)."""
    ident = await who(request, table_id, "seat", "spectator", "host")
    service = svc(request)
    entry = await _settled(service, table_id)
    head = entry.committed
    if at > head:
        fail(404, "not_found", f"the game has only {head} events")
    ruleset = entry.hosted.ruleset
    line = await timelines(request).of(service, entry)
    state = line.state_at(at)
    viewer = ident.viewer
    frames: list[Frame] = []

    def frame(seq: int) -> None:
        with contextlib.suppress(Exception):  # a state between two setup events has no view
            frames.append(Frame(seq=seq, view=ruleset.view(state, viewer)))

    frame(at)
    for ev in line.after(at):
        if len(frames) >= count or ev.seq > head:
            break
        ruleset.apply(state, ev)
        frame(ev.seq)
    return ReplayOut(seq=head, status=entry.status, frames=frames)


@router.get("/tables/{table_id}/export")
async def export(table_id: TableId, request: Request) -> ExportDoc:
    """A finished game as a JSON log with every secret shown (refused while it is played)."""
    await who(request, table_id, "seat", "spectator", "host")
    service = svc(request)
    entry = await _settled(service, table_id)
    if not entry.finished:
        fail(409, "not_finished", "only a finished game can be exported")
    t = await service.db(lobby_of, service, table_id)
    events = await service.events_after(entry, 0)
    return ExportDoc(ruleset=entry.hosted.ruleset.id, name=t.name if t else "game",
                     options=t.options if t else {},
                     players=[s.name or f"Seat {s.seat + 1}" for s in (t.seats if t else [])],
                     status=entry.status, events=events)


def _check_servable(h: Any, game: Game[Any], seats: int) -> None:
    """An imported game must be one the server can serve: a log cut in
    the middle of setting up (say, between two race choices) replays, but has no view. Every
    seat's and a spectator's view, the prompt and the waiting seats' commands are tried."""
    ruleset, state = h.ruleset, game.state
    try:
        pending = ruleset.pending(state)
        for viewer in (SPECTATOR, *range(seats)):
            ruleset.view(state, viewer)
            if pending is not None and viewer in pending.seats:
                list(ruleset.legal_actions(state, viewer))
                h.extras(state, viewer)
    except Exception as exc:
        fail(422, "log", f"the log stops where the game cannot be shown (after seq {game.seq}, "
                         f"{type(exc).__name__}); export a whole game")


@router.post("/replays", status_code=201)
async def import_game(body: ExportDoc, request: Request) -> TableCreated:
    """Re-import an exported game: a new table, finished, to replay move by move."""
    await limit(request, "create")
    if body.ruleset not in REGISTRY:
        fail(422, "ruleset", f"unknown ruleset {body.ruleset!r}")
    if [ev.seq for ev in body.events] != list(range(1, len(body.events) + 1)):
        fail(422, "log", "events must be numbered 1, 2, 3, ... without a gap")
    bad = next((ev.seq for ev in body.events if control_text_in(ev.data)), None)
    if bad is not None or control_text_in(body.options):
        where = f"event {bad}" if bad is not None else "options"
        fail(422, "log", f"control characters in {where}: no stored text may hold them")
    h = hosted(body.ruleset)
    _check_options(h, body.options)
    try:
        game = Game(h.ruleset, "replay", list(body.events))
    except Exception as exc:
        fail(422, "log", f"the log does not replay ({type(exc).__name__})")
    service = svc(request)
    players = [clean(p)[:40] or f"Seat {i + 1}" for i, p in enumerate(body.players)] or ["Seat 1"]
    _check_servable(h, game, len(players))

    def write() -> tuple[str, dict[str, Any]]:
        with writing(service.engine) as conn:
            table_id, tokens = store.create_table(
                conn, name=clean(body.name) or "Imported game", ruleset=body.ruleset,
                options=body.options, seats=len(players), bots=[], turn_timer=None)
            for i, p in enumerate(players):
                store.update_seat(conn, table_id, i, name=p, joined_at=store.now())
            store.bump(conn, table_id, status="replay")
            store.create_game(conn, table_id, body.ruleset, secrets.token_hex(32),
                              list(body.events), [], True)
            return table_id, tokens

    table_id, tokens = await service.db(write)
    return TableCreated(
        table_id=table_id,
        host=link(request, table_id, "host", None, tokens["host"]),
        seats=[link(request, table_id, "seat", i, t) for i, t in enumerate(tokens["seats"])],
        spectator=link(request, table_id, "spectator", None, tokens["spectator"]),
    )


# --- chat ---------------------------------------------------------------------------------


def chat_out(row: Any) -> ChatOut:
    return ChatOut(id=row.id, seat=row.seat, name=row.name, text=row.text,
                   html=html.escape(row.text), at=row.created_at.isoformat())


@router.get("/tables/{table_id}/chat")
async def get_chat(table_id: TableId, request: Request,
                   after: int = Query(0, ge=0, le=ID_MAX)) -> ChatLog:
    """The table's chat (part of the table's log, not of the game)."""
    await who(request, table_id, "seat", "spectator", "host")
    service = svc(request)

    def read() -> list[Any]:
        with reading(service.engine) as conn:
            return store.chat(conn, table_id, after)

    return ChatLog(messages=[chat_out(r) for r in await service.db(read)])


@router.post("/tables/{table_id}/chat", status_code=201)
async def post_chat(table_id: TableId, body: ChatIn, request: Request) -> ChatOut:
    """Say something at the table (plain text, up to 500 characters). Spectators may when
    the table lets them (``spectator_chat``)."""
    ident = await who(request, table_id, "seat", "host", "spectator")
    await limit(request, "chat", ident.digest)
    text_ = clean(body.text)
    if not text_:
        fail(422, "empty", "nothing to say")
    service = svc(request)

    def write() -> Any:
        with writing(service.engine) as conn:
            if ident.role == "spectator":
                t = store.table(conn, table_id)
                if t is None or not t.spectator_chat:
                    raise Refused("spectators may not chat at this table (the host's option)")
            name = "Spectator" if ident.role == "spectator" else "Host"
            if ident.role == "seat":
                seat_row = next(s for s in store.seats(conn, table_id) if s.seat == ident.seat)
                name = seat_row.name or f"Seat {(ident.seat or 0) + 1}"
            chat_id = store.add_chat(conn, table_id, ident.seat if ident.role == "seat" else None,
                                     name, text_)
            service._notify(conn, "c", table_id, chat_id)
            return store.chat(conn, table_id, chat_id - 1, 1)[0]

    try:
        row = await service.db(write)
    except Refused as exc:
        fail(403, "forbidden", str(exc))
    service.publish("c", table_id, row.id)
    return chat_out(row)


def viewer_of(ident: store.Identity) -> int:
    return ident.viewer if ident.role == "seat" else SPECTATOR
