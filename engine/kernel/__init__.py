"""The ruleset-agnostic engine kernel: envelopes, replay, randomness, prompts, errors."""

from . import takeback
from .dice import Randomness
from .errors import BadCommand, CommandRejected, GameOver, NotYourTurn, RuleError
from .events import NOBODY, PUBLIC, SPECTATOR, Audience, Command, Event, event, only
from .game import Game, Snapshot, fold
from .ruleset import Pending, Ruleset
from .takeback import Rewinds, TakeBack
from .upgrade import EventUpgrades, upgrades_of

__all__ = [
    "NOBODY",
    "PUBLIC",
    "SPECTATOR",
    "Audience",
    "BadCommand",
    "Command",
    "CommandRejected",
    "Event",
    "EventUpgrades",
    "Game",
    "GameOver",
    "NotYourTurn",
    "Pending",
    "Randomness",
    "RuleError",
    "Ruleset",
    "Rewinds",
    "Snapshot",
    "TakeBack",
    "event",
    "fold",
    "only",
    "takeback",
    "upgrades_of",
]
