"""How the generic loop of games between bots (``engine.bots.simulate``, ``starport simulate
venus-standard``) reads a standard game: the definition's ``Simulation``
(``engine.venus_standard.definition``). A seat's label is its pilot, its score the final
score (credits after final scoring); ``usage_of`` counts what the game used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.bots.simulate import Standing
from engine.kernel import Event

from .state import StandardState
from .usage import COUNTED, DETAILED

# event types counted as used, by name or with a detail (components add theirs: usage.py)
COUNTED.update({"MovementSkipped", "FirstContactRevealed", "SpaceportsSold"})


def usage_of(events: Iterable[Event]) -> Counter[str]:
    used: Counter[str] = Counter()
    for ev in events:
        if ev.type in COUNTED:
            used[ev.type] += 1
        detail = DETAILED[ev.type](ev) if ev.type in DETAILED else ""
        if detail:
            used[detail] += 1
        elif ev.type == "TurnEnded":
            used[f"turn_end:{ev.data['why']}"] += 1
    return used


def standing(state: StandardState) -> Standing:
    """Pilots, the first winner and the scores (credits until final scoring)."""
    return Standing(
        labels=[p.pilot for p in state.players],
        winner=state.winners[0] if state.winners else None,
        scores=[p.score if p.score is not None else p.credits for p in state.players],
    )
