"""A seat's command played: checked in the order ``docs/architecture.md`` sets
(The path of a command), decided, appended, published.

Order of checks for a command: parse, authenticate the seat (the caller), load, game not
over, ``seq`` still current, actor may act now and rules (``decide``), append (which checks
the head and the table's status again in its transaction), publish. The ``seq`` goes before
the rules so that a client behind always gets 409 with the current seq, whatever the rules
would say of its command in the new state.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from engine.kernel import CommandRejected, GameOver
from engine.kernel.events import PlayedBy

from . import store
from .db import reading
from .entries import Entry, GameCache, NotFound, Outcome, Stale
from .hub import game_payload

BOT_SEAT = "a bot plays this seat now; ask the host for the seat back"


def _refusal(exc: Exception) -> CommandRejected:
    """What a player is told when the table's committed state refuses the append."""
    if isinstance(exc, store.TableClosed):
        return GameOver(f"the game is over (the table is {exc.status})")
    return CommandRejected(BOT_SEAT)


class Play(GameCache):
    """The commands' part of the game service (a part of ``service.Service``)."""

    async def submit(self, game_id: str, seat: int, seq: int, client_id: str | None,
                     raw: dict[str, Any], *, by_bot: bool = False,
                     by: PlayedBy = None) -> Outcome:
        """Play ``seat``'s command. ``by_bot``: a bot's or a clock's, not its player's (the
        first event says which, ``by``: "bot" unless told; ``Event.by``)."""
        entry = await self.entry(game_id)
        if entry is None:
            raise NotFound(game_id)
        command = entry.hosted.ruleset.parse_command(raw)  # BadCommand
        async with entry.lock:
            if self.entries.get(game_id) is not entry:  # evicted while we waited
                return await self.submit(game_id, seat, seq, client_id, raw, by_bot=by_bot,
                                         by=by)
            if seq > entry.seq or entry.remote_seq > entry.seq:
                entry = await self._catch_up_locked(entry)
            try:
                played_by: PlayedBy = (by or "bot") if by_bot else None
                return await self._decide_and_append(entry, seat, seq, client_id, command, by_bot,
                                                     played_by)
            except (CommandRejected, Stale) as exc:
                if client_id is not None:
                    prior = await self._prior(entry, seat, client_id)
                    if prior is not None:
                        return prior
                if isinstance(exc, Stale):
                    raise Stale(await self.db(self._head, game_id)) from None
                raise

    async def _prior(self, entry: Entry, seat: int, client_id: str) -> Outcome | None:
        def look() -> tuple[int, int] | None:
            with reading(self.engine) as conn:
                return store.applied(conn, entry.game_id, seat, client_id)

        found = await self.db(look)
        if found is None:
            return None
        first, last = found
        evs = await self.events_after(entry, first - 1, until=last)
        return Outcome(first, last, evs, duplicate=True)

    async def _decide_and_append(self, entry: Entry, seat: int, seq: int, client_id: str | None,
                                 command: Any, by_bot: bool, played_by: PlayedBy = None
                                 ) -> Outcome:
        game = entry.game
        if entry.finished:
            raise GameOver("the game is over")
        if seat in entry.bots and not by_bot:
            raise CommandRejected(BOT_SEAT)
        expected = game.seq
        # before the rules: a client behind learns it is (409), unless all it missed is other
        # seats' answers to a prompt that asks it too (``GameDefinition.concurrent_answers``)
        if seq != expected and not game.answered_alongside(
                seat, seq, entry.hosted.concurrent_answers):
            raise Stale(expected)
        produced = game.decide(seat, command, played_by)  # GameOver, NotYourTurn, RuleError
        # who the game waited for (``decide`` asked it at this seq: ``Game`` keeps it)
        asked = game.pending()
        before = list(asked.seats) if asked else []
        game.append(produced)
        pending = game.pending()  # the new seq's, asked once: the pushes and bots reuse it
        over = pending is None
        last = game.seq
        snapshot: str | None = None
        if last - entry.snapshot_seq >= self.settings.snapshot_every:
            snapshot = entry.hosted.ruleset.dump_state(game.state)

        # the other processes' hint, with the events when they fit (PostgreSQL)
        hint = (game_payload(entry.game_id, last, store.events_json(produced))
                if self.settings.is_postgres else None)

        def write(conn: Connection) -> None:
            store.append(conn, entry.game_id, expected, produced,
                         pending=list(pending.seats) if pending else [], over=over,
                         seat=seat, client_id=client_id, by_bot=by_bot, notify=hint,
                         pending_before=before)
            if snapshot is not None:
                store.save_snapshot(conn, entry.game_id, last, snapshot)
            if over:
                store.bump(conn, entry.game_id, status="over")
            if over:
                self._notify(conn, "t", entry.game_id)

        try:
            await self.write(write, appends=not over)  # a game's end updates its table too
        except store.Conflict:
            self.evict(entry.game_id)  # our copy ran ahead of the database: reload it
            raise Stale(expected) from None
        except (store.TableClosed, store.SeatPlayedByBot) as exc:
            self.evict(entry.game_id)  # the table changed elsewhere: reload it
            raise _refusal(exc) from None
        except BaseException:
            self.evict(entry.game_id)
            raise
        entry.committed = last
        entry.turn_since = store.now()  # the append started the time per move again
        if snapshot is not None:
            entry.snapshot_seq = last
        if over:
            entry.status = "over"
        if not by_bot and entry.autoplay:
            self._end_autoplay(entry, {seat})
        self.arm_countdown(entry, (expected, last))
        self.publish("g", entry.game_id, last)
        if over:
            self.publish("t", entry.game_id)
        self.kick_bots(entry)
        return Outcome(expected + 1, last, produced)
