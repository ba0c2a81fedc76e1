"""Where a Merchant of Venus player's take-backs stop (a platform house rule, not the
manual's; ``docs/rulings.md``, "Take-backs"; the mechanism is ``engine.kernel.takeback``).

A barrier is an event after which the seat's earlier commands of the turn can no longer be
taken back: something random or hidden became known, another seat was asked, or the turn
passed. Every event not in this list (a heading declared, drives set, a Pilot Number chosen,
a move that turned nothing over, a penalty paid, goods bought or sold, a fare picked up...)
may be taken back.
"""

from __future__ import annotations

from engine.kernel import Event

from .state import VenusState

BARRIERS = frozenset({
    # the turn order and the game's end (4.4, 13.2)
    "FirstPlayerChosen", "TurnStarted", "TurnEnded", "GameWon",
    # dice (5.2, 8.44 Mulligan Gear): the roll is known
    "DiceRolled", "DieRerolled",
    # a "?" marker or encounter token turned (6.1) or seen from the next dot (8.45)
    "MarkerRevealed", "MarkerSpied",
    # a culture discovered (7.3) or its IOU observed from orbit (4.12)
    "CultureDiscovered", "CultureObserved",
    # draws: the bonus cup (10.1) and the Rastur (16.2), and the Rastur's own turns (16, 17)
    "CupDrawn", "RasturDrawn", "RasturDue", "RasturGeneration", "RasturPlaced",
    "RasturMoved", "RasturMerged", "RasturPooled",
    # combat (15): another seat is asked to fire back, or the dice decide
    "PawnAttacked", "PawnCombat", "Blasted", "HitScored", "AttackDeclined",
    # 11.4 swindles and revolts roll dice; a trade offer asks another seat (9.5)
    "Theft", "TradeOffered", "TradeAccepted", "TradeRefused",
})


def barrier(ev: Event) -> bool:
    return ev.type in BARRIERS


def enabled(state: VenusState) -> bool:
    """The ``takebacks`` table option (on unless the table turned it off)."""
    return bool(state.options.get("takebacks", True))
