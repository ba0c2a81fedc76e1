"""What the core rules ask of the board (``board.py``, owned by ``vsboard``): the systems
that get a First Contact card (Setup 3), Galactic Base (Setup 15), which spaces a ship may
land on ("End Movement") and which system a space belongs to.

This is the seam between the core and the board: until ``board.py`` exists on a branch,
the core knows only Galactic Base ("acts as a neutral spaceport") and the fourteen systems
by number, so a game still runs end to end.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from .board import load_board
from .state import GALACTIC_BASE, StandardState

Landing = Literal["city", "spaceport", "asteroid"]
SYSTEM_COUNT = 14  # "The Galactic Cluster": fourteen systems, one culture each


def spaceports_of(state: StandardState, seat: int) -> list[str]:
    """The spaces holding ``seat``'s merchant spaceports ("Merchant Spaceport Phase")."""
    return sorted(set(state.player(seat).spaceports))


@cache
def _board() -> Any | None:
    return load_board()


def galactic_base() -> str:
    board = _board()
    return str(getattr(board, "galactic_base", None) or GALACTIC_BASE)


def systems() -> list[str]:
    """The systems, each holding a market and one First Contact card (Setup 3)."""
    board = _board()
    if board is None:
        return [f"system-{i}" for i in range(1, SYSTEM_COUNT + 1)]
    return sorted(board.cultured_systems)


def _space(space: str) -> Any | None:
    board = _board()
    if board is None:
        return None
    spaces = getattr(board, "spaces", {})
    return spaces.get(space) if isinstance(spaces, dict) else None


def landing(space: str, state: StandardState | None = None) -> Landing | None:
    """"End Movement": a ship may land only on a surface city, a spaceport (Galactic Base
    acts as a neutral spaceport; a merchant spaceport built on an orbit space is one) or an
    asteroid; None for any other space. A neutral spaceport of the Asteroid System bankrupted
    by a merchant spaceport lies under an asteroid token: an asteroid ("Merchant Spaceports
    in the Asteroid System")."""
    if space == galactic_base():
        return "spaceport"
    if state is not None and any(space in spaceports_of(state, p.seat)
                                 for p in state.players):
        return "spaceport"
    if state is not None and space in state.trade.bankrupt:
        return "asteroid"
    kind = str(getattr(_space(space), "kind", ""))
    if "city" in kind:
        return "city"
    if "spaceport" in kind:
        return "spaceport"
    if "asteroid" in kind:
        return "asteroid"
    return None


def landing_seen(view: dict[str, Any], space: str) -> Landing | None:
    """``landing`` read from a seat's view ("End Movement"): a merchant spaceport is a
    spaceport (the only way in once every orbit holds one: "Trading on Merchant
    Spaceports"), a bankrupted neutral spaceport an asteroid."""
    trade = view.get("trade") or {}
    if space in (trade.get("spaceports") or {}):
        return "spaceport"
    if space in (trade.get("bankrupt") or []):
        return "asteroid"
    return landing(space)


def system_of(space: str) -> str | None:
    """The system a space belongs to (None: a trade route, an anomaly, Galactic Base)."""
    found = getattr(_space(space), "system", None)
    return None if found is None else str(found)


def landings_in(system: str) -> list[str]:
    """The surface cities and spaceports of ``system`` (Light Speed Game 17: a ship may start
    on one of them)."""
    board = _board()
    return [] if board is None else list(board.landing_places(system))


def mission_spaces(destination: str) -> list[str]:
    """Where a mission to ``destination`` is completed: a system's surface cities and
    spaceports, or the trade route spaces around an anomaly ("Anomalies")."""
    board = _board()
    if board is None:
        return []
    if destination in board.anomalies:
        return list(board.anomaly_spaces(destination))
    return landings_in(destination)


def spaces() -> list[str]:
    """Every space of the board (only Galactic Base until the board exists)."""
    board = _board()
    return [galactic_base()] if board is None else sorted(board.spaces)


def known(space: str) -> bool:
    return _board() is None or space in spaces()
