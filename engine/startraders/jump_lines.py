"""The jumplines out of the jumping seat's world, as the client shows them beside its view
(Movement; ``GameDefinition.extras``)."""

from __future__ import annotations

from typing import Any

from .galaxy import load_galaxy
from .movement import attempts, need


def jump_lines(state: Any, seat: int) -> dict[str, Any]:
    """For the jumping seat in its movement stage, each jumpline out of its world as a player
    weighs it (Movement): the colour, the lowest roll a regular jump and a station jump need
    (the engine's own ``need``: the Navigator's +1, Verdant Velma's green lines), whose station
    stands there, and the jump attempts left."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.stage != "move" or state.window is not None:
        return {}
    p = state.players[seat]
    lines = []
    for to, color in sorted(load_galaxy().neighbours[p.world].items()):
        owner = state.stations.get(to)
        usable = owner is not None and to not in turn.refused
        lines.append({"to": to, "color": color.value, "regular": need(state, seat, to, "regular"),
                      "station": need(state, seat, to, "station") if usable else None,
                      "owner": owner})
    return {"jumps": {"from": p.world, "left": max(0, attempts(state, seat) - turn.jumps),
                      "lines": lines}}
