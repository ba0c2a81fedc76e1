"""The database tables (SQLAlchemy 2.0). Alembic migrations in ``migrations/`` create them.

One table ("table" as at a game night) has seats, tokens, chat and at most one game; the
game's id is the table's id. The event store is append-only with a unique ``(game_id, seq)``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    ruleset: Mapped[str] = mapped_column(String(40))  # stored, never renamed
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat_count: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))  # lobby, playing, over, abandoned, replay
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=0)  # bumped on every lobby change
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False,
                                                 server_default=false())  # a table setting
    # the level a bot plays a timed-out turn at (``levels.py``; None: easy) and whether a seat
    # may ask for a hint (``advice.py``): table settings
    timeout_level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    choice: Mapped[str | None] = mapped_column(String(40), nullable=True)  # race / color
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    # which bot plays it (``engine.bots``: random, trader, ...); None: the ruleset's own
    bot_kind: Mapped[str | None] = mapped_column(String(16), nullable=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    webhook: Mapped[str | None] = mapped_column(String(500), nullable=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    # your-turn alerts (``alerts.py``): json, discord or slack (None: told by the URL)
    webhook_format: Mapped[str | None] = mapped_column(String(16), nullable=True)
    quiet_start: Mapped[int | None] = mapped_column(Integer, nullable=True)  # minutes of day
    quiet_end: Mapped[int | None] = mapped_column(Integer, nullable=True)
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)  # IANA name
    # the current wait: since when the game has waited on this seat (None: it does not),
    # and whether this wait's one alert went out
    wait_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True,
                                                        index=True)
    alerted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # the base URL (scheme://host) the seat's request came to when it last set up an alert
    # channel: its alerts' links when ``STARPORT_PUBLIC_URL`` is unset (``notify.py``)
    alert_base: Mapped[str | None] = mapped_column(String(200), nullable=True)


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for a seat (removed when the push service answers
    404 or 410: the browser dropped it)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("table_id", "seat", "endpoint",
                                       name="uq_push_seat_endpoint"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    endpoint: Mapped[str] = mapped_column(String(1000))
    p256dh: Mapped[str] = mapped_column(String(200))  # the browser's public key (base64url)
    auth: Mapped[str] = mapped_column(String(100))  # the browser's auth secret (base64url)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameListRow(Base):
    """A player's "My games" list (``gamelists.py``), found by the SHA-256 of its secret link
    token; ``data`` is the list encrypted with a key made from that token."""

    __tablename__ = "game_lists"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TokenRow(Base):
    """A secret link's token, stored as its SHA-256 only."""

    __tablename__ = "tokens"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))  # host, seat, spectator
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    seed: Mapped[str] = mapped_column(String(128))  # secret: never sent, never exported
    seq: Mapped[int] = mapped_column(Integer)  # the head: seq of the last event
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    pending_seats: Mapped[list[int]] = mapped_column(JSON)
    waiting_since: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # the seq of the last move told its time is running out (``store.claim_running_out``)
    notified_seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        # a seat's client command id, on its command's first event (migration 0008_cmdkey)
        Index("uq_events_client", "game_id", "client_seat", "client_id", unique=True,
              sqlite_where=text("client_id IS NOT NULL"),
              postgresql_where=text("client_id IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(64))
    audience: Mapped[dict[str, Any]] = mapped_column(JSON)
    type_public: Mapped[bool] = mapped_column(Boolean, default=True)
    v: Mapped[int] = mapped_column(Integer, default=1)  # payload schema version
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # the seat whose command this event opens (take-backs rewind to command boundaries)
    actor: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # who chose that command (``Event.by``): NULL its seat's player, "bot" or "clock"
    played_by: Mapped[str | None] = mapped_column(String(8), nullable=True)
    # a command's first event: the seat's client command id and the command's last seq, so
    # a resent command lands once (SQLite; ``CommandRow`` otherwise): ``store.applied``
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    client_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    client_last: Mapped[int | None] = mapped_column(Integer, nullable=True)


class CommandRow(Base):
    """Client command ids already applied, so a resent command lands once (PostgreSQL's,
    SQLite's before migration 0008_cmdkey and of commands that made no event; SQLite's
    others ride on their first event: ``EventRow.client_id``)."""

    __tablename__ = "commands"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    client_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    first_seq: Mapped[int] = mapped_column(Integer)
    last_seq: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: the host
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RateCounterRow(Base):
    """Hits of one rate limit and client in the current fixed window (shared between the
    server processes on PostgreSQL)."""

    __tablename__ = "rate_counters"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    window_start: Mapped[int] = mapped_column(BigInteger, index=True)  # epoch seconds
    hits: Mapped[int] = mapped_column(Integer)
