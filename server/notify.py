"""Telling a seat the game waits for it: a webhook and/or an e-mail (SMTP settings)."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import smtplib
import socket
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

import httpx

from . import store
from .config import Settings
from .db import reading
from .service import Service

log = logging.getLogger("starport.notify")


def _public_host(url: str) -> bool:
    """Webhooks go to public addresses only (unless the operator allows private ones)."""
    host = urlsplit(url).hostname
    if not host:
        return False
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    for info in infos:
        addr = ipaddress.ip_address(info[4][0])
        if addr.is_private or addr.is_loopback or addr.is_link_local or addr.is_reserved:
            return False
    return True


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


class Notifier:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.settings = service.settings

    async def __call__(self, table_id: str, seq: int, seats: list[int]) -> None:
        def read() -> tuple[Any, list[Any]]:
            with reading(self.service.engine) as conn:
                return store.table(conn, table_id), store.seats(conn, table_id)

        table, rows = await self.service.db(read)
        if table is None:
            return
        online = self.service.hub.seats_online(table_id)
        base = self.settings.public_url
        link = f"{base}/t/{table_id}" if base else f"/t/{table_id}"
        for row in rows:
            if row.seat not in seats or row.bot or row.seat in online:
                continue
            payload = {"event": "your_turn", "table": table_id, "table_name": table.name,
                       "seat": row.seat, "seq": seq, "link": link}
            if row.webhook:
                await self._webhook(row.webhook, payload)
            if row.email and self.settings.smtp_host:
                text = (f"{row.name or 'Player'}, the game at table “{table.name}” is waiting "
                        f"for you. Open your seat link to play ({link}).")
                try:
                    await asyncio.to_thread(send_mail, self.settings, row.email,
                                            f"Your turn at {table.name}", text)
                except Exception as exc:
                    log.warning("e-mail to seat %s of %s failed: %s", row.seat, table_id, exc)

    async def _webhook(self, url: str, payload: dict[str, Any]) -> None:
        if not self.settings.webhook_allow_private and not await asyncio.to_thread(
            _public_host, url
        ):
            log.warning("webhook to a private address refused: %s", url)
            return
        try:
            async with httpx.AsyncClient(timeout=10, follow_redirects=False) as client:
                await client.post(url, json=payload)
        except httpx.HTTPError as exc:
            log.warning("webhook failed: %s", exc)


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
