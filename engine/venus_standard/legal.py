"""Who must act now (``pending``) and the commands a seat may issue (``legal_actions``).

The prompt is the innermost open question (``state.asks``), else the current phase of the
turn. ``Hooks.prompts[prompt]`` lists the command types that answer it (``decide`` refuses
any other); ``Hooks.offers[prompt]`` the functions ``(state, seat) -> Iterator[Command]``
listing the concrete commands a seat may issue there, in the order ``order.py`` writes
down. Every command offered must be accepted by ``decide``, and every prompt must offer at
least one (the random bot plays any position).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.kernel import Command, Pending, RuleError

from . import commands as c
from .flight import movement_open
from .hookpoints import CanEnd, Offer
from .rounds import why_not_end
from .state import StandardState


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


def legal_actions(state: StandardState, seat: int,
                  offers: Mapping[str, tuple[Offer, ...]]) -> Iterator[Command]:
    now = pending(state)
    if now is None or seat not in now.seats:
        return
    for fn in offers.get(now.prompt, ()):
        yield from fn(state, seat)


def allows(state: StandardState, seat: int, command: Command,
           prompts: Mapping[str, frozenset[type[Command]]]) -> None:
    """Refuse a command that does not answer the prompt pending now (the rule's own checks
    come after)."""
    now = pending(state)
    if now is None or type(command) not in prompts.get(now.prompt, frozenset()):
        where = "the game is over" if now is None else f"the game waits for {now.prompt!r}"
        raise RuleError("Player Turns", f"{command.type} is not possible now: {where}")


# -- the core's prompts


def skip_offers(state: StandardState, seat: int) -> Iterator[Command]:
    """Movement Phase: a player may skip it (before rolling: Set Speed, "committed to
    moving")."""
    if movement_open(state):
        yield c.SkipMovement()


def end_phase_offers(can_end: Mapping[str, tuple[CanEnd, ...]]) -> Offer:
    """The offer of ``EndPhase`` in the phases after movement, unless a ``can_end`` check
    holds the phase open."""

    def offer(state: StandardState, seat: int) -> Iterator[Command]:
        if why_not_end(state, seat, can_end) is None:
            yield c.EndPhase()

    return offer
