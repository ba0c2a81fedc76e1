"""Navigation spaces and telegates: where the navigation value (or the purple die) sends a ship.

Book headings: "Bumps Along the Way > Navigation Spaces" and "> Telegates" (with the
Telegate Examples and the Navigation Example), "Assigning Dice > Navigation".
"""

from __future__ import annotations

from .movement import TELEGATE, Helm, Terrain, exit_by_navigation

__all__ = ["exit_by_navigation", "exit_chooser", "navigation_exits", "telegate_jump",
           "triggers_telegate"]


def navigation_exits(terrain: Terrain, helm: Helm) -> list[str]:
    """The exits another player may choose for a ship leaving a navigation space without a
    navigation die: all but the path it entered by this turn (Navigation Spaces)."""
    back = helm.came_from if helm.entered else None
    return sorted({to for to in terrain.exits.get(helm.at, {}).values() if to != back})


def exit_chooser(seat: int, seats: list[int]) -> int:
    """Navigation Spaces: "the player to the current player's left chooses the path".
    Seats are in clockwise order, so the left neighbour is the next seat; alone, the
    current player chooses (ruling: a solo game has no one to the left)."""
    if len(seats) <= 1:
        return seat
    return seats[(seats.index(seat) + 1) % len(seats)]


def triggers_telegate(terrain: Terrain, space: str, by_jump: bool) -> bool:
    """Telegates: entering one with a normal move acts; arriving by a jump, or starting the
    turn there, does not ("Only a player who enters a telegate space during his Move step
    is affected by it")."""
    return not by_jump and terrain.kind(space) == TELEGATE


def telegate_jump(terrain: Terrain, at: str, value: int) -> str | None:
    """Telegates steps 2-3: the telegate numbered ``value`` (the navigation value or the
    purple die), or None when it is this one or there is no such telegate on the board (the
    ship stays and continues its Move step)."""
    to = terrain.telegates.get(value)
    if to is None or to == at:
        return None
    return to
