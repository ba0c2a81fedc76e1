"""The turn's Mover kept across seqs (``docs/performance.md``, The levers): ``Mover.for_turn``
gives the
Mover it made last for the same state object when everything that Mover is made of and
reads is as it was (``movement._made_of``), else a new one.

The state is changed in place (``decide`` works on it, ``evolve`` edits its lists), so the
memo is checked on content: a Hypothesis property over random play of both editions with
and without the optional rules (take-backs and whole-path moves included) compares, at every
seq of a turn, the Mover the memo gives with one made afresh, and the legal commands and
reachable destinations (5, 6, 8) with those made once the memo is emptied; a unit test
changes each input of a Mover in place and checks that a new Mover shows it.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Pending
from engine.venus import movement
from engine.venus.board import load_board
from engine.venus.legal import legal_actions
from engine.venus.movement import Mover
from engine.venus.reach import reachable_dicts
from engine.venus.state import Marker, QBox, VenusState, clone_state

from .movekit import play_random
from .test_movement_reference import OPTIONAL, _moving_state

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# every attribute a Mover is made with (the caches ``_markers``/``_facts``/``_raw``, the
# lazily kept dice set and the last answers aside: they follow from these)
_MADE = [n for n in Mover.__slots__
          if n not in ("_markers", "_facts", "_raw", "_headings", "_dice_set", "_last_steps")]


def _made(m: Mover) -> dict[str, object]:
    return {n: getattr(m, n) for n in _MADE}


def _fresh(state: VenusState) -> Mover:
    assert state.turn is not None
    return Mover.made_for_turn(load_board(state.edition), state, state.turn)


def _kept(state: VenusState) -> Mover:
    assert state.turn is not None
    return Mover.for_turn(load_board(state.edition), state, state.turn)


def _answers(state: VenusState, seat: int) -> tuple[list[dict[str, Any]], list[Any]]:
    return ([c.model_dump(mode="json") for c in legal_actions(state, seat)],
            reachable_dicts(state))


def _play(edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> int:
    reused = 0
    earlier: dict[int, Mover] = {}

    def check(state: VenusState, pending: Pending | None) -> None:
        nonlocal reused
        turn = state.turn
        if pending is None or turn is None or state.stage != "playing":
            return
        kept = _kept(state)
        fresh = _fresh(state)
        assert kept.state is state
        assert _made(kept) == _made(fresh)
        assert kept._terrain_key() == fresh._terrain_key()
        reused += kept is earlier.get(turn.seat)
        earlier[turn.seat] = kept
        seat = pending.seats[0]
        with_memo = _answers(state, seat)
        kept_movers = dict(movement._TURN_MOVERS)
        movement._TURN_MOVERS.clear()
        assert with_memo == _answers(state, seat)
        movement._TURN_MOVERS.update(kept_movers)  # the next seq may take it again

    play_random(edition, OPTIONAL[edition] if optional else None, seats, seed, picks, check)
    return reused


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=300))
def test_the_kept_mover_equals_a_fresh_one_and_answers_alike_at_every_seq(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    _play(edition, optional, seats, seed, picks)


def test_the_mover_is_kept_across_seqs_of_both_editions() -> None:
    """5.1: a step changes the position only, so the next seq's Mover is the same object."""
    for edition in sorted(OPTIONAL):
        assert _play(edition, True, 4, 11, list(range(1, 400, 3))) > 10


def _face_up(state: VenusState) -> None:
    dot, box = next((d, b) for d, b in state.qboxes.items()
                    if not b.face_up and b.marker is not None)
    state.qboxes[dot] = QBox(marker=box.marker, face_up=True)  # 6.1, in the same dict


def _changes(state: VenusState) -> dict[str, Callable[[], None]]:
    turn, player = state.turn, state.players[state.turn.seat] if state.turn else None
    assert turn is not None and player is not None
    dot = player.dot
    return {
        "dice (5.2, 8.44)": lambda: turn.dice.__setitem__(0, 7 - turn.dice[0]),
        "heading (5.31)": lambda: setattr(turn, "heading", dot),
        "drives off (8.23)": lambda: turn.drives_off.append("yellow_drive"),
        "gate lock (8.47)": lambda: setattr(turn, "gate_lock", not turn.gate_lock),
        "equipment (8.2)": lambda: player.equipment.append("combined_drive"),
        "damage (15.432)": lambda: player.damaged.append("shield"),
        "relics (8.4)": lambda: player.relics.append("air_foil"),
        "a box revealed (6.1)": lambda: _face_up(state),
        "a Fort (15.13)": lambda: state.forts.__setitem__(dot, (turn.seat + 1) % 4),
        "the Rastur (16.3)": lambda: state.rastur.__setitem__(dot, 3),
        "a Spaceport (12.2)": lambda: state.spaceports.__setitem__(dot, turn.seat),
        "another seat's turn (4.4)": lambda: setattr(turn, "seat", (turn.seat + 1) % 4),
    }


def test_a_mover_input_changed_in_place_gives_a_new_mover() -> None:
    """The memo is on content: the same state object changed in place (as ``evolve`` does)
    gets a Mover made of what it holds now."""
    names = list(_changes(_moving_state()))
    for name in names:
        state = _moving_state()
        before = _kept(state)
        assert _kept(state) is before, "unchanged: the same Mover"
        _changes(state)[name]()
        after = _kept(state)
        fresh = _fresh(state)
        assert after is not before, name
        assert _made(after) == _made(fresh), name
        assert after._terrain_key() == fresh._terrain_key(), name


def test_the_last_answers_are_kept_per_position_and_given_as_copies() -> None:
    """5.1, 5.31: the steps and headings of a position are asked by the legal commands, the
    reachable query and ``decide`` in turn; each gets its own list or set, and another
    position (a step further, 5.32 paths used) gets its own answer."""
    state = _moving_state()
    mover = _kept(state)
    assert state.turn is not None
    pos = movement.position_of(state.turn, state.players[state.turn.seat])
    steps = mover.steps(pos)
    assert steps and mover.steps(pos) == steps and mover.steps(pos) is not steps
    steps.clear()  # a caller's list is its own
    again = mover.steps(pos)
    assert again == Mover.made_for_turn(load_board(state.edition), state, state.turn).steps(pos)
    step = again[0]
    moved = replace(pos, dot=step.to, mp=pos.mp - step.mp, used=pos.used | step.edge_set,
                    moves=pos.moves + 1)
    fresh = Mover.made_for_turn(load_board(state.edition), state, state.turn)
    assert mover.steps(moved) == fresh.steps(moved)
    assert mover.steps(pos) == fresh.steps(pos)
    headings = mover.headings(pos)
    headings.add("nowhere")
    assert mover.headings(pos) == fresh.headings(pos) and "nowhere" not in mover.headings(pos)
    assert mover.headings(moved) == fresh.headings(moved)


def test_the_memo_keeps_no_state_alive() -> None:
    """A server forgets finished games: the Movers kept for them must not hold their states
    (a whole game each), nor answer for a new state that took a dead one's id."""
    state = clone_state(_moving_state())
    mover = _kept(state)
    assert mover.state is state
    gone = weakref.ref(state)
    del state, mover
    gc.collect()
    assert gone() is None
    other = clone_state(_moving_state())
    assert _kept(other).state is other


def test_a_boxes_dict_is_checked_against_a_copy_of_it() -> None:
    """6.1: the map last read from a boxes dict stands while the dict equals its copy (a box
    replaced by an equal one, as a take-back's replay makes, shows the same map); a box
    revealed, taken or added shows a new one."""
    qboxes = {"a": QBox(marker=Marker(kind="telegate", number=3)),
              "b": QBox(marker=Marker(kind="relic", relic="shield"))}
    first = movement._map_of(qboxes)
    qboxes["a"] = QBox(marker=Marker(kind="telegate", number=3))
    assert movement._map_of(qboxes) is first
    qboxes["b"] = QBox(marker=Marker(kind="relic", relic="shield"), face_up=True)
    revealed = movement._map_of(qboxes)
    assert revealed.boxes != first.boxes
    qboxes["c"] = QBox()
    assert movement._map_of(qboxes).boxes != revealed.boxes
