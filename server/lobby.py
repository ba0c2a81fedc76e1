"""Starting a table: the lobby's seats all taken (or given to bots), each seat's pick of the
game's choice (``Hosted.choice_option``: drawn for those who made none), the seed drawn,
and the game's opening events written with the table's new status in one transaction."""

from __future__ import annotations

import secrets

from sqlalchemy import Connection, update

from engine.kernel import Game

from . import store
from .entries import GameCache, NotFound
from .models import TableRow
from .rulesets import hosted


class Refused(Exception):
    """A table action the lobby does not allow now (answered 409)."""


class Lobby(GameCache):
    """The lobby's part of the game service (a part of ``service.Service``)."""

    async def start_game(self, table_id: str) -> None:
        t, seats = await self.db(self._table_and_seats, table_id)
        if t is None:
            raise NotFound(table_id)
        if t.status != "lobby":
            raise Refused("the game has started already")
        absent = [s.seat for s in seats if not s.bot and s.joined_at is None]
        if absent:
            raise Refused(f"seats {absent} have not joined (or make them bots)")
        h = hosted(t.ruleset)
        options = dict(t.options)
        if h.choice_option:
            free = [c for c in h.choices(options) if c not in {s.choice for s in seats}]
            picks = []
            rng = secrets.SystemRandom()
            for s in seats:
                pick = s.choice
                if pick is None and free:
                    pick = free.pop(rng.randrange(len(free)))
                picks.append(pick)
            options[h.choice_option] = picks
        names = [s.name or f"Seat {s.seat + 1}" for s in seats]
        seed = secrets.token_hex(32)
        game = Game.start(h.ruleset, options, names, seed)  # RuleError on bad options
        pending = h.ruleset.pending(game.state)

        def write(conn: Connection) -> None:
            done = conn.execute(update(TableRow).where(TableRow.id == table_id,
                                                       TableRow.status == "lobby")
                                .values(status="playing", version=TableRow.version + 1))
            if done.rowcount != 1:
                raise Refused("the game has started already")
            store.create_game(conn, table_id, t.ruleset, seed, game.events,
                              list(pending.seats) if pending else [], pending is None)
            self._notify(conn, "t", table_id)
            self._notify(conn, "g", table_id, game.seq)

        await self.write(write)
        self.publish("t", table_id)
        self.publish("g", table_id, game.seq)
        entry = await self.entry(table_id)
        if entry is not None:
            self.kick_bots(entry)
