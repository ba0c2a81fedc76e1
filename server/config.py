"""Server settings: environment variables, read at start (``pydantic-settings``). Each is
``STARPORT_`` + the field's name in capitals, but ``DATABASE_URL``; the descriptions below
are the meanings in ``docs/operations.md``'s table of settings (a test keeps them equal).
An empty variable counts as unset; a bad value stops the start with an error naming the
variable (``Settings.from_env``)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PREFIX = "STARPORT_"
RATE_LIMITS = ("create=20/minute;join=60/minute;command=20/second;chat=10/10seconds;"
               "read=1200/minute;connect=60/minute;ws=600/minute;alert=10/minute")


class SettingsError(ValueError):
    """A variable whose value the server cannot use (the message names it)."""


def database_url(raw: str | None, data_dir: Path) -> str:
    """``DATABASE_URL`` as SQLAlchemy wants it; the default is a SQLite file in the data dir."""
    if not raw:
        return f"sqlite:///{data_dir.resolve() / 'starport.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def _comma_list(raw: Any) -> Any:
    """A comma-separated variable as a list (the variables hold no JSON)."""
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=PREFIX, env_ignore_empty=True,
                                      validate_by_name=True, validate_by_alias=True)

    data_dir: Path = Field(
        Path("data"),
        description="the data directory: the SQLite file and the Web Push key")
    database_url: str = Field(
        "", validation_alias="DATABASE_URL",
        description="the database; `postgresql://user:password@host/db` (or "
                    "`postgres://...`) for PostgreSQL")
    public_url: str = Field(
        "",
        description="the base of the invite links and alert links, e.g. "
                    "`https://games.example.org`")
    allowed_origins: Annotated[tuple[str, ...], NoDecode] = Field(
        (),
        description="browser origins allowed besides the server's own (comma-separated), "
                    "e.g. when the page is served under another name")
    allowed_hosts: Annotated[tuple[str, ...], NoDecode] = Field(
        (),
        description="the host names the server answers to (comma-separated; `*.example.org` "
                    "for its subdomains, `*` for any): a request for another `Host` gets 400, "
                    "a websocket is refused")
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = Field(
        (),
        description="the addresses or networks of the reverse proxies whose "
                    "`X-Forwarded-For` and `X-Forwarded-Proto` are believed (comma-separated, "
                    "e.g. `127.0.0.1` or `172.16.0.0/12`; `*` for any): the client a proxy "
                    "names is the one the rate limits count, its scheme the request's")
    rate_limits: str = Field(
        RATE_LIMITS,
        description="per client address (`create`, `join`, `read`: every table GET, "
                    "`connect`: websocket connections, `alert`: push subscriptions and test "
                    "alerts) or per link (`command`, `chat`, `ws`: websocket messages); `off` "
                    "disables them")
    max_body: int = Field(64 * 1024, description="bytes of a request body")
    max_import: int = Field(8 * 1024 * 1024, description="bytes of an imported game log")
    header_timeout: float = Field(
        10.0,
        description="seconds a connection may take to send a request's head; then it is "
                    "closed")
    body_timeout: float = Field(
        60.0, description="seconds a request body may take to arrive (then 408)")
    ws_max_message: int = Field(
        16 * 1024,
        description="bytes of one websocket message from a client (larger: closed with 1009)")
    ws_ping_interval: float = Field(
        20.0,
        description="seconds between websocket pings (and the application's heartbeat)")
    snapshot_every: int = Field(
        100, description="events between two stored snapshots of a game's state")
    bot_delay: float = Field(0.4, description="seconds between two bot commands")
    min_turn_timer: int = Field(
        30, description="the shortest time per move a table may ask for (seconds)")
    scheduler_interval: float = Field(
        5.0, description="seconds between two sweeps for timed-out turns and due alerts")
    notify_after: int = Field(
        300,
        description="seconds a seat waits before its alert (push, webhook, e-mail) goes out")
    webhook_allow_private: bool = Field(
        False,
        description="`1` allows webhooks, push endpoints and e-mail domains at private or "
                    "loopback addresses")
    vapid_private_key: str = Field(
        "",
        description="the Web Push key (a PEM, or the base64url key `vapid --gen` prints); "
                    "set it when several hosts serve one site")
    vapid_subject: str = Field(
        "",
        description="the contact the push services see (`mailto:you@example.org` or "
                    "`https://...`)")
    smtp_host: str = Field(
        "",
        description="the mail server for e-mail alerts (without it, e-mail is not offered)")
    smtp_port: int = Field(587, description="its port")
    smtp_user: str = Field("", description="the user name of its login")
    smtp_password: str = Field("", description="the password of its login")
    smtp_from: str = Field("", description="the sender address")
    smtp_starttls: bool = Field(True, description="`0` for a mail server without STARTTLS")
    db_threads: int | None = Field(
        None,
        description="database threads for reads and lobby writes (a game's writes go through "
                    "the one group-commit writer)")
    gc_full_every: float = Field(
        600.0,
        description="seconds between two full runs of Python's cycle collector in a serving "
                    "process (`0`: never); automatic middle and full collections are off "
                    "(`server/gcpolicy.py`)")
    access_log: bool = Field(False, description="`1` logs every request line")

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _origins(cls, raw: Any) -> Any:
        listed = _comma_list(raw)
        return [o.rstrip("/") for o in listed] if isinstance(listed, list) else listed

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _hosts(cls, raw: Any) -> Any:
        listed = _comma_list(raw)
        if isinstance(listed, list):
            for host in listed:
                if "*" in host[1:] or (host.startswith("*") and host not in ("*",)
                                       and not host.startswith("*.")):
                    raise ValueError(f"{host!r}: a wildcard is `*` or `*.example.org`")
        return listed

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _proxies(cls, raw: Any) -> Any:
        listed = _comma_list(raw)
        if isinstance(listed, list):
            for proxy in listed:
                if proxy != "*":
                    try:
                        ipaddress.ip_network(proxy, strict=False)
                    except ValueError:
                        raise ValueError(f"{proxy!r} is not an address or a network") from None
        return listed

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, url: str) -> str:
        url = url.rstrip("/")
        if url and (urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).hostname):
            raise ValueError("a public URL is http(s)://host[:port]")
        return url

    @model_validator(mode="after")
    def _derived(self) -> Settings:
        """The database URL as SQLAlchemy wants it; with a public URL, its origin among the
        allowed origins (the page's own, when a proxy's scheme is not believed) and, unless
        set, its host and the loopback names as the allowed hosts (a health check on the
        machine itself still answers)."""
        self.database_url = database_url(self.database_url, self.data_dir)
        if self.public_url:
            parts = urlsplit(self.public_url)
            origin = f"{parts.scheme}://{parts.netloc}"
            if origin not in self.allowed_origins:
                self.allowed_origins = (*self.allowed_origins, origin)
            if not self.allowed_hosts:
                host = str(parts.hostname)
                self.allowed_hosts = (f"[{host}]" if ":" in host else host,
                                      "localhost", "127.0.0.1", "[::1]")
        return self

    @classmethod
    def env_name(cls, field: str) -> str:
        """The variable that sets ``field``."""
        alias = cls.model_fields[field].validation_alias
        return alias if isinstance(alias, str) else PREFIX + field.upper()

    @classmethod
    def from_env(cls) -> Settings:
        """The settings of the environment; a bad value raises ``SettingsError`` naming its
        variable, what was wrong and the value given."""
        try:
            return cls()
        except ValidationError as exc:
            names = {cls.env_name(f): f for f in cls.model_fields}
            names.update({f: f for f in cls.model_fields})
            problems = []
            for error in exc.errors():
                field = str(error["loc"][0]) if error["loc"] else ""
                name = cls.env_name(names[field]) if field in names else field
                problems.append(f"{name}={error['input']!r}: {error['msg']}")
            raise SettingsError("bad setting: " + "; ".join(problems)) from None

    @property
    def secure(self) -> bool:
        """Whether players reach the server over https (its public URL says so)."""
        return self.public_url.startswith("https://")

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith("postgresql")
