"""Where a Star Traders player's take-backs stop (a platform house rule, not the rules';
``docs/rulings.md``, "Take-backs"; the mechanism is ``engine.kernel.takeback``).

A barrier is an event after which the seat's earlier commands can no longer be taken back:
a die rolled, a card shown from a hidden hand, a card drawn or dealt, a deck shuffled, a
reaction window that asks a seat (or another seat asked anything: they may answer at once),
a turn passing, the game's end. A command by another seat is a barrier too (the kernel's
rule). Every other event (a station jump, a cargo picked up, a contract delivered, a station
built, Stellors paid, a reaction policy set...) may be taken back.
"""

from __future__ import annotations

from engine.kernel import Event

from .state import StarState

BARRIERS = frozenset({
    # the turn order and the game's end
    "GameSetUp", "ScenarioSetUp", "TurnStarted", "TurnSkipped", "NextTurnLost", "DroppedOut",
    "GameWon",
    # dice: jumps, petitions, special jumps, changed rolls, loaded dice
    "JumpRolled", "PetitionRolled", "SpecialRolled", "RollChanged", "LoadedDieUsed",
    "JumpFailed", "RandomJumped", "LostJump", "JumpChoices", "JackpotRolled", "RaidRolled",
    "RaidSettled", "FirstDieRolled", "FirstDieAnswered",
    # an auction asks every seat to bid (advanced game)
    "StationAuctioned", "BidPlaced", "AuctionClosed",
    # cards: a card from a hidden hand shown (played, turned in for a re-roll, given),
    # draws, deals, shuffles, cards looked at
    "CardPlayed", "CardTurnedIn", "CardKept", "CardsPassed", "CardsDrawn", "LuckDrawn",
    "ContractDealt", "DecksShuffled", "ContractDeckReshuffled",
    "LuckReshuffled", "KlugeOffered", "TelzeyOffered", "TelzeyLooked",
    # a reaction window that asks a seat (the game waits on it; the others may act at any
    # time meanwhile), a card played in one, questions to other seats and their answers.
    # A window every seat passes automatically (their reaction policies) is no barrier: an
    # automatic pass looks like a chosen one and tells nothing (Timing Details).
    "ReactionAsked", "ReactionPlayed", "CalamityAvoided", "WindowsCleared",
    "PermissionAsked", "PermissionAnswered", "DealOffered", "DealAccepted", "DealDeclined",
    "DealWithdrawn", "QuarantinePlaced", "QuarantineCancelled", "QuarantineEscaped",
})


def barrier(ev: Event) -> bool:
    return ev.type in BARRIERS


def enabled(state: StarState) -> bool:
    """The ``takebacks`` table option (on unless the table turned it off)."""
    return state.takebacks
