"""Tables, seats, tokens, games, the event store, client command ids, snapshots, chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)
BIGID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seat_count", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("turn_timer", sa.Integer(), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("choice", sa.String(40), nullable=True),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("joined_at", TS, nullable=True),
        sa.Column("webhook", sa.String(500), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
    )
    op.create_table(
        "tokens",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("revoked", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_tokens_table_id", "tokens", ["table_id"])
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("pending_seats", sa.JSON(), nullable=False),
        sa.Column("waiting_since", TS, nullable=False),
        sa.Column("notified_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(64), nullable=False),
        sa.Column("audience", sa.JSON(), nullable=False),
        sa.Column("type_public", sa.Boolean(), nullable=False),
        sa.Column("v", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
    )
    op.create_table(
        "commands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("client_id", sa.String(64), primary_key=True),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    for name in ("chat", "snapshots", "commands", "events", "games", "tokens", "seats",
                 "tables"):
        op.drop_table(name)
