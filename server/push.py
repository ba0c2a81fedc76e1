"""Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292): "your turn"
reaches a seat's browser through its vendor's push service with every tab closed.

The server's VAPID key pair is ``STARPORT_VAPID_PRIVATE_KEY`` when set (PEM, or the
base64url DER / raw key ``vapid --gen`` prints), else ``vapid_private.pem`` in the data dir,
generated on the first start (readable by the owner only). ``pywebpush`` encrypts and signs;
the request itself goes to the subscription's endpoint through the same guard as webhooks
(``notify.webhook_target``: globally routable addresses only, resolved once).
"""

from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

import httpx
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from .config import Settings

log = logging.getLogger("starport.push")
KEY_FILE = "vapid_private.pem"
TTL = 24 * 3600  # seconds a push service keeps an undelivered alert
Delivery = Literal["sent", "gone", "failed"]


@dataclass(frozen=True)
class VapidKeys:
    vapid: Vapid
    public_key: str  # the applicationServerKey a page subscribes with (base64url, X9.62)
    subject: str  # a contact for the push services: mailto: or https:


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _key_file(data_dir: Path) -> Vapid:
    """The key in the data dir, made on the first start (O_EXCL: two processes starting
    together keep the one that was written first)."""
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        fresh = Vapid()
        fresh.generate_keys()
        temp = path.with_name(f".{KEY_FILE}.{os.getpid()}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(fresh.private_pem())
        try:
            os.link(temp, path)
            log.info("generated the VAPID key pair in %s", path)
        except FileExistsError:
            pass
        finally:
            temp.unlink()
    return Vapid.from_pem(path.read_bytes())


def load_keys(settings: Settings) -> VapidKeys:
    raw = settings.vapid_private_key.strip()
    if raw:
        vapid = (Vapid.from_pem(raw.encode()) if raw.startswith("-----")
                 else Vapid.from_string(private_key=raw))
    else:
        vapid = _key_file(settings.data_dir)
    point = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                          serialization.PublicFormat.UncompressedPoint)
    return VapidKeys(vapid, b64url(point), subject(settings))


def subject(settings: Settings) -> str:
    """The VAPID ``sub`` claim: ``STARPORT_VAPID_SUBJECT``, else the sender address of the
    e-mails, else the public URL when it is https, else a placeholder."""
    if settings.vapid_subject:
        return settings.vapid_subject
    if settings.smtp_from:
        return f"mailto:{settings.smtp_from}"
    if settings.public_url.startswith("https://"):
        return settings.public_url
    return "mailto:starport@localhost"


@dataclass
class PushAnswer:
    """The push service's answer, shaped as ``pywebpush`` reads a ``requests`` response."""

    status_code: int
    reason: str
    text: str
    headers: dict[str, str]


class GuardedPost:
    """Posts ``pywebpush``'s request to the address ``webhook_target`` checked (it stands in
    for the ``requests`` session ``pywebpush`` takes)."""

    def __init__(self, allow_private: bool, transport: httpx.BaseTransport | None = None):
        self.allow_private = allow_private
        self.transport = transport

    def post(self, endpoint: str, timeout: Any = None, data: bytes | None = None,
             headers: Any = None) -> PushAnswer:
        from .notify import webhook_target

        target = webhook_target(endpoint, self.allow_private)
        if target is None:
            raise WebPushException(f"push endpoint refused (not a public address): {endpoint}")
        sent = {str(k): str(v) for k, v in dict(headers or {}).items()}
        sent["Host"] = target.host
        extensions = {"sni_hostname": target.sni} if target.sni else {}
        with httpx.Client(timeout=10, follow_redirects=False, transport=self.transport) as c:
            r = c.post(target.url, content=data or b"", headers=sent, extensions=extensions)
        return PushAnswer(r.status_code, r.reason_phrase, r.text[:500], dict(r.headers))


def send(keys: VapidKeys, subscription: dict[str, Any], payload: dict[str, Any],
         allow_private: bool, transport: httpx.BaseTransport | None = None) -> Delivery:
    """Encrypt ``payload`` to one subscription and post it (blocking: run it in a thread).
    ``gone`` when the push service answers 404 or 410: the browser dropped the
    subscription, the caller forgets it."""
    try:
        webpush(subscription, json.dumps(payload), vapid_private_key=keys.vapid,
                vapid_claims={"sub": keys.subject}, ttl=TTL, timeout=10,
                headers={"Urgency": "high"},
                requests_session=cast(Any, GuardedPost(allow_private, transport)))
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in (404, 410):
            return "gone"
        log.warning("push to %s failed: %s", subscription.get("endpoint"), exc.message)
        return "failed"
    except (httpx.HTTPError, ValueError, TypeError) as exc:
        log.warning("push to %s failed: %s", subscription.get("endpoint"), exc)
        return "failed"
    return "sent"
