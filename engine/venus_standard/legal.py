"""Who must act now (``pending``) and the commands a seat may issue (``legal_actions``).

The prompt is the innermost open question (``state.asks``), else the current phase of the
turn. ``PROMPTS[prompt]`` lists the command types that answer it (``decide`` refuses any
other); ``OFFERS[prompt]`` the functions listing the concrete commands a seat may issue
there. A component registers both with ``@offers(prompt, CommandA, CommandB)`` over a
function ``(state, seat) -> Iterator[Command]``. Every command offered must be accepted by
``decide``, and every prompt must offer at least one (the random bot plays any position).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.kernel import Command, Pending, RuleError, hooks

from . import commands as c
from .rounds import why_not_end
from .state import PHASES, StandardState

Offer = Callable[[StandardState, int], Iterator[Command]]
PROMPTS: dict[str, set[type[Command]]] = {}
OFFERS: dict[str, list[Offer]] = {}


def offers(prompt: str, *types: type[Command]) -> Callable[[Offer], Offer]:
    def register(fn: Offer) -> Offer:
        PROMPTS.setdefault(prompt, set()).update(types)
        return hooks.add(OFFERS.setdefault(prompt, []), fn)

    return register


def pending(state: StandardState) -> Pending | None:
    if state.stage == "over":
        return None
    ask = state.ask
    if ask is not None:
        return Pending(seats=(ask.seat,), prompt=ask.prompt, detail=dict(ask.detail))
    turn = state.turn
    if turn is None:
        return None
    return Pending(seats=(turn.seat,), prompt=turn.phase,
                   detail={"round": state.round, "phase": turn.phase})


def legal_actions(state: StandardState, seat: int) -> Iterator[Command]:
    now = pending(state)
    if now is None or seat not in now.seats:
        return
    for fn in OFFERS.get(now.prompt, []):
        yield from fn(state, seat)


def allows(state: StandardState, seat: int, command: Command) -> None:
    """Refuse a command that does not answer the prompt pending now (the rule's own checks
    come after)."""
    now = pending(state)
    if now is None or type(command) not in PROMPTS.get(now.prompt, set()):
        where = "the game is over" if now is None else f"the game waits for {now.prompt!r}"
        raise RuleError("Player Turns", f"{command.type} is not possible now: {where}")


# -- the core's prompts


@offers("movement", c.SkipMovement)
def _skip(state: StandardState, seat: int) -> Iterator[Command]:
    """Movement Phase: a player may skip it (before rolling: Set Speed, "committed to
    moving")."""
    from .helm_legal import movement_open

    if movement_open(state):
        yield c.SkipMovement()


def _end(state: StandardState, seat: int) -> Iterator[Command]:
    if why_not_end(state, seat) is None:
        yield c.EndPhase()


for _phase in PHASES[1:]:
    offers(_phase, c.EndPhase)(_end)
