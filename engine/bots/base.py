"""The bot interface: a bot sees one seat's ``view`` and the ``legal_actions``, nothing else.

A bot is seeded and deterministic: the same seed, view, legal actions and sequence number
give the same command. It never reads the game state itself (hidden IOUs, face-down "?"
markers, other seats' sightings stay hidden); the only query it may make beyond the view is
``reach``, the rules' reachable-destinations query for the move in progress
(``engine.venus.reach.reachable``). That query reads the state, but what it returns is
public: which dots the active ship's roll can end on, along which path, with which penalties
paid; it treats a face-down "?" box as a stop ("reveal") without looking at its marker. The
web client shows the same facts to the player, so a bot that uses them knows no more than a
human at the table.

``act`` is the adapter between a game and a bot: it builds the view, the legal actions and a
lazy ``reach`` for the seat, and asks the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.kernel import Command, Ruleset, takeback

Reach = Callable[[], Sequence[Any]]  # the reachable destinations (engine.venus.reach.Destination)


class Bot(Protocol):
    """Anything that can play a seat."""

    name: str

    def choose(
        self,
        view: dict[str, Any],
        legal: Sequence[Command],
        *,
        seat: int,
        seq: int,
        reach: Reach | None = None,
    ) -> Command:
        """The command for ``seat`` at game position ``seq``; one of ``legal``, or a
        ``MoveAlong`` whose path and Pilot Number come from ``reach()``."""
        ...


def reach_for(ruleset: Ruleset[Any], state: Any) -> Reach:
    """The lazy reachable query of a ruleset that has one (``venus``), else no destinations."""
    if getattr(ruleset, "id", None) != "venus":
        return lambda: ()
    from engine.venus.reach import reachable

    cached: list[Sequence[Any]] = []

    def query() -> Sequence[Any]:
        if not cached:
            cached.append(reachable(state))
        return cached[0]

    return query


def act(bot: Bot, ruleset: Ruleset[Any], state: Any, seat: int, seq: int) -> Command | None:
    """What ``bot`` plays for ``seat`` now (None if the seat has nothing to do)."""
    legal = takeback.without(ruleset.legal_actions(state, seat))  # bots never take back
    if not legal:
        return None
    view = ruleset.view(state, seat)
    return bot.choose(view, legal, seat=seat, seq=seq, reach=reach_for(ruleset, state))
