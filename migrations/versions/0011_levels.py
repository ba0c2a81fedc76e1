"""Bot levels and hints, two table settings (docs/players.md, "Bot levels and hints"):
``tables.timeout_level``, the level a bot plays a timed-out turn at ("easy", "normal",
"hard"; NULL for every table made before: easy), and ``tables.hints``, whether a seat may
ask what a strong player would do (off by default). Nullable or defaulted columns, added in
place on both databases.

Revision ID: 0011_levels
Revises: 0010_playedby
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_levels"
down_revision = "0010_playedby"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("timeout_level", sa.String(8), nullable=True))
    op.add_column("tables", sa.Column("hints", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
        batch.drop_column("timeout_level")
