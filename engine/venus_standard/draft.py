"""The draft a rule writes its events on (``engine.kernel.draft``), with the helpers every
component needs: dice (a sandbox's loaded dice first), credits, fame and infamy, questions
asked of a seat; and the ``Hooks`` (``hookpoints.py``) the core runs the components with."""

from __future__ import annotations

from typing import Any

from engine.kernel import Randomness
from engine.kernel.draft import Draft as KernelDraft
from engine.kernel.draft import Numbering

from .evolve import apply
from .hookpoints import Hooks
from .state import StandardState, clone_state


class Draft(KernelDraft[StandardState]):
    """With a ``numbering`` the draft works on the live state instead of a copy
    (``decide_in_place``)."""

    def __init__(self, state: StandardState, rng: Randomness, hooks: Hooks,
                 numbering: Numbering[StandardState] | None = None) -> None:
        super().__init__(state, rng, apply=apply, clone=clone_state, numbering=numbering)
        self.hooks = hooks

    def die(self) -> int:
        """One die (a speed die or the purple effect die, "Dice"): a sandbox's predetermined
        die first, else from the game's randomness. The caller writes the result into its
        own event."""
        if self.state.loaded_dice:
            value = self.state.loaded_dice[0]
            self.emit("LoadedDieUsed", value=value)
            return value
        return self.rng.die()

    def dice(self, count: int) -> list[int]:
        return [self.die() for _ in range(count)]

    def credits(self, seat: int, delta: int, reason: str) -> None:
        """Credits to (positive) or from (negative) a player's play area ("Spending
        Credits"); credit tokens lie in the open, so the change is public."""
        if delta:
            self.emit("CreditsChanged", seat=seat, delta=delta, reason=reason)

    def fame(self, seat: int, delta: int, reason: str) -> None:
        """Fame tokens gained ("Fame")."""
        if delta:
            self.emit("FameChanged", seat=seat, delta=delta, reason=reason)

    def infamy(self, seat: int, delta: int, reason: str) -> None:
        """Infamy tokens gained ("Infamy")."""
        if delta:
            self.emit("InfamyChanged", seat=seat, delta=delta, reason=reason)

    def ask(self, seat: int, prompt: str, **detail: Any) -> None:
        """Wait on ``seat`` for a command answering ``prompt`` (``legal.PROMPTS``)."""
        self.emit("Asked", seat=seat, prompt=prompt, detail=detail)

    def answered(self) -> None:
        """The innermost question is answered."""
        self.emit("Answered")
