"""The acting seat's view, made cheaper, equals the one made from scratch at every seq
(``docs/performance.md``, The levers).

Random legal play (with reachable ``MoveAlong`` paths and take-backs), both editions, with
and without the optional rules. At every seq: the server's reachable destinations
(``reachable_dicts``, 5, 6) are the query's own; the public view's "?" boxes (``HIDDEN`` and
``EMPTY`` shared between boxes, seats and seqs) show a face-down box as hidden (4.11), an
empty one as empty and a face-up marker as itself (6.1), and the shared dicts stay unchanged
through the game and its views.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Pending
from engine.venus import view as views
from engine.venus.reach import reachable, reachable_dicts
from engine.venus.state import VenusState

from .movekit import play_random

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

OPTIONAL = {
    "avalon-hill": {"combat": True, "rastur": True, "small_bank": True},
    "classic-2012": {"fast_play": True, "small_bank": True},
}


def _check(state: VenusState) -> None:
    shown = views.public_view(state)["qboxes"]
    assert list(shown) == sorted(state.qboxes)
    for dot, box in state.qboxes.items():
        if not box.face_up:
            assert shown[dot] == {"kind": "hidden"}, f"4.11: face-down {dot} shows {shown[dot]}"
        elif box.marker is None:
            assert shown[dot] == {"kind": "empty"}
        else:
            assert shown[dot] == box.marker.model_dump(exclude_none=True)
    if state.turn is not None and state.turn.phase == "move":
        assert reachable_dicts(state) == [d.as_dict() for d in reachable(state)]


def _play(edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> int:
    checked = 0

    def check(state: VenusState, pending: Pending | None) -> None:
        nonlocal checked
        _check(state)
        checked += 1

    play_random(edition, OPTIONAL[edition] if optional else None, seats, seed, picks, check)
    return checked


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=400))
def test_boxes_and_reachable_dicts_equal_their_plain_forms_at_every_seq(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    assert _play(edition, optional, seats, seed, picks) >= 1
    assert views.HIDDEN == {"kind": "hidden"} and views.EMPTY == {"kind": "empty"}
