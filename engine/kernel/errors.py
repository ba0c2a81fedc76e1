"""Errors a ruleset raises when it refuses a command. They never change a game."""

from __future__ import annotations


class CommandRejected(Exception):
    """Base class: the command was refused and the game is unchanged."""

    code = "rejected"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class RuleError(CommandRejected):
    """A command the rules forbid; ``rule`` names the rule (e.g. "5.32 backtracking")."""

    code = "rule"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.detail = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


class NotYourTurn(CommandRejected):
    """The actor is not among the seats the game is waiting for."""

    code = "not_your_turn"


class BadCommand(CommandRejected):
    """The command is malformed or names something that does not exist."""

    code = "bad_command"


class GameOver(CommandRejected):
    code = "game_over"
