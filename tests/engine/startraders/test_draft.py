"""Star Traders decides on the live state, not a copy (the kernel's ``DecidesInPlace``).

``Game.decide`` applies a command's events to the live state as the rules write them;
``Game.append`` of those events only logs them; a refusal after some of them rebuilds the
state from the log. Over random play (basic and advanced game, Personalities, take-backs on),
for every command tried, legal or not:

- an accepted command gives the events the plain ``decide`` (on a copy) gives, and the state
  after ``decide`` + ``append`` equals the fold of the log (what a replay or a restart
  rebuilds);
- the state stays the same object (a server or bot holds ``game.state`` across commands);
- a refused command leaves the state as it was (``dump_state``).

Illegal commands come from earlier positions of the same game (stale commands, most of them
refused now) and from seats the game does not wait for.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Command, Game, NotYourTurn, Randomness, RuleError, fold
from engine.kernel.errors import BadCommand, GameOver
from engine.kernel.ruleset import number
from engine.startraders import rules
from engine.startraders.ruleset import ruleset
from engine.startraders.state import StarState

REFUSALS = (RuleError, NotYourTurn, BadCommand, GameOver)


def _start(seed: int, players: int, advanced: bool) -> Game[StarState]:
    options = {"advanced": advanced, "takebacks": True, "reaction_timer": 0}
    return Game.start(ruleset, options, [f"p{i}" for i in range(players)], seed=seed)


def _plain_events(game: Game[StarState], actor: int, command: Command) -> list[object] | None:
    """What the plain ``decide`` gives, numbered as ``Game`` numbers; None when refused."""
    pending = ruleset.pending(game.state)
    if pending is None or not pending.admits(actor):
        return None
    try:
        made = ruleset.decide(game.state, actor, command, Randomness(game.seed, game.seq + 1))
    except REFUSALS:
        return None
    return [number(ev, game.seq, i, actor).model_dump() for i, ev in enumerate(made)]


def _try(game: Game[StarState], actor: int, command: Command, folded: StarState) -> bool:
    before, held = ruleset.dump_state(game.state), game.state
    plain = _plain_events(game, actor, command)
    assert ruleset.dump_state(game.state) == before  # the plain decide touches nothing
    try:
        events = game.decide(actor, command)
    except REFUSALS:
        assert plain is None, f"{command} refused, accepted by the plain decide"
        assert ruleset.dump_state(game.state) == before, command
        assert game.state is held
        return False
    assert [ev.model_dump() for ev in events] == plain
    assert game._ahead is not None  # applied to the live state already, not to a copy
    game.append(events)
    assert game.state is held
    for ev in events:
        ruleset.apply(folded, ev)
    assert ruleset.dump_state(game.state) == ruleset.dump_state(folded)
    return True


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), advanced=st.booleans(),
       steps=st.integers(20, 200))
def test_decide_in_place_equals_the_plain_decide_and_the_fold(
        seed: int, players: int, advanced: bool, steps: int) -> None:
    game = _start(seed, players, advanced)
    folded = fold(ruleset, game.events)
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
        actions = [a for a in ruleset.legal_actions(game.state, actor)
                   if a.type != "DropOut"]
        command = pick.choice(actions)
        seen.append((actor, command))
        assert _try(game, actor, command, folded), f"legal {command} refused"
    assert ruleset.dump_state(game.state) == ruleset.dump_state(fold(ruleset, game.events))


def test_a_refusal_half_way_rebuilds_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that refuses after the command's first event was applied (``HalfDone``): the
    live state is rebuilt from the log, the refusal reaches the caller unchanged."""
    game = _start(11, 2, advanced=False)
    pending = ruleset.pending(game.state)
    assert pending is not None
    actor = pending.seats[0]
    command = next(a for a in ruleset.legal_actions(game.state, actor)
                   if a.type in ("Jump", "EndMovement"))
    before, held = ruleset.dump_state(game.state), game.state
    rule = rules.RULES[type(command)]

    def refuse_late(d: rules.Draft, seat: int, cmd: Command) -> None:
        rule(d, seat, cmd)
        assert d.events, "the rule wrote no event before the check"
        raise RuleError("Stages of the Turn", "refused after the first event")

    monkeypatch.setitem(rules.RULES, type(command), refuse_late)
    with pytest.raises(RuleError, match="refused after the first event"):
        game.decide(actor, command)
    assert game.state is held
    assert ruleset.dump_state(game.state) == before
    monkeypatch.undo()
    game.play(actor, command)
    assert game.state == fold(ruleset, game.events)
