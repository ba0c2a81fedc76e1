"""Bot levels: what a host picks for a bot seat and for the table's timed-out turns ("easy",
"normal", "hard"), each played by one of the game's bot kinds (``GameDefinition.bots``;
``docs/players.md``, "Bot levels and hints").

The platform names no game: "easy" is the game's own first bot (its heuristic bot, the
default), "normal" and "hard" the kinds of those names. A game without a kind of a level is
played one level down (a game with no "hard" bot plays "hard" with its "normal" one, or its
first), and says so (``exact`` false in ``GET /api/games``). The strongest level a game has
gives the hints (``advice.py``).
"""

from __future__ import annotations

from typing import Literal

from engine.kernel.definition import GameDefinition

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")
# the kind of bot a level asks of a game (None: the game's first, its default bot)
LEVEL_KINDS: dict[Level, str | None] = {"easy": None, "normal": "normal", "hard": "hard"}
LABELS: dict[Level, str] = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
DEFAULT_LEVEL: Level = "easy"


def exact_kind(definition: GameDefinition, level: Level) -> str | None:
    """The game's own kind for ``level``, or None when it has none."""
    wanted = LEVEL_KINDS[level]
    if wanted is None:
        return definition.default_bot
    return wanted if wanted in definition.bots else None


def level_kind(definition: GameDefinition, level: str) -> str:
    """The bot kind that plays ``level`` in this game: its own, else the next level down's
    (an unknown level reads as the default)."""
    if level not in LEVEL_KINDS:
        return definition.default_bot
    for down in reversed(LEVELS[:LEVELS.index(level) + 1]):
        kind = exact_kind(definition, down)
        if kind is not None:
            return kind
    return definition.default_bot


def strongest_level(definition: GameDefinition) -> Level:
    """The strongest level the game has a bot of (the one a hint asks)."""
    return next(lv for lv in reversed(LEVELS) if exact_kind(definition, lv) is not None)


def searching_kinds(definition: GameDefinition) -> frozenset[str]:
    """The kinds above "easy" this game has: they search (CPU-bound, a second or so a
    decision), so they think in a worker process (``thinking.py``)."""
    easy = definition.default_bot
    return frozenset(k for lv in LEVELS[1:] if (k := exact_kind(definition, lv)) is not None
                     and k != easy)


def levels_of(definition: GameDefinition) -> list[dict[str, object]]:
    """Each level as ``GET /api/games`` lists it: the level, its label, the kind that plays
    it, and whether that kind is the level's own (``exact``) or one level down's."""
    return [{"level": lv, "label": LABELS[lv], "kind": level_kind(definition, lv),
             "exact": exact_kind(definition, lv) is not None} for lv in LEVELS]
