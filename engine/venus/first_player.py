"""Who plays first, by edition: 1988 rolls dice (4.2), the 2012 classic game draws at random.

2012 classic "Setup", step 10 "Determine First Player": "Randomly select a player. That
player receives the First Player card and is hereafter called the FIRST PLAYER."
The 2012 classic game is also for 2 to 4 players ("Differences from the original rules":
"limited to four players"; the book's setup and optional rules have no solitaire game).
"""

from __future__ import annotations

from engine.kernel import Event, Randomness, RuleError, event

CLASSIC_2012 = "classic-2012"
MIN_PLAYERS_2012 = 2


def check_player_count_2012(count: int) -> None:
    """2012 "Differences from the original rules": 2 to 4 players (no solitaire game)."""
    if count < MIN_PLAYERS_2012:
        raise RuleError("2012 setup", "the 2012 classic game seats 2 to 4 players")


def random_first_player(count: int, rng: Randomness) -> list[Event]:
    """2012 "Determine First Player": one player at random; races are chosen from him on,
    in turn order (clockwise = seat + 1, as 4.2)."""
    first = rng.below(count)
    order = [(first + i) % count for i in range(count)]
    return [event("FirstPlayerChosen", seat=first, rolls=[], choosing_order=order,
                  random=True)]
