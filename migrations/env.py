"""Alembic environment: table shapes only (event payloads have their own schema versions)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection

from server.config import Settings
from server.models import Base

target_metadata = Base.metadata
MIGRATION_LOCK = 7_354_610  # a PostgreSQL advisory lock: two servers starting at once


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        context.run_migrations()


def run_migrations_online() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url
    engine = create_engine(url)
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported; run against a database")
run_migrations_online()
