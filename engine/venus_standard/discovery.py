"""Turning a First Contact card face up (First Contact Phase 1-4; Light Speed Game 13): the
core's part is the card itself (which culture lives in the system, in whose play area the
card now lies); the ``Hooks.revealed`` hooks set out the culture's market, goods and
technologies and put its IOU credits on the card (``order.py``)."""

from __future__ import annotations

from engine.kernel import RuleError

from .draft import Draft


def reveal(draft: Draft, seat: int | None, system: str) -> str:
    """Flip ``system``'s face-down First Contact card; ``seat`` takes it (None: nobody).
    Returns the culture."""
    culture = draft.state.first_contact.get(system)
    if culture is None:
        raise RuleError("First Contact Phase", f"no face-down First Contact card in {system}")
    draft.emit("FirstContactRevealed", seat=seat, system=system, culture=culture)
    for hook in draft.hooks.revealed:
        hook(draft, seat, system, culture)
    return culture
