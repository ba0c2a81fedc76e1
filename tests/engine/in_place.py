"""The property every game that decides on the live state (the kernel's ``DecidesInPlace``)
keeps over random play, for every command tried, legal or not:

- an accepted command gives the events the plain ``decide`` (on a copy) gives, and the state
  after ``decide`` + ``append`` equals the fold of the log (what a replay, a snapshot reload or
  a restart rebuilds): a state of the test's own, folded one command's events at a time (the
  very steps ``fold`` takes), and at the end the fold of the whole log from scratch;
- the state stays the same object (a server or bot holds ``game.state`` across commands);
- a refused command leaves the state as it was (``dump_state``) and no draft behind.

Illegal commands come from earlier positions of the same game (stale commands, most of them
refused now) and from seats the game does not wait for. Each game's test starts its games
and says which legal commands the random player may choose.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.kernel import Command, Game, NotYourTurn, Randomness, RuleError, fold
from engine.kernel.errors import BadCommand, GameOver
from engine.kernel.ruleset import number

REFUSALS = (RuleError, NotYourTurn, BadCommand, GameOver)


def plain_events(game: Game[Any], actor: int, command: Command) -> list[object] | None:
    """What the plain ``decide`` (on a copy) gives, numbered as ``Game`` numbers; None when
    it refuses (or the game does not wait for ``actor``)."""
    ruleset = game.ruleset
    pending = ruleset.pending(game.state)
    if pending is None or not pending.admits(actor):
        return None
    try:
        made = ruleset.decide(game.state, actor, command, Randomness(game.seed, game.seq + 1))
    except REFUSALS:
        return None
    return [number(ev, game.seq, i, actor).model_dump() for i, ev in enumerate(made)]


def try_command(game: Game[Any], actor: int, command: Command, folded: Any) -> bool:
    """Decide and append ``command``; check the properties above, ``folded`` the fold of the
    log so far (taken one command further when accepted). True when accepted."""
    ruleset = game.ruleset
    before, held = ruleset.dump_state(game.state), game.state
    plain = plain_events(game, actor, command)
    assert ruleset.dump_state(game.state) == before  # the plain decide touches nothing
    try:
        events = game.decide(actor, command)
    except REFUSALS:
        assert plain is None, f"{command} refused, accepted by the plain decide"
        assert ruleset.dump_state(game.state) == before, command
        assert game.state is held and game._ahead is None
        return False
    assert [ev.model_dump() for ev in events] == plain
    assert game._ahead is not None  # applied to the live state already, not to a copy
    game.append(events)
    assert game.state is held  # a caller holding ``game.state`` sees the new state
    for ev in events:  # the log's fold, one command further (``fold``'s own step)
        ruleset.apply(folded, ev)
    assert ruleset.dump_state(game.state) == ruleset.dump_state(folded)
    return True


def random_play(game: Game[Any], seed: int, players: int, steps: int,
                choosable: Callable[[Command], bool] = lambda _: True) -> None:
    """Up to ``steps`` commands of random play on ``game``, three in ten of them a stale
    command or one by a seat not asked, each checked by ``try_command``; then the whole log
    folded from scratch equals the live state (no event changed since it was logged)."""
    ruleset = game.ruleset
    folded = fold(ruleset, game.events)  # not the game's own object
    assert folded is not game.state
    pick = random.Random(seed)
    seen: list[tuple[int, Command]] = []
    for _ in range(steps):
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        if seen and pick.random() < 0.3:
            actor, command = pick.choice(seen)
            try_command(game, pick.randrange(players) if pick.random() < 0.3 else actor,
                        command, folded)
            continue
        actor = pending.seats[0]
        command = pick.choice([a for a in ruleset.legal_actions(game.state, actor)
                               if choosable(a)])
        seen.append((actor, command))
        assert try_command(game, actor, command, folded), f"legal {command} refused"
    assert ruleset.dump_state(game.state) == ruleset.dump_state(fold(ruleset, game.events))


REFUSED_LATE = "refused after the first event"  # what a rule patched to refuse late says


def refused_half_way(game: Game[Any], actor: int, command: Command,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``command``, refused by a rule the caller patched (with ``monkeypatch``) to raise
    ``REFUSED_LATE`` after the command's first event was applied (``HalfDone``): the live
    state is rebuilt from the log and the refusal reaches the caller unchanged; the patch
    undone, the command plays and the state is the log's fold."""
    ruleset = game.ruleset
    before, held = ruleset.dump_state(game.state), game.state
    with pytest.raises(RuleError, match=REFUSED_LATE):
        game.decide(actor, command)
    assert game.state is held
    assert ruleset.dump_state(game.state) == before
    monkeypatch.undo()
    game.play(actor, command)
    assert game.state == fold(ruleset, game.events)


def refusing_late(rule: Callable[..., None], heading: str) -> Callable[..., None]:
    """``rule`` (a rule taking the draft first) made to refuse, under ``heading``, once it
    has written its events: what a test patches in for ``refused_half_way``."""

    def refuse_late(draft: Any, *args: Any) -> None:
        rule(draft, *args)
        assert draft.events, "the rule wrote no event before the check"
        raise RuleError(heading, REFUSED_LATE)

    return refuse_late


def first_command(game: Game[Any]) -> tuple[int, Command]:
    """The seat the game waits for and the first of its legal commands."""
    pending = game.ruleset.pending(game.state)
    assert pending is not None
    actor = pending.seats[0]
    return actor, next(iter(game.ruleset.legal_actions(game.state, actor)))
