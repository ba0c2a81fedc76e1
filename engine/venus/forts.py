"""Forts (15.1-15.13): bought from any Culture (``Buy(item="fort", site=...)``), at most four
a player, on a free site of the System he trades in; each acts as a $60 Penalty for everyone
but its owner (``movement.marker_penalty``). Rebuilding one is ``combat``'s ``RebuildFort``.
"""

from __future__ import annotations

from engine.kernel import RuleError

from .board import Board, DotKind
from .components import load_components
from .discovery import BASE, site_kind
from .state import VenusState

FORT = load_components().fort


def home_culture(state: VenusState, seat: int) -> str | None:
    race = state.players[seat].race
    return load_components().merchant(race).culture if race else None


# --- Forts (15.1-15.13) -------------------------------------------------------------------


def fort_price(state: VenusState, seat: int, culture: str) -> int:
    """15.1: $50, less 20% bought from one's own species."""
    if home_culture(state, seat) == culture:
        return FORT.cost * 80 // 100
    return FORT.cost


def fort_sites(state: VenusState, board: Board, system: str) -> list[str]:
    """15.12: a City, Spaceport or Asteroid of the System without a Fort (never the Galactic
    Base, Gazetteer; never under the Rastur, 16.4)."""
    if system == "galactic-base":
        return []
    out = []
    for dot in board.by_system.get(system, []):
        if dot in state.forts or dot in state.rastur:
            continue
        info = board.dots[dot]
        box = state.qboxes.get(dot)
        asteroid = info.kind is DotKind.ASTEROID or (
            box is not None and box.face_up and (box.marker is None or box.marker.kind == "relic"))
        if asteroid or site_kind(state, board, dot) is not None:
            out.append(dot)
    return sorted(out)


def forts_of(state: VenusState, seat: int) -> list[str]:
    return sorted(dot for dot, owner in state.forts.items() if owner == seat)


def fort_problem(state: VenusState, board: Board, seat: int, site: str, culture: str,
                 rebuilding: str | None = None) -> RuleError | None:
    """15.11, 15.12: at most four in play; on a free site of the System he trades in."""
    if culture == BASE:
        return RuleError("15.12 sites", "no Forts at the Galactic Base")
    system = board.dots[state.players[seat].dot].system or ""
    if site not in fort_sites(state, board, system) or site == rebuilding:
        return RuleError("15.12 sites", f"build it on a City, Spaceport or Asteroid of this "
                         f"System without a Fort: {fort_sites(state, board, system)}")
    if rebuilding is None and len(forts_of(state, seat)) >= FORT.max_per_player:
        return RuleError("15.11 limits", f"you have {FORT.max_per_player} Forts in play: "
                         "rebuild one instead (RebuildFort)")
    return None
