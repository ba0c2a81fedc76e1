"""Backups of a deployment, taken online: ``starport backup PATH`` and ``starport restore
PATH`` (``docs/operations.md``, "Backups").

A backup is a directory (readable by its owner only: it holds the token hashes and the key):

- ``starport.sqlite3``: SQLite's own copy (``sqlite3.Connection.backup``) of the live
  database, made in one step inside one read transaction, so it is one consistent moment
  while the server writes on (WAL mode lets it); the copy is one self-contained file (no
  write-ahead log beside it). A plain ``cp`` of the live file misses what is still in the log.
- or ``starport.dump``: ``pg_dump -Fc`` of PostgreSQL, under the snapshot of the transaction
  that read the schema's revision and the row counts (``pg_export_snapshot``), so the
  manifest describes exactly the dump;
- ``vapid_private.pem``: the Web Push key when the server keeps it in its data directory
  (browsers' subscriptions are bound to it);
- ``manifest.json``: the format, when, the database kind, the Alembic revision, each table's
  row count, and each file's SHA-256. It is written last, and the directory is renamed into
  place only when complete: a directory without it is no backup.

A restore checks the manifest and the files' digests, refuses a revision this version of the
code does not know (a backup from a newer version), refuses to overwrite a target that holds
anything (rows, or another Web Push key) unless forced, restores, then checks the restored
database against the manifest (revision and row counts). An older revision is upgraded by
the migrations when the server starts. The server should be stopped during a restore.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.engine import make_url

from .config import Settings
from .db import MIGRATIONS
from .models import Base
from .push import KEY_FILE

FORMAT = 1
MANIFEST = "manifest.json"
SQLITE_FILE = "starport.sqlite3"
PG_FILE = "starport.dump"
TABLES = tuple(t.name for t in Base.metadata.sorted_tables)


class BackupError(Exception):
    """A backup or restore that cannot be done (the message says why)."""


@dataclass
class Manifest:
    database: str  # "sqlite" or "postgresql"
    revision: str  # the Alembic revision of the schema
    counts: dict[str, int]  # rows per table
    files: dict[str, str] = field(default_factory=dict)  # name -> SHA-256
    created: str = ""
    format: int = FORMAT

    def to_json(self) -> str:
        return json.dumps({"format": self.format, "created": self.created,
                           "database": self.database, "revision": self.revision,
                           "counts": self.counts, "files": self.files}, indent=2) + "\n"

    @classmethod
    def read(cls, folder: Path) -> Manifest:
        try:
            raw = json.loads((folder / MANIFEST).read_text("utf-8"))
            manifest = cls(database=str(raw["database"]), revision=str(raw["revision"]),
                           counts={str(k): int(v) for k, v in raw["counts"].items()},
                           files={str(k): str(v) for k, v in raw["files"].items()},
                           created=str(raw.get("created", "")), format=int(raw["format"]))
        except FileNotFoundError:
            raise BackupError(f"{folder} is not a backup (no {MANIFEST}: an unfinished "
                              "or foreign directory)") from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise BackupError(f"{folder / MANIFEST} is unreadable: {exc}") from None
        if manifest.format != FORMAT:
            raise BackupError(f"{folder} is a backup of format {manifest.format}; this "
                              f"version reads format {FORMAT}")
        return manifest

    def summary(self) -> str:
        games, events = self.counts.get("games", 0), self.counts.get("events", 0)
        key = " and the Web Push key" if KEY_FILE in self.files else ""
        return (f"{self.database} database at revision {self.revision} ({games} games, "
                f"{events} events){key}")


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            sha.update(chunk)
    return sha.hexdigest()


def _scripts() -> ScriptDirectory:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg)


def check_revision(revision: str) -> None:
    """A revision this version's migrations know (a newer backup is refused: its tables
    may hold what this code cannot read, and no migration leads back)."""
    try:
        known = _scripts().get_revision(revision)
    except CommandError:
        known = None
    if known is None:
        raise BackupError(f"the backup's database is at revision {revision!r}, which this "
                          "version of Starport does not know (a newer version made it): "
                          "restore it with that version or a later one")


def _key_path(settings: Settings) -> Path:
    return settings.data_dir / KEY_FILE


# --- SQLite ---------------------------------------------------------------------------------

def _sqlite_path(settings: Settings) -> Path:
    name = make_url(settings.database_url).database
    if not name or name == ":memory:":
        raise BackupError(f"no database file in {settings.database_url}")
    return Path(name)


def _sqlite_facts(conn: sqlite3.Connection) -> tuple[str | None, dict[str, int]]:
    """The revision (None: no schema) and the rows of each table that exists."""
    present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    revision = None
    if "alembic_version" in present:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = str(row[0]) if row else None
    counts = {t: int(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0])
              for t in TABLES if t in present}
    return revision, counts


def _sqlite_backup(settings: Settings, folder: Path) -> Manifest:
    source = _sqlite_path(settings)
    if not source.exists():
        raise BackupError(f"no database at {source}")
    copy = folder / SQLITE_FILE
    src = sqlite3.connect(source, timeout=30)
    dst = sqlite3.connect(copy)
    try:
        src.backup(dst)  # every page in one step: one read transaction, one moment
        dst.execute("PRAGMA journal_mode=DELETE")  # one file, no log beside it
        if dst.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BackupError(f"the copy of {source} fails SQLite's check")
        revision, counts = _sqlite_facts(dst)
    finally:
        dst.close()
        src.close()
    if revision is None:
        raise BackupError(f"{source} has no Starport schema (no alembic_version)")
    return Manifest("sqlite", revision, counts)


def _sqlite_restore(settings: Settings, folder: Path, manifest: Manifest,
                    force: bool) -> None:
    target = _sqlite_path(settings)
    if target.exists() and not force:
        try:
            with contextlib.closing(sqlite3.connect(target, timeout=30)) as conn:
                _, counts = _sqlite_facts(conn)
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{target} is not an empty database ({exc}); --force "
                              "overwrites it") from None
        if any(counts.values()):
            raise BackupError(f"{target} holds data ({_rows(counts)}); --force overwrites it")
    with contextlib.closing(sqlite3.connect(folder / SQLITE_FILE)) as src:
        revision, _ = _sqlite_facts(src)
        if revision != manifest.revision:
            raise BackupError(f"the backup's database is at revision {revision}, its "
                              f"manifest says {manifest.revision}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(folder / SQLITE_FILE)) as src, \
            contextlib.closing(sqlite3.connect(target, timeout=30)) as dst:
        src.backup(dst)  # through SQLite: a log left beside the target is dealt with
    with contextlib.closing(sqlite3.connect(target, timeout=30)) as conn:
        _verify(manifest, *_sqlite_facts(conn))


# --- PostgreSQL -----------------------------------------------------------------------------

def _libpq(settings: Settings) -> tuple[str, dict[str, str]]:
    """The libpq connection string (without the password) and the environment that carries
    the password (``PGPASSWORD``: never on a command line others can read)."""
    url = make_url(settings.database_url).set(drivername="postgresql")
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    return url.set(password=None).render_as_string(hide_password=False), env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not on the PATH: install PostgreSQL's client tools "
                          "(Debian: postgresql-client) of the server's major version or newer")
    return found


def _pg_facts(conn: psycopg.Connection[Any]) -> tuple[str | None, dict[str, int]]:
    present = {r[0] for r in conn.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    revision = None
    if "alembic_version" in present:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = str(row[0]) if row else None
    counts: dict[str, int] = {}
    for t in TABLES:
        if t in present:
            row = conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()
            counts[t] = int(row[0]) if row else 0
    return revision, counts


def _run(argv: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{Path(argv[0]).name} failed: {done.stderr.strip()[-2000:]}")


def _pg_backup(settings: Settings, folder: Path) -> Manifest:
    pg_dump = _tool("pg_dump")
    dsn, env = _libpq(settings)
    with psycopg.connect(dsn, password=env.get("PGPASSWORD")) as conn:
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        row = conn.execute("SELECT pg_export_snapshot()").fetchone()
        assert row is not None
        revision, counts = _pg_facts(conn)
        if revision is None:
            raise BackupError("the database has no Starport schema (no alembic_version)")
        # the dump sees the very snapshot the revision and counts were read in
        _run([pg_dump, "-Fc", f"--snapshot={row[0]}", "-f", str(folder / PG_FILE),
              "-d", dsn], env)
        conn.rollback()
    return Manifest("postgresql", revision, counts)


def _pg_restore(settings: Settings, folder: Path, manifest: Manifest, force: bool) -> None:
    pg_restore = _tool("pg_restore")
    dsn, env = _libpq(settings)
    password = env.get("PGPASSWORD")
    with psycopg.connect(dsn, password=password) as conn:
        _, counts = _pg_facts(conn)
    if any(counts.values()) and not force:
        raise BackupError(f"the database holds data ({_rows(counts)}); --force overwrites it")
    _run([pg_restore, "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", "-d", dsn, str(folder / PG_FILE)], env)
    with psycopg.connect(dsn, password=password) as conn:
        _verify(manifest, *_pg_facts(conn))


# --- both -----------------------------------------------------------------------------------

def _rows(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in counts.items() if n) or "no rows"


def _verify(manifest: Manifest, revision: str | None, counts: dict[str, int]) -> None:
    """The restored database is the one the manifest describes."""
    if revision != manifest.revision:
        raise BackupError(f"the restored database is at revision {revision}, the backup "
                          f"at {manifest.revision}")
    wrong = {t: (counts.get(t), n) for t, n in manifest.counts.items() if counts.get(t) != n}
    if wrong:
        raise BackupError(f"the restored rows differ from the backup's: {wrong}")


def backup(dest: Path, settings: Settings | None = None) -> Manifest:
    """Back the deployment up into the new directory ``dest`` while the server runs."""
    settings = settings or Settings.from_env()
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise BackupError(f"{dest} exists: a backup goes into a new directory")
    dest.parent.mkdir(parents=True, exist_ok=True)
    work = dest.parent / f".{dest.name}.partial-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(mode=0o700)
    try:
        if settings.is_sqlite:
            manifest = _sqlite_backup(settings, work)
        elif settings.is_postgres:
            manifest = _pg_backup(settings, work)
        else:
            raise BackupError(f"cannot back up {make_url(settings.database_url).drivername}")
        key = _key_path(settings)
        if key.exists():
            shutil.copyfile(key, work / KEY_FILE)
            (work / KEY_FILE).chmod(0o600)
        manifest.created = datetime.now(UTC).isoformat(timespec="seconds")
        manifest.files = {p.name: _digest(p) for p in sorted(work.iterdir())}
        (work / MANIFEST).write_text(manifest.to_json(), "utf-8")
        if dest.exists():
            dest.rmdir()  # the empty directory it may replace
        work.rename(dest)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return manifest


def restore(source: Path, settings: Settings | None = None, force: bool = False) -> Manifest:
    """Restore the backup in ``source`` into the configured database and data directory."""
    settings = settings or Settings.from_env()
    manifest = Manifest.read(source)
    for name, digest in manifest.files.items():
        path = source / name
        if not path.exists():
            raise BackupError(f"{path} is missing from the backup")
        if _digest(path) != digest:
            raise BackupError(f"{path} is damaged (its SHA-256 is not the manifest's)")
    check_revision(manifest.revision)
    kind = "sqlite" if settings.is_sqlite else "postgresql" if settings.is_postgres else "?"
    if manifest.database != kind:
        raise BackupError(f"the backup is of a {manifest.database} database; this server's "
                          f"is {kind} (DATABASE_URL)")
    key = _key_path(settings)
    if KEY_FILE in manifest.files and key.exists() and not force and (
            key.read_bytes() != (source / KEY_FILE).read_bytes()):
        raise BackupError(f"{key} is another Web Push key; --force overwrites it")
    if manifest.database == "sqlite":
        _sqlite_restore(settings, source, manifest, force)
    else:
        _pg_restore(settings, source, manifest, force)
    if KEY_FILE in manifest.files:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        temp = key.with_name(f".{KEY_FILE}.{os.getpid()}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write((source / KEY_FILE).read_bytes())
        os.replace(temp, key)
    return manifest


def head() -> str | None:
    """The newest revision this version's migrations know."""
    return _scripts().get_current_head()
