"""Games played some way by the games' default (heuristic) bots, for the tests of bots: a
position to search from, or a log whose digest pins the bots' and the rules' choices."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from engine.bots import act
from engine.bots.search import Budget, SearchBot, whose_turn
from engine.bots.simulate import seat_bots
from engine.kernel import Game, Pending
from engine.kernel.definition import GameDefinition
from engine.kernel.registry import games


def start(game_id: str, seed: str = "s1", players: int = 2,
          options: dict[str, Any] | None = None) -> Game[Any]:
    """A new game of ``players`` seats; ``options`` beside the game's simulation options."""
    definition = games()[game_id]
    return Game.start(definition.ruleset, {**definition.simulation.options, **(options or {})},
                      [f"p{i}" for i in range(players)], seed=seed)


def play(game: Game[Any], definition: GameDefinition, bots: Sequence[Any], commands: int,
         watch: Callable[[int, Pending], None] | None = None) -> None:
    """Let ``bots`` play ``commands`` commands of ``game`` (or to its end), ``watch`` told of
    each seat asked and the prompt before it plays; the rules must accept every command."""
    for _ in range(commands):
        pending = definition.ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        command = act(bots[seat], definition, game.state, seat, game.seq)
        assert command is not None
        if watch is not None:
            watch(seat, pending)
        game.play(seat, command)


def opening(game_id: str, commands: int, seed: str = "s1", players: int = 2,
            options: dict[str, Any] | None = None) -> Game[Any]:
    """A game of ``players`` default bots (seeded by ``seed``) after ``commands`` commands,
    or its end; ``options`` beside the game's simulation options."""
    definition = games()[game_id]
    game = start(game_id, seed, players, options)
    play(game, definition, seat_bots(definition, [definition.default_bot] * players, seed),
         commands)
    return game


def log_digest(game: Game[Any]) -> str:
    """A digest of the game's event log (its first 20 hex digits)."""
    digest = hashlib.sha256()
    for ev in game.events:
        digest.update(ev.model_dump_json().encode())
    return digest.hexdigest()[:20]


def playout_end(definition: GameDefinition, game: Game[Any], seat: int,
                budget: Budget) -> tuple[int | None, int]:
    """Where one playout of the search bot from ``game`` ends, the heuristic's command played
    first for ``seat``: whose turn it is then and the round."""
    ends: list[tuple[int | None, int]] = []

    def recording(state: Any, who: int) -> float:
        ends.append((whose_turn(state), state.round))
        return 0.5

    bot = SearchBot(dataclasses.replace(definition, evaluate=recording), "x", budget)
    first = act(bot.policy_bot("p"), definition, game.state, seat, game.seq)
    assert first is not None
    assert bot.playout(definition.ruleset, game.state, seat, game.seq, first, {}, "w") == 0.5
    (end,) = ends
    return end
