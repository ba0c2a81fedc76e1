"""Loopback stand-ins for the services an alert goes to: a push service (what Mozilla's or
Google's would be for a browser), a chat app's webhook, an SMTP server (``aiosmtpd``), and a
browser's push keys, so a test can read what was pushed to it."""

from __future__ import annotations

import base64
import email
import email.policy
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from .conftest import free_port


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@dataclass
class BrowserKeys:
    """What a browser makes when it subscribes: an ECDH P-256 key pair and an auth secret."""

    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """``PushSubscription.toJSON()``"""
        return {"endpoint": endpoint, "expirationTime": None,
                "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        """The payload as the browser reads it (RFC 8291, aes128gcm)."""
        plain = http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth,
                                 version="aes128gcm")
        return dict(json.loads(plain))


class _Receiver(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answers: dict[str, int] = {}  # path -> status (default 201)
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self) -> _Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.shutdown()
        self.server_close()


class _Recording(BaseHTTPRequestHandler):
    server: _Receiver

    def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with self.server.lock:
            self.server.requests.append({"path": self.path, "body": body,
                                         "headers": {k.lower(): v for k, v in
                                                     self.headers.items()}})
        self.send_response(self.server.answers.get(self.path, 201))
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def push_service() -> _Receiver:
    """A push service on loopback: it takes every message (201) but on the paths told to
    answer otherwise (``answers["/gone"] = 410``: a dropped subscription)."""
    return _Receiver(_Recording)


def webhook_receiver() -> _Receiver:
    return _Receiver(_Recording)


def vapid_claims(authorization: str) -> dict[str, Any]:
    """Check a push request's ``Authorization: vapid t=<JWT>,k=<key>`` (RFC 8292): the JWT's
    signature by that key; answer its claims and the key."""
    assert authorization.startswith("vapid "), authorization
    assert Vapid.verify(authorization), "bad VAPID signature"
    parts = dict(p.split("=", 1) for p in authorization[6:].split(","))
    payload = parts["t"].split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return {**claims, "k": parts["k"]}


class _Inbox:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append({"from": envelope.mail_from, "to": list(envelope.rcpt_tos),
                              "data": envelope.content.decode("utf-8", "replace"),
                              "subject": str(parsed["Subject"]),
                              "body": parsed.get_content()})
        return "250 Message accepted for delivery"


class Mailbox:
    """An SMTP server on loopback (aiosmtpd) keeping every message it is given."""

    def __init__(self) -> None:
        self.inbox = _Inbox()
        self.port = free_port()
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.inbox.messages

    def __enter__(self) -> Mailbox:
        self.controller.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.controller.stop()
