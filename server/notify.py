"""Telling a seat the game waits for it: Web Push (``push.py``), a webhook (plain JSON,
Discord or Slack) and/or an e-mail (SMTP settings). When and what: ``alerts.py``."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage
from typing import Any

import httpx

from . import push, store
from .addresses import mail_refusal, webhook_target
from .alerts import Alert, webhook_body, webhook_format
from .config import Settings
from .db import reading, writing
from .service import Service

log = logging.getLogger("starport.notify")


def _public_host(url: str) -> bool:
    """Whether a webhook URL's host resolves to globally routable addresses only."""
    return webhook_target(url) is not None


def send_mail(settings: Settings, to: str, subject: str, body: str) -> None:
    msg = EmailMessage()
    msg["From"] = settings.smtp_from or settings.smtp_user
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(body)
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=20) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(msg)


# what happened on each channel of one alert: "sent", "failed", "off" (not set up),
# "unavailable" (the host has not configured it), or for push "sent to 2 of 3 devices" ...
Report = dict[str, str]
CHANNELS = frozenset({"push", "webhook", "email"})


class Notifier:
    """Sends a seat's alert on every channel it chose: Web Push, webhook, e-mail."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.settings = service.settings
        self.transport: httpx.AsyncBaseTransport | None = None  # tests replace the network
        self.push_transport: httpx.BaseTransport | None = None
        self._keys: push.VapidKeys | None = None
        self.push_off = ""  # why Web Push is off ("" when it is on)

    def start(self) -> None:
        """Load (or on the first start make) the VAPID key pair. A data dir the server may
        not write turns Web Push off, with a warning; a bad ``STARPORT_VAPID_PRIVATE_KEY``
        stops the start (blocking: run it in a thread)."""
        try:
            self._keys = push.load_keys(self.settings)
        except OSError as exc:
            self.push_off = f"cannot keep the VAPID key in {self.settings.data_dir}: {exc}"
            log.warning("Web Push is off: %s (set STARPORT_VAPID_PRIVATE_KEY)", self.push_off)

    @property
    def keys(self) -> push.VapidKeys | None:
        if self._keys is None and not self.push_off:
            self.start()
        return self._keys

    def link(self, table_id: str, base: str | None = None) -> str:
        """The table's page, absolute: under ``STARPORT_PUBLIC_URL``, else under ``base`` (the
        address the seat's request came to: ``seats.alert_base``, kept when it set up a
        channel, or the test's own request); relative only when neither is known (chat apps
        and mail readers cannot open that: ``docs/operations.md``, "Alerts")."""
        root = self.settings.public_url or (base or "").rstrip("/")
        return f"{root}/t/{table_id}"

    async def __call__(self, table_id: str, seq: int, seats: list[int],
                       test: bool = False, channels: frozenset[str] = CHANNELS,
                       base: str | None = None, left: int | None = None
                       ) -> dict[int, Report]:
        """Alert ``seats`` of the table on ``channels`` (all of them by default, at once);
        what each got. ``base``: the address of the request that asked (a test). ``left``:
        the move's time is running out, this many seconds are left (``alerts.Alert.left``)."""
        def read() -> tuple[Any, list[Any], dict[int, list[Any]]]:
            with reading(self.service.engine) as conn:
                rows = store.seats(conn, table_id)
                subs = {r.seat: store.push_subscriptions(conn, table_id, r.seat)
                        for r in rows if r.seat in seats}
                return store.table(conn, table_id), rows, subs

        table, rows, subs = await self.service.db(read)
        if table is None:
            return {}
        reports: dict[int, Report] = {}
        for row in rows:
            if row.seat not in seats or (row.bot and not test):
                continue
            alert = Alert(table_id, table.name, row.seat, row.name or "Player", seq,
                          self.link(table_id, base or getattr(row, "alert_base", None)),
                          test=test, left=left)
            reports[row.seat] = await self.alert(row, alert, subs.get(row.seat, []), channels)
        return reports

    async def alert(self, row: Any, alert: Alert, subscriptions: list[Any],
                    channels: frozenset[str] = CHANNELS) -> Report:
        report: Report = {}
        if "push" in channels:
            report["push"] = await self.push(alert, subscriptions)
        if "webhook" in channels:
            report["webhook"] = "off"
            if row.webhook:
                fmt = webhook_format(row.webhook, row.webhook_format)
                why = await self.post_webhook(row.webhook, webhook_body(alert, fmt))
                report["webhook"] = f"sent ({fmt})" if why is None else f"failed: {why}"
        if "email" in channels:
            report["email"] = await self.email(row, alert)
        return report

    async def email(self, row: Any, alert: Alert) -> str:
        if not row.email:
            return "off"
        if not self.settings.smtp_host:
            return "unavailable"
        refused = await asyncio.to_thread(mail_refusal, row.email,
                                          self.settings.webhook_allow_private)
        if refused is not None:  # the address policy again when sending (addresses.py)
            log.warning("e-mail to seat %s of %s refused: %s", row.seat, alert.table_id,
                        refused)
            return "failed"
        try:
            await asyncio.to_thread(send_mail, self.settings, row.email, alert.title,
                                    alert.mail)
        except Exception as exc:
            log.warning("e-mail to seat %s of %s failed: %s", row.seat, alert.table_id, exc)
            return "failed"
        return "sent"

    async def push(self, alert: Alert, subscriptions: list[Any]) -> str:
        """Push to each of the seat's browsers; the ones the push service no longer knows
        (404, 410) are forgotten."""
        if not subscriptions:
            return "off"
        keys = await asyncio.to_thread(lambda: self.keys)
        if keys is None:
            return "unavailable"
        payload = alert.push()

        def one(sub: Any) -> push.Delivery:
            """The endpoint through the webhooks' guard (its checked address), then sent."""
            target = webhook_target(sub.endpoint, self.settings.webhook_allow_private)
            if target is None:
                log.warning("push to a private or unknown address refused: %s", sub.endpoint)
                return "failed"
            info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
            return push.send(keys, info, payload, target, self.push_transport)

        results = await asyncio.gather(*(asyncio.to_thread(one, s) for s in subscriptions))
        gone = [s.endpoint for s, r in zip(subscriptions, results, strict=True) if r == "gone"]
        if gone:
            def forget() -> None:
                with writing(self.service.engine) as conn:
                    for endpoint in gone:
                        store.drop_push_subscription(conn, alert.table_id, alert.seat,
                                                     endpoint)

            await self.service.db(forget)
        sent = results.count("sent")
        if sent == len(results):
            return "sent" if sent == 1 else f"sent to {sent} devices"
        return f"sent to {sent} of {len(results)} devices"

    async def webhook(self, url: str, payload: dict[str, Any]) -> bool:
        """Post to the address checked by ``webhook_target``; False if refused or failed."""
        return await self.post_webhook(url, payload) is None

    async def post_webhook(self, url: str, payload: dict[str, Any]) -> str | None:
        """Post to the address checked by ``webhook_target``: None when it took it, else why
        not, in words a player can act on (what the seat's "Send a test" shows)."""
        target = await asyncio.to_thread(webhook_target, url,
                                         self.settings.webhook_allow_private)
        if target is None:
            log.warning("webhook to a private or unknown address refused: %s", url)
            return "its address is private or does not resolve"
        extensions = {"sni_hostname": target.sni} if target.sni else {}
        try:
            async with httpx.AsyncClient(timeout=10, follow_redirects=False,
                                         transport=self.transport) as client:
                r = await client.post(target.url, json=payload, headers={"Host": target.host},
                                      extensions=extensions)
        except httpx.TimeoutException as exc:
            log.warning("webhook failed: %s", exc)
            return "no answer within 10 s"
        except httpx.HTTPError as exc:
            log.warning("webhook failed: %s", exc)
            return "could not connect"
        if r.status_code >= 300:
            log.warning("webhook answered %s", r.status_code)
            return f"it answered {r.status_code}"
        return None


async def scheduler(service: Service) -> None:
    """Sweep for timed-out turns and seats to notify, forever."""
    while True:
        await asyncio.sleep(service.settings.scheduler_interval)
        try:
            await service.sweep()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("scheduler sweep failed")
