"""The addresses the server may post to (webhooks, push services): a URL's host resolved once,
and refused unless every address it gives is globally routable (``webhook_target``); the post
then goes to the address that was checked, not to the name again."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

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
