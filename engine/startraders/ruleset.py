"""The ``star-traders`` ruleset object: the kernel's functions for Star Traders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.kernel import SPECTATOR, Command, Event, Pending, Randomness, TakeBack
from engine.kernel import takeback as _takeback
from engine.kernel.ruleset import decide_then_apply

from . import evolve as _evolve
from . import legal as _legal
from . import rules as _rules
from . import setup as _setup
from . import takeback as _barriers
from . import view as _view
from .changes import changed
from .commands import parse_command as _parse
from .draft import Numbering
from .state import StarState, clone_state


class StarTradersRuleset:
    """Star Traders (Isaac Asimov Presents), basic and advanced game, id ``star-traders``."""

    id = "star-traders"

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        return _setup.setup(options, players, rng)

    def initial_state(self) -> StarState:
        return StarState()

    def decide(self, state: StarState, actor: int, command: Command,
               rng: Randomness) -> list[Event]:
        if isinstance(command, TakeBack):
            return _takeback.decide(state, actor, enabled=state.takebacks)
        return _rules.decide(state, actor, command, rng)

    def decide_in_place(self, state: StarState, actor: int, command: Command,
                        rng: Randomness, seq: int) -> list[Event]:
        """``decide`` working on ``state`` itself (the kernel's ``DecidesInPlace``): no copy
        of the state for the draft (half of ``decide``'s time was that copy)."""
        if isinstance(command, TakeBack):
            return decide_then_apply(self, state, actor, command, rng, seq)
        return _rules.decide(state, actor, command, rng, Numbering(seq, actor, self.apply))

    def apply(self, state: StarState, event: Event) -> None:
        try:
            _takeback.apply(state, event, _evolve.apply, enabled=_barriers.enabled,
                            barrier=_barriers.barrier, clone=clone_state)
        finally:
            changed()  # a take-back restores the state without an event handler

    def evolve(self, state: StarState, event: Event) -> StarState:
        new = self.clone(state)
        self.apply(new, event)
        return new

    def clone(self, state: StarState) -> StarState:
        return clone_state(state)

    def view(self, state: StarState, viewer: int = SPECTATOR) -> dict[str, Any]:
        return _view.view(state, viewer)

    def legal_actions(self, state: StarState, actor: int) -> Iterator[Command]:
        yield from _legal.legal_actions(state, actor)
        yield from _takeback.offer(state, actor, _legal.pending(state), enabled=state.takebacks)

    def pending(self, state: StarState) -> Pending | None:
        return _legal.pending(state)

    def parse_command(self, data: dict[str, Any] | str) -> Command:
        return _takeback.parse(data) or _parse(data)

    def dump_state(self, state: StarState) -> str:
        return state.model_dump_json()

    def load_state(self, text: str) -> StarState:
        return StarState.model_validate_json(text)


ruleset = StarTradersRuleset()
