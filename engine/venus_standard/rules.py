"""``decide``: route a command to the rule that handles it, on a draft of the state.

``Hooks.rules`` maps a command class to its rule ``(draft, seat, command) -> None``; each
module keeps its own table (``RULES``, the core's below) and ``order.py`` gathers them.
"""

from __future__ import annotations

from engine.kernel import BadCommand, Command, Event, Randomness, RuleError
from engine.kernel.draft import Numbering

from . import commands as c
from . import rounds
from .draft import Draft
from .flight import movement_open
from .hookpoints import Hooks, Rule
from .legal import allows
from .state import StandardState


def decide(state: StandardState, actor: int, command: Command, rng: Randomness,
           hooks: Hooks, numbering: Numbering[StandardState] | None = None) -> list[Event]:
    """The events ``command`` causes, written on a copy of ``state``; with a ``numbering``,
    on ``state`` itself (``decide_in_place``): numbered and applied as they are written, a
    refusal after the first wrapped in ``HalfDone``."""
    handler = hooks.rules.get(type(command))
    if handler is None:
        raise BadCommand(f"{command.type} is not a Merchant of Venus standard command")
    allows(state, actor, command, hooks.prompts)
    draft = Draft(state, rng, hooks, numbering)
    with draft.refusals():
        handler(draft, actor, command)
        for hook in hooks.after_command:
            hook(draft)
    return draft.events


# -- the core's rules


def skip_movement(draft: Draft, seat: int, cmd: c.SkipMovement) -> None:
    if not movement_open(draft.state):
        raise RuleError("Movement Phase > Set Speed",
                        "after rolling his speed dice a player is committed to moving")
    rounds.skip_movement(draft)


#: The book's heading of each phase (a refusal to end one names it; the rules help explains it).
PHASE_HEADINGS = {"movement": "Movement Phase", "first_contact": "First Contact Phase",
                  "transaction": "Transaction Phase", "spaceport": "Merchant Spaceport Phase"}


def end_phase(draft: Draft, seat: int, cmd: c.EndPhase) -> None:
    reason = rounds.why_not_end(draft.state, seat, draft.hooks.can_end)
    if reason is not None:
        turn = draft.state.turn
        phase = "" if turn is None else turn.phase
        raise RuleError(PHASE_HEADINGS.get(phase, "Player Turns"), reason)
    rounds.end_phase(draft)


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    c.SkipMovement: skip_movement,
    c.EndPhase: end_phase,
}
