"""A hand or a hold over its limit after a trade (or a Piracy, or a Personality changing
hands): the holder brings it down at once, choosing what goes.

- Trader's Luck: "If you end up with more than two (as a result of a trade), immediately
  discard down to two" (Lucky Lou three).
- Picking Up a Cargo: "if as the result of a trade you end up with more than two cargoes,
  you must immediately abandon the excess, paying the penalties" (``cargo.abandon``).

Both are prompts to the holder that come before anything else the game waits for
(``legal.pending``), in priority order when several holders are over.
"""

from __future__ import annotations

from engine.kernel import RuleError

from .cargo import HOLD
from .decks import turn_in
from .draft import Draft
from .state import StarState
from .windows import priority_order


def over_limit(state: StarState) -> tuple[int, str] | None:
    """The first seat (in priority order) over a limit, and its prompt: ``discard`` for a
    hand, ``abandon_excess`` for a hold."""
    if not state.players or not any(len(p.hand) > 2 or len(p.hold) > HOLD
                                    for p in state.players):
        return None  # no hand over two cards (the lowest limit), no hold over its limit
    start = state.turn.seat if state.turn is not None else state.first_player
    for seat in priority_order(state, start):
        p = state.player(seat)
        if len(p.hand) > p.hand_limit:
            return seat, "discard"
        if len(p.hold) > HOLD:
            return seat, "abandon_excess"
    return None


def discard(draft: Draft, seat: int, card: str) -> None:
    """Trader's Luck: discard one card of a hand over its limit (face up, as every
    discard)."""
    if over_limit(draft.state) != (seat, "discard"):
        raise RuleError("Trader's Luck", "your hand is not over its limit")
    if card not in draft.state.player(seat).hand:
        raise RuleError("Trader's Luck", f"you do not hold {card}")
    turn_in(draft, seat, card, "discard")
