"""The installed games: every ``GameDefinition`` named in the ``starport.games`` entry-point
group (``docs/architecture.md``, "Adding a game").

A game shipped with the project is listed in ``pyproject.toml``; a game installed as a package
of its own lists itself in its own metadata, and is found the same way. The platform reads
``games()`` and ``game(id)``, never a game's module.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from .definition import GameDefinition

GROUP = "starport.games"


class UnknownGame(KeyError):
    """No installed game has this id (the message names the known ones)."""

    def __str__(self) -> str:
        return str(self.args[0])


@cache
def games() -> dict[str, GameDefinition]:
    """The installed games by id, in the order of their titles."""
    found: dict[str, GameDefinition] = {}
    for ep in entry_points(group=GROUP):
        definition = ep.load()
        if not isinstance(definition, GameDefinition):
            raise TypeError(f"entry point {ep.name!r} of {GROUP} is not a GameDefinition")
        if definition.id in found:
            raise ValueError(f"two installed games have the id {definition.id!r}")
        found[definition.id] = definition
    return dict(sorted(found.items(), key=lambda kv: kv[1].title))


def game(game_id: str) -> GameDefinition:
    """The installed game ``game_id``; ``UnknownGame`` names the known ones."""
    try:
        return games()[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}; known: {', '.join(games())}") from None
