"""A seat's client command id rides on its command's first event
(``docs/performance.md``, The levers):
``events.client_id``, ``client_seat`` and ``client_last`` (the command's last seq), unique
per game, seat and id where set (a partial index). SQLite's append wrote that key as a row
of ``commands`` of its own -- a statement on the event loop for every command, and two
B-trees more -- and now writes it in the events' own INSERT. ``commands`` stays: the rows
written before, a command that made no event, and PostgreSQL's ``starport_append`` (one
round trip either way) still use it; ``store.applied`` reads both.

Revision ID: 0008_cmdkey
Revises: 0007_pgappend
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_cmdkey"
down_revision = "0007_pgappend"
branch_labels = None
depends_on = None

WHERE = sa.text("client_id IS NOT NULL")


def upgrade() -> None:
    # nullable columns: added in place on both databases (no table rewrite)
    op.add_column("events", sa.Column("client_id", sa.String(64), nullable=True))
    op.add_column("events", sa.Column("client_seat", sa.Integer(), nullable=True))
    op.add_column("events", sa.Column("client_last", sa.Integer(), nullable=True))
    op.create_index("uq_events_client", "events", ["game_id", "client_seat", "client_id"],
                    unique=True, sqlite_where=WHERE, postgresql_where=WHERE)


def downgrade() -> None:
    op.drop_index("uq_events_client", table_name="events")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("client_last")
        batch.drop_column("client_seat")
        batch.drop_column("client_id")
