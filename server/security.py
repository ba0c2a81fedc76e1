"""Secret links, rate limits, Origin checks and request size caps."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Protocol
from urllib.parse import urlsplit

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

COOKIES = {"host": "sp_host", "seat": "sp_seat", "spectator": "sp_spectator"}
TOKEN_HEADER = "x-starport-token"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def presented_tokens(conn: HTTPConnection) -> list[str]:
    """Tokens a request carries: a header first (API clients), then the table's cookies."""
    out: list[str] = []
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        out.append(auth[7:].strip())
    header = conn.headers.get(TOKEN_HEADER)
    if header:
        out.append(header.strip())
    for name in COOKIES.values():
        value = conn.cookies.get(name)
        if value:
            out.append(value)
    seen: set[str] = set()
    return [t for t in out if t and not (t in seen or seen.add(t))][:4]  # type: ignore[func-returns-value]


def origin_allowed(conn: HTTPConnection, extra: tuple[str, ...]) -> bool:
    """Browsers send ``Origin``: it must be this server (or a configured origin, the public
    URL's among them: ``Settings.allowed_origins``). This server is its ``Host`` reached with
    the request's own scheme (a websocket's ``wss`` is https): ``https://host`` is another
    origin than ``http://host``. Behind a trusted proxy the scheme is the one it reports
    (``X-Forwarded-Proto``, ``STARPORT_TRUSTED_PROXIES``).

    A request without one (not a browser, which cannot be used against a player anyway) passes.
    """
    origin = conn.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in extra:
        return True
    host = conn.headers.get("host", "")
    parts = urlsplit(origin)
    scheme = {"ws": "http", "wss": "https"}.get(conn.url.scheme, conn.url.scheme)
    return bool(parts.netloc) and parts.netloc == host and parts.scheme == scheme


def host_allowed(scope: Scope, hosts: tuple[str, ...]) -> bool:
    """Whether a request's ``Host`` is one the server answers to (``STARPORT_ALLOWED_HOSTS``;
    none set: any). The rule of Starlette's ``TrustedHostMiddleware``, which guards HTTP:
    here for the websockets, which skip the middleware (``app.StarportApp``)."""
    if not hosts or "*" in hosts:
        return True
    raw = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), "")
    if raw.startswith("["):  # an IPv6 literal keeps its brackets, as Starlette's does
        name = raw[:raw.find("]") + 1] if "]" in raw else ""
    else:
        name, _, port = raw.rpartition(":")
        if not name or not port.isdigit():
            name = raw
    name = name.lower()
    return bool(name) and any(name == p or (p.startswith("*.") and name.endswith(p[1:]))
                              for p in (h.lower() for h in hosts))


class SharedCounts(Protocol):
    """Hits counted in a store every server process sees (PostgreSQL: ``store.count_hit``)."""

    async def hit(self, key: str, period: int) -> int: ...


class RateLimits:
    """Limits per kind of action and client (the ``limits`` library's moving window, in this
    process); with ``shared`` counts, a hit this process allows is also counted in a fixed
    window every process shares, so N processes do not allow N times the limit. The local
    window answers first: a flood is refused without a database round trip."""

    def __init__(self, spec: str, shared: SharedCounts | None = None) -> None:
        self.items: dict[str, RateLimitItem] = {}
        if spec.strip().lower() not in ("", "off"):
            for part in spec.split(";"):
                name, _, value = part.partition("=")
                if name.strip() and value.strip():
                    self.items[name.strip()] = parse(value.strip())
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.shared = shared

    async def allow(self, kind: str, key: str) -> bool:
        item = self.items.get(kind)
        if item is None:
            return True
        if not self.limiter.hit(item, kind, key):
            return False
        if self.shared is None:
            return True
        hits = await self.shared.hit(f"{kind}/{key}"[:200], item.get_expiry())
        return hits <= item.amount


def client_key(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else "unknown"


class BodyLimit:
    """Refuse request bodies over a cap (413), whether announced or streamed, and bodies that
    take more than ``timeout`` seconds to arrive (408: a slowloris body).

    The body is read here, whole, before the app sees it: a stream over the cap is answered
    413 even without a Content-Length (inside the app a failed read became FastAPI's 400).
    """

    def __init__(self, app: ASGIApp, default: int, larger: dict[str, int],
                 timeout: float = 60.0) -> None:
        self.app = app
        self.default = default
        self.larger = larger
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.larger.get(scope["path"], self.default)
        if _declared_length(scope) > cap:
            await _refuse_body(send, 413, "too_large", "request body too large")
            return
        chunks: list[bytes] = []
        seen = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                await _refuse_body(send, 408, "timeout", "the request body came too slowly")
                return
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > cap:
                await _refuse_body(send, 413, "too_large", "request body too large")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 1 << 62  # unreadable: treated as too large
    return 0


async def _refuse_body(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"detail": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


# The web client loads only its own scripts, styles and the board from this server; nobody
# may frame it (clickjacking) and no page sends a Referer (a table link's token lives in the
# URL fragment, never sent, but the path names the table). FastAPI's /docs page loads Swagger
# UI from a CDN with an inline script: it gets the other headers but no CSP.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY")]
NO_CSP = ("/docs", "/redoc")


class SecurityHeaders:
    """Security headers on every HTTP answer (pages, static files, the API)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(SECURITY_HEADERS)
        if not scope["path"].startswith(NO_CSP):
            extra.append((b"content-security-policy", CSP.encode()))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                message["headers"] = headers + [h for h in extra if h[0] not in present]
            await send(message)

        await self.app(scope, receive, with_headers)
