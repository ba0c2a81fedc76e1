"""Backups (``starport backup``, ``starport restore``: ``server/backup.py``,
docs/operations.md "Backups"): taken online from a server under load, consistent, with the
Web Push key; restored into a new server that plays on with every event acknowledged before
the backup began. A restore checks the manifest, the files, the schema's revision, and
refuses to overwrite a database that holds data unless forced. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.backup import MANIFEST, SQLITE_FILE, BackupError, backup, restore
from server.config import Settings, database_url
from server.push import KEY_FILE

from .conftest import Forked, ServerProcess, _pg_database, seed_sqlite, settings_for
from .helpers import h, open_table, view

SKIP = ("SetDrives", "UseGateLock", "TakeBack")  # settings and take-backs only loop


def _second_database(db_url: str, tmp_path: Path) -> tuple[str, Path]:
    """Another deployment's database URL and data dir (a new migrated, empty database)."""
    data = tmp_path / "restored" / "data"
    if db_url.startswith("sqlite"):
        return database_url(None, data), data
    return database_url(_pg_database(), tmp_path), data


def _cli(argv: list[str], env: dict[str, str], log: Path) -> tuple[int, str]:
    """``starport <argv>`` as its own process (the operator's command); its exit and output."""
    start = log.stat().st_size if log.exists() else 0
    proc = Forked(argv, env, log)
    code = proc.wait(timeout=300)
    return code, log.read_text()[start:]


def _env(url: str, data: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": url, "STARPORT_DATA_DIR": str(data)}
    if url.startswith("sqlite"):
        env.pop("DATABASE_URL")
    return env


class Player(threading.Thread):
    """Plays a human table over HTTP as fast as the server answers, noting each
    acknowledged command's seq and when it was acknowledged."""

    def __init__(self, base: str, table: dict[str, Any]) -> None:
        super().__init__(daemon=True)
        self.base, self.table = base, table
        self.acks: list[tuple[float, int]] = []
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        rng = random.Random(3)
        tid = self.table["table_id"]
        try:
            with httpx.Client(base_url=self.base, timeout=60) as c:
                while not self.stop.is_set():
                    spectator = view(c, self.table, self.table["spectator"]["token"])
                    if spectator["pending"] is None:
                        return
                    seat = spectator["pending"]["seats"][0]
                    token = self.table["seats"][seat]["token"]
                    v = view(c, self.table, token)
                    legal = [a for a in v["legal"] if a["type"] not in SKIP] or v["legal"]
                    r = c.post(f"/api/tables/{tid}/commands", headers=h(token),
                               json={"seq": v["seq"], "client_id": uuid.uuid4().hex,
                                     "command": rng.choice(legal)})
                    if r.status_code == 200:
                        self.acks.append((time.monotonic(), int(r.json()["seq"])))
                    elif r.status_code != 409:  # a bot timer's move won the race: again
                        raise AssertionError(r.text)
        except BaseException as exc:  # noqa: BLE001 (reported by the test)
            self.error = exc


def _log(c: httpx.Client, tid: str, token: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = c.get(f"/api/tables/{tid}/log", params={"after": len(events)},
                     headers=h(token)).json()
        events += page["events"]
        if not page["events"] or len(events) >= page["seq"]:
            return events


def test_a_backup_under_load_restores_into_a_server_that_plays_on(
        db_url: str, tmp_path: Path, spawn: Any) -> None:
    """Three tables of bots play on their own and a human table is played over HTTP while
    ``starport backup`` runs; the backup restored into a new deployment holds every event
    acknowledged before it began (the same events), and its server plays every table on."""
    data = tmp_path / "data"
    server = spawn(db_url)
    restored: ServerProcess | None = None
    try:
        with httpx.Client(base_url=server.base, timeout=60) as c:
            bots = [open_table(c, seats=2, bots=[0, 1]) for _ in range(3)]
            human = open_table(c, seats=2)
            player = Player(server.base, human)
            player.start()
            heads = {}
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and (len(player.acks) < 20 or min(
                    view(c, t, t["spectator"]["token"])["seq"] for t in bots) < 40):
                time.sleep(0.2)
            assert player.error is None and len(player.acks) >= 20
            began = time.monotonic()
            for t in bots:  # what each bot table had committed before the backup began
                heads[t["table_id"]] = view(c, t, t["spectator"]["token"])["seq"]
            acked = max(seq for _, seq in player.acks)
            wal = data / f"{SQLITE_FILE}-wal"
            if db_url.startswith("sqlite"):  # committed pages still in the log, not the file
                assert wal.exists() and wal.stat().st_size > 0
            path = tmp_path / "backups" / "under-load"
            code, out = _cli(["backup", str(path)], server.env, tmp_path / "cli.log")
            assert code == 0, out
            assert "backed up the" in out and "and the Web Push key" in out
            during = [seq for at, seq in player.acks if at > began]
            print(f"backup under load: bot heads {heads}, human acked {acked}, "
                  f"{len(during)} acks during and after it; {out.strip()}")
            time.sleep(1.0)
            player.stop.set()
            player.join(timeout=60)
            assert player.error is None, player.error
            assert during, "the human table was not played during the backup"
            originals = {t["table_id"]: _log(c, t["table_id"], t["spectator"]["token"])
                         for t in bots}
            original_human = _log(c, human["table_id"], human["seats"][0]["token"])

        manifest = json.loads((path / MANIFEST).read_text())
        assert set(manifest["files"]) >= {KEY_FILE}
        assert oct((path / KEY_FILE).stat().st_mode & 0o777) == "0o600"
        if db_url.startswith("sqlite"):
            assert not (path / f"{SQLITE_FILE}-wal").exists()  # one self-contained file

        url2, data2 = _second_database(db_url, tmp_path)
        seed_sqlite(url2, tmp_path)  # a new server's empty schema: no --force needed
        env2 = _env(url2, data2)
        code, out = _cli(["restore", str(path)], env2, tmp_path / "cli.log")
        assert code == 0, out
        assert "restored the" in out
        code, out = _cli(["restore", str(path)], env2, tmp_path / "cli.log")
        assert code == 2 and "holds data" in out and "--force" in out  # never overwritten
        assert (data2 / KEY_FILE).read_bytes() == (data / KEY_FILE).read_bytes()

        restored = ServerProcess(url2, data2).start()
        with httpx.Client(base_url=restored.base, timeout=60) as c:
            for t in bots:
                tid = t["table_id"]
                got = _log(c, tid, t["spectator"]["token"])
                assert len(got) >= heads[tid]
                # the same events up to the head before the backup; past the backup's own head
                # the restored server's bots have played on already, perhaps past what the
                # first server had played when its log was read
                assert [(e["seq"], e["type"]) for e in got[:heads[tid]]] == [
                    (e["seq"], e["type"]) for e in originals[tid][:heads[tid]]]
            got_human = _log(c, human["table_id"], human["seats"][0]["token"])
            assert len(got_human) >= acked  # every acknowledged command's events
            assert got_human == original_human[:len(got_human)]
            # it plays on: the bots, and the human table from the restored head
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not all(
                    view(c, t, t["spectator"]["token"])["seq"] > heads[t["table_id"]] + 5
                    or view(c, t, t["spectator"]["token"])["pending"] is None for t in bots):
                time.sleep(0.2)
            for t in bots:
                v = view(c, t, t["spectator"]["token"])
                assert v["seq"] > heads[t["table_id"]] + 5 or v["pending"] is None
            player = Player(restored.base, human)
            player.start()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and len(player.acks) < 3 and player.error is None:
                time.sleep(0.1)
            player.stop.set()
            player.join(timeout=60)
            assert player.error is None and len(player.acks) >= 3
            assert player.acks[0][1] > len(got_human)
    finally:
        if restored is not None:
            restored.stop()


def _deployment(db_url: str, tmp_path: Path) -> tuple[Settings, dict[str, Any]]:
    """A deployment with a table played a little (in process); its settings and table."""
    settings = settings_for(db_url, tmp_path)
    with TestClient(create_app(settings)) as c:
        table = open_table(c)
        c.post(f"/api/tables/{table['table_id']}/chat", json={"text": "hello"},
               headers=h(table["seats"][0]["token"]))
        c.get(f"/api/tables/{table['table_id']}/seats/0/alerts",
              headers=h(table["seats"][0]["token"]))  # the Web Push key is made
    return settings, table


def test_a_restore_checks_the_backup_and_the_target(db_url: str, tmp_path: Path) -> None:
    settings, table = _deployment(db_url, tmp_path)
    path = tmp_path / "b"
    made = backup(path, settings)
    assert made.counts["tables"] == 1 and made.counts["chat"] == 1
    with pytest.raises(BackupError, match="exists"):
        backup(path, settings)  # never into an existing backup
    assert not list(tmp_path.glob(".b.partial-*"))

    url2, data2 = _second_database(db_url, tmp_path)
    target = Settings(database_url=url2, data_dir=data2, rate_limits="off")
    # a damaged file, a revision from a newer version, another kind of database: refused
    damaged = tmp_path / "damaged"
    shutil.copytree(path, damaged)
    (damaged / KEY_FILE).write_bytes(b"not the key")
    with pytest.raises(BackupError, match="damaged"):
        restore(damaged, target)
    newer = tmp_path / "newer"
    shutil.copytree(path, newer)
    doc = json.loads((newer / MANIFEST).read_text())
    (newer / MANIFEST).write_text(json.dumps({**doc, "revision": "9999_future"}))
    with pytest.raises(BackupError, match="does not know"):
        restore(newer, target)
    other = tmp_path / "other"
    shutil.copytree(path, other)
    kind = "postgresql" if db_url.startswith("sqlite") else "sqlite"
    (other / MANIFEST).write_text(json.dumps({**doc, "database": kind}))
    with pytest.raises(BackupError, match="DATABASE_URL"):
        restore(other, target)
    with pytest.raises(BackupError, match="not a backup"):
        restore(tmp_path / "data", target)

    restore(path, target)
    with pytest.raises(BackupError, match="holds data"):
        restore(path, target)
    restore(path, target, force=True)  # forced: overwritten with the same
    (data2 / KEY_FILE).write_bytes(b"another key")
    with pytest.raises(BackupError, match="another Web Push key"):
        restore(path, target)
    restore(path, target, force=True)
    assert (data2 / KEY_FILE).read_bytes() == (tmp_path / "data" / KEY_FILE).read_bytes()
    with TestClient(create_app(target)) as c:  # the restored deployment serves the table
        r = c.get(f"/api/tables/{table['table_id']}/chat",
                  headers=h(table["seats"][1]["token"]))
        assert r.status_code == 200 and [m["text"] for m in r.json()["messages"]] == ["hello"]
