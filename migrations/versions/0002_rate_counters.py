"""Rate-limit counters shared by the server processes (PostgreSQL; ``server/shared_limits.py``).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counters",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("window_start", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
    )
    op.create_index("ix_rate_counters_window_start", "rate_counters", ["window_start"])


def downgrade() -> None:
    op.drop_index("ix_rate_counters_window_start", "rate_counters")
    op.drop_table("rate_counters")
