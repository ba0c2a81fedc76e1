"""No noise from clients that go away, a binary hello read like a text
one, 413 for a streamed oversized body, 503 when the database is down, a complete ``Allow``
on 405, and the security headers on pages and static files."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.db import make_engine

from .conftest import free_port
from .helpers import h, open_table, service_of

LINGER_0 = b"\x01\x00\x00\x00\x00\x00\x00\x00"  # close() sends a reset


def test_clients_that_leave_right_after_hello_leave_no_traceback(db_url: str,
                                                                 spawn: Any) -> None:
    import httpx
    from websockets.sync.client import connect

    server = spawn(db_url)
    table = open_table(httpx.Client(base_url=server.base))
    hello = json.dumps({"type": "hello", "token": table["seats"][0]["token"]})
    for _ in range(30):
        ws = connect(f"{server.ws_base}/api/tables/{table['table_id']}/ws", legacy=True)
        ws.send(hello)
        ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, LINGER_0)
        ws.socket.close()  # gone at once: a reset, no closing handshake
    time.sleep(1.0)
    httpx.get(server.base + "/api/health")
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]


def test_a_binary_hello_is_read_like_a_text_one(client: TestClient) -> None:
    table = open_table(client)
    with client.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
        ws.send_bytes(json.dumps({"type": "hello",
                                  "token": table["seats"][0]["token"]}).encode())
        assert ws.receive_json()["type"] == "hello"


def test_an_oversized_streamed_body_is_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"name": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}'

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    assert r.json()["detail"]["code"] == "too_large"


def test_a_database_outage_is_503(client: TestClient, db_url: str) -> None:
    table = open_table(client)
    service = service_of(client)
    down = ("sqlite:////nonexistent/starport/down.sqlite3" if db_url.startswith("sqlite")
            else f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/gone")
    working, service.engine = service.engine, make_engine(down)
    try:
        service.token_cache.clear()
        for r in (client.post("/api/tables", json={}),
                  client.get(f"/api/tables/{table['table_id']}",
                             headers=h(table["host"]["token"]))):
            assert r.status_code == 503, r.text
            assert r.json()["detail"]["code"] == "unavailable"
            assert r.headers["retry-after"] == "5"
    finally:
        service.engine.dispose()
        service.engine = working


def test_a_websocket_during_a_database_outage_is_told_to_try_again(client: TestClient,
                                                                  db_url: str) -> None:
    table = open_table(client)
    service = service_of(client)
    down = ("sqlite:////nonexistent/starport/down.sqlite3" if db_url.startswith("sqlite")
            else f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/gone")
    working, service.engine = service.engine, make_engine(down)
    try:
        service.token_cache.clear()
        with client.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": table["seats"][0]["token"]})
            assert ws.receive_json()["code"] == "unavailable"
            assert ws.receive()["code"] == 1013
    finally:
        service.engine.dispose()
        service.engine = working


@pytest.mark.parametrize("method, path, allow", [
    ("PUT", "/api/tables/abc/session", "DELETE, POST"),
    ("DELETE", "/api/tables", "POST"),
    ("POST", "/api/tables/abc/view", "GET"),
    ("POST", "/platform/style.css", "GET, HEAD"),
])
def test_a_405_names_every_allowed_method(client: TestClient, method: str, path: str,
                                          allow: str) -> None:
    r = client.request(method, path)
    assert r.status_code == 405, r.text
    assert r.headers["allow"] == allow


@pytest.mark.parametrize("path", ["/", "/platform/style.css", "/main.js", "/t/abc", "/api/health",
                                  "/api/games/venus/board.svg"])
def test_pages_and_files_carry_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"


def test_the_api_docs_keep_working_without_a_csp(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200 and "content-security-policy" not in r.headers
    assert r.headers["x-content-type-options"] == "nosniff"
