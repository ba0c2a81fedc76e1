"""The handlers of the events every command writes (``Moved``,
``TurnStarted``, ``HeadingDeclared``, ``DiceRolled``, ``MovementEnded``, ``TurnEnded``) set
the state's fields straight into the models (``evolve._put``) instead of through pydantic's
``__setattr__``. Nothing may change: random games (both editions, optional rules and
take-backs on and off) are folded event by event twice, once with the handlers as they are
and once with the former ones (kept here, each assignment through ``__setattr__``), and
after every event the states must dump to the same JSON, be equal, and every model in them
(players, the turn, the take-back anchor's) must hold the same ``model_fields_set``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from engine.kernel import Event
from engine.venus import evolve, fast_play
from engine.venus.encounters import JUMPS, only_last_step_blocks
from engine.venus.ruleset import ruleset as venus
from engine.venus.state import Player, Turn, VenusState

from .test_events_unchanged import _options, random_game

GAMES = 60  # 4,000 and more events of the six handlers, both editions
COMMANDS = 70


# --- the former handlers, word for word ----------------------------------------------------


def _turn(state: VenusState) -> Turn:
    assert state.turn is not None
    return state.turn


def _turn_started(state: VenusState, d: dict[str, Any]) -> None:
    state.stage = "playing"
    state.round = d["round"]
    player = state.players[d["seat"]]
    state.turn = Turn(seat=d["seat"], start_dot=player.dot, start_penalty=d["start_penalty"])


def _heading(state: VenusState, d: dict[str, Any]) -> None:
    _turn(state).heading = d["dot"]


def _rolled(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.dice = list(d["dice"])
    t.auto_pilot = bool(d["auto_pilot"])
    t.mp = sum(t.dice)
    t.phase = "move"
    used_loaded = d.get("loaded", 0)
    if used_loaded:
        del state.loaded_dice[:used_loaded]


def _moved(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    state.players[d["seat"]].dot = d["to"]
    t.mp -= d["mp"]
    if only_last_step_blocks(state.edition):
        t.used = list(d["edges"])
    else:
        t.used.extend(d["edges"])
    t.moves += 1
    t.free_step = False
    t.jumped = d["via"] in JUMPS
    t.start_penalty = False
    t.blast_at = d["to"]
    if d.get("pilot") is not None:
        t.pilot = d["pilot"]


def _movement_ended(state: VenusState, d: dict[str, Any]) -> None:
    t = _turn(state)
    t.mp = 0
    t.due = None
    t.free_step = False
    t.landed = bool(d["landed"])
    t.stayed = d["reason"] == "stayed"
    t.phase = "trade"
    t.blast_at = d["dot"] if t.stayed else None


def _turn_ended(state: VenusState, d: dict[str, Any]) -> None:
    state.turn = None


FORMER = {"TurnStarted": _turn_started, "HeadingDeclared": _heading, "DiceRolled": _rolled,
          "Moved": _moved, "MovementEnded": _movement_ended, "TurnEnded": _turn_ended}


# --- the games ------------------------------------------------------------------------------


def _events(g: int) -> list[Event]:
    """Game ``g`` played at random (seeded), take-backs now and then: its log."""
    game = random_game(g, random.Random(1000 + g), f"a{g}", COMMANDS)
    return game.events


# what may hold a model (anything else holds none: not looked into)
HOLDERS = (BaseModel, dict, list, tuple)


def _fields_sets(value: Any) -> list[tuple[str, frozenset[str]]]:
    """``model_fields_set`` of every model in ``value``, with where it lies."""
    found: list[tuple[str, frozenset[str]]] = []
    _gather(value, "", found)
    return found


def _gather(value: Any, path: str, found: list[tuple[str, frozenset[str]]]) -> None:
    if isinstance(value, Event):
        return
    if isinstance(value, BaseModel):
        found.append((path, frozenset(value.model_fields_set)))
        for name, item in value.__dict__.items():
            if isinstance(item, HOLDERS):
                _gather(item, f"{path}.{name}", found)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, HOLDERS):
                _gather(item, f"{path}[{key!r}]", found)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            if isinstance(item, HOLDERS):
                _gather(item, f"{path}[{i}]", found)


def _fold_both(events: list[Event], monkeypatch: pytest.MonkeyPatch) -> int:
    ours, former = venus.initial_state(), venus.initial_state()
    handlers = dict(evolve.HANDLERS)
    checked = 0
    for ev in events:
        venus.apply(ours, ev)
        with monkeypatch.context() as m:
            m.setattr(evolve, "HANDLERS", {**handlers, **FORMER})
            venus.apply(former, ev)
        assert venus.dump_state(ours) == venus.dump_state(former), ev
        assert ours == former, ev
        assert _fields_sets(ours) == _fields_sets(former), ev
        checked += ev.type in FORMER
    return checked


def test_the_direct_writes_leave_the_state_as_the_assignments_did(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    editions = set()
    for g in range(GAMES):
        editions.add(_options(g)["edition"])
        checked += _fold_both(_events(g), monkeypatch)
    assert editions == {"avalon-hill", "classic-2012"}
    assert fast_play.OPTION in _options(3)
    assert checked > 20 * GAMES  # the handlers changed ran, many times


def test_a_write_that_missed_the_fields_set_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above sees ``model_fields_set``: a handler that sets ``__dict__`` only
    fails it."""
    def careless(state: VenusState, d: dict[str, Any]) -> None:
        _turn(state).__dict__["heading"] = d["dot"]

    events = _events(0)
    assert any(ev.type == "HeadingDeclared" for ev in events)
    monkeypatch.setitem(evolve.HANDLERS, "HeadingDeclared", careless)
    with pytest.raises(AssertionError):
        _fold_both(events, monkeypatch)


def test_put_writes_fields_of_plain_assignment_only() -> None:
    """``_put`` is pydantic's own handler for these models' fields: no ``validate_assignment``,
    not frozen, no property or private attribute of those names."""
    from pydantic.main import _SIMPLE_SETATTR_HANDLERS

    plain = _SIMPLE_SETATTR_HANDLERS["model_field"]
    state = VenusState()
    turn = Turn(seat=0, start_dot="x")
    player = Player(seat=0, name="p")
    models: tuple[tuple[BaseModel, tuple[str, ...]], ...] = (
        (state, ("stage", "round", "turn")), (player, ("dot",)),
                         (turn, ("heading", "dice", "auto_pilot", "mp", "phase", "used",
                                 "moves", "free_step", "jumped", "start_penalty", "blast_at",
                                 "pilot", "due", "landed", "stayed")))
    for model, names in models:
        for name in names:
            handler = model._setattr_handler  # type: ignore[attr-defined]  # pydantic own
            assert handler(name, getattr(model, name)) is plain
