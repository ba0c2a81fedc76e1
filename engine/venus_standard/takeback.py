"""Where a player's take-backs stop (a platform house rule, not the book's; docs/rulings.md,
"Take-backs"; the mechanism is ``engine.kernel.takeback``).

A barrier is an event after which the seat's earlier commands can no longer be taken back:
a die rolled, a card or token drawn or turned face up, a deck shuffled, a turn or round
passing, the game's end. Any event not every seat may read is a barrier too (the kernel's
rule), and so is a command by another seat. Every barrier event of the game is listed here,
the components' with the core's.
"""

from __future__ import annotations

from engine.kernel import Event

from .state import StandardState

BARRIERS: frozenset[str] = frozenset({
    # the table, the rounds and turns, the game's end
    "GameSetUp", "ScenarioSetUp", "ScenarioStarted", "RoundStarted", "TurnStarted",
    "TurnEnded", "FinalScoringStarted", "FameCounted", "GameEnded",
    # cards and tokens shuffled, drawn or turned face up; dice
    "DeckShuffled", "CardDrawn", "FirstContactPlaced", "FirstContactRevealed",
    "LoadedDieUsed",
    # the solo challenges: cards drawn, a card coming into force, a challenge met
    "ChallengesPlaced", "ChallengeActivated", "ChallengeCompleted",
    # the cards: the effect die rolled (a check, a roll, a pirate engagement) and a card
    # seen secretly (draws and shuffles are the core's)
    "EffectDieRolled", "PirateEngaged", "EncounterCardSeen",
    # movement: speed dice, the throttle's die, a reroll, a hazard check, a telegate's
    # purple die (and the navigation exit another player chose)
    "SpeedRolled", "SpeedDieAdded", "SpeedDieRerolled", "HazardChecked", "PurpleRolled",
    "TelegateJumped", "ExitChosen",
    # trade: what turns something up
    "FirstContactMade", "MarketShifted", "PassengerDroppedOff", "PassengerPlaced",
    "CargoJettisoned",
})


def barrier(ev: Event) -> bool:
    return ev.type in BARRIERS


def enabled(state: StandardState) -> bool:
    """The ``takebacks`` table option (on unless the table turned it off)."""
    return state.takebacks
