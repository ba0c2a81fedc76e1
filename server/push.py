"""Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292): "your turn"
reaches a seat's browser through its vendor's push service with every tab closed.

The server's VAPID key pair is ``STARPORT_VAPID_PRIVATE_KEY`` when set (PEM, or the
base64url DER / raw key ``vapid --gen`` prints), else ``vapid_private.pem`` in the data dir,
generated on the first start (readable by the owner only). ``http_ece`` encrypts the payload
to the browser's keys (``aes128gcm``, a fresh sender key each message), ``py_vapid`` signs the
``Authorization`` header; the request goes with httpx to the address the caller checked
(``addresses.webhook_target``: globally routable addresses only, resolved once).
"""

from __future__ import annotations

import base64
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import http_ece
import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid, VapidException

from .addresses import WebhookTarget
from .config import Settings

log = logging.getLogger("starport.push")
KEY_FILE = "vapid_private.pem"
TTL = 24 * 3600  # seconds a push service keeps an undelivered alert
CLAIMS_FOR = 12 * 3600  # seconds a VAPID signature holds (RFC 8292: at most 24 hours)
Delivery = Literal["sent", "gone", "failed"]


@dataclass(frozen=True)
class VapidKeys:
    vapid: Vapid
    public_key: str  # the applicationServerKey a page subscribes with (base64url, X9.62)
    subject: str  # a contact for the push services: mailto: or https:


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


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


def encrypt(keys: dict[str, str], data: bytes) -> bytes:
    """``data`` as only the subscribing browser can read it (RFC 8291): ECDH between a fresh
    P-256 key of ours and the browser's ``p256dh``, mixed with its ``auth`` secret; the body
    carries our public key in its header (``aes128gcm``, RFC 8188)."""
    receiver = unb64url(keys["p256dh"])
    if len(receiver) != 65 or receiver[0] != 4:
        raise ValueError("the subscription's p256dh is not an uncompressed P-256 point")
    ours = ec.generate_private_key(ec.SECP256R1())
    return bytes(http_ece.encrypt(data, private_key=ours, dh=receiver,
                                  auth_secret=unb64url(keys["auth"]), version="aes128gcm"))


def authorization(keys: VapidKeys, endpoint: str) -> str:
    """The ``Authorization: vapid t=<JWT>,k=<our public key>`` header (RFC 8292): the JWT names
    the push service's origin (``aud``), our contact (``sub``) and an expiry."""
    parts = urlsplit(endpoint)
    claims = {"aud": f"{parts.scheme}://{parts.netloc}", "sub": keys.subject,
              "exp": int(time.time()) + CLAIMS_FOR}
    return str(keys.vapid.sign(claims)["Authorization"])


def send(keys: VapidKeys, subscription: dict[str, Any], payload: dict[str, Any],
         target: WebhookTarget, transport: httpx.BaseTransport | None = None) -> Delivery:
    """Encrypt ``payload`` to one subscription and post it to ``target``, the endpoint's
    checked address (blocking: run it in a thread). ``gone`` when the push service answers
    404 or 410: the browser dropped the subscription, the caller forgets it."""
    endpoint = str(subscription.get("endpoint"))
    try:
        body = encrypt(subscription["keys"], json.dumps(payload).encode())
        headers = {"Host": target.host, "TTL": str(TTL), "Content-Encoding": "aes128gcm",
                   "Urgency": "high", "Authorization": authorization(keys, endpoint)}
        extensions = {"sni_hostname": target.sni} if target.sni else {}
        with httpx.Client(timeout=10, follow_redirects=False, transport=transport) as c:
            r = c.post(target.url, content=body, headers=headers, extensions=extensions)
    except (httpx.HTTPError, http_ece.ECEException, VapidException, KeyError, ValueError,
            TypeError) as exc:
        log.warning("push to %s failed: %s", endpoint, exc)
        return "failed"
    if r.status_code in (404, 410):
        return "gone"
    if r.status_code > 202:
        log.warning("push to %s failed: %s %s %s", endpoint, r.status_code, r.reason_phrase,
                    r.text[:500])
        return "failed"
    return "sent"
