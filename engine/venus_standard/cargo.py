"""Cargo (standard book, "Capacity", "Cargo Holds", "Making Room in a Ship").

Every cargo hold carries two dots: one two-dot token or up to two one-dot tokens. A player
may reorganize at any time ("Reorganizing"), so a load fits when a packing exists: each
two-dot token takes a hold and the one-dot tokens pair up. Passengers on Stasis Tanks take no
room ("Appendix B > Stasis Tanks").
"""

from __future__ import annotations

from .tokens import dots, is_passenger

START_HOLDS = 2  # "Cargo Holds": every player begins with two
MAX_HOLDS = 4  # and may purchase two additional cargo holds
HOLD_DOTS = 2


def holds_needed(tokens: list[str], stasis_tanks: bool = False) -> int:
    """The fewest cargo holds the tokens fit in."""
    ones = twos = 0
    for t in tokens:
        if stasis_tanks and is_passenger(t):
            continue
        d = dots(t)
        if d == 2:
            twos += 1
        elif d == 1:
            ones += 1
    return twos + (ones + 1) // 2


def fits(tokens: list[str], holds: int, stasis_tanks: bool = False) -> bool:
    """Whether the tokens fit in ``holds`` cargo holds ("Capacity")."""
    return holds_needed(tokens, stasis_tanks) <= holds
