"""Finding cultures (7.1-7.3, 2.41) and where one can trade with them (9.1, 12.2.1, 6.12).

A hidden Culture is only its face-down IOU (7.1). The first player to land on a City or
Spaceport of its System (an Open Spaceport is a Spaceport of that Culture, 6.12) discovers it:
he takes the IOU, and the Culture's Goods and the Bonus markers drawn for it while it waited
off the map are in play from now on (7.3, 10.12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.kernel import event

from .board import Board, DotKind
from .fast_play import discovery_draws
from .spaceports import printed_site

if TYPE_CHECKING:
    from .rules import Decision
    from .state import VenusState

BASE = "base"  # the Galactic Base's Tinkerers (Gazetteer)

Site = Literal["city", "spaceport"]


def site_kind(state: VenusState, board: Board, dot: str) -> Site | None:
    """What trading place ``dot`` is: a City (9.41), a Spaceport (9.43, 12.2.1; an Open
    Spaceport too, 12.2.3), or None (space, Asteroid, an Orbit without a Spaceport, and any
    dot the Rastur occupy: they cancel its City or Spaceport, 16.4)."""
    if dot in state.rastur:
        return None
    info = board.dots[dot]
    if info.kind is DotKind.SURFACE_CITY:
        return "city"
    if printed_site(state.edition, dot, info.kind is DotKind.SPACE_CITY):
        return "city"  # 2012: a neutral spaceport, limited like a surface city
    if info.orbit is not None and dot in state.spaceports:
        return "spaceport"
    if is_open_spaceport(state, dot):
        return "spaceport"
    return None


def is_open_spaceport(state: VenusState, dot: str) -> bool:
    box = state.qboxes.get(dot)
    return bool(box and box.face_up and box.marker and box.marker.kind == "open_port")


def trade_culture(state: VenusState, board: Board, dot: str) -> str | None:
    """9.1: the culture one trades with on ``dot`` ("base" at the Galactic Base), if any."""
    if site_kind(state, board, dot) is None:
        return None
    system = board.dots[dot].system
    if system == "galactic-base":
        return BASE
    return state.discovered.get(system or "")


def discover(d: Decision, seat: int, dot: str) -> None:
    """7.3: landing on a City or Spaceport of a hidden System discovers its Culture; the
    discoverer takes its IOU (2.41). Each Culture is discovered only once."""
    s = d.state
    system = d.board.dots[dot].system
    if system is None or system not in s.iou_at or system in s.discovered:
        return
    if site_kind(s, d.board, dot) is None:
        return
    culture = s.iou_at[system]
    d.emit(event("CultureDiscovered", seat=seat, system=system, culture=culture, dot=dot))
    discovery_draws(d)  # 2012 "Fast Play Variant": four tokens drawn
