"""The ``venus`` ruleset object: the kernel's five functions for Merchant of Venus classic."""

from __future__ import annotations

from collections.abc import Iterator
from types import EllipsisType
from typing import Any

from engine.kernel import SPECTATOR, Command, Event, Pending, Randomness, TakeBack
from engine.kernel import takeback as _takeback
from engine.kernel.ruleset import decide_then_apply

from . import combat as _combat  # noqa: F401  (registers the 15-17 commands)
from . import evolve as _evolve
from . import holds as _holds  # noqa: F401  (registers PackHolds)
from . import legal as _legal
from . import merchants as _merchants  # noqa: F401  (registers the 11.4 commands)
from . import rules as _rules
from . import setup as _setup
from . import takeback as _barriers
from . import theft as _theft  # noqa: F401  (registers Swindle and Revolt)
from . import trading as _trading  # noqa: F401  (registers the trading commands)
from . import view as _view
from .commands import made as _made
from .commands import parse_command as _parse
from .scenario_setup import parse_scenario, scenario_events
from .state import VenusState, clone_state


class VenusRuleset:
    """Merchant of Venus classic (1988 and 2012 editions), id ``venus``."""

    id = "venus"

    def setup(self, options: dict[str, Any], players: list[str], rng: Randomness) -> list[Event]:
        """A new game's opening (4.1-4.3), or a sandbox game's position from a scenario."""
        if "scenario" in options:
            return scenario_events(parse_scenario(options["scenario"]), rng)
        return _setup.setup(options, players, rng)

    def initial_state(self) -> VenusState:
        return VenusState()

    def decide(
        self, state: VenusState, actor: int, command: Command, rng: Randomness
    ) -> list[Event]:
        if isinstance(command, TakeBack):
            return _takeback.decide(state, actor, enabled=_barriers.enabled(state))
        return _rules.decide(state, actor, command, rng)

    def decide_in_place(self, state: VenusState, actor: int, command: Command,
                        rng: Randomness, seq: int) -> list[Event]:
        """``decide`` working on ``state`` itself (the kernel's ``DecidesInPlace``)."""
        if isinstance(command, TakeBack):
            return decide_then_apply(self, state, actor, command, rng, seq)
        return _rules.draft(state, actor, command, rng,
                            _rules.Numbering(seq, actor, self.apply)).events

    def apply(self, state: VenusState, event: Event) -> None:
        _takeback.apply(state, event, _evolve.apply, enabled=_barriers.enabled,
                        barrier=_barriers.barrier, clone=clone_state)

    def evolve(self, state: VenusState, event: Event) -> VenusState:
        new = self.clone(state)
        self.apply(new, event)
        return new

    def clone(self, state: VenusState) -> VenusState:
        return clone_state(state)

    def view(self, state: VenusState, viewer: int = SPECTATOR) -> dict[str, Any]:
        return _view.view(state, viewer)

    public_parts = _view.PUBLIC_PARTS  # what seat_view leaves as it is

    def public_view(self, state: VenusState, prompt: Pending | None | EllipsisType = ...,
                    kept: dict[str, Any] | None = None) -> dict[str, Any]:
        """The spectator's view, made once to share (``seat_view``; the kernel's optional
        ``SharedViews``); ``prompt``: ``pending(state)`` when the caller has it; ``kept``:
        the game's parts of its last view (``view.Kept``)."""
        return _view.public_view(state, prompt, kept)

    def seat_view(self, state: VenusState, public: dict[str, Any],
                  viewer: int) -> dict[str, Any]:
        return _view.seat_view(state, public, viewer)

    def legal_actions(self, state: VenusState, actor: int) -> Iterator[Command]:
        yield from _legal.legal_actions(state, actor)
        # ``takeback.offer``'s test (enabled, waited for, something to take back) without
        # making the prompt: the game's ``pending()`` is asked once per seq by its callers
        if _takeback.point(state, actor) is not None and _legal.waits_for(state, actor) \
                and _barriers.enabled(state):
            yield _made(TakeBack)

    def pending(self, state: VenusState) -> Pending | None:
        return _legal.pending(state)

    def parse_command(self, data: dict[str, Any] | str) -> Command:
        return _takeback.parse(data) or _parse(data)

    def dump_state(self, state: VenusState) -> str:
        return state.model_dump_json()

    def load_state(self, text: str) -> VenusState:
        return VenusState.model_validate_json(text)


ruleset = VenusRuleset()
