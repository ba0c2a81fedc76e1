"""Venus decides on the live state, not a copy (the kernel's ``DecidesInPlace``;
``docs/performance.md``, The levers): the property of ``tests/engine/in_place.py`` over random
play of both editions, optional rules and take-backs on; and the log, not the last decide,
is what an append of other events folds.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Game, RuleError, fold
from engine.venus import fast_play, rules
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState
from tests.engine.in_place import REFUSED_LATE, first_command, random_play, refused_half_way

EDITIONS = ["avalon-hill", "classic-2012"]


def _start(seed: int, players: int, edition: str, optional: bool) -> Game[VenusState]:
    """``optional``: the 1988 edition's combat and Rastur (15, 16), the 2012 fast play
    variant; with a small Bank (13.3) so that games end."""
    options: dict[str, object] = {"edition": edition, "takebacks": True}
    if optional and edition == "avalon-hill":
        options.update(combat=True, rastur=True, small_bank=True)
    elif optional:
        options.update({fast_play.OPTION: True, "small_bank": True})
    return Game.start(ruleset, options, [f"p{i}" for i in range(players)], seed=seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       edition=st.sampled_from(EDITIONS), optional=st.booleans(),
       steps=st.integers(20, 300))
def test_draft_state_equals_the_fold_and_refusals_change_nothing(
        seed: int, players: int, edition: str, optional: bool, steps: int) -> None:
    random_play(_start(seed, players, edition, optional), seed, players, steps)


def test_events_not_made_by_the_last_decide_are_applied() -> None:
    """Copies of the events (a server reloading them), events after another decide, a
    decide never appended, a snapshot before the append: the state is folded from the log,
    not taken as decided."""
    game = _start(7, 3, "avalon-hill", optional=False)
    for _ in range(30):
        pending = ruleset.pending(game.state)
        assert pending is not None
        actor = pending.seats[0]
        command = next(iter(ruleset.legal_actions(game.state, actor)))
        events = [ev.model_copy() for ev in game.decide(actor, command)]
        game.append(events)
        assert game.state == fold(ruleset, game.events)
    actor, command = first_command(game)
    logged = ruleset.dump_state(game.state)
    first = game.decide(actor, command)
    assert game.snapshot().state == logged  # a snapshot between the two: the logged state
    game.decide(actor, command)
    again = game.decide(actor, command)  # the one before was never appended
    assert [e.model_dump() for e in again] == [e.model_dump() for e in first]
    elsewhere = Game(ruleset, game.seed, list(game.events))
    assert ruleset.dump_state(elsewhere.state) == logged
    elsewhere.append(again)  # the same objects, but this game never decided them
    game.append(list(again))
    assert game.state == elsewhere.state == fold(ruleset, game.events)


def test_a_refusal_half_way_rebuilds_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that refuses after the command's first event was applied (``HalfDone``): the
    live state is rebuilt from the log, the refusal reaches the caller unchanged."""
    game = _start(11, 2, "avalon-hill", optional=False)
    actor, command = first_command(game)

    def refuse_late(d: rules.Decision) -> None:
        assert d.events, "the handler wrote no event before the check"
        raise RuleError("13.3 the Bank", REFUSED_LATE)

    monkeypatch.setattr(rules, "check_bank", refuse_late)
    refused_half_way(game, actor, command, monkeypatch)
