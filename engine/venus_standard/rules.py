"""``decide``: route a command to the rule that handles it, on a draft of the state.

``RULES`` maps a command class to its rule ``(draft, seat, command) -> None``; a component
adds its own with ``@rule(CommandClass)`` in its module, or an entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import BadCommand, Command, Event, Randomness, RuleError

from . import commands as c
from . import rounds
from .draft import Draft
from .state import StandardState

Rule = Callable[[Draft, int, Any], None]
RULES: dict[type[Command], Rule] = {}
# run after every command's rule, on its draft (the solo challenges notice completion)
AFTER: list[Callable[[Draft], None]] = []


def rule(*types: type[Command]) -> Callable[[Rule], Rule]:
    def register(fn: Rule) -> Rule:
        for t in types:
            RULES[t] = fn
        return fn

    return register


def decide(state: StandardState, actor: int, command: Command,
           rng: Randomness) -> list[Event]:
    from . import wiring  # noqa: F401  (every component's rules registered)
    from .legal import allows

    handler = RULES.get(type(command))
    if handler is None:
        raise BadCommand(f"{command.type} is not a Merchant of Venus standard command")
    allows(state, actor, command)
    draft = Draft(state, rng)
    handler(draft, actor, command)
    for hook in AFTER:
        hook(draft)
    return draft.events


# -- the core's rules


@rule(c.SkipMovement)
def skip_movement(draft: Draft, seat: int, cmd: c.SkipMovement) -> None:
    from .helm_legal import movement_open

    if not movement_open(draft.state):
        raise RuleError("Movement Phase > Set Speed",
                        "after rolling his speed dice a player is committed to moving")
    rounds.skip_movement(draft)


#: The book's heading of each phase (a refusal to end one names it; the rules help explains it).
PHASE_HEADINGS = {"movement": "Movement Phase", "first_contact": "First Contact Phase",
                  "transaction": "Transaction Phase", "spaceport": "Merchant Spaceport Phase"}


@rule(c.EndPhase)
def end_phase(draft: Draft, seat: int, cmd: c.EndPhase) -> None:
    reason = rounds.why_not_end(draft.state, seat)
    if reason is not None:
        turn = draft.state.turn
        phase = "" if turn is None else turn.phase
        raise RuleError(PHASE_HEADINGS.get(phase, "Player Turns"), reason)
    rounds.end_phase(draft)
