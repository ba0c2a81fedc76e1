"""Scenarios: a position set up directly, for rule tests, tutorials, puzzles, bug reports.

The format is documented in ``docs/scenarios.md``. A game started from a scenario is a
sandbox game (``sandbox`` in its state and view): only there may dice be predetermined.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.kernel import NOBODY, BadCommand, Event, Game, Randomness, event

from .board import DotColor, DotKind, load_board
from .pieces import RELIC_KEYS, culture_keys, marker_mix
from .ruleset import ruleset
from .state import VenusState


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScenarioPlayer(_Doc):
    name: str
    race: str | None = None
    cash: int = 0
    ship: Literal["scout", "clipper", "transport", "freighter"] = "scout"
    dot: str = "galactic-base"
    equipment: list[str] = Field(default_factory=list)
    relics: list[str] = Field(default_factory=list)


class ScenarioMarker(_Doc):
    kind: Literal["telegate", "open_port", "penalty", "relic", "empty"]
    number: int | None = None
    color: DotColor | None = None
    amount: int | None = None
    relic: str | None = None
    face_up: bool = False


class Scenario(_Doc):
    """A position: players, their ships and cargo, pawns, cultures, markers, dice."""

    name: str = "scenario"
    description: str = ""
    edition: Literal["avalon-hill", "classic-2012"] = "avalon-hill"
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[ScenarioPlayer]
    active: int = 0  # the seat whose turn starts
    round: int = 1
    cultures: dict[str, str] = Field(default_factory=dict)  # system -> culture (the rest random)
    discovered: list[str] = Field(default_factory=list)  # systems already discovered
    observed: dict[int, dict[str, str]] = Field(default_factory=dict)  # seat -> system -> culture
    qboxes: dict[str, ScenarioMarker] = Field(default_factory=dict)
    other_qboxes: Literal["random", "empty"] = "random"
    spaceports: dict[str, int] = Field(default_factory=dict)  # Orbit dot -> owner seat
    dice: list[int] = Field(default_factory=list)  # predetermined dice, used first
    bank: int | None = None


def parse_scenario(data: str | dict[str, Any]) -> Scenario:
    try:
        if isinstance(data, str):
            return Scenario.model_validate_json(data)
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise BadCommand(f"invalid scenario: {exc.errors()[0]['msg']}") from None


def scenario_events(sc: Scenario, rng: Randomness) -> list[Event]:
    """The opening events of a sandbox game set up as ``sc`` says."""
    board = load_board(sc.edition)
    _check(sc, board.dots)
    options = {"edition": sc.edition, "game_length": 2000, **sc.options}
    names = [p.name for p in sc.players]
    out = [event("GameCreated", edition=sc.edition, options=options, players=names,
                 bank=sc.bank, sandbox=True)]
    systems = sorted(s.id for s in board.systems.values() if s.has_culture)
    free_systems = [s for s in systems if s not in sc.cultures]
    free_cultures = rng.shuffled([k for k in culture_keys() if k not in sc.cultures.values()])
    iou_at = {**sc.cultures, **dict(zip(free_systems, free_cultures, strict=True))}
    out.append(event("IOUsPlaced", NOBODY, iou_at=iou_at))
    boxes: dict[str, dict[str, Any]] = {}
    face_up: dict[str, dict[str, Any]] = {}
    for dot, m in sc.qboxes.items():
        entry = m.model_dump(exclude_none=True, exclude={"face_up"}, mode="json")
        if m.kind == "empty":
            face_up[dot] = {}
            continue
        boxes[dot] = entry
        if m.face_up:
            face_up[dot] = entry
    rest = sorted(d for d, info in board.dots.items() if info.kind is DotKind.QBOX and d not in
                  sc.qboxes)
    mix = rng.shuffled(list(marker_mix(sc.edition)))
    if sc.other_qboxes == "random":
        boxes.update(zip(rest, mix, strict=False))
    else:
        face_up.update({d: {} for d in rest})
    out.append(event("MarkersPlaced", NOBODY, boxes=boxes, unused=[]))
    out.append(event("ScenarioPosition", position=_position(sc, iou_at), face_up=face_up))
    out.append(event("TurnStarted", seat=sc.active, round=sc.round,
                     start_penalty=_on_penalty(sc, board.dots)))
    return out


def _check(sc: Scenario, dots: dict[str, Any]) -> None:
    for p in sc.players:
        if p.dot not in dots:
            raise BadCommand(f"invalid scenario: player {p.name}: no dot {p.dot!r}")
        bad = [r for r in p.relics if r not in RELIC_KEYS]
        if bad:
            raise BadCommand(f"invalid scenario: unknown relic {bad[0]!r}")
    for system in [*sc.cultures, *sc.discovered]:
        if system not in {d.system for d in dots.values()}:
            raise BadCommand(f"invalid scenario: no system {system!r}")
    for dot in [*sc.qboxes, *sc.spaceports]:
        if dot not in dots:
            raise BadCommand(f"invalid scenario: no dot {dot!r}")
    if not 0 <= sc.active < len(sc.players):
        raise BadCommand("invalid scenario: active must be a seat")


def _position(sc: Scenario, iou_at: dict[str, str]) -> dict[str, Any]:
    return {
        "players": [p.model_dump() for p in sc.players],
        "discovered": {s: iou_at[s] for s in sc.discovered},
        "observed": {str(k): v for k, v in sc.observed.items()},
        "spaceports": dict(sc.spaceports),
        "dice": list(sc.dice),
    }


def _on_penalty(sc: Scenario, dots: dict[str, Any]) -> bool:
    here = sc.players[sc.active].dot
    marker = sc.qboxes.get(here)
    return dots[here].kind is DotKind.PENALTY or bool(
        marker and marker.face_up and marker.kind == "penalty"
    )


def start(data: Scenario | str | dict[str, Any] | Path, seed: str | int = "scenario") -> Game[
    VenusState
]:
    """A sandbox game from a scenario document (model, JSON text, dict or file path)."""
    if isinstance(data, Path):
        sc = parse_scenario(json.loads(data.read_text("utf-8")))
    else:
        sc = data if isinstance(data, Scenario) else parse_scenario(data)
    return Game.start(ruleset, {"scenario": sc.model_dump(mode="json")}, [], seed)
