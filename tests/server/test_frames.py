"""What a push carries (``server/frames.py``; ``docs/performance.md``, The levers): the same JSON
the pydantic models
wrote before, each message made once -- an ``events`` message per audience, a view per link
kind and committed seq, the acting seat's legal commands and extras once per seq."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import orjson
import pytest

from engine.kernel import SPECTATOR, Event, Game
from engine.kernel.events import only
from engine.kernel.ruleset import SharedViews
from server import frames as fr
from server.entries import Entry
from server.rulesets import hosted
from server.schemas import PendingOut, ViewOut

FIDDLING = {"SetDrives", "UseGateLock"}
STARTS = {"venus": {"edition": "avalon-hill"}, "star-traders": {}, "venus-standard": {}}


def entry_of(ruleset_id: str, seed: str) -> Entry:
    h = hosted(ruleset_id)
    game = Game.start(h.ruleset, STARTS[ruleset_id], ["Ann", "Bob", "Cy", "Di"], seed)
    return Entry(seed, h, game, "playing", set(), None, 0, committed=game.seq)


def acting_seat(entry: Entry) -> int:
    """The seat the game waits for; a test that asks knows the game is not over."""
    pending = entry.hosted.ruleset.pending(entry.game.state)
    assert pending is not None, "the game is over: nobody is asked"
    return pending.seats[0]


def step(entry: Entry, rng: random.Random) -> bool:
    """One random legal command of the seat the game waits for; False when it is over."""
    rules = entry.hosted.ruleset
    p = rules.pending(entry.game.state)
    if p is None:
        return False
    seat = p.seats[0]
    legal = [c for c in rules.legal_actions(entry.game.state, seat)
             if c.type not in FIDDLING] or list(rules.legal_actions(entry.game.state, seat))
    entry.game.append(entry.game.decide(seat, rng.choice(legal)))
    entry.committed = entry.game.seq
    return True


def reference(entry: Entry, viewer: int, role: str) -> dict[str, Any]:
    """The view as the server built it before (``ViewOut``, pydantic's serializer)."""
    rules = entry.hosted.ruleset
    state = entry.game.state
    p = rules.pending(state)
    acting = p is not None and viewer in p.seats and not entry.finished
    anytime = p is not None and viewer >= 0 and p.admits(viewer) and not entry.finished
    out = ViewOut(
        seq=entry.seq, viewer=viewer, role=role, status=entry.status,
        view=rules.view(state, viewer),
        pending=PendingOut(seats=list(p.seats), prompt=p.prompt,
                           detail=p.detail if acting else None) if p else None,
        legal=[c.model_dump(mode="json") for c in rules.legal_actions(state, viewer)]
        if acting or anytime else [],  # Star Traders' seats may act at any time (cards, deals)
        extras=entry.hosted.extras(state, viewer) if acting else {},
        countdown=entry.countdown(),
    )
    return dict(json.loads(out.model_dump_json()))


@pytest.mark.parametrize("ruleset_id", ["venus", "star-traders", "venus-standard"])
def test_the_pushed_view_is_the_json_the_models_wrote(ruleset_id: str) -> None:
    """Every link kind, along a game of random legal commands: the same document."""
    entry = entry_of(ruleset_id, f"push-{ruleset_id}")
    rng = random.Random(7)
    links = [(s, "seat") for s in range(4)] + [(SPECTATOR, "spectator"), (SPECTATOR, "host")]
    for _ in range(60):
        for viewer, role in links:
            made = fr.view_message(entry, viewer, role)
            doc = orjson.loads(made)
            assert doc.pop("type") == "view"
            assert doc == reference(entry, viewer, role)
            assert orjson.loads(fr.view_json(entry, viewer, role)) == doc
        if not step(entry, rng):
            break


def test_a_view_is_made_once_per_link_kind_and_seq(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two sockets of one seat, or many spectators, share one view; the public part of the
    views is made once for every link; the next seq makes new ones; the acting seat's
    extras (its reachable destinations) are made once."""
    entry = entry_of("venus", "push-once")
    rules = entry.hosted.ruleset
    assert isinstance(rules, SharedViews)  # the classic ruleset shares its views
    publics: list[int] = []
    seats: list[int] = []
    extras: list[int] = []
    real_public, real_seat, real_extras = rules.public_view, rules.seat_view, entry.hosted.extras

    def counting_public(state: Any, prompt: Any = ..., kept: Any = None) -> dict[str, Any]:
        publics.append(1)
        return real_public(state, prompt, kept)

    def counting_seat(state: Any, public: dict[str, Any], viewer: int) -> dict[str, Any]:
        seats.append(viewer)
        return real_seat(state, public, viewer)

    def counting_extras(state: Any, seat: int) -> dict[str, Any]:
        extras.append(seat)
        return real_extras(state, seat)

    monkeypatch.setattr(rules, "public_view", counting_public)
    monkeypatch.setattr(rules, "seat_view", counting_seat)
    entry.hosted = dataclasses.replace(entry.hosted, extras=counting_extras)
    acting = acting_seat(entry)
    first = [fr.view_message(entry, acting, "seat") for _ in range(3)]
    spectators = [fr.view_message(entry, SPECTATOR, "spectator") for _ in range(5)]
    others = [fr.view_message(entry, s, "seat") for s in range(4) if s != acting]
    assert first[0] is first[1] is first[2] and spectators[0] is spectators[4]
    assert len(set(others)) == 3
    assert publics == [1] and sorted(seats) == sorted([0, 1, 2, 3, SPECTATOR])
    fr.view_json(entry, acting, "seat")  # GET /view of the same link kind: the same
    assert len(seats) == 5 and extras == [acting]
    step(entry, random.Random(1))
    fr.view_message(entry, SPECTATOR, "spectator")
    assert publics == [1, 1]


def test_the_links_that_see_a_seq_alike_share_one_view_message_written_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seats not acting and knowing nothing of their own (7.2, 8.45) see the public view:
    their messages, whole or without the parts a socket holds, are one serialization with
    each link's ``viewer``; a seat that observed a culture gets its own."""
    entry = entry_of("venus", "push-alike")
    rng = random.Random(5)
    for _ in range(6):
        step(entry, rng)
    state = entry.game.state
    acting = acting_seat(entry)
    others = [s for s in range(4) if s != acting]
    assert not any(state.players[s].observed or state.players[s].spied for s in others)
    written: list[int] = []
    real = fr.dumpb

    def counting(msg: Any) -> bytes:  # a view message, or what links alike share of one
        if isinstance(msg, dict) and "role" in msg:
            written.append(1)
        return real(msg)

    monkeypatch.setattr(fr, "dumpb", counting)
    fr.view_bytes(entry, acting, "seat")
    assert len(written) == 1
    whole = [fr.view_bytes(entry, s, "seat") for s in others]
    held = fr.frames_of(entry).parts
    assert held
    delta = [fr.view_bytes(entry, s, "seat", held) for s in others]
    assert len(written) == 3  # one for the acting seat, one for the others' whole, one delta
    for viewer, data in zip(others * 2, whole + delta, strict=True):
        doc = orjson.loads(data)
        assert doc["viewer"] == viewer and doc["legal"] == [] and doc["extras"] == {}
        assert "observed" not in doc["view"]["players"][viewer]
        doc.pop("same", None)
        for part in fr.frames_of(entry).same.get(held, ()) if data in delta else ():
            doc["view"][part] = reference(entry, viewer, "seat")["view"][part]
        assert dict(doc, type=None) == dict(reference(entry, viewer, "seat"), type=None)
    system = next(s for s in state.iou_at if s not in state.discovered)
    state.players[others[0]].observed = {system: state.iou_at[system]}  # 7.2: seen alone
    step(entry, rng)
    mine = orjson.loads(fr.view_bytes(entry, others[0], "seat"))
    assert mine["view"]["players"][others[0]]["observed"] == {system: state.iou_at[system]}
    assert mine == dict(reference(entry, others[0], "seat"), type="view")


def test_what_the_views_were_made_of_is_freed_once_every_seat_has_its_view() -> None:
    """The public view and the acting seat's legal commands and extras live only until the
    last seat's view of the seq is written; a view asked later is made again, the same."""
    entry = entry_of("venus", "push-free")
    rng = random.Random(3)
    for _ in range(40):  # a few seqs, some of them of a seat moving (its extras)
        acting = acting_seat(entry)
        fr.view_message(entry, acting, "seat")
        frames = fr.frames_of(entry)
        assert frames.public is not None and acting in frames.acting
        for seat in range(4):
            fr.view_message(entry, seat, "seat")
        assert frames.public is None and frames.acting == {}
        for viewer, role in [(SPECTATOR, "host"), (acting, "host")]:  # made again, the same
            doc = orjson.loads(fr.view_message(entry, viewer, role))
            assert doc.pop("type") == "view" and doc == reference(entry, viewer, role)
        if not step(entry, rng):
            break


@pytest.mark.parametrize("ruleset_id", ["venus"])
def test_shared_views_are_the_views(ruleset_id: str) -> None:
    """A ruleset's ``public_view`` plus ``seat_view`` is its ``view``, for every viewer, and
    a seat's additions never leak into the shared public part (3.2 disclosure)."""
    entry = entry_of(ruleset_id, f"shared-{ruleset_id}")
    rules = entry.hosted.ruleset
    assert isinstance(rules, SharedViews)
    rng = random.Random(3)
    for _ in range(150):
        state = entry.game.state
        public = rules.public_view(state)
        before = json.dumps(public, sort_keys=True, default=str)
        for viewer in (0, 1, 2, 3, SPECTATOR):
            assert rules.seat_view(state, public, viewer) == rules.view(state, viewer)
        assert json.dumps(public, sort_keys=True, default=str) == before
        assert public == rules.view(state, SPECTATOR)
        if not step(entry, rng):
            break


def test_a_status_change_at_the_same_seq_makes_new_views() -> None:
    """A host ending the game moves no seq, but the views say so (and nobody may act)."""
    entry = entry_of("venus", "push-status")
    acting = acting_seat(entry)
    before = orjson.loads(fr.view_json(entry, acting, "seat"))
    assert before["status"] == "playing" and before["legal"]
    entry.status = "abandoned"
    after = orjson.loads(fr.view_json(entry, acting, "seat"))
    assert after["status"] == "abandoned" and after["legal"] == []


def test_events_are_redacted_and_written_once_per_audience() -> None:
    """Public events: one string for every seat and the spectators; an event only seat 1 may
    read: seat 1 gets its payload, the others its seq (and type) only."""
    frames = fr.Frames(2, "playing", None)
    public = [Event(seq=1, type="Rolled", data={"die": 4}),
              Event(seq=2, type="Moved", data={"to": "a"})]
    texts = {v: fr.events_message(frames, public, v) for v in (0, 1, 2, 3, SPECTATOR)}
    assert len({id(t) for t in texts.values()}) == 1
    assert orjson.loads(texts[0])["events"] == [ev.redacted_for(0) for ev in public]
    secret = [*public[:1], Event(seq=2, type="Peeked", data={"marker": "x"}, audience=only(1),
                                 type_public=False)]
    frames = fr.Frames(2, "playing", None)
    mine = orjson.loads(fr.events_message(frames, secret, 1))["events"]
    theirs = [fr.events_message(frames, secret, v) for v in (0, 2, SPECTATOR)]
    assert mine[1]["data"] == {"marker": "x"}
    assert orjson.loads(theirs[0])["events"][1] == {"seq": 2, "redacted": True}
    assert theirs[0] is theirs[1] is theirs[2]


def test_a_push_begins_with_the_events_message_encoded_once_per_audience() -> None:
    """``events_head``: the ``events`` message's bytes without the closing brace (a push
    writes the view and the ack after them), shared like the message itself; ``public``
    says when one head serves every viewer."""
    public = [Event(seq=1, type="Rolled", data={"die": 4}),
              Event(seq=2, type="Moved", data={"to": "a"})]
    secret = [*public[:1], Event(seq=2, type="Peeked", data={"marker": "x"}, audience=only(1),
                                 type_public=False)]
    assert fr.public(public) and not fr.public(secret)
    for events in (public, secret):
        frames = fr.Frames(2, "playing", None)
        heads = {v: fr.events_head(frames, events, v) for v in (0, 1, 2, SPECTATOR)}
        for v, head in heads.items():
            assert head + b"}" == fr.events_message(frames, events, v).encode()
        assert heads[0] is heads[2] is heads[SPECTATOR]
    many = [Event(seq=i, type="Rolled", data={"die": i}) for i in range(1, fr.SHARED_EVENTS + 2)]
    frames = fr.Frames(len(many), "playing", None)
    assert fr.events_head(frames, many, 0) + b"}" == fr.events_message(frames, many, 0).encode()
    assert not frames.heads  # a catch-up is one socket's own


def test_dumps_writes_what_json_would() -> None:
    """Int keys as strings, sets sorted, pydantic models dumped: as the old path did."""
    doc = {"a": {1: "x"}, "s": {3, 1}, "aud": only(2), "t": (1, 2)}
    assert json.loads(fr.dumps(doc)) == {"a": {"1": "x"}, "s": [1, 3],
                                           "aud": {"kind": "seats", "seats": [2]},
                                           "t": [1, 2]}
    plain = {"a": {"x": 1}, "s": {3, 1}, "t": (1, 2)}  # str keys only: the faster path
    assert fr.dumps(plain) == '{"a":{"x":1},"s":[1,3],"t":[1,2]}'
    assert fr.dumps({**plain, "n": {1: 2}}) == '{"a":{"x":1},"s":[1,3],"t":[1,2],"n":{"1":2}}'
    with pytest.raises(TypeError):  # what neither path can write is still an error
        fr.dumps({"o": object()})


def test_only_the_games_moved_last_keep_their_messages() -> None:
    """Memory: the frames of at most ``KEEP`` games are kept; an idle game's go."""
    entries = [entry_of("venus", f"keep-{i}") for i in range(fr.KEEP + 3)]
    for entry in entries:
        fr.view_message(entry, SPECTATOR, "spectator")
    assert all(e.frames is None for e in entries[:3])
    assert all(e.frames is not None for e in entries[3:])
    again = fr.view_message(entries[0], SPECTATOR, "spectator")  # made again on demand
    assert orjson.loads(again)["seq"] == entries[0].seq
