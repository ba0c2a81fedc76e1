"""The acting seat's view, made cheaper, equals the one made from scratch at every seq
(issue 14).

``engine.venus.view.qboxes_view`` reuses the "?" boxes' public part across seqs and games,
keyed by the box objects (``QBox`` is frozen and replaced on every change, 6.1, 6.11,
15.42). Random legal play (with reachable ``MoveAlong`` paths and take-backs), both
editions, with and without the optional rules: at every seq the cached part and the whole
public view equal those made without the cache, and no face-down marker shows (4.11); in a
move (5, 6) the server's reachable destinations (``reachable_dicts``) are the query's own.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Game
from engine.venus import view as views
from engine.venus.commands import MoveAlong
from engine.venus.reach import reachable, reachable_dicts
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

OPTIONAL = {
    "avalon-hill": {"combat": True, "rastur": True, "small_bank": True},
    "classic-2012": {"fast_play": True, "small_bank": True},
}


def _from_scratch(state: VenusState) -> dict[str, Any]:
    """The public view with the boxes' part made anew (the cache bypassed)."""
    saved = dict(views._QBOXES)
    views._QBOXES.clear()
    try:
        return views.public_view(state)
    finally:
        views._QBOXES.clear()
        views._QBOXES.update(saved)


def _check(state: VenusState) -> None:
    cached = views.public_view(state)
    assert cached["qboxes"] == views.read_qboxes(state.qboxes)
    assert cached == _from_scratch(state)
    for dot, shown in cached["qboxes"].items():
        if not state.qboxes[dot].face_up:
            assert shown == {"kind": "hidden"}, f"4.11: face-down {dot} shows {shown}"
    if state.turn is not None and state.turn.phase == "move":
        assert reachable_dicts(state) == [d.as_dict() for d in reachable(state)]


def _play(edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> int:
    options: dict[str, Any] = {"edition": edition, "game_length": 4000}
    if optional:
        options.update(OPTIONAL[edition])
    game: Game[VenusState] = Game.start(ruleset, options, [f"p{i}" for i in range(seats)],
                                        seed=seed)
    checked = 0
    for pick in picks:
        _check(game.state)
        checked += 1
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        actor = pending.seats[0]
        actions = [a for a in ruleset.legal_actions(game.state, actor)
                   if a.type != "TakeBack" or pick % 7 == 0]
        command = actions[pick % len(actions)]
        if pending.prompt == "move" and pick % 4 == 1:
            found = reachable(game.state)
            if found:
                d = found[pick % len(found)]
                command = MoveAlong(path=list(d.path), pilot=d.pilot)
        game.play(actor, command)
    return checked


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=400))
def test_cached_public_view_equals_the_one_from_scratch(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    assert _play(edition, optional, seats, seed, picks) >= 1


def test_a_replaced_box_is_read_anew() -> None:
    """6.1: revealing a marker replaces its box; the view shows the new face, not the
    cached one of the old box."""
    game: Game[VenusState] = Game.start(ruleset, {"edition": "avalon-hill"}, ["a", "b"],
                                        seed=3)
    state = game.state
    before = views.public_view(state)["qboxes"]
    dot, box = next((d, b) for d, b in state.qboxes.items() if not b.face_up and b.marker)
    assert before[dot] == {"kind": "hidden"}
    state.qboxes[dot] = box.model_copy(update={"face_up": True})
    after = views.public_view(state)["qboxes"]
    assert box.marker is not None
    assert after[dot] == box.marker.model_dump(exclude_none=True)
    assert after == views.read_qboxes(state.qboxes)
