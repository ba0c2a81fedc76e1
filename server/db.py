"""The database engine (SQLite in WAL mode, or PostgreSQL) and the migrations run at start."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DatabaseError, DisconnectionError, OperationalError
from sqlalchemy.pool import NullPool

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL, durable commits (synchronous=FULL) and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=8,
            max_overflow=8,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # pysqlite's own transaction handling is turned off so BEGIN IMMEDIATE works.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # the driver's own call: ``exec_driver_sql`` took every transaction's BEGIN
            # through SQLAlchemy's statement machinery (docs/performance.md, "The levers"); its
            # error stays SQLAlchemy's (the writer retries a locked one)
            sql = "BEGIN IMMEDIATE" if conn.info.get("write") else "BEGIN"
            try:
                conn.connection.driver_connection.execute(sql)
            except sqlite3.Error as exc:
                raise _db_error(exc, sql) from exc

        return engine
    if url.startswith("postgresql"):
        engine = create_engine(url, pool_size=10, max_overflow=10)

        @event.listens_for(engine, "checkout")
        def _alive(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
            # instead of ``pool_pre_ping``'s ``SELECT 1``: a round trip, and a wait for the
            # GIL when it comes back, on every checkout (docs/performance.md, "The
            # levers"). A connection the database closed (a restart, an administrator) is
            # thrown away and the pool takes another, as after a failed ping.
            if connection_gone(dbapi_conn):
                raise DisconnectionError("the database closed this pooled connection")

        return engine
    return create_engine(url, poolclass=NullPool)


def connection_gone(raw: Any) -> bool:
    """Whether the database dropped this idle psycopg connection: the termination it sent,
    then the end of the stream, read without waiting (libpq's ``PQconsumeInput``: no round
    trip, no system call that blocks)."""
    try:
        pg = raw.pgconn
        pg.consume_input()  # the termination message, if any
        pg.consume_input()  # then the end of the stream
        return bool(raw.broken or raw.closed or pg.status != 0)  # psycopg.pq.ConnStatus.OK
    except Exception:
        return True


def _db_error(exc: sqlite3.Error, sql: str) -> DatabaseError:
    """A driver error as SQLAlchemy would have raised it (locked: ``OperationalError``)."""
    kind = OperationalError if isinstance(exc, sqlite3.OperationalError) else DatabaseError
    return kind(sql, None, exc)


def migrate(engine: Engine) -> None:
    """``alembic upgrade head`` on this engine's database."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction (``BEGIN IMMEDIATE`` on SQLite, so writers queue instead of failing)."""
    with engine.connect() as conn:
        conn.info["write"] = True
        try:
            with conn.begin():
                yield conn
        finally:
            conn.info["write"] = False


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A read-only transaction (a consistent snapshot of the database)."""
    with engine.connect() as conn, conn.begin():
        yield conn


@contextmanager
def reading_once(engine: Engine) -> Iterator[Connection]:
    """A connection for one read statement, which needs no snapshot of its own: on
    PostgreSQL in autocommit, so the statement is its one round trip (``reading`` adds a
    BEGIN and a COMMIT, each a round trip); on SQLite ``reading`` (local calls)."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            yield conn
    else:
        with reading(engine) as conn:
            yield conn
