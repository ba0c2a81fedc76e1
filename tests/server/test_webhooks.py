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
