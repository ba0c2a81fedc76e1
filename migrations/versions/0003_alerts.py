"""Your-turn alerts with the tab closed (``docs/rulings.md``, Your-turn alerts): per seat,
the webhook's format, quiet
hours in the seat's time zone and the current wait (when it began, whether it was alerted);
the seat's Web Push subscriptions.

Revision ID: 0003_alerts
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_alerts"
down_revision = "0002"
branch_labels = None
depends_on = None

SEAT_COLUMNS = ("webhook_format", "quiet_start", "quiet_end", "time_zone", "wait_since",
                "alerted")


def upgrade() -> None:
    op.add_column("seats", sa.Column("webhook_format", sa.String(16), nullable=True))
    op.add_column("seats", sa.Column("quiet_start", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("quiet_end", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("time_zone", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("wait_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("alerted", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.create_index("ix_seats_wait_since", "seats", ["wait_since"])  # the sweep's query
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
                  primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", "endpoint", name="uq_push_seat_endpoint"),
    )


def downgrade() -> None:
    op.drop_table("push_subscriptions")
    op.drop_index("ix_seats_wait_since", "seats")
    with op.batch_alter_table("seats") as batch:
        for name in SEAT_COLUMNS:
            batch.drop_column(name)
