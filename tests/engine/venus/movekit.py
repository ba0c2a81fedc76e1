"""Shared helpers for the movement rule tests: scenarios, plays, refused commands.

Rule numbers are the 1988 manual's (``/work/shared/rules/000_...``) unless a 2012 heading is
named. Every test starts from a sandbox scenario (``engine.venus.scenario``) with loaded dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.kernel import Command, Event, Game, Pending, RuleError, takeback
from engine.venus import commands as c
from engine.venus.board import Board, load_board
from engine.venus.state import Turn, VenusState

Venus = Game[VenusState]


def board(edition: str = "avalon-hill") -> Board:
    return load_board(edition)


def game(
    dot: str,
    dice: list[int] | None = None,
    *,
    cash: int = 100,
    ship: str = "scout",
    equipment: list[str] | None = None,
    relics: list[str] | None = None,
    qboxes: dict[str, dict[str, Any]] | None = None,
    others: list[dict[str, Any]] | None = None,
    edition: str = "avalon-hill",
    **extra: Any,
) -> Venus:
    """A sandbox game whose seat 0 starts its turn on ``dot``; other "?" boxes are empty."""
    from engine.venus.scenario import start

    me = {
        "name": "Ann",
        "cash": cash,
        "ship": ship,
        "dot": dot,
        "equipment": equipment or [],
        "relics": relics or [],
    }
    doc: dict[str, Any] = {
        "edition": edition,
        "players": [me, *(others or [])],
        "qboxes": qboxes or {},
        "other_qboxes": "empty",
        "dice": dice or [],
        **extra,
    }
    return start(doc)


def play(g: Venus, *commands: Command, actor: int = 0) -> list[Event]:
    """Play commands in order; return every event they produced."""
    out: list[Event] = []
    for cmd in commands:
        out.extend(g.play(actor, cmd))
    return out


def roll(g: Venus, heading: str, **kw: Any) -> list[Event]:
    """Declare ``heading`` and roll (5.31)."""
    return play(g, c.DeclareHeading(dot=heading), c.RollDice(**kw))


def refused(g: Venus, cmd: Command, rule: str, actor: int = 0) -> RuleError:
    """The command is refused for ``rule`` and the game does not change."""
    before = g.seq
    dump = g.ruleset.dump_state(g.state)
    with pytest.raises(RuleError) as e:
        g.play(actor, cmd)
    assert e.value.rule.startswith(rule), f"expected rule {rule}, got {e.value.rule!r}"
    assert g.seq == before and g.ruleset.dump_state(g.state) == dump
    return e.value


def turn(g: Venus) -> Turn:
    assert g.state.turn is not None, "no turn in progress"
    return g.state.turn


def here(g: Venus, seat: int = 0) -> str:
    return g.state.players[seat].dot


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def ended(events: list[Event]) -> dict[str, Any]:
    """The data of the MovementEnded event among ``events``."""
    found = of_type(events, "MovementEnded")
    assert len(found) == 1, types(events)
    return found[0].data


def legal(g: Venus, actor: int = 0) -> list[Command]:
    """The rules' commands for ``actor`` (the house rule's ``TakeBack`` left out: its own
    tests are ``test_takeback.py``)."""
    return takeback.without(g.ruleset.legal_actions(g.state, actor))


def legal_moves(g: Venus) -> set[str]:
    return {a.dot for a in legal(g) if isinstance(a, c.MoveTo)}


def copy(g: Venus) -> Venus:
    """An independent game with the same history (for trying alternatives)."""
    return Game(g.ruleset, g.seed, list(g.events))


def travel(
    g: Venus, path: list[str], pilot: int | None = None, land: bool = True
) -> list[Event]:
    """MoveAlong ``path``, paying every Penalty on the way (not one at its very end)."""
    events: list[Event] = []
    rest = list(path)
    while rest:
        got = play(g, c.MoveAlong(path=rest, pilot=pilot, land=land))
        events.extend(got)
        moved = of_type(got, "Moved")
        for ev in moved:  # a path may name the dots a Drive skips (8.2)
            full = [*ev.data["skipped"], ev.data["to"]]
            named = bool(ev.data["skipped"]) and rest[: len(full)] == full
            rest = rest[len(full) :] if named else rest[1:]
        if not rest:
            break
        if g.state.turn is not None and g.state.turn.phase == "pay_or_stop":
            events.extend(play(g, c.PayPenalty()))
        elif not moved:
            raise AssertionError(f"MoveAlong made no progress towards {rest}")
    return events


def spent(events: list[Event]) -> int:
    """MP spent by the Moved events among ``events``."""
    return sum(int(e.data["mp"]) for e in events if e.type == "Moved")


def move_along_to_pick(state: VenusState, pick: int) -> c.MoveAlong | None:
    """A whole move to the ``pick``-th place the move can end (``reachable``, 5 and 6), as
    random play picks one; None when none is reachable."""
    from engine.venus.reach import reachable

    found = reachable(state)
    if not found:
        return None
    d = found[pick % len(found)]
    return c.MoveAlong(path=list(d.path), pilot=d.pilot)


def random_command(state: VenusState, actor: int, pending: Pending, pick: int) -> Any:
    """The command random play makes ``actor`` play at ``pending``: the ``pick``-th legal
    one (a take-back only now and then), or now and then a whole move to a reachable place."""
    from engine.venus.ruleset import ruleset

    actions = [a for a in ruleset.legal_actions(state, actor)
               if a.type != "TakeBack" or pick % 7 == 0]
    command = actions[pick % len(actions)]
    if pending.prompt == "move" and pick % 4 == 1:
        command = move_along_to_pick(state, pick) or command
    return command


def play_random(edition: str, optional: dict[str, Any] | None, seats: int, seed: int,
                picks: list[int], check: Callable[[VenusState, Pending | None], None]) -> None:
    """A random long game of ``edition`` with the ``optional`` rules (None: none) for
    ``seats`` (``picks`` choose each command: now and then a take-back, now and then a whole
    move to a reachable place), ``check(state, pending)`` called at every seq before the
    command is chosen, and once more at the end."""
    from engine.venus.ruleset import ruleset

    options: dict[str, Any] = {"edition": edition, "game_length": 4000, **(optional or {})}
    game: Game[VenusState] = Game.start(ruleset, options, [f"p{i}" for i in range(seats)],
                                        seed=seed)
    for pick in picks:
        pending = ruleset.pending(game.state)
        check(game.state, pending)
        if pending is None:
            return
        actor = pending.seats[0]
        game.play(actor, random_command(game.state, actor, pending, pick))
