"""Table settings made where people create tables: which bot plays a bot seat
(``seats.bot_kind``) and whether spectators may chat (``tables.spectator_chat``).

Revision ID: 0003_mygames
Revises: 0003_alerts
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_mygames"
down_revision = "0003_speed"  # after the alerts, take-back and speed migrations
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_kind", sa.String(16), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectator_chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_kind")
