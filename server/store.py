"""The event store and the table records: plain synchronous SQLAlchemy Core, one call per
transaction. The server runs these in worker threads (``service.py``)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
import psycopg
from sqlalchemy import Connection, bindparam, delete, func, insert, select, update

from engine.kernel import SPECTATOR, Audience, Event
from engine.kernel.fastmodel import constructed

from .models import (
    ChatRow,
    CommandRow,
    EventRow,
    GameRow,
    PushSubscriptionRow,
    RateCounterRow,
    SeatRow,
    SnapshotRow,
    TableRow,
    TokenRow,
)


def now() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters


def new_token() -> tuple[str, str]:
    """A secret link token and the digest stored for it."""
    token = secrets.token_urlsafe(24)
    return token, digest(token)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Identity:
    """Who a token speaks for at one table."""

    table_id: str
    role: str  # host, seat, spectator
    seat: int | None
    digest: str

    @property
    def viewer(self) -> int:
        return self.seat if self.role == "seat" and self.seat is not None else SPECTATOR


def resolve(conn: Connection, table_id: str, token: str) -> Identity | None:
    """The identity of ``token`` at ``table_id``, or None (unknown, revoked, other table)."""
    if not token or len(token) > 200:
        return None
    d = digest(token)
    row = conn.execute(
        select(TokenRow.digest, TokenRow.table_id, TokenRow.role, TokenRow.seat).where(
            TokenRow.digest == d, TokenRow.revoked.is_(False)
        )
    ).first()
    if row is None or not hmac.compare_digest(row.digest, d) or row.table_id != table_id:
        return None
    return Identity(table_id, row.role, row.seat, row.digest)


def resolve_all(conn: Connection, table_id: str, tokens: list[str]) -> list[Identity | None]:
    """``resolve`` of each token, in one statement whatever their number."""
    digests = [digest(t) if 0 < len(t) <= 200 else "" for t in tokens]
    wanted = sorted({d for d in digests if d})
    found: list[Any] = []
    if wanted and conn.dialect.name == "postgresql":  # the driver's own statement, the same
        raw = conn.connection.driver_connection  # text whatever the number (psycopg
        assert raw is not None  # prepares it): no SQLAlchemy statement built per lookup
        found = raw.execute(RESOLVE_ALL_PG, (wanted,)).fetchall()
    elif wanted:
        found = list(conn.execute(
            select(TokenRow.digest, TokenRow.table_id, TokenRow.role, TokenRow.seat).where(
                TokenRow.digest.in_(wanted), TokenRow.revoked.is_(False))))
    rows = {r[0]: r for r in found}
    out: list[Identity | None] = []
    for d in digests:
        row = rows.get(d)
        if row is None or not hmac.compare_digest(row[0], d) or row[1] != table_id:
            out.append(None)
        else:
            out.append(Identity(table_id, row[2], row[3], row[0]))
    return out


RESOLVE_ALL_PG = ("SELECT digest, table_id, role, seat FROM tokens "
                  "WHERE digest = ANY(%s) AND NOT revoked")


def token_live(conn: Connection, digest_: str) -> bool:
    """Whether the token with this digest still works (not revoked)."""
    return conn.execute(select(TokenRow.digest).where(
        TokenRow.digest == digest_, TokenRow.revoked.is_(False))).first() is not None


def add_token(conn: Connection, table_id: str, role: str, seat: int | None) -> str:
    token, d = new_token()
    conn.execute(insert(TokenRow).values(digest=d, table_id=table_id, role=role, seat=seat,
                                         created_at=now(), revoked=False))
    return token


def revoke_tokens(conn: Connection, table_id: str, role: str, seat: int | None) -> None:
    conn.execute(update(TokenRow).where(TokenRow.table_id == table_id, TokenRow.role == role,
                                        TokenRow.seat == seat).values(revoked=True))


# --- tables and seats ---------------------------------------------------------------------


@dataclass(frozen=True)
class LinkStatus:
    """What one link's holder may know of its table (``my_games``)."""

    digest: str
    role: str
    seat: int | None
    table: Any  # the tables row
    seats: list[Any]
    game: Any | None  # the games row (None in the lobby)


def my_games(conn: Connection, tokens: list[str]) -> list[LinkStatus | None]:
    """The tables of many links at once (three queries, whatever their number): for each
    token, its table, seats and game -- or None for an unknown or revoked one."""
    digests = [digest(t) if 0 < len(t) <= 200 else "" for t in tokens]
    wanted = sorted({d for d in digests if d})
    if not wanted:
        return [None] * len(tokens)
    links = {r.digest: r for r in conn.execute(
        select(TokenRow.digest, TokenRow.table_id, TokenRow.role, TokenRow.seat)
        .where(TokenRow.digest.in_(wanted), TokenRow.revoked.is_(False)))}
    ids = sorted({r.table_id for r in links.values()})
    tables = {r.id: r for r in conn.execute(
        select(TableRow.__table__).where(TableRow.id.in_(ids)))} if ids else {}
    seat_rows: dict[str, list[Any]] = {}
    if ids:
        for r in conn.execute(select(SeatRow.__table__).where(SeatRow.table_id.in_(ids))
                              .order_by(SeatRow.table_id, SeatRow.seat)):
            seat_rows.setdefault(r.table_id, []).append(r)
    games = {r.id: r for r in conn.execute(
        select(GameRow.id, GameRow.seq, GameRow.over, GameRow.pending_seats,
               GameRow.waiting_since).where(GameRow.id.in_(ids)))} if ids else {}
    out: list[LinkStatus | None] = []
    for d in digests:
        link = links.get(d)
        t = tables.get(link.table_id) if link is not None else None
        if link is None or t is None or not hmac.compare_digest(link.digest, d):
            out.append(None)
            continue
        out.append(LinkStatus(d, link.role, link.seat, t, seat_rows.get(t.id, []),
                              games.get(t.id)))
    return out


def create_table(conn: Connection, *, name: str, ruleset: str, options: dict[str, Any],
                 seats: int, bots: list[int], turn_timer: int | None,
                 bot_kinds: dict[int, str] | None = None,
                 spectator_chat: bool = False, timeout_level: str | None = None,
                 hints: bool = False) -> tuple[str, dict[str, Any]]:
    """A new table in its lobby; returns its id and its fresh tokens (host, seats, spectator).
    ``bot_kinds``: the bot the host picked for a bot seat (else the ruleset's own);
    ``timeout_level`` and ``hints``: the table's bot level for timed-out turns, its hints."""
    table_id = new_id()
    kinds = bot_kinds or {}
    conn.execute(insert(TableRow).values(id=table_id, name=name, ruleset=ruleset, options=options,
                                         seat_count=seats, status="lobby", turn_timer=turn_timer,
                                         created_at=now(), version=0,
                                         spectator_chat=spectator_chat,
                                         timeout_level=timeout_level, hints=hints))
    for s in range(seats):
        conn.execute(insert(SeatRow).values(table_id=table_id, seat=s, bot=s in bots,
                                            bot_kind=kinds.get(s),
                                            name=f"Bot {s + 1}" if s in bots else None))
    tokens = {
        "host": add_token(conn, table_id, "host", None),
        "seats": [add_token(conn, table_id, "seat", s) for s in range(seats)],
        "spectator": add_token(conn, table_id, "spectator", None),
    }
    return table_id, tokens


def table(conn: Connection, table_id: str) -> Any | None:
    return conn.execute(select(TableRow.__table__).where(TableRow.id == table_id)).first()


def seats(conn: Connection, table_id: str) -> list[Any]:
    return list(conn.execute(select(SeatRow.__table__).where(SeatRow.table_id == table_id)
                             .order_by(SeatRow.seat)))


# The lock order of a table's rows on PostgreSQL: its game, then the table, then its seats --
# the order ``starport_append`` takes them in (the head's compare-and-set, the table's status
# ``FOR SHARE``, the seats' waits). A write that took them in another order could deadlock
# with a bot's or a player's append of the same game (a seat taken back while the bot moved:
# ``DeadlockDetected``, a 503 for the player). So a lobby write bumps the table before it
# changes a seat, and one that touches the game too starts there (``reclaim_seat``).


def update_seat(conn: Connection, table_id: str, seat: int, **values: Any) -> None:
    bump(conn, table_id)  # the table before its seat (the lock order above)
    conn.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                 .values(**values))


def bump(conn: Connection, table_id: str, **values: Any) -> None:
    conn.execute(update(TableRow).where(TableRow.id == table_id)
                 .values(version=TableRow.version + 1, **values))


# --- games and the event store ------------------------------------------------------------


def event_row(game_id: str, ev: Event, at: datetime) -> dict[str, Any]:
    return {"game_id": game_id, "seq": ev.seq, "type": ev.type,
            "audience": ev.audience.model_dump(mode="json"), "type_public": ev.type_public,
            "v": ev.v, "payload": ev.data, "created_at": at, "actor": ev.actor,
            "played_by": ev.by}


def upgrade_event(ruleset: str, ev: Event) -> Event:
    """Bring an old event payload to the current schema version (none is old yet: v1)."""
    return ev


def to_event(ruleset: str, row: Any) -> Event:
    ev = Event(seq=row.seq, type=row.type, data=row.payload,
               audience=Audience.model_validate(row.audience), type_public=row.type_public,
               v=row.v, actor=row.actor, by=row.played_by)
    return upgrade_event(ruleset, ev)


def events_json(new: list[Event]) -> str:
    """Events as compact JSON rows ``[seq, type, audience, type_public, v, data, actor, by]``
    (a NOTIFY payload between processes: ``hub.game_payload``; the actor marks the command
    boundaries take-backs need, ``by`` who chose the command: ``Event.by``)."""
    return "[" + ",".join(
        f'[{ev.seq},{_json(ev.type)},{_audience_json(ev.audience)},'
        f'{"true" if ev.type_public else "false"},{ev.v},{_json(ev.data)},'
        f'{"null" if ev.actor is None else int(ev.actor)},'
        f'{"null" if ev.by is None else _json(ev.by)}]' for ev in new) + "]"


_AUDIENCE_OBJECTS: dict[str, Audience] = {}


def events_from_json(ruleset: str, text: str) -> list[Event]:
    """The events of ``events_json`` (written by our own processes: trusted, so built
    without pydantic's validation; upgraded as events read from the database are)."""
    out = []
    for row in orjson.loads(text):
        # a process not yet upgraded sends seven (no ``by``: its player's command)
        seq, type_, audience, type_public, v, data, actor = row[:7]
        by = row[7] if len(row) > 7 and row[7] in ("bot", "clock") else None
        key = orjson.dumps(audience).decode()
        aud = _AUDIENCE_OBJECTS.get(key)
        if aud is None:
            aud = Audience.model_validate(audience)
            if len(_AUDIENCE_OBJECTS) < 4096:
                _AUDIENCE_OBJECTS[key] = aud
        ev = constructed(Event, seq=int(seq), type=str(type_), data=dict(data), audience=aud,
                         type_public=bool(type_public), v=int(v),
                         actor=None if actor is None else int(actor), by=by)
        out.append(upgrade_event(ruleset, ev))
    return out


def create_game(conn: Connection, game_id: str, ruleset: str, seed: str, events: list[Event],
                pending: list[int], over: bool) -> None:
    at = now()
    conn.execute(insert(GameRow).values(id=game_id, ruleset=ruleset, seed=seed,
                                        seq=events[-1].seq if events else 0, over=over,
                                        pending_seats=pending, waiting_since=at, notified_seq=0,
                                        created_at=at))
    track_waits(conn, game_id, pending, at)
    if events:
        conn.execute(insert(EventRow), [event_row(game_id, ev, at) for ev in events])


def game(conn: Connection, game_id: str) -> Any | None:
    return conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).first()


def head(conn: Connection, game_id: str) -> int:
    return int(conn.execute(select(GameRow.seq).where(GameRow.id == game_id)).scalar_one())


def event_time(conn: Connection, game_id: str, seq: int) -> datetime | None:
    """When the event ``seq`` was appended (a countdown runs from there)."""
    at = conn.execute(select(EventRow.created_at).where(EventRow.game_id == game_id,
                                                        EventRow.seq == seq)).scalar_one_or_none()
    return None if at is None else (at if at.tzinfo is not None else at.replace(tzinfo=UTC))


def events(conn: Connection, ruleset: str, game_id: str, after: int = 0,
           until: int | None = None) -> list[Event]:
    q = select(EventRow.seq, EventRow.type, EventRow.audience, EventRow.type_public, EventRow.v,
               EventRow.payload, EventRow.actor, EventRow.played_by).where(
                   EventRow.game_id == game_id, EventRow.seq > after)
    if until is not None:
        q = q.where(EventRow.seq <= until)
    return [to_event(ruleset, r) for r in conn.execute(q.order_by(EventRow.seq))]


def latest_snapshot(conn: Connection, game_id: str) -> Any | None:
    return conn.execute(select(SnapshotRow.seq, SnapshotRow.state)
                        .where(SnapshotRow.game_id == game_id)
                        .order_by(SnapshotRow.seq.desc()).limit(1)).first()


def save_snapshot(conn: Connection, game_id: str, seq: int, state: str) -> None:
    conn.execute(insert(SnapshotRow).values(game_id=game_id, seq=seq, state=state,
                                            created_at=now()))
    # keep the two newest: the older one covers a snapshot written by a racing process
    keep = [r.seq for r in conn.execute(select(SnapshotRow.seq).where(
        SnapshotRow.game_id == game_id).order_by(SnapshotRow.seq.desc()).limit(2))]
    conn.execute(delete(SnapshotRow).where(SnapshotRow.game_id == game_id,
                                           SnapshotRow.seq < min(keep)))


def applied(conn: Connection, game_id: str, seat: int, client_id: str) -> tuple[int, int] | None:
    """The events a client command id already produced, if it was applied: its key on the
    command's first event (SQLite's appends since migration 0008_cmdkey), else its row of
    ``commands``."""
    first = conn.execute(select(EventRow.seq, EventRow.client_last).where(
        EventRow.game_id == game_id, EventRow.client_seat == seat,
        EventRow.client_id == client_id)).first()
    if first is not None:
        return first.seq, first.client_last
    row = conn.execute(select(CommandRow.first_seq, CommandRow.last_seq).where(
        CommandRow.game_id == game_id, CommandRow.seat == seat,
        CommandRow.client_id == client_id)).first()
    return (row.first_seq, row.last_seq) if row else None


class Conflict(Exception):
    """The game moved on since the command was decided (optimistic concurrency)."""


class TableClosed(Exception):
    """The table takes no more commands (the host ended the game, or it is over)."""

    def __init__(self, status: str) -> None:
        super().__init__(f"the game is {status}")
        self.status = status


class SeatPlayedByBot(Exception):
    """The host gave the seat to a bot: its player's commands are refused."""


def check_table_takes(conn: Connection, table_id: str, seat: int | None, by_bot: bool) -> None:
    """The table's status and the seat's bot flag as committed now, in the append's
    transaction (not as a process cached them): raise ``TableClosed`` or ``SeatPlayedByBot``.

    On PostgreSQL the table row is share-locked until the transaction ends, so a host's change
    (which always updates that row: ``bump``) lands wholly before or wholly after the append.
    Called after the head's compare-and-set, so two appends never wait on each other here.
    """
    raw, sql = _driver(conn)
    cur = raw.cursor()
    cur.execute(sql.takes, (-1 if seat is None else seat, table_id))
    row = cur.fetchone()
    status = row[0] if row is not None else None
    if status != "playing":
        raise TableClosed(status or "gone")
    if seat is None or by_bot:
        return
    if row is not None and row[1]:
        raise SeatPlayedByBot


# The statements of an append, in the driver's own SQL: prepared once per connection by the
# driver (sqlite3's statement cache, psycopg's automatic prepare), no SQLAlchemy statement
# building, caching or result handling per command (it was the largest share of the old
# writer's CPU: docs/performance.md). The JSON is written by orjson.
@dataclass(frozen=True)
class AppendSql:
    advance: str
    takes: str
    events: str
    command: str
    json_cast: str  # "" (SQLite stores JSON as text) or the PostgreSQL cast
    text_times: bool  # SQLite's DateTime: text as SQLAlchemy writes it


def _sql(placeholder: str, pg: bool) -> AppendSql:
    cast = "::json" if pg else ""

    def q(text: str) -> str:
        return text.replace("?", placeholder).replace("<json>", cast)

    return AppendSql(
        advance=q("UPDATE games SET seq = ?, over = ?, pending_seats = ?<json>, "
                  "waiting_since = ? WHERE id = ? AND seq = ?"),
        takes=q("SELECT t.status, s.bot FROM tables t LEFT JOIN seats s "
                "ON s.table_id = t.id AND s.seat = ? WHERE t.id = ?"
                + (" FOR SHARE OF t" if pg else "")),
        events=q("INSERT INTO events (game_id, seq, type, audience, type_public, v, payload, "
                 "created_at, actor) VALUES (?, ?, ?, ?<json>, ?, ?, ?<json>, ?, ?)"),
        command=q("INSERT INTO commands (game_id, seat, client_id, first_seq, last_seq, "
                  "created_at) VALUES (?, ?, ?, ?, ?, ?)"),
        json_cast=cast, text_times=not pg)


SQLITE_SQL = _sql("?", pg=False)
POSTGRES_SQL = _sql("%s", pg=True)


def _driver(conn: Connection) -> tuple[Any, AppendSql]:
    """The driver's own connection under ``conn`` (in ``conn``'s transaction) and its SQL."""
    raw = conn.connection.driver_connection
    return raw, POSTGRES_SQL if conn.dialect.name == "postgresql" else SQLITE_SQL


_AUDIENCES: dict[Audience, str] = {}


def _audience_json(audience: Audience) -> str:
    text = _AUDIENCES.get(audience)
    if text is None:
        text = orjson.dumps(audience.model_dump(mode="json")).decode()
        if len(_AUDIENCES) < 4096:
            _AUDIENCES[audience] = text
    return text


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def append(conn: Connection, game_id: str, expected: int, new: list[Event], *,
           pending: list[int], over: bool, seat: int | None, client_id: str | None,
           by_bot: bool = False, notify: str | None = None,
           pending_before: list[int] | None = None) -> None:
    """Append ``new`` after ``expected`` in the caller's transaction, or raise ``Conflict``
    (or ``TableClosed`` / ``SeatPlayedByBot``: ``check_table_takes``). ``notify``: a
    NOTIFY payload sent with it (PostgreSQL).

    The head moves with a compare-and-set on ``games.seq``; the unique ``(game_id, seq)``
    of the events (and the client command id's key) back it up. On PostgreSQL all of it,
    the seats' waits too (``track_waits``), is one call of ``starport_append`` (migrations
    0003_speed, 0007_pgappend): one round trip.
    """
    raw, sql = _driver(conn)
    last = new[-1].seq if new else expected
    moment = now()
    waits = pending_before is None or sorted(pending_before) != sorted(pending)
    if sql is POSTGRES_SQL:
        _append_pg(conn, raw, game_id, expected, last, new, pending=pending, over=over,
                   seat=seat, client_id=client_id, by_bot=by_bot, notify=notify, at=moment,
                   waits=waits)
        return
    at = sqlite_time(moment)
    later: AppendBatch | None = conn.info.get(APPEND_BATCH)
    if later is not None:  # the batch's statements run at its commit (``AppendBatch``)
        later.add(raw, game_id, expected, last, new, pending=pending, over=over, seat=seat,
                  client_id=client_id, by_bot=by_bot, waits=waits, at=at)
        return
    cur = raw.cursor()
    if seat is None or by_bot:
        cur.execute(ADVANCE_IF_PLAYING, (last, over, _json(pending), at, game_id, expected,
                                         game_id))
    else:
        cur.execute(ADVANCE_IF_SEAT_PLAYS, (last, over, _json(pending), at, game_id, expected,
                                            game_id, game_id, seat))
    if cur.rowcount != 1:
        _refuse_append(conn, cur, game_id, expected, seat, by_bot)
    if waits:
        _track_waits_sqlite(cur, game_id, pending, at)
    keyed = client_id is not None and seat is not None
    try:
        if new:
            cur.executemany(EVENTS_KEYED, _event_rows(game_id, new, at, client_id if keyed
                                                      else None, seat, last))
        elif keyed:  # nothing to ride on
            cur.execute(sql.command, (game_id, seat, client_id, expected + 1, last, at))
    except conn.dialect.loaded_dbapi.IntegrityError:
        raise Conflict from None


def _event_rows(game_id: str, new: list[Event], at: str, client_id: str | None,
                seat: int | None, last: int) -> list[tuple[Any, ...]]:
    """``EVENTS_KEYED``'s rows for ``new``: a command's client command id (when given)
    rides on its first event, with its seat and last seq (no statement, and no ``commands``
    row, of its own)."""
    rows: list[tuple[Any, ...]] = [
        (game_id, ev.seq, ev.type, _audience_json(ev.audience), ev.type_public, ev.v,
         _json(ev.data), at, ev.actor, None, None, None, ev.by) for ev in new]
    if client_id is not None:
        rows[0] = (*rows[0][:9], client_id, seat, last, rows[0][12])
    return rows


def sqlite_time(moment: datetime) -> str:
    """``moment`` (UTC) as SQLAlchemy's SQLite ``DateTime`` writes it (and reads it back):
    ``YYYY-MM-DD HH:MM:SS.ffffff``, the microseconds always there (the first 26 characters
    of ``isoformat`` with that ``timespec``, before the offset). In under half of
    ``strftime``'s time (1.5 against 3.5 us, once per append on the event loop:
    docs/performance.md, "The levers")."""
    return moment.isoformat(" ", "microseconds")[:26]


# SQLite: the head's compare-and-set and ``check_table_takes`` in one statement (the table
# playing; the seat not a bot's, unless a bot plays it): the append's statements are
# sqlite3 calls on the loop, each a few microseconds. A refused one says why afterwards
# (``_refuse_append``), in ``append``'s order: the head first, then the table.
# SQLite: the events, a command's client command id on its first one (migration 0008_cmdkey;
# unique per game, seat and id: a reused one is a ``Conflict``, as the ``commands`` key was)
EVENTS_KEYED = ("INSERT INTO events (game_id, seq, type, audience, type_public, v, payload, "
                "created_at, actor, client_id, client_seat, client_last, played_by) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
ADVANCE_IF_PLAYING = (SQLITE_SQL.advance + " AND EXISTS (SELECT 1 FROM tables t "
                      "WHERE t.id = ? AND t.status = 'playing')")
ADVANCE_IF_SEAT_PLAYS = (ADVANCE_IF_PLAYING + " AND NOT EXISTS (SELECT 1 FROM seats s "
                         "WHERE s.table_id = ? AND s.seat = ? AND s.bot)")


# --- SQLite: a group commit's appends as three statements, run by the commit thread ----------

APPEND_BATCH = "append_batch"  # conn.info key: the ``AppendBatch`` an append joins (SQLite)

# ``ADVANCE_IF_SEAT_PLAYS``, ``_track_waits_sqlite``'s update and ``EVENTS_KEYED`` for many
# appends at once: their rows come as one JSON array each (``json_each``), and each
# statement does to each row what the per-append statement does (the same checks, the same
# values; tests/server/test_append_sql.py compares the two).
ADVANCE_ALL = (
    "UPDATE games SET seq = j.last, over = j.over, pending_seats = j.pending, "
    "waiting_since = j.at FROM (SELECT value->>0 AS id, value->>1 AS expected, "
    "value->>2 AS last, value->>3 AS over, value->>4 AS pending, value->>5 AS at, "
    "value->>6 AS seat FROM json_each(?)) AS j "
    "WHERE games.id = j.id AND games.seq = j.expected "
    "AND EXISTS (SELECT 1 FROM tables t WHERE t.id = j.id AND t.status = 'playing') "
    "AND (j.seat IS NULL OR NOT EXISTS (SELECT 1 FROM seats s WHERE s.table_id = j.id "
    "AND s.seat = j.seat AND s.bot))")
WAITS_ALL = (
    "UPDATE seats SET wait_since = CASE WHEN seats.seat IN "
    "(SELECT value FROM json_each(j.pending)) THEN j.at ELSE NULL END, alerted = 0 "
    "FROM (SELECT value->>0 AS id, value->>1 AS pending, value->>2 AS at "
    "FROM json_each(?)) AS j WHERE seats.table_id = j.id AND CASE WHEN seats.seat IN "
    "(SELECT value FROM json_each(j.pending)) THEN seats.wait_since IS NULL "
    "ELSE seats.wait_since IS NOT NULL END")
EVENTS_ALL = (
    "INSERT INTO events (game_id, seq, type, audience, type_public, v, payload, created_at, "
    "actor, client_id, client_seat, client_last, played_by) SELECT value->>0, value->>1, "
    "value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9, "
    "value->>10, value->>11, value->>12 FROM json_each(?)")


class AppendBatch:
    """The appends of one SQLite group commit, kept as rows and written by three statements
    for the whole batch (``statements``, made on the event loop; ``run_appends``, in the
    commit thread, just before the commit): the statements' work in SQLite (the checks, the
    B-trees) happens there, without the GIL, while the event loop goes on; the loop only
    makes the rows and their JSON (``LoopCommitter``, ``docs/performance.md``, "The
    levers"). Per append the loop ran two or three statements of its own.

    ``run_appends`` answers whether every head moved. It does not say which append was
    refused or why: when one was (a lost race, a table closed or a seat given to a bot by
    another process: rare), the commit thread rolls the batch back and the loop runs it again
    the careful way, each append's statements on the loop in its own savepoint, which say why.

    A game with two appends in one batch (its second command decided while the first
    committed) has them in two rounds: the second's compare-and-set runs after the first's,
    as they would one after the other."""

    __slots__ = ("rounds", "events", "times")

    def __init__(self) -> None:
        # round -> (heads: [(game, expected, last, over, pending, at, seat)],
        #           waits: [(game, pending, at)])
        self.rounds: list[tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]] = []
        self.events: list[tuple[Any, ...]] = []
        self.times: dict[str, int] = {}  # game -> its appends so far

    def add(self, raw: Any, game_id: str, expected: int, last: int, new: list[Event], *,
            pending: list[int], over: bool, seat: int | None, client_id: str | None,
            by_bot: bool, waits: bool, at: str) -> None:
        times = self.times.get(game_id, 0)
        self.times[game_id] = times + 1
        if times == len(self.rounds):
            self.rounds.append(([], []))
        heads, waited = self.rounds[times]
        pending_json = _json(pending)
        heads.append((game_id, expected, last, over, pending_json, at,
                      None if seat is None or by_bot else seat))
        if waits:
            waited.append((game_id, pending_json, at))
        keyed = client_id is not None and seat is not None
        if new:
            self.events += _event_rows(game_id, new, at, client_id if keyed else None, seat,
                                       last)
        elif keyed:  # nothing to ride on: its own row, now (no other statement reads it)
            raw.execute(SQLITE_SQL.command, (game_id, seat, client_id, expected + 1, last, at))

    def statements(self) -> list[tuple[str, str, int | None]]:
        """The batch's statements, each with its one JSON argument and the rows it must
        change (None: any number). Made on the event loop, so the commit thread holds the
        GIL only to hand SQLite a string (``run_appends``)."""
        out: list[tuple[str, str, int | None]] = []
        for heads, waited in self.rounds:
            out.append((ADVANCE_ALL, orjson.dumps(heads).decode(), len(heads)))
            if waited:
                out.append((WAITS_ALL, orjson.dumps(waited).decode(), None))
        if self.events:
            out.append((EVENTS_ALL, orjson.dumps(self.events).decode(), None))
        return out


def run_appends(raw: Any, statements: list[tuple[str, str, int | None]]) -> bool:
    """Run an ``AppendBatch``'s statements (in the caller's transaction); False if a head did
    not move as its append expected (nothing is undone here: the caller rolls back)."""
    cur = raw.cursor()
    for sql, rows, changes in statements:
        cur.execute(sql, (rows,))
        if changes is not None and cur.rowcount != changes:
            return False
    return True


def _refuse_append(conn: Connection, cur: Any, game_id: str, expected: int, seat: int | None,
                   by_bot: bool) -> None:
    """Why SQLite's guarded compare-and-set moved no head: ``Conflict`` if the head is not
    ``expected`` (or there is no game), else ``check_table_takes``'s refusal."""
    cur.execute("SELECT seq FROM games WHERE id = ?", (game_id,))
    row = cur.fetchone()
    if row is None or row[0] != expected:
        raise Conflict
    check_table_takes(conn, game_id, seat, by_bot)
    raise Conflict  # not reached: the head and the table were as the statement asked


APPEND_PG = ("SELECT starport_append(%s, %s, %s, %s, %s::json, %s, %s, %s, %s, %s::json, %s, "
             "%s)")


def _append_pg(conn: Connection, raw: Any, game_id: str, expected: int, last: int,
               new: list[Event], *, pending: list[int], over: bool, seat: int | None,
               client_id: str | None, by_bot: bool, notify: str | None, at: Any,
               waits: bool) -> None:
    """``append`` on PostgreSQL: the function's refusals mapped to the same exceptions.
    ``waits``: the function also moves the seats' waits (``track_waits``)."""
    params = (game_id, expected, last, over, _json(pending), at, seat, by_bot, client_id,
              events_json(new), notify, waits)
    later = conn.info.get("append_later")  # commit.APPEND_LATER: the writer's batch
    if later is not None:  # sent with the batch's BEGIN and COMMIT, in one round trip; a
        later.append(_client_bound(raw, APPEND_PG, params))  # refusal reruns it alone
        return
    dbapi = conn.dialect.loaded_dbapi
    try:
        raw.execute(APPEND_PG, params)
    except dbapi.IntegrityError:
        raise Conflict from None
    except dbapi.Error as exc:
        message = str(getattr(getattr(exc, "diag", None), "message_primary", "") or "")
        if message == "starport:conflict":
            raise Conflict from None
        if message.startswith("starport:closed:"):
            raise TableClosed(message.removeprefix("starport:closed:")) from None
        if message == "starport:bot":
            raise SeatPlayedByBot from None
        raise


def _client_bound(raw: Any, sql: str, params: tuple[Any, ...]) -> str:
    """``sql`` with its parameters as literals (psycopg's own quoting), to be sent with
    other statements in one simple query."""
    return psycopg.ClientCursor(raw).mogrify(sql, params)


# A seat's wait (``alerts.py``): it begins when the game comes to the seat, and ends when the
# game no longer waits on it; each wait has one alert (``alerted``).
WAIT_BEGINS = (update(SeatRow)
               .where(SeatRow.table_id == bindparam("b_game"),
                      SeatRow.seat.in_(bindparam("b_seats", expanding=True)),
                      SeatRow.wait_since.is_(None))
               .values(wait_since=bindparam("b_at"), alerted=False))
WAIT_ENDS = (update(SeatRow)
             .where(SeatRow.table_id == bindparam("b_game"),
                    SeatRow.seat.not_in(bindparam("b_seats", expanding=True)),
                    SeatRow.wait_since.is_not(None))
             .values(wait_since=None, alerted=False))


def track_waits(conn: Connection, game_id: str, pending: list[int], at: datetime) -> None:
    """The waits of the seats the game now waits on begin (unless they are going on); the
    other seats' waits end."""
    params = {"b_game": game_id, "b_seats": list(pending), "b_at": at}
    conn.execute(WAIT_BEGINS, params)
    conn.execute(WAIT_ENDS, params)


# ``track_waits`` in sqlite3's own SQL, for an append: its two updates (``WAIT_BEGINS``,
# ``WAIT_ENDS``) as one statement, which touches the same rows and writes the same values;
# built once per number of seats waited on (SQLAlchemy rendered the expanding IN per call)
_WAITS_SQLITE: dict[int, str] = {}


def _track_waits_sqlite(cur: Any, game_id: str, pending: list[int], at: str) -> None:
    """``track_waits`` on the append's own cursor (``at`` as SQLite's DateTime text)."""
    sql = _WAITS_SQLITE.get(len(pending))
    if sql is None:
        marks = ", ".join("?" * len(pending))
        sql = _WAITS_SQLITE[len(pending)] = (
            f"UPDATE seats SET wait_since = CASE WHEN seat IN ({marks}) THEN ? ELSE NULL END, "
            "alerted = 0 WHERE table_id = ? AND CASE WHEN seat IN "
            f"({marks}) THEN wait_since IS NULL ELSE wait_since IS NOT NULL END")
    cur.execute(sql, (*pending, at, game_id, *pending))


def waiting_seats(conn: Connection, before: datetime) -> list[Any]:
    """Seats of games in play whose wait began before ``before`` and has had no alert yet,
    with what their alert needs (the table's name, the game's head)."""
    q = (select(SeatRow.table_id, SeatRow.seat, SeatRow.wait_since, SeatRow.quiet_start,
                SeatRow.quiet_end, SeatRow.time_zone, GameRow.seq)
         .join(TableRow, TableRow.id == SeatRow.table_id)
         .join(GameRow, GameRow.id == SeatRow.table_id)
         .where(SeatRow.wait_since < before, SeatRow.alerted.is_(False),
                SeatRow.bot.is_(False), TableRow.status == "playing",
                GameRow.over.is_(False)))
    return list(conn.execute(q))


def claim_alert(conn: Connection, table_id: str, seat: int, wait_since: datetime) -> bool:
    """Mark this wait alerted; False if another process did, or the wait is over."""
    done = conn.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                              SeatRow.seat == seat,
                                              SeatRow.wait_since == wait_since,
                                              SeatRow.alerted.is_(False))
                        .values(alerted=True))
    return done.rowcount == 1


def claim_running_out(conn: Connection, game_id: str, seq: int) -> bool:
    """Mark the move at ``seq`` as told its time is running out (``games.notified_seq``, the
    seq of the last move told); False if another process did, or the game moved on."""
    done = conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.seq == seq,
                                              GameRow.notified_seq != seq)
                        .values(notified_seq=seq))
    return done.rowcount == 1


# --- Web Push subscriptions ---------------------------------------------------------------


def push_subscriptions(conn: Connection, table_id: str, seat: int) -> list[Any]:
    return list(conn.execute(select(PushSubscriptionRow.__table__)
                             .where(PushSubscriptionRow.table_id == table_id,
                                    PushSubscriptionRow.seat == seat)
                             .order_by(PushSubscriptionRow.id)))


def add_push_subscription(conn: Connection, table_id: str, seat: int, endpoint: str,
                          p256dh: str, auth: str, keep: int = 10) -> None:
    """Keep this browser's subscription for the seat (its keys replaced if it was known);
    a seat keeps its ``keep`` newest subscriptions."""
    drop_push_subscription(conn, table_id, seat, endpoint)
    conn.execute(insert(PushSubscriptionRow).values(table_id=table_id, seat=seat,
                                                    endpoint=endpoint, p256dh=p256dh,
                                                    auth=auth, created_at=now()))
    ids = [r.id for r in push_subscriptions(conn, table_id, seat)]
    if len(ids) > keep:
        conn.execute(delete(PushSubscriptionRow)
                     .where(PushSubscriptionRow.id.in_(ids[:len(ids) - keep])))


def drop_push_subscription(conn: Connection, table_id: str, seat: int, endpoint: str) -> int:
    done = conn.execute(delete(PushSubscriptionRow)
                        .where(PushSubscriptionRow.table_id == table_id,
                               PushSubscriptionRow.seat == seat,
                               PushSubscriptionRow.endpoint == endpoint))
    return done.rowcount


def waiting_games(conn: Connection, before: datetime) -> list[Any]:
    """Games whose pending seats have waited since before ``before``."""
    q = (select(GameRow.id, GameRow.seq, GameRow.pending_seats, GameRow.waiting_since,
                GameRow.notified_seq, TableRow.turn_timer)
         .join(TableRow, TableRow.id == GameRow.id)
         .where(GameRow.over.is_(False), TableRow.status == "playing",
                GameRow.waiting_since < before))
    return list(conn.execute(q))


def reclaim_seat(conn: Connection, table_id: str, seat: int) -> None:
    """The seat's player takes it back from its bot, and the waiting seats' turn timer
    starts again now: the game's row first, then the table's and the seat's (the lock order
    of ``update_seat``)."""
    conn.execute(update(GameRow).where(GameRow.id == table_id).values(waiting_since=now()))
    update_seat(conn, table_id, seat, bot=False)


# --- chat ---------------------------------------------------------------------------------


def add_chat(conn: Connection, table_id: str, seat: int | None, name: str, text: str) -> int:
    res = conn.execute(insert(ChatRow).values(table_id=table_id, seat=seat, name=name, text=text,
                                              created_at=now()).returning(ChatRow.id))
    return int(res.scalar_one())


def chat(conn: Connection, table_id: str, after: int = 0, limit: int = 200) -> list[Any]:
    return list(conn.execute(select(ChatRow.__table__).where(ChatRow.table_id == table_id,
                                                             ChatRow.id > after)
                             .order_by(ChatRow.id).limit(limit)))


def chat_head(conn: Connection, table_id: str) -> int:
    return int(conn.execute(select(func.coalesce(func.max(ChatRow.id), 0))
                            .where(ChatRow.table_id == table_id)).scalar_one())


# --- rate limits shared between processes (PostgreSQL) ------------------------------------


# One statement, its own transaction (run it on an autocommit connection): the upsert, and
# ``synchronous_commit`` off for that transaction only (``set_config(..., true)``), so its
# commit does not wait for the WAL to reach the disk -- a rate counter lost in a crash is
# harmless. The driver's own SQL, prepared by psycopg: no statement built per request.
COUNT_HIT_SQL = (
    "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)) "
    "INSERT INTO rate_counters (key, window_start, hits) SELECT %s, %s, 1 FROM quick "
    "ON CONFLICT (key) DO UPDATE SET hits = CASE WHEN rate_counters.window_start = "
    "excluded.window_start THEN rate_counters.hits + 1 ELSE 1 END, "
    "window_start = excluded.window_start RETURNING hits")


def count_hit(conn: Connection, key: str, window_start: int) -> int:
    """Count one hit of ``key`` in the fixed window starting at ``window_start``; the hits so
    far in that window (one upsert: atomic across processes). ``conn`` should be in
    autocommit (one round trip; ``COUNT_HIT_SQL``); in a transaction it is counted when that
    commits."""
    return int(conn.exec_driver_sql(COUNT_HIT_SQL, (key, window_start)).scalar_one())


def prune_counters(conn: Connection, before: int) -> None:
    conn.execute(delete(RateCounterRow).where(RateCounterRow.window_start < before))
