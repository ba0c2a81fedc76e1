"""A small harness for the Movement phase rules before (and apart from) the full game
state: a turn, players with the ship fields movement reads, loaded dice, the test map of
``test_movement_rules`` and the phase seams recorded instead of run."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.kernel import event
from engine.venus_standard import flight, helm, helm_seams

from .test_movement_rules import terrain


@dataclass
class Ship:
    seat: int
    space: str = "gb"
    came_from: str | None = None
    pilot: str = "human-1"
    laser: int = 2
    shield: int = 1
    drive: str | None = None
    credits: int = 100


@dataclass
class Turn:
    seat: int = 0
    phase: str = "movement"
    flight: Any = None


@dataclass
class State:
    players: list[Ship]
    turn: Turn = field(default_factory=Turn)


class Draft:
    def __init__(self, state: State, dice: list[int]) -> None:
        self.state = state
        self.dice = list(dice)
        self.events: list[tuple[str, dict[str, Any]]] = []

    def emit(self, type_: str, **data: Any) -> None:
        ev = event(type_, **data)
        handler = flight.HANDLERS.get(type_)
        if handler is not None:
            handler(self.state, ev.data)
        if type_ == "CreditsChanged":
            self.state.players[data["seat"]].credits += data["delta"]
        self.events.append((type_, data))

    def die(self) -> int:
        return self.dice.pop(0)

    def types(self) -> list[str]:
        return [t for t, _ in self.events]


def build(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A factory of drafts over the test map, with the seams recorded in ``draft.calls``."""
    t = terrain()
    monkeypatch.setattr(helm, "terrain_of", lambda state: t.with_tokens(
        getattr(state, "board_tokens", {})))
    calls: list[tuple[str, Any]] = []
    monkeypatch.setattr(helm_seams, "landed", lambda d, s, at: calls.append(("landed", at)))
    monkeypatch.setattr(helm_seams, "end_turn", lambda d, s: calls.append(("end_turn", s)))
    monkeypatch.setattr(helm_seams, "skip_movement",
                        lambda d, s, port: calls.append(("skip", port)))
    monkeypatch.setattr(helm_seams, "resolve_space",
                        lambda d, s, at: calls.append(("encounter", at)))
    monkeypatch.setattr(helm_seams, "home_culture_here", lambda state, s: False)

    def make(dice: list[int], players: int = 2, **ship: Any) -> Draft:
        state = State([Ship(seat=i) for i in range(players)])
        for k, v in ship.items():
            setattr(state.players[0], k, v)
        d = Draft(state, dice)
        d.calls = calls  # type: ignore[attr-defined]
        return d

    return make
