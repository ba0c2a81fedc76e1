"""The ``venus-standard`` ruleset object: the kernel's functions for Merchant of Venus, 2012
edition, standard game, run with the components in the order ``order.py`` writes down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.kernel import SPECTATOR, Command, Event, Pending, Randomness, TakeBack
from engine.kernel import takeback as _takeback
from engine.kernel.draft import Numbering
from engine.kernel.ruleset import decide_then_apply

from . import evolve as _evolve
from . import legal as _legal
from . import rules as _rules
from . import setup as _setup
from . import takeback as _barriers
from . import view as _view
from .commands import parse_command as _parse
from .order import HOOKS
from .state import StandardState, clone_state


class VenusStandardRuleset:
    """Merchant of Venus (2012), the standard game, id ``venus-standard``."""

    id = "venus-standard"

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        return _setup.setup(options, players, rng, HOOKS)

    def initial_state(self) -> StandardState:
        return StandardState()

    def decide(self, state: StandardState, actor: int, command: Command,
               rng: Randomness) -> list[Event]:
        if isinstance(command, TakeBack):
            return _takeback.decide(state, actor, enabled=state.takebacks)
        return _rules.decide(state, actor, command, rng, HOOKS)

    def decide_in_place(self, state: StandardState, actor: int, command: Command,
                        rng: Randomness, seq: int) -> list[Event]:
        """``decide`` working on ``state`` itself (the kernel's ``DecidesInPlace``): no copy
        of the state for the draft (a third of a search playout's time was that copy)."""
        if isinstance(command, TakeBack):
            return decide_then_apply(self, state, actor, command, rng, seq)
        return _rules.decide(state, actor, command, rng, HOOKS,
                             Numbering(seq, actor, self.apply))

    def apply(self, state: StandardState, event: Event) -> None:
        _takeback.apply(state, event, _evolve.apply, enabled=_barriers.enabled,
                        barrier=_barriers.barrier, clone=clone_state)

    def evolve(self, state: StandardState, event: Event) -> StandardState:
        new = self.clone(state)
        self.apply(new, event)
        return new

    def clone(self, state: StandardState) -> StandardState:
        return clone_state(state)

    def view(self, state: StandardState, viewer: int = SPECTATOR) -> dict[str, Any]:
        return _view.view(state, viewer, HOOKS.parts)

    def legal_actions(self, state: StandardState, actor: int) -> Iterator[Command]:
        yield from _legal.legal_actions(state, actor, HOOKS.offers)
        yield from _takeback.offer(state, actor, _legal.pending(state), enabled=state.takebacks)

    def pending(self, state: StandardState) -> Pending | None:
        return _legal.pending(state)

    def parse_command(self, data: dict[str, Any] | str) -> Command:
        return _takeback.parse(data) or _parse(data, HOOKS.commands)

    def dump_state(self, state: StandardState) -> str:
        return state.model_dump_json()

    def load_state(self, text: str) -> StandardState:
        return StandardState.model_validate_json(text)


ruleset = VenusStandardRuleset()
