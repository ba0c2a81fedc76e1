"""A harness for the Movement phase rules on a hand-made map: a standard game state in its
first turn's Movement phase, loaded dice, the map of ``test_movement_rules`` in place of
the board, and the phase machine's seams recorded instead of run (so each test sees the
move alone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.kernel import Randomness
from engine.venus_standard import helm, helm_legal, helm_seams
from engine.venus_standard.draft import Draft
from engine.venus_standard.flight import flight
from engine.venus_standard.order import HOOKS
from engine.venus_standard.state import Player, StandardState, Turn

from .test_movement_rules import terrain


class RecordingDraft(Draft):
    """A draft whose phase-machine seams were recorded in ``calls`` instead of run."""

    calls: list[tuple[str, Any]]


Kit = Callable[..., RecordingDraft]  # make(dice, players=2, **ship) -> a recording draft


def build(monkeypatch: pytest.MonkeyPatch) -> Kit:
    """A factory of drafts over the test map, with the seams recorded in ``draft.calls``."""
    t = terrain()
    monkeypatch.setattr(helm, "terrain_of", lambda state: t)
    monkeypatch.setattr(helm_legal, "terrain_of", lambda state: t)
    calls: list[tuple[str, Any]] = []
    monkeypatch.setattr(helm_seams, "landed", lambda d, s, at: calls.append(("landed", at)))
    monkeypatch.setattr(helm_seams, "end_turn", lambda d, s: calls.append(("end_turn", s)))
    monkeypatch.setattr(helm_seams, "resolve_space",
                        lambda d, s, at: calls.append(("encounter", at)))
    monkeypatch.setattr(helm_seams, "home_culture_here", lambda state, s: False)

    def make(dice: list[int], players: int = 2, **ship: Any) -> RecordingDraft:
        state = StandardState(
            players=[Player(seat=i, name=f"p{i}", space="gb", laser=2, shield=1, credits=100)
                     for i in range(players)],
            stage="playing", round=1, turn=Turn(seat=0), loaded_dice=list(dice))
        for k, v in ship.items():
            setattr(state.players[0], k, v)
        d = RecordingDraft(state, Randomness("helm", 0), HOOKS)
        d.calls = calls
        return d

    return make


def types(d: Draft) -> list[str]:
    return [e.type for e in d.events]


def on_telegate_2_with_navigation(d: Draft) -> None:
    """"Telegates": seat 0's ship, come from a navigation space, rolls, steps onto telegate 2
    and assigns its first die (``d``'s first loaded die) as the navigation value; the ship
    stays there, waiting for nothing (the caller checks where it goes next)."""
    d.state.players[0].space = "c"
    d.state.players[0].came_from = "nav"
    helm.roll_speed(d, 0)
    helm.step(d, 0, "tg2")
    helm.assign_die(d, 0, 0, "navigation")
    f = flight(d.state)
    assert f.at == "tg2" and f.wait is None
