"""Secret links, rate limits, Origin checks and request size caps."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
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
    """Browsers send ``Origin``: it must be this server (or a configured origin).

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
    return bool(parts.netloc) and parts.netloc == host and parts.scheme in ("http", "https")


class RateLimits:
    """Moving-window limits per kind of action and client (the ``limits`` library)."""

    def __init__(self, spec: str) -> None:
        self.items: dict[str, RateLimitItem] = {}
        if spec.strip().lower() not in ("", "off"):
            for part in spec.split(";"):
                name, _, value = part.partition("=")
                if name.strip() and value.strip():
                    self.items[name.strip()] = parse(value.strip())
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def allow(self, kind: str, key: str) -> bool:
        item = self.items.get(kind)
        return item is None or self.limiter.hit(item, kind, key)


def client_key(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else "unknown"


class BodyLimit:
    """Refuse request bodies over a cap (413), whether announced or streamed."""

    def __init__(self, app: ASGIApp, default: int, larger: dict[str, int]) -> None:
        self.app = app
        self.default = default
        self.larger = larger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.larger.get(scope["path"], self.default)
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > cap
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send)
                    return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    raise _TooLarge
            return message

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, watch)
        except _TooLarge:
            if not started:
                await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = b'{"detail":{"code":"too_large","message":"request body too large"}}'
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
