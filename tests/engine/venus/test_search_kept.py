"""The reachable search kept across the seqs of a move (issue 14, tenth round).

``reach._search`` keeps what it learnt on the turn's Mover (``reach.SearchLog``) and answers
the next seq's question (a step later, from a state it visited) from the window of its log
below that state, when no pruning check there met a state entered elsewhere. Random legal
play (whole-path moves and take-backs now and then), both editions, with and without the
optional rules, 2-4 seats: at every seq of a move the destinations given (from the log or
searched) equal those of a fresh search on a new Mover and those of the reference copy of
the search before the sixth round (``test_movement_reference``), and the legal commands
equal those of a fresh copy of the state.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Pending
from engine.venus import movement, reach
from engine.venus.board import load_board
from engine.venus.legal import legal_actions
from engine.venus.movement import Mover
from engine.venus.reach import reachable, reachable_dicts
from engine.venus.state import VenusState, clone_state

from .movekit import play_random
from .test_movement_reference import OPTIONAL, _old_reachable

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _mover(state: VenusState) -> Mover:
    assert state.turn is not None
    return Mover.for_turn(load_board(state.edition), state, state.turn)


def _fresh_dicts(state: VenusState) -> list[dict[str, Any]]:
    """The search made on a new Mover (no log, the memo of Movers emptied, then restored)."""
    kept = dict(movement._TURN_MOVERS)
    movement._TURN_MOVERS.clear()
    try:
        assert _mover(state).search_log is None
        return reachable_dicts(state)
    finally:
        movement._TURN_MOVERS.clear()
        movement._TURN_MOVERS.update(kept)


def _legal(state: VenusState, seat: int) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in legal_actions(state, seat)]


def _play(edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> int:
    """Random play checked at every seq; how many searches the log answered."""
    answered = 0

    def check(state: VenusState, pending: Pending | None) -> None:
        nonlocal answered
        turn = state.turn
        if pending is None or turn is None or state.stage != "playing" or turn.phase != "move":
            return
        log = _mover(state).search_log
        given = reachable_dicts(state)
        after = _mover(state).search_log
        answered += log is not None and after is log  # not searched again
        assert given == _fresh_dicts(state)
        assert given == _old_reachable(state)
        assert [d.as_dict() for d in reachable(state)] == given  # the log asked again
        seat = pending.seats[0]
        assert _legal(state, seat) == _legal(clone_state(state), seat)

    play_random(edition, OPTIONAL[edition] if optional else None, seats, seed, picks, check)
    return answered


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=300))
def test_the_kept_search_answers_as_a_fresh_one_at_every_seq(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    _play(edition, optional, seats, seed, picks)


def test_the_log_answers_most_steps_of_a_move_in_both_editions() -> None:
    for edition in sorted(OPTIONAL):
        for optional in (False, True):
            answered = sum(_play(edition, optional, seats, seed, list(range(seed, 600, 3)))
                           for seats, seed in ((2, 1), (3, 5), (4, 7)))
            assert answered > 10, (edition, optional, answered)


def test_a_check_that_met_an_older_state_sends_the_search_afresh() -> None:
    """Without the window's check on older states the kept answer would be wrong somewhere:
    the check matters (a mutation of it fails the property above on these games)."""
    wrong = 0
    real = reach.SearchLog.answer

    def unchecked(self: reach.SearchLog, start: Any, cash: int, make: Any) -> Any:
        met = self.met
        self.met = [len(self.nodes)] * len(met)  # checks that never fire
        try:
            found = real(self, start, cash, make)
        finally:
            self.met = met
        return found

    def check(state: VenusState, pending: Pending | None) -> None:
        nonlocal wrong
        turn = state.turn
        if pending is None or turn is None or state.stage != "playing" or turn.phase != "move":
            return
        wrong += reachable_dicts(state) != _fresh_dicts(state)

    reach.SearchLog.answer = unchecked  # type: ignore[method-assign]
    try:  # a game where a step's subtree met a state entered before it (found by search)
        seed = 11
        play_random("classic-2012", OPTIONAL["classic-2012"], 2 + seed % 3, seed,
                    [(seed * 7919 + i * 104729) % 1000003 for i in range(400)], check)
    finally:
        reach.SearchLog.answer = real  # type: ignore[method-assign]
    assert wrong > 0
    assert _play("classic-2012", True, 2 + seed % 3, seed,  # and with the check: right
                 [(seed * 7919 + i * 104729) % 1000003 for i in range(400)]) > 10
