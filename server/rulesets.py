"""The games this server hosts: the installed ``GameDefinition``s (``engine.kernel.registry``).
Everything else in ``server/`` reads a game only through its definition."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import HTTPException, Path

from engine.kernel.definition import GameDefinition, OptionsRefused
from engine.kernel.registry import game, games

Hosted = GameDefinition
REGISTRY = games()
hosted = game

__all__ = ["REGISTRY", "GameId", "Hosted", "OptionsRefused", "check_options_schema", "hosted",
           "known_game"]

# a game's id in an address (``/api/games/{game_id}/...``, ``/rules/{ruleset}``)
GameId = Annotated[str, Path(min_length=1, max_length=40)]

# the optional parts of a definition an address may need, as its messages name them
PARTS = {"board_svg": "board", "client_data": "client data", "sandbox": "sandbox",
         "rules_help": "rules reference"}


def check_options_schema(h: GameDefinition, options: dict[str, Any]) -> None:
    """Refuse options outside the game's schema (unknown names, wrong shapes, nesting)."""
    h.check_options(options)


def known_game(game_id: str, having: str | None = None) -> GameDefinition:
    """The installed game ``game_id`` (with the part ``having`` of ``PARTS``, when given), or
    a 404 whose message names the games that would do."""
    found = REGISTRY.get(game_id)
    if found is None:
        message = f"unknown game {game_id!r}; known: {', '.join(REGISTRY)}"
    elif having is not None and getattr(found, having) is None:
        message = (f"{game_id!r} has no {PARTS[having]}; games with one: "
                   + ", ".join(with_part(having)))
    else:
        return found
    raise HTTPException(status_code=404, detail={"code": "not_found", "message": message})


def with_part(having: str) -> list[str]:
    """The ids of the installed games whose definition has the part ``having``."""
    return [g.id for g in REGISTRY.values() if getattr(g, having) is not None]
