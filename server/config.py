"""Server settings, read from environment variables (documented in the README)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


def _optional_int(name: str) -> int | None:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else None


def database_url(raw: str | None, data_dir: Path) -> str:
    """``DATABASE_URL`` as SQLAlchemy wants it; the default is a SQLite file in the data dir."""
    if not raw:
        return f"sqlite:///{data_dir.resolve() / 'starport.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


@dataclass
class Settings:
    data_dir: Path = field(default_factory=lambda: Path("data"))
    database_url: str = ""
    public_url: str = ""  # e.g. https://games.example.org (links); default: the request's base
    allowed_origins: tuple[str, ...] = ()  # extra websocket/HTTP origins besides our own
    rate_limits: str = ("create=20/minute;join=60/minute;command=20/second;chat=10/10seconds;"
                        "read=1200/minute;connect=60/minute;ws=600/minute;alert=10/minute")
    max_body: int = 64 * 1024  # bytes of a request body
    max_import: int = 8 * 1024 * 1024  # bytes of an imported game log
    ws_max_message: int = 16 * 1024  # bytes of one websocket message from a client
    body_timeout: float = 60.0  # seconds a request body may take to arrive, whole
    header_timeout: float = 10.0  # seconds a connection may take to send a request's head
    ws_ping_interval: float = 20.0
    snapshot_every: int = 100  # events between two snapshots
    bot_delay: float = 0.4  # seconds between two bot commands
    scheduler_interval: float = 5.0  # seconds between two sweeps for timers and notifications
    min_turn_timer: int = 30  # the shortest turn timer a table may ask for (seconds)
    notify_after: int = 300  # seconds a seat waits before a webhook / e-mail goes out
    webhook_allow_private: bool = False  # allow webhooks to loopback/private addresses
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_from: str = ""
    smtp_starttls: bool = True
    db_threads: int | None = None  # worker threads for the database (default 1 on SQLite)
    view_process: bool = False  # the seats' views made in a child process (viewproc.py)
    vapid_private_key: str = ""  # Web Push key (default: vapid_private.pem in the data dir)
    vapid_subject: str = ""  # Web Push contact, mailto: or https: (default: smtp_from ...)

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = Path(os.environ.get("STARPORT_DATA_DIR", "data"))
        origins = tuple(
            o.strip().rstrip("/")
            for o in os.environ.get("STARPORT_ALLOWED_ORIGINS", "").split(",")
            if o.strip()
        )
        return cls(
            data_dir=data_dir,
            database_url=database_url(os.environ.get("DATABASE_URL"), data_dir),
            public_url=os.environ.get("STARPORT_PUBLIC_URL", "").rstrip("/"),
            allowed_origins=origins,
            rate_limits=os.environ.get("STARPORT_RATE_LIMITS", cls.rate_limits),
            max_body=_int("STARPORT_MAX_BODY", cls.max_body),
            ws_max_message=_int("STARPORT_WS_MAX_MESSAGE", cls.ws_max_message),
            body_timeout=_float("STARPORT_BODY_TIMEOUT", cls.body_timeout),
            header_timeout=_float("STARPORT_HEADER_TIMEOUT", cls.header_timeout),
            ws_ping_interval=_float("STARPORT_WS_PING_INTERVAL", cls.ws_ping_interval),
            snapshot_every=_int("STARPORT_SNAPSHOT_EVERY", cls.snapshot_every),
            bot_delay=_float("STARPORT_BOT_DELAY", cls.bot_delay),
            scheduler_interval=_float("STARPORT_SCHEDULER_INTERVAL", cls.scheduler_interval),
            min_turn_timer=_int("STARPORT_MIN_TURN_TIMER", cls.min_turn_timer),
            notify_after=_int("STARPORT_NOTIFY_AFTER", cls.notify_after),
            webhook_allow_private=os.environ.get("STARPORT_WEBHOOK_ALLOW_PRIVATE", "") == "1",
            smtp_host=os.environ.get("STARPORT_SMTP_HOST", ""),
            smtp_port=_int("STARPORT_SMTP_PORT", 587),
            smtp_user=os.environ.get("STARPORT_SMTP_USER", ""),
            smtp_password=os.environ.get("STARPORT_SMTP_PASSWORD", ""),
            smtp_from=os.environ.get("STARPORT_SMTP_FROM", ""),
            smtp_starttls=os.environ.get("STARPORT_SMTP_STARTTLS", "1") != "0",
            db_threads=_optional_int("STARPORT_DB_THREADS"),
            view_process=os.environ.get("STARPORT_VIEW_PROCESS", "0") == "1",
            vapid_private_key=os.environ.get("STARPORT_VAPID_PRIVATE_KEY", ""),
            vapid_subject=os.environ.get("STARPORT_VAPID_SUBJECT", ""),
        )

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith("postgresql")
