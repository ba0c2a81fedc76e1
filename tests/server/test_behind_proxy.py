"""Behind a real reverse proxy: Debian's nginx (``tests/server/ensure_nginx.sh``) terminating
TLS with a certificate made here, on loopback ports, in front of two servers: one that
trusts it (``STARPORT_TRUSTED_PROXIES=127.0.0.1``, an https ``STARPORT_PUBLIC_URL``) and one
left at the defaults (no proxy believed). Through the trusted one, rate limits count each
client the proxy names (clients come from 127.0.0.2, 127.0.0.3, ...) and a client cannot
pick its bucket with its own ``X-Forwarded-For``; the cookie is ``Secure``; the websocket
works over wss with the page's origin and refuses others; the links of tables and alerts are
the public https ones; another ``Host`` is refused. Behind the default one every client
shares the proxy's bucket, and a spoofed ``X-Forwarded-For`` from loopback is not believed
(docs/operations.md, "A reverse proxy with TLS")."""

from __future__ import annotations

import datetime
import ipaddress
import json
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from server.config import database_url

from .conftest import ServerProcess, free_port
from .helpers import h, open_table
from .receivers import webhook_receiver

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
LIMIT = 5  # reads a minute per client

pytestmark = pytest.mark.skipif(not Path(NGINX).exists(),
                                reason="no nginx (tests/server/ensure_nginx.sh installs it)")


def certificate(folder: Path) -> Path:
    """A self-signed certificate for ``localhost`` and 127.0.0.1 (its key beside it); the
    clients trust it alone."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    (folder / "key.pem").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    path = folder / "cert.pem"
    path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return path


def _site(port: int, upstream: int, folder: Path) -> str:
    return f"""
  server {{
    listen 127.0.0.1:{port} ssl;
    server_name localhost;
    ssl_certificate {folder}/cert.pem;
    ssl_certificate_key {folder}/key.pem;
    location / {{
      proxy_pass http://127.0.0.1:{upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
    }}
  }}"""


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[Any]:
    """Start nginx with ``sites``: (its port, the server's port) pairs; stopped at the end."""
    folder = tmp_path / "nginx"
    folder.mkdir()
    certificate(folder)
    started: list[subprocess.Popen[bytes]] = []

    def start(*sites: tuple[int, int]) -> None:
        conf = folder / "nginx.conf"
        temp = "".join(f"  {kind}_temp_path {folder}/{kind};\n"
                       for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        conf.write_text(f"""daemon off;
worker_processes 1;
user root;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
  access_log off;
{temp}  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
{"".join(_site(port, upstream, folder) for port, upstream in sites)}
}}
""")
        proc = subprocess.Popen([NGINX, "-p", str(folder), "-e", str(folder / "error.log"),
                                 "-c", str(conf)], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        started.append(proc)
        deadline = time.monotonic() + 30
        for port, _ in sites:
            while True:
                assert proc.poll() is None, (folder / "error.log").read_text()
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                assert time.monotonic() < deadline, "nginx did not listen"
                time.sleep(0.05)

    start.folder = folder  # type: ignore[attr-defined]
    yield start
    for proc in started:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _client(base: str, cafile: Path, source: str = "127.0.0.1") -> httpx.Client:
    """An https client from ``source`` (a loopback address of its own: a client of its own
    as the proxy sees it) that trusts the test certificate alone."""
    context = ssl.create_default_context(cafile=str(cafile))
    return httpx.Client(base_url=base, timeout=30,
                        transport=httpx.HTTPTransport(verify=context, local_address=source))


def _reads(c: httpx.Client, table: dict[str, Any], n: int,
           headers: dict[str, str] | None = None) -> list[int]:
    tid, token = table["table_id"], table["spectator"]["token"]
    return [c.get(f"/api/tables/{tid}", headers={**h(token), **(headers or {})}).status_code
            for _ in range(n)]


def test_behind_nginx_with_tls(tmp_path: Path, spawn: Any, nginx: Any) -> None:
    trusted_port, default_port = free_port(), free_port()
    public = f"https://localhost:{trusted_port}"
    limits = f"read={LIMIT}/minute"
    trusted = spawn(database_url(None, tmp_path / "data"), env={
        "STARPORT_TRUSTED_PROXIES": "127.0.0.1", "STARPORT_PUBLIC_URL": public,
        "STARPORT_RATE_LIMITS": limits, "STARPORT_WEBHOOK_ALLOW_PRIVATE": "1"})
    second = tmp_path / "second" / "data"
    default = ServerProcess(database_url(None, second), second,
                            env={"STARPORT_RATE_LIMITS": limits}).start()
    try:
        nginx((trusted_port, trusted.port), (default_port, default.port))
        cafile = nginx.folder / "cert.pem"
        _trusted_proxy(trusted, public, cafile)
        _default_settings(default, f"https://localhost:{default_port}", cafile)
    finally:
        default.stop()


def _trusted_proxy(server: ServerProcess, public: str, cafile: Path) -> None:
    with _client(public, cafile, "127.0.0.9") as c, webhook_receiver() as hooks:
        table = open_table(c)  # POSTs: not counted as reads
        tid = table["table_id"]
        assert table["seats"][0]["url"] == f"{public}/t/{tid}#{table['seats'][0]['token']}"
        # rate limits count each client the proxy names, whatever it claims itself
        with _client(public, cafile, "127.0.0.2") as a, _client(public, cafile, "127.0.0.3") as b:
            assert _reads(a, table, LIMIT, {"x-forwarded-for": "203.0.113.7"}) == [200] * LIMIT
            assert _reads(a, table, 1, {"x-forwarded-for": "203.0.113.8"}) == [429]
            assert _reads(b, table, LIMIT) == [200] * LIMIT
            assert _reads(b, table, 1) == [429]
        # straight to the server from a client that is not the proxy: its own bucket, its
        # X-Forwarded-For not believed
        with httpx.Client(base_url=server.base, timeout=30, transport=httpx.HTTPTransport(
                local_address="127.0.0.4")) as direct:
            codes = [_reads(direct, table, 1, {"x-forwarded-for": f"198.51.100.{i}"})[0]
                     for i in range(LIMIT + 1)]
            assert codes == [200] * LIMIT + [429]
        # the cookie is Secure (the proxy's https believed, and the public URL's), and the
        # page's own origin is https
        seat = table["seats"][0]["token"]
        r = c.post(f"/api/tables/{tid}/session", json={"token": seat},
                   headers={"origin": public})
        assert r.status_code == 200 and "Secure" in r.headers["set-cookie"], r.headers
        r = c.post(f"/api/tables/{tid}/session", json={"token": seat},
                   headers={"origin": public.replace("https:", "http:")})
        assert r.status_code == 403
        # another Host, through the proxy: refused
        assert c.get("/api/health", headers={"host": "evil.example"}).status_code == 400
        # the websocket over wss, with the page's origin; another origin is refused
        context = ssl.create_default_context(cafile=str(cafile))
        ws_url = public.replace("https:", "wss:") + f"/api/tables/{tid}/ws"
        with connect(ws_url, ssl=context, origin=Origin(public), open_timeout=20) as ws:
            ws.send(json.dumps({"type": "hello", "token": seat, "after": 0}))
            hello = json.loads(ws.recv(timeout=20))
            assert hello["type"] == "hello" and hello["seat"] == 0
            assert json.loads(ws.recv(timeout=20))["type"] == "events"
        for origin in ("https://evil.example", public.replace("https:", "http:")):
            with pytest.raises(InvalidStatus) as refused, connect(
                    ws_url, ssl=context, origin=Origin(origin), open_timeout=20) as ws:
                ws.send(json.dumps({"type": "hello", "token": seat}))
                ws.recv(timeout=20)
            assert refused.value.response.status_code == 403
        # an alert's link is the public one
        hook = f"{hooks.base}/alerts"
        r = c.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(seat),
                  json={"webhook": hook, "webhook_format": "json"})
        assert r.status_code == 200, r.text
        r = c.post(f"/api/tables/{tid}/seats/0/alerts/test", headers=h(seat))
        assert r.status_code == 200 and r.json()["webhook"] == "sent (json)", r.text
        body = json.loads(hooks.requests[-1]["body"])
        assert body["link"] == f"{public}/t/{tid}" and seat not in json.dumps(body)


def _default_settings(server: ServerProcess, base: str, cafile: Path) -> None:
    """No proxy believed: every client behind the proxy is the proxy (one bucket), the cookie
    follows the scheme the server sees (http), and X-Forwarded-For from loopback is nobody's
    word."""
    with _client(base, cafile, "127.0.0.9") as c:
        table = open_table(c)
        with _client(base, cafile, "127.0.0.2") as a, _client(base, cafile, "127.0.0.3") as b:
            assert _reads(a, table, LIMIT) == [200] * LIMIT
            assert _reads(b, table, 1) == [429]  # the proxy's bucket, shared
        r = c.post(f"/api/tables/{table['table_id']}/session",
                   json={"token": table["seats"][0]["token"]})
        assert r.status_code == 200 and "Secure" not in r.headers["set-cookie"]
    with httpx.Client(base_url=server.base, timeout=30) as direct:  # from 127.0.0.1
        assert _reads(direct, table, 1, {"x-forwarded-for": "198.51.100.1"}) == [429]
