"""Narrowing helpers shared by the rulesets' test kits: a test that asks what the game waits
for, or looks at the turn, knows the game is not over."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from engine.kernel import Pending
from engine.kernel.ruleset import Ruleset

T_co = TypeVar("T_co", covariant=True)


class _Turned(Protocol[T_co]):
    @property
    def turn(self) -> T_co | None: ...


def asked_of(rules: Ruleset[Any], state: Any) -> Pending:
    """What the game waits for now."""
    now = rules.pending(state)
    assert now is not None, "the game is over: nobody is asked"
    return now


def turn_in(state: _Turned[T_co]) -> T_co:
    """The turn in play."""
    turn = state.turn
    assert turn is not None, "the game is over: no turn in play"
    return turn
