"""The Starport web service.

Serves the web client at ``/`` (each game's client folder at ``/games/<name>/``), the
installed games with their boards and client data (``/api/games``: ``games_api.py``), the
sandbox of scenario positions (``/api/games/{game}/sandbox``: ``sandbox.py``), the tables API
(``/api/tables``, see ``api.py``), the websocket of each game (``ws.py``), the rules reference
(``/api/rules``, ``/rules/{ruleset}``: ``rules_help.py``), and OpenAPI at ``/docs``. It reads
the games only through the registry (``engine.kernel.registry``). ``create_app`` builds one
from settings (environment variables by default); ``app`` is the default instance.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import uvicorn
from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Match
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketClose

from . import advice, alerts_api, api, gamelists, games_api, gcpolicy, ws
from .config import Settings
from .notify import Notifier, scheduler
from .rules_help import router as rules_help_router
from .rules_help import with_rules
from .rulesets import REGISTRY, GameId
from .sandbox import router as sandbox_router
from .schemas import ERRORS
from .security import BodyLimit, RateLimits, SecurityHeaders, host_allowed
from .service import Service
from .shared_limits import DbCounts
from .static import Assets, asset_response
from .timeouts import guarded_http

WEB = Path(__file__).resolve().parents[1] / "web"
log = logging.getLogger("starport.app")
METHODS = ("DELETE", "GET", "HEAD", "PATCH", "POST", "PUT")


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    rulesets: list[str]


class StarportApp(FastAPI):
    """The app, with one shortcut: a game's websocket goes straight to its handler
    (``ws.game_socket``), not through the middleware and routing layers. Those layers let a
    websocket pass untouched (the body limit and security headers are HTTP-only, the error
    middlewares re-raise), but each kept a coroutine, and its closures, alive for as long
    as the socket lived, and wrapped every frame sent: measured, memory per idle websocket
    (``docs/performance.md``, "The levers"). A websocket to any other path (it reached
    the static files' route, which failed on it), or for a ``Host`` the server does not
    answer to (``STARPORT_ALLOWED_HOSTS``; HTTP has Starlette's ``TrustedHostMiddleware``),
    is refused before it is accepted."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match, child = ws.route.matches(scope)
            if match is not Match.FULL or not host_allowed(
                    scope, self.state.service.settings.allowed_hosts):
                await WebSocketClose()(scope, receive, send)
                return
            scope.update(child)
            scope["app"] = self
            await ws.game_socket(WebSocket(scope, receive, send))
            return
        await super().__call__(scope, receive, send)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    service = Service(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if await service.start():
            notifier = Notifier(service)
            await asyncio.to_thread(notifier.start)  # the VAPID keys (made on a first start)
            service.notifier = notifier
            service.spawn(scheduler(service))
            service.spawn(ws.heartbeat(service, max(settings.ws_ping_interval, 1.0)))
            if gcpolicy.configured():  # a serving process: start-up objects frozen
                gcpolicy.freeze_startup()
                service.spawn(gcpolicy.full_collections(settings.gc_full_every, thaw=True))
                service.spawn(gcpolicy.young_threshold())
                service.spawn(gcpolicy.freezes(gcpolicy.FREEZE_EVERY))
        try:
            yield
        finally:
            await service.stop()
            shared = getattr(app.state.limits, "shared", None)
            if shared is not None:  # the rate counters' own connection
                await asyncio.to_thread(shared.close)

    app = StarportApp(title="Starport", version="0.1.0", lifespan=lifespan, responses=ERRORS,
                  description="Play space-trading board games with friends.")
    app.state.service = service
    app.state.limits = RateLimits(settings.rate_limits,
                                  shared=DbCounts(service) if settings.is_postgres else None)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        detail = exc.detail if isinstance(exc.detail, dict) else {
            "code": "http", "message": str(exc.detail)}
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request))
        return JSONResponse(status_code=exc.status_code, content={"detail": detail},
                            headers=headers or None)

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    @app.exception_handler(PoolTimeout)
    async def database_down(request: Request, exc: Exception) -> Response:
        """The database cannot be reached (or is overloaded): 503, try again shortly."""
        log.warning("database unavailable: %s", str(exc).splitlines()[0][:200])
        return JSONResponse(status_code=503, headers={"Retry-After": "5"}, content={
            "detail": {"code": "unavailable",
                       "message": "the database is unavailable; try again shortly"}})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
                   "type": str(e.get("type", ""))} for e in exc.errors()][:20]
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        message = f"{'.'.join(first['loc'])}: {first['msg']}"
        return JSONResponse(status_code=422, content={"detail": {
            "code": "invalid", "message": message, "errors": errors}})

    @app.get("/api/health")
    def health() -> Health:
        return Health(rulesets=sorted(REGISTRY))

    app.include_router(api.router)
    app.include_router(advice.router)
    app.include_router(games_api.router)
    app.include_router(alerts_api.router)
    app.include_router(gamelists.router)
    app.router.routes.append(ws.route)
    app.include_router(sandbox_router)
    app.include_router(rules_help_router)

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str, request: Request) -> Response:
        """A table's link opens the web client (the token stays in the URL fragment)."""
        page = assets.find("index.html")
        assert page is not None
        return asset_response(request, page)

    @app.get("/rules/{ruleset}", include_in_schema=False)
    def rules_page(ruleset: GameId, request: Request) -> Response:
        """The rules reference of a game as a page (``rules.html``); a 404 names the games
        with one."""
        with_rules(ruleset)
        page = assets.find("rules.html")
        assert page is not None
        return asset_response(request, page)

    # the web client answers whatever no route claims (so API paths keep their 405s); each
    # game's client folder is its definition's, wherever the game is installed
    assets = Assets(WEB, games_api.client_folders())
    app.router.default = assets
    app.add_middleware(BodyLimit, default=settings.max_body,
                       larger={"/api/replays": settings.max_import},
                       timeout=settings.body_timeout)
    app.add_middleware(SecurityHeaders)
    if settings.allowed_hosts:  # outermost: another Host is answered 400 before anything
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts),
                           www_redirect=False)
    return app


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route answers at this path (a 405's ``Allow``): each method is tried
    against the routes (``matches`` is FULL only for a route's own methods); paths no route
    claims are the web client's static files: GET and HEAD."""
    scope = {**request.scope, "type": "http"}
    allowed = [m for m in METHODS if any(
        route.matches({**scope, "method": m})[0] is Match.FULL for route in app.router.routes)]
    return allowed or ["GET", "HEAD"]


app = create_app()


def serving_app() -> FastAPI:
    """The app of a serving process (each worker calls this)."""
    gcpolicy.configure()  # short young collections, no automatic full one (gcpolicy.py)
    # the group-commit writer hands the GIL back and forth with the event loop at every
    # statement; at the default 5 ms switch interval each hand-off could wait 5 ms while
    # the loop computes (the convoy effect)
    sys.setswitchinterval(0.0005)
    return create_app()


class OneProcess(Exception):
    """SQLite is served by one process: ``--workers`` above 1 needs PostgreSQL."""


def run(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Serve with the websocket settings we chose (size cap, no compression).

    ``workers`` processes share the port (uvicorn's workers); on PostgreSQL they serve the
    same games (LISTEN/NOTIFY carries the hints between them). SQLite stays one process: its
    group commit and its in-process cache of games assume the only writer is this one.

    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed from the trusted proxies only
    (``STARPORT_TRUSTED_PROXIES``; uvicorn's own default, loopback and its
    ``FORWARDED_ALLOW_IPS``, is not used): then the client the proxy names is the one the rate
    limits count (``security.client_key``) and its scheme the request's."""
    settings = Settings.from_env()
    if workers > 1 and not settings.is_postgres:
        raise OneProcess("SQLite is served by one process; --workers needs PostgreSQL "
                         "(set DATABASE_URL=postgresql://...)")
    uvicorn.run(
        "server.app:serving_app", factory=True, host=host, port=port, log_level="info",
        workers=workers if workers > 1 else None,
        # worker processes get the protocol by name (a class made at run time does not pickle)
        http="server.app:WorkerHTTP" if workers > 1 else guarded_http(settings.header_timeout),
        timeout_keep_alive=5,
        ws="server.wsproto:Protocol",  # uvicorn's, with a frame written at once (wsproto.py)
        ws_max_size=settings.ws_max_message, ws_per_message_deflate=False,
        ws_ping_interval=settings.ws_ping_interval, ws_ping_timeout=settings.ws_ping_interval,
        timeout_graceful_shutdown=5, server_header=False,
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or "",
        access_log=settings.access_log,
    )


def __getattr__(name: str) -> Any:
    """``WorkerHTTP``: the guarded HTTP protocol, built in each worker process from its
    settings (``run`` names it for uvicorn's workers)."""
    if name == "WorkerHTTP":
        return guarded_http(Settings.from_env().header_timeout)
    raise AttributeError(name)
