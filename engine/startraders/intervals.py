"""What goes on when a reaction window closes (Timing Details): the rule the window held back.

- The Quarantine interval (step 2): a trapped ship's jump is aborted, any other goes on to
  its roll (``after_declaration``).
- The Zap/Reroll interval of a roll (steps 3-5): the roll as it now stands decides: a jump,
  the dice of a random jump, a petition, Pirate Pete's raid, the Seer's Psychic Jump and
  Awesome Andi's three dice
  (``settle_roll``).
- The You Are Lost interval (step 6): the ship exits hyperspace and arrives (step 7).
- The window before a petition's roll (Petitioning): the roll, unless the Prestige fell
  below 15.
- The Avoid Calamity window: the Calamity (or the raid) takes effect, unless avoided; a window
  underneath starts again (a card was played in it: everyone may answer again).

``windows`` opens, polls and closes the windows; ``rules.decide`` gives ``after_window`` to
the draft, so the windows (below every rule that opens one) never name the rules above them.
"""

from __future__ import annotations

from .actions import roll_petition, settle_petition
from .draft import Draft
from .luck import play_effect
from .movement import (
    arrive,
    begin_random,
    jump_interval,
    resolve_jump,
    second_random_die,
    settle_jump,
)
from .raids import destroy
from .raids import settle as settle_raid
from .special_jumps import begin, die_settled, velma_may_reroll
from .state import StarState, Turn, Window
from .windows import restart, trapped


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def after_window(draft: Draft, window: Window) -> None:
    """The window ``window`` has closed (``WindowClosed``): what it held back goes on."""
    if window.kind == "you_are_lost":
        arrive(draft, window.victim)
        return
    if window.kind == "zap":
        settle_roll(draft, window.victim)
        return
    if window.kind == "quarantine":
        after_declaration(draft, window.victim)
        return
    if window.kind == "petition":
        roll_petition(draft, window.victim)
        return
    below = draft.state.window
    if window.detail.get("raid"):
        destroy(draft, window)
    else:
        play_effect(draft, window)
    if below is not None and draft.state.window is below:
        restart(draft)  # a card was played in the window underneath: all may answer again


def after_declaration(draft: Draft, seat: int) -> None:
    """The end of the interval: a trapped ship's jump is aborted (the attempt is not used);
    otherwise the jump goes on to its roll (step 3)."""
    declared = _turn(draft.state).declared
    assert declared is not None
    if trapped(draft.state, seat):
        draft.emit("JumpAborted", seat=seat, to=declared["to"], kind=declared["kind"],
                   why="quarantine")
        return
    if declared["kind"] == "station" and not _station_usable(draft.state, seat, declared):
        draft.emit("JumpAborted", seat=seat, to=declared["to"], kind="station", why="station")
        return
    if declared["kind"] == "random":
        begin_random(draft, seat)
    elif declared["kind"] in ("psychic", "awesome"):
        begin(draft, seat, declared["kind"])
    else:
        resolve_jump(draft, seat, declared["to"], declared["kind"])


def _station_usable(state: StarState, seat: int, declared: dict[str, object]) -> bool:
    """Timing Details 2: at the end of the interval the station must still exist and the
    jumper still have permission: his own station, the permission of its owner now (not
    withdrawn, not given by a former owner who sold it meanwhile), or a Codebreaker."""
    owner = state.stations.get(int(declared["to"]))  # type: ignore[call-overload]
    if owner is None:
        return False
    return owner == seat or bool(declared.get("code")) or owner == declared.get("permit")


def settle_roll(draft: Draft, seat: int) -> None:
    """The end of the Zap/Reroll interval: the roll as it now stands decides (a Zapped roll
    is used as is for a jump's success; a world's digit is kept within 1-6)."""
    roll = _turn(draft.state).roll
    assert roll is not None
    if roll["kind"] == "random":
        _random_die_settled(draft, seat, roll)
        return
    if roll["kind"] == "petition":
        settle_petition(draft, seat)
        return
    if roll["kind"] == "raid":
        settle_raid(draft, seat)
        return
    if roll["kind"] in ("psychic", "awesome"):
        die_settled(draft, seat)
        return
    settle_jump(draft, seat)


def _random_die_settled(draft: Draft, seat: int, roll: dict[str, object]) -> None:
    dice = [max(1, min(6, int(d))) for d in roll["dice"]]  # type: ignore[attr-defined]
    if len(dice) == 1 and velma_may_reroll(draft.state, seat, dice[0]):
        draft.emit("FirstDieRolled", seat=seat, die=dice[0], kind="random")
        return
    if len(dice) == 1:
        second_random_die(draft, seat, dice)
        return
    draft.emit("RandomJumped", seat=seat, dice=dice, to=10 * dice[0] + dice[1],
               origin=draft.state.player(seat).world)
    jump_interval(draft, seat)
