"""Games played some way by the games' default (heuristic) bots, for the tests of bots: a
position to search from, or a log whose digest pins the bots' and the rules' choices."""

from __future__ import annotations

import hashlib
from typing import Any

from engine.bots import act
from engine.bots.simulate import seat_bots
from engine.kernel import Game
from engine.kernel.registry import games


def opening(game_id: str, commands: int, seed: str = "s1", players: int = 2,
            options: dict[str, Any] | None = None) -> Game[Any]:
    """A game of ``players`` default bots (seeded by ``seed``) after ``commands`` commands,
    or its end; ``options`` beside the game's simulation options."""
    definition = games()[game_id]
    game: Game[Any] = Game.start(definition.ruleset,
                                 {**definition.simulation.options, **(options or {})},
                                 [f"p{i}" for i in range(players)], seed=seed)
    bots = seat_bots(definition, [definition.default_bot] * players, seed)
    for _ in range(commands):
        pending = definition.ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        command = act(bots[seat], definition, game.state, seat, game.seq)
        assert command is not None
        game.play(seat, command)
    return game


def log_digest(game: Game[Any]) -> str:
    """A digest of the game's event log (its first 20 hex digits)."""
    digest = hashlib.sha256()
    for ev in game.events:
        digest.update(ev.model_dump_json().encode())
    return digest.hexdigest()[:20]
