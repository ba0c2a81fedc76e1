"""Take-backs: each event row names the seat whose command it opens (``events.actor``), the
command boundaries a take-back rewinds to (``docs/architecture.md``, Take-backs).
Older rows keep NULL: their commands cannot be taken back, which is right for old turns.

Revision ID: 0003_takeback
Revises: 0003_alerts
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_takeback"
down_revision = "0003_alerts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("actor", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("actor")
