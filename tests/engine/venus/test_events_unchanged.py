"""Events are made without pydantic's validation (``event``), numbered
by a leaner copy (``number``), and the take-back record is rebuilt as a plain tuple; none of
it may change what a game stores. 100 random games (both editions, optional rules and
take-backs on and off) are played twice from the same seeds and the same choices: once with
the engine as it is, once with the reference makers (``Event(...)`` validated, numbering by
``model_copy``, the record by ``Rewinds(...)``), and everything the server writes must be
byte-identical: each event as the SQLite append stores it (``store.events_json``'s rows:
seq, type, audience, type_public, v, data, actor), each event's ``model_dump_json`` (the
replay's and the API's form) and the state's snapshot at the end (``dump_state``, the
take-back record included).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from engine.kernel import Event, Game, events, ruleset, takeback
from engine.kernel.errors import CommandRejected
from engine.kernel.events import PUBLIC, Audience
from engine.venus import fast_play
from engine.venus.ruleset import ruleset as venus
from server import store

GAMES = 100
COMMANDS = 60  # per game: past the first turns of every seat, moves, trades, take-backs
FIDDLING = {"SetDrives", "UseGateLock"}


def _validated_event(type_: str, audience: Audience = PUBLIC, *, type_public: bool = True,
                     **data: Any) -> Event:
    return Event(type=type_, data=data, audience=audience, type_public=type_public)


def _copied_number(ev: Event, base: int, index: int, actor: int) -> Event:
    return ev.model_copy(update={"seq": base + index + 1, "actor": None if index else actor})


def _named_keep(state: Any, seat: int | None, marks: tuple[int, ...],
                prior: tuple[tuple[int, tuple[int, ...]], ...], anchor: Any,
                events_: tuple[Event, ...]) -> None:
    state.__dict__["rewinds"] = takeback.Rewinds(seat, marks, prior, anchor, events_)


def _options(g: int) -> dict[str, Any]:
    edition = "avalon-hill" if g % 2 == 0 else "classic-2012"
    options: dict[str, Any] = {"edition": edition, "takebacks": g % 3 != 0}
    if g % 4 == 1 and edition == "avalon-hill":
        options.update(combat=True, rastur=True, small_bank=True)
    elif g % 4 == 3:
        options.update({fast_play.OPTION: True, "small_bank": True})
    return options


def random_game(g: int, rng: random.Random, seed: str, commands: int) -> Game[Any]:
    """Game ``g`` (``_options``) played ``commands`` times at random (``rng``): a legal
    command, a take-back now and then, never the settings' fiddling."""
    game = Game.start(venus, _options(g), [f"p{i}" for i in range(2 + g % 3)], seed=seed)
    for _ in range(commands):
        pending = game.pending()
        if pending is None:
            break
        seat = pending.seats[0]
        command = random_command(list(venus.legal_actions(game.state, seat)), rng)
        try:
            game.play(seat, command)
        except CommandRejected:  # legal commands are accepted; say which one was not
            pytest.fail(f"game {g}: {command!r} refused")
    return game


def random_command(legal: list[Any], rng: random.Random) -> Any:
    """Random play's pick among ``legal``: a take-back now and then, never the settings'
    fiddling (``FIDDLING``) unless nothing else is legal."""
    backs = [c for c in legal if c.type == "TakeBack"]
    if backs and rng.random() < 0.15:
        return backs[0]
    usable = [c for c in legal if c.type not in FIDDLING and c.type != "TakeBack"]
    return rng.choice(usable or legal)


def _play(g: int) -> Iterator[str]:
    """Game ``g`` played at random (seeded): what the server would store, line by line."""
    game = random_game(g, random.Random(g), f"g{g}", COMMANDS)
    for ev in game.events:
        yield store.events_json([ev])
        yield ev.model_dump_json()
    yield venus.dump_state(game.state)


def _stored(games: range) -> list[str]:
    return [line for g in games for line in _play(g)]


def _swap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference makers wherever the engine's modules hold the fast ones."""
    swaps = {id(events.event): _validated_event, id(ruleset.number): _copied_number}
    for module in [m for name, m in sys.modules.items() if name.startswith("engine.")]:
        for attr, value in list(vars(module).items()):
            if id(value) in swaps:
                monkeypatch.setattr(module, attr, swaps[id(value)])
    monkeypatch.setattr(takeback, "_keep", _named_keep)


def test_random_games_store_the_same_bytes_as_with_validated_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _stored(range(GAMES))
    _swap(monkeypatch)
    reference = _stored(range(GAMES))
    assert len(fast) == len(reference)
    for i, (a, b) in enumerate(zip(fast, reference, strict=True)):
        assert a == b, f"line {i} differs"
    assert sum('"TookBack"' in line for line in fast) > 0  # take-backs were played


def test_the_reference_makers_are_the_ones_the_engine_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The swap above reaches every module that makes events (else it proves nothing)."""
    made: list[str] = []

    def counting(type_: str, *args: Any, **kwargs: Any) -> Event:
        made.append(type_)
        return _validated_event(type_, *args, **kwargs)

    swaps = {id(events.event): counting}
    for module in [m for name, m in sys.modules.items() if name.startswith("engine.")]:
        for attr, value in list(vars(module).items()):
            if id(value) in swaps:
                monkeypatch.setattr(module, attr, swaps[id(value)])
    stored = _stored(range(8))
    logged = sum(1 for line in stored if line.startswith("[["))
    assert logged > 0 and len(made) >= logged  # every logged event came from the maker


def test_an_event_is_made_as_validation_would_make_it() -> None:
    from engine.kernel.events import event, only

    cases: list[tuple[str, Audience, bool, dict[str, Any]]] = [
        ("Moved", PUBLIC, True, {"seat": 1, "to": "x", "edges": ["a>b"], "pilot": None}),
        ("Secret", events.NOBODY, False, {"marker": {"k": 1}}),
        ("Seen", only(2, 0), True, {"dots": ("a", "b")}),
        ("Empty", PUBLIC, True, {}),
    ]
    for type_, audience, public, data in cases:
        fast = event(type_, audience, type_public=public, **data)
        slow = Event(type=type_, data=dict(data), audience=audience, type_public=public)
        assert fast == slow
        assert list(fast.__dict__) == list(slow.__dict__)  # field order: the dumps' order
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.model_dump_json() == slow.model_dump_json()
        assert repr(fast) == repr(slow)
        assert ruleset.number(fast, 7, 0, 3) == _copied_number(slow, 7, 0, 3)
        assert ruleset.number(fast, 7, 1, 3).model_fields_set == \
            _copied_number(slow, 7, 1, 3).model_fields_set


def test_an_event_is_not_validated_when_its_arguments_need_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("validated")

    monkeypatch.setattr(Event, "__init__", refuse)
    ev = events.event("Moved", seat=1)
    assert ev.type == "Moved" and ev.data == {"seat": 1} and ev.seq == 0


def test_arguments_validation_would_change_are_validated() -> None:
    """A ``str`` subclass as the type, a truthy non-bool: ``Event(...)`` coerces or refuses,
    and so does ``event``."""
    from enum import StrEnum

    class Kind(StrEnum):
        MOVED = "Moved"

    ev = events.event(Kind.MOVED, seat=1)
    assert ev == Event(type=Kind.MOVED, data={"seat": 1})
    assert type(ev.type) is type(Event(type=Kind.MOVED).type)
    with pytest.raises(ValueError):
        events.event("Moved", type_public="maybe")  # type: ignore[arg-type]


def test_events_share_the_set_of_their_given_fields_and_cannot_be_changed() -> None:
    """A set of field names per event was 472 bytes and a tracked object for the collector,
    for every event a server holds: ``event`` and ``number`` share one each. ``Event`` is
    frozen, so pydantic never adds to a shared set; ``model_copy`` copies it first."""
    from pydantic import ValidationError

    a, b = events.event("A"), events.event("B", x=1)
    assert a.__pydantic_fields_set__ is b.__pydantic_fields_set__
    na, nb = ruleset.number(a, 4, 0, 1), ruleset.number(b, 4, 1, 1)
    assert na.__pydantic_fields_set__ is nb.__pydantic_fields_set__
    assert na.model_fields_set == {"type", "data", "audience", "type_public", "seq", "actor"}
    with pytest.raises(ValidationError):
        na.seq = 9  # type: ignore[misc]
    copied = na.model_copy(update={"v": 2})
    assert "v" in copied.model_fields_set and "v" not in nb.model_fields_set
    assert a.model_fields_set == {"type", "data", "audience", "type_public"}
