"""PostgreSQL's reads for less: a link looked up (``Service.identify``, on a websocket's
first frame and whenever a link's cached identity ran out) is one statement in one round
trip, whatever the number of links presented, and no pooled connection is pinged with a
``SELECT 1`` on checkout -- one the database closed is found without a round trip and
replaced (docs/performance.md, "The levers")."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import Connection, event

from server import store
from server.db import reading
from server.service import Service

from .test_group_commit import run

pytestmark = pytest.mark.postgres


@contextmanager
def messages_sent(service: Service, path: Path) -> Iterator[list[str]]:
    """The protocol messages the pool's connections send meanwhile (libpq's trace): each
    line ``F <length> <type> ...`` (``F``: from us to the database)."""
    sent: list[str] = []
    files: dict[int, Any] = {}

    def traced(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
        out = files.setdefault(id(dbapi_conn), path.with_suffix(f".{len(files)}").open("w"))
        dbapi_conn.pgconn.trace(out.fileno())
        dbapi_conn.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)

    def untraced(dbapi_conn: Any, _record: Any) -> None:
        if dbapi_conn is not None:
            dbapi_conn.pgconn.untrace()

    event.listen(service.engine, "checkout", traced)
    event.listen(service.engine, "checkin", untraced)
    try:
        yield sent
    finally:
        event.remove(service.engine, "checkout", traced)
        event.remove(service.engine, "checkin", untraced)
        for out in files.values():
            out.close()
            sent.extend(line for line in Path(out.name).read_text().splitlines()
                        if line.startswith("F\t"))


def round_trips(sent: list[str]) -> int:
    """Each simple query, and each extended one (ended by its Sync), waits for its answer."""
    return sum(1 for line in sent if line.split("\t")[2] in ("Query", "Sync"))


async def new_table(service: Service) -> tuple[str, dict[str, Any]]:
    def create(conn: Connection) -> tuple[str, dict[str, Any]]:
        return store.create_table(conn, name="t", ruleset="venus", options={}, seats=2,
                                  bots=[], turn_timer=None)

    return await service.write(create)


def test_links_are_looked_up_in_one_round_trip(pg_url: str, tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        other_id, others = await new_table(service)
        presented = [tokens["seats"][1], "no-such-link", tokens["host"], others["host"]]
        service.token_cache.clear()
        with messages_sent(service, tmp_path / "trace") as sent:
            found = await service.identify(table_id, presented)
        assert [(i.role, i.seat) for i in found] == [("seat", 1), ("host", None)]
        assert round_trips(sent) == 1, sent
        assert not [m for m in sent if "BEGIN" in m or "COMMIT" in m], sent
        # cached now: no statement at all; the other table's link is nobody here
        with messages_sent(service, tmp_path / "again") as again:
            assert await service.identify(table_id, presented) == found
        assert again == []
        assert [i.role for i in await service.identify(other_id, presented)] == ["host"]

    run(pg_url, tmp_path, body)


def test_a_revoked_link_is_not_live_in_one_round_trip(pg_url: str, tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        (ident,) = await service.identify(table_id, [tokens["seats"][0]])
        with messages_sent(service, tmp_path / "live") as sent:
            assert await service.token_live(ident.digest)
        assert round_trips(sent) == 1, sent

        def revoke(conn: Connection) -> None:
            store.revoke_tokens(conn, table_id, "seat", 0)

        await service.write(revoke)
        assert not await service.token_live(ident.digest)

    run(pg_url, tmp_path, body)


def test_a_pooled_connection_the_database_closed_is_replaced_without_a_ping(
        pg_url: str, tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        pids = {await service.db(backend_pid, service)}
        # every pooled connection is terminated by the database while idle in the pool
        with psycopg.connect(pg_url.replace("+psycopg", ""), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE pid <> pg_backend_pid() AND datname = current_database() "
                          "AND state = 'idle' AND query NOT ILIKE '%LISTEN%'")
        await asyncio.sleep(0.2)  # the termination reaches the client's sockets
        service.token_cache.clear()
        with messages_sent(service, tmp_path / "after") as sent:
            found = await service.identify(table_id, [tokens["host"]])
        assert [i.role for i in found] == ["host"]
        assert not [m for m in sent if "SELECT 1" in m], sent
        assert await service.db(backend_pid, service) not in pids

    run(pg_url, tmp_path, body)


def backend_pid(service: Service) -> int:
    with reading(service.engine) as conn:
        return int(conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())
