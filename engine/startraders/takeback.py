"""Where a Star Traders player's take-backs stop (a platform house rule, not the rules';
``docs/rulings.md``, "Take-backs"; the mechanism is ``engine.kernel.takeback``).

A barrier is an event after which the seat's earlier commands can no longer be taken back:
a die rolled, a card drawn or dealt, a deck shuffled, a reaction window opened or another
seat asked (they may answer at once), a turn passing, the game's end. A command by another
seat is a barrier too (the kernel's rule). Every other event (a cargo picked up, a contract
delivered, a station built, Stellors paid, a reaction policy set...) may be taken back.
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
    "JumpFailed", "RandomJumped", "LostJump", "JumpChoices",
    # cards: draws, deals, shuffles, cards looked at
    "CardsDrawn", "LuckDrawn", "ContractDealt", "DecksShuffled", "ContractDeckReshuffled",
    "LuckReshuffled", "KlugeOffered", "TelzeyOffered", "TelzeyLooked",
    # reaction windows and questions to other seats
    "WindowOpened", "ReactionAsked", "ReactionPlayed", "ReactionPassed", "CalamityAvoided",
    "WindowClosed", "WindowsCleared", "PermissionAsked", "PermissionAnswered", "DealOffered",
    "DealAccepted", "DealDeclined", "DealWithdrawn",
})


def barrier(state: StarState, ev: Event) -> bool:
    return ev.type in BARRIERS
