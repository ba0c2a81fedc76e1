"""Every kind of request a client can repeat is rate-limited (GETs and
websocket messages were not: 264,641 pings were answered on one socket in 3 s), and on
PostgreSQL the counters are shared by the server processes (they were per process)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.app import create_app

from .conftest import settings_for
from .helpers import h, open_table


def test_reads_are_limited(db_url: str, tmp_path: Path) -> None:
    app = create_app(settings_for(db_url, tmp_path, rate_limits="read=5/minute"))
    with TestClient(app) as c:
        table = open_table(c)
        url = f"/api/tables/{table['table_id']}"
        codes = [c.get(url, headers=h(table["spectator"]["token"])).status_code
                 for _ in range(7)]
        assert codes == [200] * 5 + [429] * 2, codes


def test_websocket_messages_are_limited(db_url: str, tmp_path: Path) -> None:
    app = create_app(settings_for(db_url, tmp_path, rate_limits="ws=5/minute"))
    with TestClient(app) as c:
        table = open_table(c)
        with c.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": table["spectator"]["token"]})
            assert ws.receive_json()["type"] == "hello"
            for _ in range(8):
                ws.send_json({"type": "ping"})
            answers: list[dict[str, Any]] = []
            while len(answers) < 6:  # past the events and chat sent after the hello
                msg = ws.receive_json()
                if msg["type"] in ("pong", "error"):
                    answers.append(msg)
            assert [a["type"] for a in answers] == ["pong"] * 5 + ["error"], answers
            assert answers[-1]["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008


def test_websocket_connections_are_limited(db_url: str, tmp_path: Path) -> None:
    app = create_app(settings_for(db_url, tmp_path, rate_limits="connect=2/minute"))
    with TestClient(app) as c:
        table = open_table(c)
        url = f"/api/tables/{table['table_id']}/ws"
        hello = json.dumps({"type": "hello", "token": table["spectator"]["token"]})
        for _ in range(2):
            with c.websocket_connect(url) as ws:
                ws.send_text(hello)
                assert ws.receive_json()["type"] == "hello"
        with pytest.raises(WebSocketDisconnect), c.websocket_connect(url) as ws:
            ws.send_text(hello)  # refused before it is accepted
            ws.receive_json()


@pytest.mark.postgres
def test_two_processes_share_the_counters(pg_url: str, spawn: Any) -> None:
    env = {"STARPORT_RATE_LIMITS": "read=6/minute"}
    a, b = spawn(pg_url, env=env), spawn(pg_url, env=env)
    with httpx.Client(base_url=a.base) as ca, httpx.Client(base_url=b.base) as cb:
        table = open_table(ca)
        url = f"/api/tables/{table['table_id']}/me"
        token = h(table["spectator"]["token"])
        codes = [(ca if i % 2 else cb).get(url, headers=token).status_code for i in range(8)]
        assert codes == [200] * 6 + [429] * 2, codes


@pytest.mark.postgres
def test_shared_counts_one_statement_without_a_durable_commit(pg_url: str,
                                                              tmp_path: Path) -> None:
    """A shared hit is one autocommitted upsert whose commit waits for no disk, on the
    counters' own connection (``docs/performance.md``, The levers: it was a transaction and a
    durable
    commit per request); it counts up within a window, starts again in the next, survives
    losing that connection, and leaves the pool's connections' setting alone."""
    import asyncio

    from sqlalchemy import text

    from server.service import Service
    from server.shared_limits import DbCounts

    service = Service(settings_for(pg_url, tmp_path))
    service.migrate()
    counts = DbCounts(service)

    async def hits() -> list[int]:
        first = [await counts.hit("ws/k", 3600) for _ in range(3)]
        return first + [await counts.hit("ws/other", 3600)]

    try:
        assert asyncio.run(hits()) == [1, 2, 3, 1]
        counts.conn.close()  # its own connection lost: made again, the count goes on
        assert asyncio.run(counts.hit("ws/k", 3600)) == 4
        with service.engine.connect() as conn:
            assert conn.execute(text("SHOW synchronous_commit")).scalar_one() == "on"
            conn.execute(text("UPDATE rate_counters SET window_start = window_start - 3600"))
            conn.commit()
        assert asyncio.run(counts.hit("ws/k", 3600)) == 1  # a new window
    finally:
        counts.close()
        service.pool.shutdown(wait=True)
        service.engine.dispose()
