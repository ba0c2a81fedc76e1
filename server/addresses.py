"""The addresses the server may send to: one policy for webhooks, Web Push endpoints and the
domains of e-mail addresses (``docs/operations.md``, "Alerts").

An address is judged after unwrapping the IPv4 address an IPv6 one carries (IPv4-mapped
``::ffff:a.b.c.d``, IPv4-compatible ``::a.b.c.d``, NAT64 ``64:ff9b::/96`` and the local-use
``64:ff9b:1::/48``, 6to4 ``2002::/16``, Teredo ``2001::/32``): ``64:ff9b::7f00:1`` is
127.0.0.1 behind a NAT64 gateway, which Python's ``is_global`` calls global. A host name is
judged by every address it resolves to, and names kept for local use (``localhost``,
``.local``, ``.internal``, ...) are refused whatever they resolve to.

The policy runs twice: when a seat registers an address (``url_refusal``, ``mail_refusal``:
a 422 that says why; a name that does not resolve yet is let through) and when an alert is
sent (``webhook_target``: resolved once, then the post goes to the very address that was
checked, not to the name again; ``mail_refusal`` again before an e-mail)."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052, the well-known prefix
NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215, local use
SIX_TO_FOUR = ipaddress.ip_network("2002::/16")  # RFC 3056
TEREDO = ipaddress.ip_network("2001::/32")  # RFC 4380
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")  # RFC 4291, deprecated
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT, RFC 6598
# names that never belong to a public host: RFC 6761 (localhost), RFC 6762 (.local),
# RFC 8375 (.home.arpa), ICANN's private-use .internal
LOCAL_NAMES = ("localhost", "local", "home.arpa", "internal")


@dataclass(frozen=True)
class WebhookTarget:
    """Where a webhook is posted: the address that was checked, not the name again (a second
    lookup could answer another address: DNS rebinding)."""

    url: str  # the webhook URL with the checked address in place of the host name
    host: str  # the Host header (the name and port as the seat gave them)
    sni: str | None  # the TLS server name (https): the certificate is checked against it


def carried(addr: IPAddress) -> list[tuple[str, ipaddress.IPv4Address]]:
    """The IPv4 addresses an IPv6 address carries, each with the name of its wrapping."""
    if not isinstance(addr, ipaddress.IPv6Address):
        return []
    low32 = ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
    if addr.ipv4_mapped is not None:
        return [("IPv4-mapped", addr.ipv4_mapped)]
    if addr in NAT64 or addr in NAT64_LOCAL:
        return [("NAT64", low32)]
    if addr.sixtofour is not None:
        return [("6to4", addr.sixtofour)]
    if addr.teredo is not None:
        server, client = addr.teredo
        return [("Teredo", client), ("Teredo server", server)]
    if addr in IPV4_COMPATIBLE and int(addr) > 1:  # not :: nor ::1
        return [("IPv4-compatible", low32)]
    return []


def _kind(addr: IPAddress) -> str | None:
    """What makes an address (as it is, nothing unwrapped) one the server will not post to."""
    if addr.is_loopback:
        return "a loopback address"
    if addr.is_unspecified:
        return "the unspecified address"
    if addr.is_multicast:
        return "a multicast address"
    if addr.is_link_local:
        return "a link-local address"
    if isinstance(addr, ipaddress.IPv4Address) and addr in SHARED:
        return "a carrier-grade NAT address (100.64.0.0/10)"
    if isinstance(addr, ipaddress.IPv6Address) and addr in NAT64_LOCAL:
        return "a local-use NAT64 address (64:ff9b:1::/48)"
    if addr.is_private:
        return "a private address"
    if not addr.is_global:
        return "not a globally routable address"
    return None


def _problem(addr: IPAddress) -> str | None:
    """What is wrong with ``addr`` as a phrase ("is a loopback address", "carries 10.0.0.1
    (NAT64), a private address"); None: nothing. Every IPv4 address it carries is judged,
    then the address itself."""
    for wrapping, inner in carried(addr):
        kind = _kind(inner)
        if kind is not None:
            return f"carries {inner} ({wrapping}), {kind}"
    kind = _kind(addr)
    return f"is {kind}" if kind is not None else None


def address_problem(addr: IPAddress) -> str | None:
    """Why the server may not send to ``addr`` (None: it may)."""
    problem = _problem(addr)
    return f"{addr} {problem}" if problem is not None else None


def local_name(host: str) -> bool:
    """A name kept for local use (``localhost``, ``printer.local``, ``db.internal``, ...)."""
    name = host.lower().rstrip(".")
    return any(name == n or name.endswith("." + n) for n in LOCAL_NAMES)


def _literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return None


def resolve(host: str, port: int) -> list[IPAddress]:
    """Every address ``host`` resolves to (empty when it does not resolve)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError, UnicodeError):
        return []
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]


def host_problem(host: str, port: int) -> tuple[list[IPAddress], str | None]:
    """The addresses of ``host`` and why the server may not send to it (None: it may; a
    name that does not resolve has no addresses and no problem: the caller decides)."""
    literal = _literal(host)
    if literal is not None:
        return [literal], address_problem(literal)
    if local_name(host):
        return [], f"{host} is a name for local use"
    addrs = resolve(host, port)
    for addr in addrs:
        problem = _problem(addr)
        if problem is not None:
            return addrs, f"{host} resolves to {addr}, which {problem}"
    return addrs, None


def _url_host(url: str) -> tuple[str, int] | str:
    """The host and port of an http(s) URL, or why it has none."""
    parts = urlsplit(url)
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        return "the port is not a number"
    if parts.scheme not in ("http", "https"):
        return "only http and https addresses are allowed"
    if not host:
        return "the address names no host"
    return host, port or (443 if parts.scheme == "https" else 80)


def url_refusal(url: str, allow_private: bool = False) -> str | None:
    """Why a webhook or push endpoint may not be registered (None: it may). A host that does
    not resolve now is let through: it is judged again when an alert is sent (blocking: a
    DNS lookup; run it in a thread)."""
    where = _url_host(url)
    if isinstance(where, str):
        return where
    if allow_private:
        return None
    return host_problem(*where)[1]


def mail_refusal(address: str, allow_private: bool = False) -> str | None:
    """Why the server may not send e-mail to ``address`` (None: it may): its domain is judged
    as a webhook's host is (``user@[10.0.0.1]``, ``root@localhost``, a domain that resolves to a
    private address: the mail server would deliver inside the host's network). A domain that
    does not resolve to an address is let through (its mail server decides; blocking)."""
    domain = address.rpartition("@")[2].strip()
    if domain.startswith("[") and domain.endswith("]"):
        domain = domain[1:-1].removeprefix("IPv6:")
    if not domain:
        return "the address has no domain"
    if allow_private:
        return None
    return host_problem(domain, 25)[1]


def webhook_target(url: str, allow_private: bool = False) -> WebhookTarget | None:
    """Resolve the webhook's host once; None if it does not resolve or if any of its
    addresses may not be posted to (unless the operator allows private ones)."""
    where = _url_host(url)
    if isinstance(where, str):
        return None
    host, port = where
    literal = _literal(host)
    addrs = [literal] if literal is not None else resolve(host, port)
    if not addrs:
        return None
    if not allow_private:
        if literal is None and local_name(host):
            return None
        if any(address_problem(a) is not None for a in addrs):
            return None
    addr = addrs[0]
    parts = urlsplit(url)
    literal_host = f"[{addr}]" if addr.version == 6 else str(addr)
    return WebhookTarget(url=urlunsplit(parts._replace(netloc=f"{literal_host}:{port}")),
                         host=parts.netloc.rpartition("@")[2],
                         sni=host if parts.scheme == "https" else None)
