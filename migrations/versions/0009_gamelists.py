"""A player's "My games" list, kept by the server for every browser holding its link
(``server/gamelists.py``), and the address a seat's alerts link back to.

``game_lists``: one row per list, found by the SHA-256 of its secret link token (as a seat's
token is kept); ``data`` is the list (the links of its seats, host and spectator tables)
encrypted with a key made from that token, so the database alone cannot open a list.
``seats.alert_base``: the base URL (scheme and host) the seat's request came to when it set
up an alert channel, for absolute links in its alerts when ``STARPORT_PUBLIC_URL`` is unset.

Revision ID: 0009_gamelists
Revises: 0008_cmdkey
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_gamelists"
down_revision = "0008_cmdkey"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_lists",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    # a nullable column: added in place on both databases (no table rewrite)
    op.add_column("seats", sa.Column("alert_base", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("alert_base")
    op.drop_table("game_lists")
