"""A draft of the events a command causes, applied to a private copy as they are written, so
later steps of the same command see the effects of earlier ones (a delivery draws a new
Contract, which may force another delivery)."""

from __future__ import annotations

from collections.abc import Callable

from engine.kernel import Randomness, only
from engine.kernel.draft import Draft as KernelDraft
from engine.kernel.draft import Numbering

from .components import BANK_PAYMENTS
from .evolve import apply
from .state import StarState, Window, clone_state


class Draft(KernelDraft[StarState]):
    """``after_window``: what goes on when a reaction window closes (``windows``), the rule
    the window held back: ``intervals.after_window``, which ``rules.decide`` gives; a draft
    that plays no rule (``setup``) opens no window. With a ``numbering`` the draft works on
    ``state`` itself instead of a copy, its events numbered as the kernel numbers them."""

    def __init__(self, state: StarState, rng: Randomness,
                 after_window: Callable[[Draft, Window], None] | None = None,
                 numbering: Numbering[StarState] | None = None) -> None:
        super().__init__(state, rng, apply=apply, clone=clone_state, numbering=numbering)
        self.after_window = after_window

    def die(self) -> int:
        """One die: a sandbox's predetermined die first, else from the game's randomness."""
        if self.state.loaded_dice:
            value = self.state.loaded_dice[0]
            self.emit("LoadedDieUsed", value=value)
            return value
        return self.rng.die()

    def stellors(self, seat: int, delta: int, reason: str) -> None:
        """Money is secret (Money): each change is told only to its owner. The Banker
        receives 10% (rounded up) of every payment another Trader makes to the bank."""
        if not delta:
            return
        self.emit("StellorsChanged", only(seat), seat=seat, delta=delta, reason=reason)
        if delta < 0 and reason in BANK_PAYMENTS:
            for p in self.state.players:
                if p.has("banker") and p.seat != seat and not p.out:
                    self.emit("StellorsChanged", only(p.seat), seat=p.seat,
                              delta=-(delta // 10), reason="banker")

    def prestige(self, seat: int, delta: int, reason: str) -> None:
        """Prestige: bounded 0-30 (the evolve clamps; the event says the asked change)."""
        if delta:
            self.emit("PrestigeChanged", seat=seat, delta=delta, reason=reason)
