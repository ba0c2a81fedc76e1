"""Venus decides on the live state, not a copy (``DecidesInPlace``; ``docs/performance.md``, The
levers).

``Game.decide`` applies a command's events to the live state as its rules write them;
``Game.append`` of those events only logs them; a refusal after some of them rebuilds the
state from the log. Over random play (both editions, optional rules and take-backs on), for
every command tried, legal or not:

- an accepted command gives the events the plain ``decide`` gives, and the state after
  ``decide`` + ``append`` equals the fold of the whole log (what a replay, a snapshot reload
  or a restart after SIGKILL rebuilds): a state of the test's own, folded from the opening
  one command's events at a time (the very steps ``fold`` takes, without taking the whole log
  again at each command), and at the end of each game the fold of its log from scratch;
- the state stays the same object (a server or bot holds ``game.state`` across commands);
- a refused command leaves the state as it was (``dump_state``) and no draft behind.

Illegal commands come from earlier positions of the same game (stale commands, most of
them refused now) and from seats the game does not wait for.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Command, Game, NotYourTurn, Randomness, RuleError, fold
from engine.kernel.errors import BadCommand, GameOver
from engine.kernel.ruleset import number
from engine.venus import fast_play
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState

REFUSALS = (RuleError, NotYourTurn, BadCommand, GameOver)
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


def _plain_events(game: Game[VenusState], actor: int, command: Command) -> list[object] | None:
    """What the plain ``decide`` (on a copy) gives, numbered as ``Game`` numbers; None when
    it refuses (or the game does not wait for ``actor``)."""
    pending = ruleset.pending(game.state)
    if pending is None or not pending.admits(actor):
        return None
    try:
        made = ruleset.decide(game.state, actor, command, Randomness(game.seed, game.seq + 1))
    except REFUSALS:
        return None
    return [number(ev, game.seq, i, actor).model_dump() for i, ev in enumerate(made)]


def _try(game: Game[VenusState], actor: int, command: Command, folded: VenusState) -> bool:
    """Decide and append ``command``; check the properties above, ``folded`` the fold of the
    log so far (a state of the test's own, taken one command further when accepted). True
    when accepted."""
    before, held = ruleset.dump_state(game.state), game.state
    plain = _plain_events(game, actor, command)
    assert ruleset.dump_state(game.state) == before  # the plain decide touches nothing
    try:
        events = game.decide(actor, command)
    except REFUSALS:
        assert plain is None, f"{command} refused, accepted by the plain decide"
        assert ruleset.dump_state(game.state) == before, command
        assert game.state is held and game._ahead is None
        return False
    assert [ev.model_dump() for ev in events] == plain
    game.append(events)
    assert game.state is held  # a caller holding ``game.state`` sees the new state
    for ev in events:  # the log's fold, one command further (``fold``'s own step)
        ruleset.apply(folded, ev)
    assert ruleset.dump_state(game.state) == ruleset.dump_state(folded)
    return True


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       edition=st.sampled_from(EDITIONS), optional=st.booleans(),
       steps=st.integers(20, 300))
def test_draft_state_equals_the_fold_and_refusals_change_nothing(
        seed: int, players: int, edition: str, optional: bool, steps: int) -> None:
    game = _start(seed, players, edition, optional)
    folded = fold(ruleset, game.events)  # not the game's own object
    assert folded is not game.state
    pick = random.Random(seed)
    seen: list[tuple[int, Command]] = []
    for _ in range(steps):
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        if seen and pick.random() < 0.3:  # a stale command, or one by a seat not asked
            actor, command = pick.choice(seen)
            _try(game, pick.randrange(players) if pick.random() < 0.3 else actor, command,
                 folded)
            continue
        actor = pending.seats[0]
        actions = list(ruleset.legal_actions(game.state, actor))
        command = pick.choice(actions)
        seen.append((actor, command))
        assert _try(game, actor, command, folded), f"legal {command} refused"
    # the whole log folded from scratch: no event changed since it was logged
    assert ruleset.dump_state(game.state) == ruleset.dump_state(fold(ruleset, game.events))


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
    pending = ruleset.pending(game.state)
    assert pending is not None
    actor = pending.seats[0]
    command = next(iter(ruleset.legal_actions(game.state, actor)))
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
    from engine.venus import rules

    game = _start(11, 2, "avalon-hill", optional=False)
    pending = ruleset.pending(game.state)
    assert pending is not None
    actor = pending.seats[0]
    command = next(iter(ruleset.legal_actions(game.state, actor)))
    before, held = ruleset.dump_state(game.state), game.state

    def refuse_late(d: rules.Decision) -> None:
        assert d.events, "the handler wrote no event before the check"
        raise RuleError("13.3 the Bank", "refused after the first event")

    monkeypatch.setattr(rules, "check_bank", refuse_late)
    with pytest.raises(RuleError, match="refused after the first event"):
        game.decide(actor, command)
    assert game.state is held
    assert ruleset.dump_state(game.state) == before
    monkeypatch.undo()
    game.play(actor, command)
    assert game.state == fold(ruleset, game.events)
