"""The server's settings (``server/config.py``): environment variables read by one
``pydantic-settings`` class, each named, defaulted and described as ``docs/operations.md``'s
table of settings says (the table and the class kept equal here), a bad value refused with
its variable's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.config import Settings, SettingsError

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def table() -> dict[str, tuple[str, str]]:
    """The settings table: variable -> (its default, its meaning) as written."""
    section = OPERATIONS.read_text("utf-8").split("\n## Settings\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([A-Z_]+)` \| (.*?) \| (.*?) \|$", section, re.M)
    return {name: (default, meaning) for name, default, meaning in rows}


def shown(default: object) -> str | None:
    """How the table writes a plain default (None: in words, not checked)."""
    if isinstance(default, bool):
        return "`1`" if default else "off"
    if isinstance(default, int | float) and float(default).is_integer():
        return f"`{int(default)}`"
    if isinstance(default, float) or (isinstance(default, str) and default):
        return f"`{default}`"
    return None


def test_every_setting_is_in_the_operations_guide_and_nothing_else() -> None:
    documented = table()
    variables = {Settings.env_name(field): field for field in Settings.model_fields}
    assert sorted(documented) == sorted(variables)
    for name, field in variables.items():
        info = Settings.model_fields[field]
        default, meaning = documented[name]
        assert meaning == info.description, name
        if (plain := shown(info.default)) is not None:
            assert default.startswith(plain), (name, default, plain)


def test_the_environment_sets_each_kind_of_value(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    for name, value in {"STARPORT_DATA_DIR": str(tmp_path), "DATABASE_URL": "postgres://u@h/db",
                        "STARPORT_ALLOWED_ORIGINS": "https://a.example/, https://b.example",
                        "STARPORT_PUBLIC_URL": "https://games.example.org/",
                        "STARPORT_MAX_BODY": " 1024 ", "STARPORT_BOT_DELAY": "0",
                        "STARPORT_SMTP_STARTTLS": "0", "STARPORT_WEBHOOK_ALLOW_PRIVATE": "1",
                        "STARPORT_DB_THREADS": "", "STARPORT_ACCESS_LOG": "yes",
                        "STARPORT_TRUSTED_PROXIES": "10.0.0.2, 172.16.0.0/12"}.items():
        monkeypatch.setenv(name, value)
    s = Settings.from_env()
    assert s.data_dir == tmp_path and s.database_url == "postgresql+psycopg://u@h/db"
    assert s.is_postgres and not s.is_sqlite
    # the public URL's origin is the server's own; its host (and loopback's) the hosts
    assert s.allowed_origins == ("https://a.example", "https://b.example",
                                 "https://games.example.org")
    assert s.public_url == "https://games.example.org" and s.secure
    assert s.allowed_hosts == ("games.example.org", "localhost", "127.0.0.1", "[::1]")
    assert s.trusted_proxies == ("10.0.0.2", "172.16.0.0/12")
    assert (s.max_body, s.bot_delay, s.smtp_starttls) == (1024, 0.0, False)
    assert s.webhook_allow_private and s.access_log
    assert s.db_threads is None  # empty: unset


def test_the_defaults_need_no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [Settings.env_name(f) for f in Settings.model_fields]:
        monkeypatch.delenv(name, raising=False)
    s = Settings.from_env()
    assert s.database_url == f"sqlite:///{Path('data').resolve() / 'starport.sqlite3'}"
    assert (s.max_body, s.smtp_port, s.smtp_starttls, s.webhook_allow_private) == (
        65536, 587, True, False)
    assert Settings(data_dir=Path("/srv/x"), max_body=10).database_url == (
        "sqlite:////srv/x/starport.sqlite3")
    # no proxy is believed, not even on loopback; any host without a public URL
    assert (s.trusted_proxies, s.allowed_hosts, s.allowed_origins) == ((), (), ())


def test_a_bad_value_names_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STARPORT_MAX_BODY", "64k")
    monkeypatch.setenv("STARPORT_WEBHOOK_ALLOW_PRIVATE", "maybe")
    monkeypatch.setenv("STARPORT_TRUSTED_PROXIES", "127.0.0.1, proxy.example")
    monkeypatch.setenv("STARPORT_ALLOWED_HOSTS", "a.*.example")
    monkeypatch.setenv("STARPORT_PUBLIC_URL", "games.example.org")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    message = str(refused.value)
    assert "STARPORT_MAX_BODY='64k'" in message and "valid integer" in message
    assert "STARPORT_WEBHOOK_ALLOW_PRIVATE='maybe'" in message
    assert "'proxy.example' is not an address or a network" in message
    assert "STARPORT_ALLOWED_HOSTS='a.*.example'" in message
    assert "STARPORT_PUBLIC_URL='games.example.org'" in message
