"""Telling a seat the game waits for it: a webhook and/or an e-mail (SMTP settings)."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import smtplib
import socket
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from . import store
from .config import Settings
from .db import reading
from .service import Service

log = logging.getLogger("starport.notify")
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class WebhookTarget:
    """Where a webhook is posted: the address that was checked, not the name again (a second
    lookup could answer another address: DNS rebinding)."""

    url: str  # the webhook URL with the checked address in place of the host name
    host: str  # the Host header (the name and port as the seat gave them)
    sni: str | None  # the TLS server name (https): the certificate is checked against it


def _routable(addr: IPAddress) -> bool:
    """Globally routable only: no loopback, private, link-local, carrier-grade NAT
    (100.64.0.0/10), reserved, multicast, nor an IPv4 one of those mapped into IPv6."""
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return addr.is_global and not addr.is_multicast


def webhook_target(url: str, allow_private: bool = False) -> WebhookTarget | None:
    """Resolve the webhook's host once; None if it does not resolve or if any of its
    addresses is not globally routable (unless the operator allows private ones)."""
    parts = urlsplit(url)
    host = parts.hostname
    if not host or parts.scheme not in ("http", "https"):
        return None
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError, UnicodeError):
        return None
    addrs = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]
    if not addrs or not (allow_private or all(_routable(a) for a in addrs)):
        return None
    addr = addrs[0]
    literal = f"[{addr}]" if addr.version == 6 else str(addr)
    netloc = f"{literal}:{port}"
    return WebhookTarget(url=urlunsplit(parts._replace(netloc=netloc)),
                         host=parts.netloc.rpartition("@")[2],
                         sni=host if parts.scheme == "https" else None)


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


class Notifier:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.settings = service.settings
        self.transport: httpx.AsyncBaseTransport | None = None  # tests replace the network

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
                await self.webhook(row.webhook, payload)
            if row.email and self.settings.smtp_host:
                text = (f"{row.name or 'Player'}, the game at table “{table.name}” is waiting "
                        f"for you. Open your seat link to play ({link}).")
                try:
                    await asyncio.to_thread(send_mail, self.settings, row.email,
                                            f"Your turn at {table.name}", text)
                except Exception as exc:
                    log.warning("e-mail to seat %s of %s failed: %s", row.seat, table_id, exc)

    async def webhook(self, url: str, payload: dict[str, Any]) -> bool:
        """Post to the address checked by ``webhook_target``; False if refused or failed."""
        target = await asyncio.to_thread(webhook_target, url,
                                         self.settings.webhook_allow_private)
        if target is None:
            log.warning("webhook to a private or unknown address refused: %s", url)
            return False
        extensions = {"sni_hostname": target.sni} if target.sni else {}
        try:
            async with httpx.AsyncClient(timeout=10, follow_redirects=False,
                                         transport=self.transport) as client:
                await client.post(target.url, json=payload, headers={"Host": target.host},
                                  extensions=extensions)
        except httpx.HTTPError as exc:
            log.warning("webhook failed: %s", exc)
            return False
        return True


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
