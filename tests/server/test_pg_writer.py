"""PostgreSQL's writer (``commit.Committer``): a batch of appends goes to the database as one
simple query, ``BEGIN; <the appends>; COMMIT`` (docs/performance.md, "The levers"). What must hold:
the batch is one round trip; what is stored is what was
appended, whatever its text holds; a refused append leaves the others of its batch whole and
answers alone with its refusal; a connection the database dropped is replaced without losing
a write. ``docs/architecture.md`` ("The path of a command"): nothing is acknowledged before it is
durable."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import Connection

from engine.kernel.events import Event, only
from server import commit, store
from server.db import reading
from server.service import Service

from .test_group_commit import hold, queued, run, started_game

pytestmark = pytest.mark.postgres


def append_one(game_id: str, expected: int, data: dict[str, Any], event_type: str = "Note"
               ) -> Callable[[Connection], None]:
    """A write appending one made-up event after ``expected`` (the store's append alone)."""
    ev = Event(seq=expected + 1, type=event_type, data=data, audience=only(1), actor=0)

    def write(conn: Connection) -> None:
        store.append(conn, game_id, expected, [ev], pending=[1], over=False, seat=0,
                     client_id=f"c{expected}-{event_type}", pending_before=[0])

    return write


def stored(service: Service, game_id: str, after: int) -> list[Event]:
    with reading(service.engine) as conn:
        return store.events(conn, "venus", game_id, after=after)


async def head(service: Service, game_id: str) -> int:
    entry = await service.entry(game_id)
    assert entry is not None
    return entry.seq


def test_a_batch_of_appends_is_one_round_trip(pg_url: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[str] = []
    send = commit._send

    def counted(raw: Any, pending: list[str]) -> None:
        if pending:
            sent.append("; ".join(pending))
        send(raw, pending)

    monkeypatch.setattr(commit, "_send", counted)

    async def body(service: Service) -> None:
        games = [await started_game(service) for _ in range(4)]
        heads = [await head(service, g) for g in games]
        gate, held = await hold(service)
        writes = [asyncio.ensure_future(service.write(append_one(g, h, {"n": i})))
                  for i, (g, h) in enumerate(zip(games, heads, strict=True))]
        await queued(service, len(games))
        sent.clear()
        gate.release.set()
        await held
        await asyncio.gather(*writes)
        assert len(sent) == 1, sent  # the whole batch in one query (the gate's sent nothing)
        assert sent[0].startswith("BEGIN; ") and sent[0].endswith("; COMMIT")
        assert sent[0].count("starport_append(") == len(games)
        for i, (g, h) in enumerate(zip(games, heads, strict=True)):
            assert [(e.seq, e.data) for e in stored(service, g, h)] == [(h + 1, {"n": i})]

    run(pg_url, tmp_path, body)


def test_what_is_stored_is_what_was_appended_whatever_its_text(pg_url: str,
                                                                tmp_path: Path) -> None:
    """The appends are bound client-side (literals in one query): quotes, backslashes,
    placeholders, NUL-free unicode and JSON-looking text come back as they went in."""
    data = {"text": "it's 100% \\ \"quoted\" $1 %s %(x)s ?; COMMIT; -- ü 🚀",
            "nested": {"k'": ["'", "\\'", "%%"]}, "n": -1.5}

    async def body(service: Service) -> None:
        game_id = await started_game(service)
        h = await head(service, game_id)
        await service.write(append_one(game_id, h, data, event_type="Odd'Type"))
        (ev,) = stored(service, game_id, h)
        assert ev.type == "Odd'Type" and ev.data == data and ev.audience == only(1)
        assert ev.actor == 0

    run(pg_url, tmp_path, body)


def test_a_refused_append_answers_alone_and_its_batch_commits(pg_url: str,
                                                              tmp_path: Path) -> None:
    """Two appends after the same head of one game: the second is refused (``Conflict``,
    the head's compare-and-set), the first and another game's append are stored."""

    async def body(service: Service) -> None:
        one, other = await started_game(service), await started_game(service)
        h1, h2 = await head(service, one), await head(service, other)
        gate, held = await hold(service)
        first = asyncio.ensure_future(service.write(append_one(one, h1, {"w": "first"})))
        late = asyncio.ensure_future(service.write(append_one(one, h1, {"w": "late"}, "N2")))
        third = asyncio.ensure_future(service.write(append_one(other, h2, {"w": "third"})))
        await queued(service, 3)
        gate.release.set()
        await held
        await first
        await third
        with pytest.raises(store.Conflict):
            await late
        assert [e.data for e in stored(service, one, h1)] == [{"w": "first"}]
        assert [e.data for e in stored(service, other, h2)] == [{"w": "third"}]

    run(pg_url, tmp_path, body)


def test_the_writer_replaces_a_connection_the_database_dropped(pg_url: str,
                                                               tmp_path: Path) -> None:
    async def body(service: Service) -> None:
        game_id = await started_game(service)
        h = await head(service, game_id)
        committer = service.committer
        assert isinstance(committer, commit.Committer) and committer.conn is not None
        pid = commit._raw(committer.conn).info.backend_pid
        admin = service.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))  # gone, then on
        await service.write(append_one(game_id, h, {"after": "reconnect"}))
        assert [e.data for e in stored(service, game_id, h)] == [{"after": "reconnect"}]
        assert commit._raw(committer.conn).info.backend_pid != pid

    run(pg_url, tmp_path, body)
