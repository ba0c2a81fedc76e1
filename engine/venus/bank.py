"""The Bank's money (4.1, 12.4, 13.3; 2012 "Small Bank").

The 1988 manual never says how much money the Bank holds, so by default it never runs out
(``VenusState.bank`` is None). With the ``small_bank`` option (the 2012 classic book's
optional rule, offered in both editions) the Bank starts with $12,000, the initial stakes
come out of it, and the game ends as soon as it is empty (13.3): see ``docs/rulings.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import load_components

if TYPE_CHECKING:
    from .state import VenusState

SMALL_BANK = load_components().rules.small_bank_2012  # 2012 "Small Bank": c12,000


def opening_bank(options: dict[str, Any]) -> int | None:
    """The Bank's money at the start: None (unlimited) unless the small bank option is on."""
    return SMALL_BANK if options.get("small_bank") else None


def payable(state: VenusState, amount: int) -> int:
    """What the Bank can pay of ``amount``: all of it, or what is left (13.3)."""
    if state.bank is None:
        return amount
    return max(0, min(amount, state.bank))

