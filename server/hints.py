"""What the other server processes say (PostgreSQL's LISTEN/NOTIFY hints, ``hub.py``) and
which seats are online: a game another process moved (its events applied to our copy when
the hint carries them, else its copy caught up from the database when next asked), a lobby
changed, and this process's seats online told to the others (presence)."""

from __future__ import annotations

import logging

from . import store
from .config import Settings
from .entries import GameCache

log = logging.getLogger("starport.service")


class Hints(GameCache):
    """The hints' part of the game service (a part of ``service.Service``)."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.hub.on_game_hint = self._game_hint
        self.hub.on_table_hint = self._table_hint
        self.hub.on_game_events = self._game_events
        if settings.is_postgres:  # presence travels between processes
            self.hub.on_presence_change = self._tell_presence

    def _tell_presence(self, *table_ids: str) -> None:
        """Tell the other processes which seats this one has online at these tables."""
        words = [(t, self.hub.presence_word(t)) for t in table_ids]

        def send() -> None:
            with self.engine.begin() as conn:
                for table_id, word in words:
                    self._notify(conn, "o", table_id, word)

        async def run() -> None:
            try:
                await self.db(send)
            except Exception as exc:  # presence is a courtesy: never an error for a socket
                log.warning("presence not sent: %s", exc)

        self.spawn(run())

    def repeat_presence(self) -> None:
        """Now and then (the heartbeat), say again which seats this process has online, so
        another process's word expires when that process is gone."""
        if self.settings.is_postgres:
            tables = [t for t in list(self.hub.subs) if self.hub.local_online(t)]
            if tables:
                self._tell_presence(*tables)

    def _game_events(self, game_id: str, seq: int, carried: str) -> None:
        """Another process moved a game we hold to ``seq``: apply the events its hint carries
        to our copy, when they follow it and nothing here is writing to it (else the copy
        catches up from the database, as for a hint without events)."""
        entry = self.entries.get(game_id)
        if (entry is None or seq <= entry.seq or entry.lock.locked()
                or entry.seq != entry.committed):
            return
        try:
            events = store.events_from_json(entry.hosted.ruleset.id, carried)
        except (ValueError, TypeError, KeyError, IndexError):
            log.warning("a hint for %s carried events that do not parse", game_id)
            return
        if not events or events[0].seq != entry.seq + 1 or events[-1].seq != seq:
            return
        try:
            entry.game.append(events)
        except ValueError:
            return
        entry.committed = entry.game.seq
        entry.turn_since = store.now()  # appended moments ago: its time per move runs
        self.arm_countdown(entry)  # a prompt with a live countdown: its clock from the log

    def _game_hint(self, game_id: str, seq: int) -> None:
        entry = self.entries.get(game_id)
        if entry is not None and seq > entry.remote_seq:
            entry.remote_seq = seq

    def _table_hint(self, table_id: str) -> None:
        """A lobby change (here or in another process): a cached game reloads its table."""
        if table_id in self.entries:
            self.spawn(self.table_changed(table_id))

    async def table_changed(self, table_id: str) -> None:
        """Reload what a cached game knows about its table (bots, status, timer)."""
        entry = self.entries.get(table_id)
        if entry is None:
            return
        t, seats = await self.db(self._table_and_seats, table_id)
        if t is not None:
            entry.status = t.status
            entry.turn_timer = t.turn_timer
            entry.bots = {s.seat for s in seats if s.bot}
            entry.bot_kinds = {s.seat: s.bot_kind for s in seats if s.bot_kind}
            self.kick_bots(entry)
