"""The ruleset-agnostic engine kernel: envelopes, replay, randomness, prompts, errors."""

from .dice import Randomness
from .errors import BadCommand, CommandRejected, GameOver, NotYourTurn, RuleError
from .events import NOBODY, PUBLIC, SPECTATOR, Audience, Command, Event, event, only
from .game import Game, Snapshot, fold
from .ruleset import Pending, Ruleset

__all__ = [
    "NOBODY",
    "PUBLIC",
    "SPECTATOR",
    "Audience",
    "BadCommand",
    "Command",
    "CommandRejected",
    "Event",
    "Game",
    "GameOver",
    "NotYourTurn",
    "Pending",
    "Randomness",
    "RuleError",
    "Ruleset",
    "Snapshot",
    "event",
    "fold",
    "only",
]
