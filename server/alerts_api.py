"""A seat's your-turn alerts over HTTP: its settings (webhook and its format, e-mail, quiet
hours in its time zone), its browsers' Web Push subscriptions, and "send a test".

Only the seat's own link reads or changes them: nobody else at the table sees a seat's
webhook, address or subscriptions."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field, field_validator
from sqlalchemy import update

from . import store
from .alerts import FORMATS, clock, minutes, time_zone
from .api import Seat, TableId, fail, limit, own_seat, refuse_addresses, svc
from .db import reading, writing
from .entries import NotFound
from .models import SeatRow
from .notify import CHANNELS, Notifier, Report
from .schemas import ERRORS, Email, Webhook, _In

router = APIRouter(prefix="/api", responses=ERRORS)

Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$", examples=["22:30"])]
Format = Literal["auto", "json", "discord", "slack"]
Channel = Literal["push", "webhook", "email"]
B64URL = r"^[A-Za-z0-9_-]+={0,2}$"


class AlertsIn(_In):
    """Where and when this seat is told that the game waits for it."""

    webhook: Webhook | None = None
    webhook_format: Format = Field("auto", description="auto: told by the webhook's host")
    email: Email | None = None
    quiet_start: Clock | None = Field(None, description="HH:MM in time_zone (both or neither)")
    quiet_end: Clock | None = None
    time_zone: str | None = Field(None, max_length=64, examples=["Europe/Paris"],
                                  description="the IANA zone the browser is in")

    @field_validator("time_zone")
    @classmethod
    def known_zone(cls, value: str | None) -> str | None:
        if value is not None and time_zone(value) is None:
            raise ValueError(f"unknown time zone {value!r} (an IANA name: Europe/Paris)")
        return value


class AlertsOut(BaseModel):
    webhook: str | None
    webhook_format: Format
    email: str | None
    quiet_start: str | None
    quiet_end: str | None
    time_zone: str | None
    push_devices: int = Field(description="this seat's browsers that get Web Push")
    push_key: str = Field(description="the server's VAPID public key (applicationServerKey); "
                                      "empty when this server has Web Push off")
    email_available: bool = Field(description="whether the host set up e-mail (SMTP)")
    notify_after: int = Field(description="seconds a seat waits before it is alerted")


class PushKeys(_In):
    p256dh: str = Field(min_length=80, max_length=100, pattern=B64URL)
    auth: str = Field(min_length=16, max_length=30, pattern=B64URL)


class PushSubscriptionIn(_In):
    """A browser's ``PushSubscription.toJSON()`` (``expirationTime`` is ignored)."""

    endpoint: str = Field(max_length=1000, pattern=r"^https?://[^\s]+$")
    keys: PushKeys
    expirationTime: int | None = None  # noqa: N815 (the browser's name)


class PushForgetIn(_In):
    endpoint: str = Field(max_length=1000)


class TestOut(BaseModel):
    """What each channel did with the test: sent (``sent (discord)``, ``sent to 2 devices``),
    failed (``failed: it answered 404``), off (not set up here) or unavailable (this server
    does not offer it); a channel not tested (``?channel=``) is left out."""

    push: str | None = None
    webhook: str | None = None
    email: str | None = None


def request_base(request: Request) -> str:
    """The address this request came to (scheme and host, as the trusted proxy says:
    ``STARPORT_TRUSTED_PROXIES``), where the seat's alerts link back to when the server has
    no ``STARPORT_PUBLIC_URL``."""
    return str(request.base_url).rstrip("/")[:200]


def _settings_of(request: Request, table_id: str, seat: int) -> AlertsOut:
    service = svc(request)
    with reading(service.engine) as conn:
        row = next((r for r in store.seats(conn, table_id) if r.seat == seat), None)
        if row is None:
            raise NotFound(table_id)
        devices = len(store.push_subscriptions(conn, table_id, seat))
    notifier = service.notifier if isinstance(service.notifier, Notifier) else Notifier(service)
    fmt = row.webhook_format if row.webhook_format in FORMATS else "auto"
    return AlertsOut(
        webhook=row.webhook, webhook_format=fmt, email=row.email,
        quiet_start=clock(row.quiet_start) if row.quiet_start is not None else None,
        quiet_end=clock(row.quiet_end) if row.quiet_end is not None else None,
        time_zone=row.time_zone, push_devices=devices,
        push_key=notifier.keys.public_key if notifier.keys else "",
        email_available=bool(service.settings.smtp_host),
        notify_after=service.settings.notify_after)


async def _answer(request: Request, table_id: str, seat: int) -> AlertsOut:
    try:
        return await svc(request).db(_settings_of, request, table_id, seat)
    except NotFound:
        fail(404, "not_found", "no such table or seat")


@router.get("/tables/{table_id}/seats/{seat}/alerts")
async def get_alerts(table_id: TableId, seat: Seat, request: Request) -> AlertsOut:
    """This seat's alert settings, and the key a browser subscribes to Web Push with."""
    await own_seat(request, table_id, seat)
    return await _answer(request, table_id, seat)


@router.put("/tables/{table_id}/seats/{seat}/alerts")
async def put_alerts(table_id: TableId, seat: Seat, body: AlertsIn,
                     request: Request) -> AlertsOut:
    """Set where (webhook, e-mail) and when (quiet hours) this seat is alerted. An address
    the server may not send to (a private or loopback host, or a name resolving to one:
    ``addresses.py``) is refused with a 422 saying why."""
    await own_seat(request, table_id, seat)
    if (body.quiet_start is None) != (body.quiet_end is None):
        fail(422, "invalid", "quiet hours need both a start and an end (or neither)")
    await refuse_addresses(svc(request), webhook=body.webhook, email=body.email)
    values: dict[str, Any] = {
        "webhook": body.webhook, "email": body.email,
        "webhook_format": None if body.webhook_format == "auto" else body.webhook_format,
        "quiet_start": minutes(body.quiet_start) if body.quiet_start else None,
        "quiet_end": minutes(body.quiet_end) if body.quiet_end else None,
        "time_zone": body.time_zone, "alert_base": request_base(request)}
    await _seat_write(request, table_id, seat, lambda conn: _update(conn, table_id, seat,
                                                                    values))
    return await _answer(request, table_id, seat)


def _update(conn: Any, table_id: str, seat: int, values: dict[str, Any]) -> None:
    conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                 .values(**values))


async def _seat_write(request: Request, table_id: str, seat: int, fn: Any) -> None:
    service = svc(request)

    def write() -> None:
        with writing(service.engine) as conn:
            t = store.table(conn, table_id)
            if t is None or not 0 <= seat < t.seat_count:
                raise NotFound(table_id)
            fn(conn)

    try:
        await service.db(write)
    except NotFound:
        fail(404, "not_found", "no such table or seat")


@router.post("/tables/{table_id}/seats/{seat}/alerts/push")
async def push_subscribe(table_id: TableId, seat: Seat, body: PushSubscriptionIn,
                         request: Request) -> AlertsOut:
    """Keep this browser's Web Push subscription: the seat's alerts reach it with every tab
    closed. An endpoint the server may not post to is refused (422, as a webhook is)."""
    await own_seat(request, table_id, seat)
    await limit(request, "alert")
    await refuse_addresses(svc(request), endpoint=body.endpoint)
    def write(conn: Any) -> None:
        store.add_push_subscription(conn, table_id, seat, body.endpoint, body.keys.p256dh,
                                    body.keys.auth)
        _update(conn, table_id, seat, {"alert_base": request_base(request)})

    await _seat_write(request, table_id, seat, write)
    return await _answer(request, table_id, seat)


@router.post("/tables/{table_id}/seats/{seat}/alerts/push/forget")
async def push_forget(table_id: TableId, seat: Seat, body: PushForgetIn,
                      request: Request) -> AlertsOut:
    """This browser no longer gets the seat's alerts by Web Push."""
    await own_seat(request, table_id, seat)
    await _seat_write(request, table_id, seat, lambda conn: store.drop_push_subscription(
        conn, table_id, seat, body.endpoint))
    return await _answer(request, table_id, seat)


@router.post("/tables/{table_id}/seats/{seat}/alerts/test", response_model_exclude_none=True)
async def send_test(table_id: TableId, seat: Seat, request: Request,
                    channel: Annotated[Channel | None, Query(
                        description="test this channel only (all of them when left out)")]
                    = None) -> TestOut:
    """Send a test alert now on the seat's channels (or only ``channel``; quiet hours and the
    one alert per wait do not apply to a test), and say what each channel did. Its link
    is absolute: under ``STARPORT_PUBLIC_URL``, else under this request's address."""
    await own_seat(request, table_id, seat)
    await limit(request, "alert")
    service = svc(request)
    notifier = service.notifier if isinstance(service.notifier, Notifier) else Notifier(service)

    def head() -> int:
        with reading(service.engine) as conn:
            g = store.game(conn, table_id)
            return g.seq if g is not None else 0

    reports: dict[int, Report] = await notifier(
        table_id, await service.db(head), [seat], test=True,
        channels=frozenset({channel}) if channel else CHANNELS, base=request_base(request))
    if seat not in reports:
        fail(404, "not_found", "no such table or seat")
    return TestOut(**reports[seat])
