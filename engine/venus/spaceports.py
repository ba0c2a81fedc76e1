"""The spaceports of the 2012 classic game (2012 "Spaceports", "Neutral Spaceports",
"Merchant Spaceports", "Buying a Merchant Spaceport Deed"). The 1988 rules are unchanged.

- **Neutral spaceports** ("Several systems contain spaceports printed on the board ...
  Galactic Base is also considered a neutral spaceport"): which dots they are is an edition
  data switch (``rules.neutral_spaceports_2012`` in ``components.json``), ours: the six 1988
  Space Cities, Galactic Base included (the 2012 board legend lists Surface City, Neutral
  Spaceport and Galactic Base and no Space City). Trading there is limited like a surface
  city: one buy and one sell action on the turn he landed, unlimited if he skipped his
  Movement phase there (the engine's 9.41 limit, ``trading.limited``).
- **Merchant spaceports**: "Systems can contain up to three merchant spaceports", one deed
  token on each orbit space at first contact ("First Contact Phase" step 5); the board has
  at most three orbits per system (the Giant Planet). A deed is bought from the system's
  culture as a buy action, c200, c160 at the home culture ("Home Culture Discounts"); the
  deed counts c200 in net worth ("Calculating Net Worth"). This is the 1988 deed logic
  (``deeds.py``); these helpers name the 2012 facts for tests and clients.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .components import load_components

if TYPE_CHECKING:
    from .board import Board
    from .state import VenusState

CLASSIC_2012 = "classic-2012"
MAX_MERCHANT_SPACEPORTS = 3  # 2012 "Buying a Merchant Spaceport Deed": up to three per system


@cache
def neutral_spaceports() -> frozenset[str]:
    """The 2012 neutral spaceport dots (data switch; ours, see ``docs/rulings.md``)."""
    return frozenset(load_components().rules.neutral_spaceports_2012)


def is_neutral_spaceport(edition: str, dot: str) -> bool:
    """2012 "Neutral Spaceports": a spaceport printed on the board (Galactic Base too)."""
    return edition == CLASSIC_2012 and dot in neutral_spaceports()


def printed_site(edition: str, dot: str, is_space_city: bool) -> bool:
    """Whether a board Space City is a trading place in this edition: always in 1988; in
    2012 only as a neutral spaceport of the data switch."""
    return is_space_city and (edition != CLASSIC_2012 or dot in neutral_spaceports())


def deed_orbits(state: VenusState, board: Board, system: str) -> list[str]:
    """2012 "First Contact Phase" step 5: the orbit spaces of ``system`` that got a
    spaceport deed token at first contact (none before it)."""
    if system not in state.discovered:
        return []
    return sorted(d for d in board.by_system.get(system, []) if board.dots[d].orbit)
