"""Webhooks (and push endpoints) go to globally routable addresses only (carrier-grade NAT,
100.64.0.0/10, where cloud metadata services live, passed the old guard), and the request
goes to the very address that was checked (the host was resolved twice, by the guard and
again by httpx: DNS rebinding reached loopback)."""

from __future__ import annotations

import asyncio
import socket
import types
from typing import Any

import httpx
import pytest

from server import addresses
from server.addresses import webhook_target
from server.config import Settings
from server.notify import Notifier


def _resolver(*answers: str) -> Any:
    """A getaddrinfo that answers each lookup with the next address (the last one repeats)."""
    calls: list[str] = []

    def getaddrinfo(host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        addr = answers[min(len(calls), len(answers) - 1)]
        calls.append(host)
        family = socket.AF_INET6 if ":" in addr else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (addr, port or 80))]

    getaddrinfo.calls = calls  # type: ignore[attr-defined]
    return getaddrinfo


@pytest.mark.parametrize("addr", ["100.64.0.1", "100.127.255.254", "127.0.0.1", "10.1.2.3",
                                  "169.254.169.254", "::ffff:127.0.0.1", "::1", "fd00::1",
                                  "0.0.0.0", "224.0.0.1"])
def test_addresses_that_are_not_globally_routable_are_refused(
        monkeypatch: pytest.MonkeyPatch, addr: str) -> None:
    monkeypatch.setattr(addresses.socket, "getaddrinfo", _resolver(addr))
    assert webhook_target("https://hooks.example.org/x") is None


def test_a_public_address_is_posted_to_by_address_with_its_name() -> None:
    target = webhook_target("https://93.184.216.34:8443/hook?a=1")
    assert target is not None and target.url == "https://93.184.216.34:8443/hook?a=1"


def _notifier(seen: list[httpx.Request]) -> Notifier:
    service = types.SimpleNamespace(settings=Settings(webhook_allow_private=False))
    notifier = Notifier(service)  # type: ignore[arg-type]

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204)

    notifier.transport = httpx.MockTransport(answer)
    return notifier


def test_dns_rebinding_cannot_reach_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The name answers a public address to the guard, then loopback: the post goes to the
    checked public address, with the name in Host and as the TLS server name."""
    resolver = _resolver("93.184.216.34", "127.0.0.1")
    monkeypatch.setattr(addresses.socket, "getaddrinfo", resolver)
    seen: list[httpx.Request] = []
    sent = asyncio.run(_notifier(seen).webhook("https://hooks.example.org/t/1", {"a": 1}))
    assert sent and len(seen) == 1
    request = seen[0]
    assert request.url.host == "93.184.216.34" and request.url.scheme == "https"
    assert request.url.path == "/t/1"
    assert request.headers["host"] == "hooks.example.org"
    assert request.extensions["sni_hostname"] == "hooks.example.org"
    assert resolver.calls == ["hooks.example.org"]  # resolved once


def test_a_carrier_grade_nat_hook_is_never_posted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses.socket, "getaddrinfo", _resolver("100.100.100.200"))
    seen: list[httpx.Request] = []
    assert not asyncio.run(_notifier(seen).webhook("http://metadata.example/latest", {}))
    assert seen == []


# --- one address policy: IPv4 inside IPv6 is unwrapped before it is judged ------------------

WRAPPED_PRIVATE = {
    "64:ff9b::7f00:1": "127.0.0.1",  # NAT64, the well-known prefix (RFC 6052)
    "64:ff9b::a9fe:a9fe": "169.254.169.254",
    "64:ff9b:1::a00:1": "10.0.0.1",  # NAT64 for local use (RFC 8215)
    "2002:7f00:1::1": "127.0.0.1",  # 6to4 (RFC 3056)
    "2002:c0a8:101::1": "192.168.1.1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe": "127.0.0.1",  # Teredo: the client, obfuscated
    "::7f00:1": "127.0.0.1",  # IPv4-compatible (deprecated)
    "::a00:1": "10.0.0.1",
    "::ffff:a9fe:a9fe": "169.254.169.254",  # IPv4-mapped
}


@pytest.mark.parametrize("wrapped, inner", WRAPPED_PRIVATE.items())
def test_a_private_ipv4_inside_ipv6_is_refused(monkeypatch: pytest.MonkeyPatch, wrapped: str,
                                               inner: str) -> None:
    """Python's ``is_global`` calls ``64:ff9b::7f00:1`` global: it is 127.0.0.1 behind a NAT64
    gateway. Refused as a literal, and as the answer for a name, at registration (the
    reason names what it carries) and when sending."""
    assert webhook_target(f"http://[{wrapped}]/x") is None
    reason = addresses.url_refusal(f"http://[{wrapped}]:8080/x")
    assert reason is not None and inner in reason, reason
    monkeypatch.setattr(addresses.socket, "getaddrinfo", _resolver(wrapped))
    assert webhook_target("https://hooks.example.org/x") is None
    reason = addresses.url_refusal("https://hooks.example.org/x")
    assert reason is not None and reason.startswith("hooks.example.org resolves to")
    assert addresses.mail_refusal("me@mail.example.org") is not None
    assert addresses.url_refusal("https://hooks.example.org/x", allow_private=True) is None


def test_a_public_ipv4_behind_nat64_is_posted_to() -> None:
    target = webhook_target("https://[64:ff9b::5db8:d822]/hook")
    assert target is not None and target.url == "https://[64:ff9b::5db8:d822]:443/hook"
    assert addresses.url_refusal("https://[64:ff9b::5db8:d822]/hook") is None


def test_a_name_that_does_not_resolve_yet_is_judged_when_sending(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def nowhere(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(addresses.socket, "getaddrinfo", nowhere)
    assert addresses.url_refusal("https://hooks.example.org/x") is None  # registered
    assert webhook_target("https://hooks.example.org/x") is None  # nothing to post to
    assert addresses.url_refusal("ftp://hooks.example.org/x") == (
        "only http and https addresses are allowed")


def test_an_email_to_a_private_domain_is_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    """The address policy again when an e-mail goes: the mail server would deliver inside
    the host's network (the seat's address resolving to a private host since it was set)."""
    monkeypatch.setattr(addresses.socket, "getaddrinfo", _resolver("10.1.2.3"))
    sent: list[str] = []
    monkeypatch.setattr("server.notify.send_mail", lambda *a: sent.append(a[1]))
    notifier = _notifier([])
    notifier.settings = Settings(smtp_host="127.0.0.1", webhook_allow_private=False)
    row = types.SimpleNamespace(email="me@mail.example.org", seat=0)
    alert = types.SimpleNamespace(table_id="t", title="Your turn", mail="...")
    assert asyncio.run(notifier.email(row, alert)) == "failed" and sent == []  # type: ignore[arg-type]
    monkeypatch.setattr(addresses.socket, "getaddrinfo", _resolver("93.184.216.34"))
    assert asyncio.run(notifier.email(row, alert)) == "sent"  # type: ignore[arg-type]
    assert sent == ["me@mail.example.org"]
