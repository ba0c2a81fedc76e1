"""The bot interface: a bot sees one seat's ``view`` and the ``legal_actions``, nothing else.

A bot is seeded and deterministic: the same seed, view, legal actions and sequence number
give the same command. It never reads the game state itself (hidden cards, face-down
markers, other seats' secrets stay hidden); the only query it may make beyond the view is
its ``aid``, the game's public query for that seat (``GameDefinition.bot_aid``; e.g. where
a roll can take the seat's piece, the facts its client shows the player too), so a
bot that uses it knows no more than a human at the table (``docs/architecture.md``, "The
game definition").

``act`` is the adapter between a game and a bot: it builds the view, the legal actions (as
the game's ``bot_legal`` gives them, when it does: the same commands, made only as far as
the bot reads them, ``legal.py``) and the seat's aid, and asks the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.kernel import Command, Ruleset, takeback
from engine.kernel.definition import GameDefinition
from engine.kernel.registry import games

# a game's lazy public query for the seat beyond its view (``GameDefinition.bot_aid``)
Aid = Callable[[], Any]


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
        aid: Aid | None = None,
    ) -> Command:
        """The command for ``seat`` at game position ``seq``: one of ``legal``, or one the
        game's ``aid()`` answer spells out (e.g. a move along a path the aid found)."""
        ...


def definition_of(game: GameDefinition | Ruleset[Any]) -> GameDefinition | None:
    """The installed game of ``game`` (itself, or the game whose ruleset id it has; None
    for a ruleset no installed game defines)."""
    if isinstance(game, GameDefinition):
        return game
    return games().get(game.id)


def act(bot: Bot, game: GameDefinition | Ruleset[Any], state: Any, seat: int,
        seq: int) -> Command | None:
    """What ``bot`` plays for ``seat`` now (None if the seat has nothing to do). ``game`` is
    the game's definition, or its ruleset (the installed game with that id gives the aid)."""
    rules = game.ruleset if isinstance(game, GameDefinition) else game
    definition = definition_of(game)
    listed = None if definition is None else definition.bot_legal
    legal: Sequence[Command] = (
        takeback.without(rules.legal_actions(state, seat)) if listed is None  # never taken back
        else listed(state, seat))  # the same commands, made as far as the bot reads them
    if not legal:
        return None
    view = rules.view(state, seat)
    aid = None if definition is None else definition.bot_aid(state, seat)
    if getattr(bot, "searches", False):
        # the search bot (``search.py``) reads the position only through the game's
        # ``determinize``, which deals again what the seat cannot see
        return bot.choose(view, legal, seat=seat, seq=seq, aid=aid, state=state)  # type: ignore[call-arg]
    return bot.choose(view, legal, seat=seat, seq=seq, aid=aid)
