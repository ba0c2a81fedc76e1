"""New Personalities' jumps: the Seer's Psychic Jump and Awesome Andi's Awesome Jump.

- Psychic Jump (the Seer, first jump attempt of each turn): roll a die, then move along any
  jumpline for which that roll would have allowed a successful regular or station jump, or
  choose not to move (the attempt is used). The roll has its Zap/Reroll interval: it is a
  jump attempt, so a card may re-roll it (docs/rulings.md).
- Awesome Jump (Awesome Andi, once per turn, instead of a jump attempt): roll three dice
  one by one and move to the world of rolls 1-2, 2-3 or 3-1, in those orders; always
  successful, it does not end the movement; no card re-rolls it, but each die may be Zapped
  in its own interval, as a random jump's (docs/rulings.md).
Both then follow Timing Details 6-7 (the You Are Lost interval, then arrival).
"""

from __future__ import annotations

from engine.kernel import RuleError

from .draft import Draft
from .galaxy import load_galaxy
from .movement import (
    attempts,
    end_if_spent,
    jump_interval,
    lost_arrival,
    may_use_station,
    need,
    open_interval,
    second_random_die,
)
from .quarantine import quarantine_interval
from .state import StarState, Turn


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def check(state: StarState, seat: int, kind: str) -> None:
    turn = _turn(state)
    me = state.player(seat)
    if turn.stage != "move" or turn.jumps >= attempts(state, seat):
        raise RuleError("Movement", "no jump attempt is left in your movement stage")
    if kind == "psychic" and (not me.has("seer") or turn.jumps > 0):
        raise RuleError("New Personalities", "the Seer's Psychic Jump is his first attempt")
    if kind == "awesome" and (not me.has("awesome-andi") or turn.awesome_used):
        raise RuleError("New Personalities", "Awesome Andi's Awesome Jump, once per turn")


def special_jump(draft: Draft, seat: int, kind: str) -> None:
    """The Seer's Psychic Jump or Awesome Andi's Awesome Jump, declared: the Quarantine
    interval comes first (Timing Details 2)."""
    check(draft.state, seat, kind)
    quarantine_interval(draft, seat, 0, kind)


def begin(draft: Draft, seat: int, kind: str) -> None:
    """After the Quarantine interval: the Seer's die, or Andi's first die ("she rolls three
    dice, one by one"), each with its Zap/Reroll interval."""
    draft.emit("SpecialRolled", seat=seat, kind=kind, dice=[draft.die()])
    open_interval(draft, "zap", seat)


def die_settled(draft: Draft, seat: int) -> None:
    """A die of a special jump has stood its interval: the Seer chooses; Andi rolls her next
    die (Zap!: "When several die rolls are being made in a sequence ... Zap and Superzap must
    be played immediately after each roll") or, with three, chooses."""
    roll = _turn(draft.state).roll or {}
    dice = [int(d) for d in roll.get("dice", [])]
    if roll.get("kind") == "awesome" and len(dice) < 3:
        draft.emit("SpecialRolled", seat=seat, kind="awesome", dice=[*dice, draft.die()])
        open_interval(draft, "zap", seat)
        return
    offer(draft, seat)


def options(state: StarState, seat: int) -> list[int]:
    """The worlds the special roll allows (an empty list: nowhere). A Zapped die naming a
    world counts as 1 below 1 and 6 above 6 (Zap!)."""
    roll = _turn(state).roll or {}
    dice = [int(d) for d in roll.get("dice", [])]
    if roll.get("kind") == "awesome":
        dice = [max(1, min(6, d)) for d in dice]
        pairs = [(dice[0], dice[1]), (dice[1], dice[2]), (dice[2], dice[0])]
        return [10 * a + b for a, b in pairs]
    here = state.player(seat).world
    out = []
    for to in sorted(load_galaxy().neighbours[here]):
        regular = need(state, seat, to, "regular")
        station = need(state, seat, to, "station") if may_use_station(state, seat, to) else 99
        if dice and dice[0] >= min(regular, station):
            out.append(to)
    return out


def offer(draft: Draft, seat: int) -> None:
    draft.emit("JumpChoices", seat=seat, worlds=options(draft.state, seat))


def choose(draft: Draft, seat: int, world: int | None) -> None:
    """The Seer may choose not to move; Andi picks one of her three worlds."""
    turn = _turn(draft.state)
    if turn.choices is None:
        raise RuleError("New Personalities", "no special jump waits for a choice")
    kind = (turn.roll or {}).get("kind", "")
    if world is None and kind == "psychic":
        draft.emit("JumpFailed", seat=seat, to=0, kind=kind, roll=0, need=0)
        end_if_spent(draft, seat)
        return
    if world not in turn.choices:
        raise RuleError("New Personalities", f"choose one of {turn.choices}")
    draft.emit("Jumped", seat=seat, to=world, kind=kind, roll=None, need=0,
               origin=draft.state.player(seat).world)
    jump_interval(draft, seat)


def velma_may_reroll(state: StarState, seat: int, die: int) -> bool:
    """New Personalities, Verdant Velma: "When making a random jump or resolving You Are
    Lost, Velma may reroll the first die (before rolling the second) as long as it matches
    the first number of the world she departed from" (once per jump: docs/rulings.md)."""
    turn = state.turn
    if turn is None or not state.player(seat).has("verdant-velma"):
        return False
    if (turn.roll or {}).get("rerolled"):
        return False
    origin = turn.origin if turn.origin is not None else state.player(seat).world
    return die == origin // 10


def answer_first_die(draft: Draft, seat: int, reroll: bool) -> None:
    """Velma re-rolls the first die or keeps it; then the second die."""
    turn = _turn(draft.state)
    waiting = turn.first_die
    if waiting is None or seat != turn.seat:
        raise RuleError(RULE_VELMA, "no first die waits for your choice")
    draft.emit("FirstDieAnswered", seat=seat, reroll=reroll, die=waiting["die"])
    if waiting["kind"] == "lost":
        lost_arrival(draft, seat, int(waiting["by"]), draft.die() if reroll else waiting["die"])
        return
    if not reroll:
        second_random_die(draft, seat, [int(waiting["die"])])
        return
    first = draft.die()  # the new first die has its own Zap interval
    draft.emit("JumpRolled", seat=seat, to=0, kind="random", roll=first, need=0, dice=[first],
               rerolled=True)
    open_interval(draft, "zap", seat)


RULE_VELMA = "New Personalities"
