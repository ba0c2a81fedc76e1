"""The bonus cup (2.7, 10.1-10.12): 48 Demand, Fare and Goods markers, always 48.

Every marker put in the cup (a Goods marker sold or jettisoned, a Demand marker used up, a
Fare delivered or jettisoned) makes an immediate draw of one marker, placed with the culture
on its back: Goods with the culture that sells them (10.11), a Demand or Fare with its
culture, in its System once discovered or waiting off the map until then (10.12). The draw
is public: everyone sees the marker placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import event

from .pieces import bonus_markers, marker_home

if TYPE_CHECKING:
    from .rules import Decision


def opening_cup(edition: str) -> list[str]:
    """4.14, 10.1: all the Bonus markers start in the cup."""
    return list(bonus_markers(edition))


def draw(d: Decision, count: int = 1) -> None:
    """2.7, 10.1: draw ``count`` markers and place each with its culture (10.11, 10.12).

    A sandbox scenario may queue predetermined draws (``draws``); they come first.
    """
    for _ in range(count):
        cup = d.state.cup
        if not cup:
            return
        loaded = d.state.loaded_draws
        if loaded and loaded[0] in cup:
            marker, used = loaded[0], 1
        else:
            marker, used = cup[d.rng.below(len(cup))], 0
        d.emit(event("CupDrawn", marker=marker, culture=marker_home(marker), loaded=used))
