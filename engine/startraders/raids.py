"""Pirate Pete's raid on an engine (New Personalities): "As an Action during his Action stage,
if he shares a world with another Trader, he may attempt to destroy one of their engines. To
do this, he pays 3 Prestige and rolls a die. On a 5 or higher, the engine is destroyed unless
the defending player plays Avoid Calamity or Piracy. Pete cannot destroy a Trader's last
engine."

Our readings (docs/rulings.md, "Pirate Pete's raid"): the roll has a Zap interval like every
other roll (Zap!: "for other rolls, use the number as is") but no re-roll (re-rolls are for
jump attempts); the defence is a window asked of the defender alone, like a Calamity's; the
Action is spent and the 3 Prestige paid whatever the roll; Pete needs 3 Prestige to pay them.
"""

from __future__ import annotations

from engine.kernel import RuleError

from .actions import action_done, check_action
from .draft import Draft
from .movement import open_interval
from .state import StarState, Window
from .windows import open_window

RULE = "New Personalities"
RAID_PRESTIGE = 3
RAID_NEED = 5


def check(state: StarState, seat: int, target: int) -> None:
    """Refuse a raid the book does not allow, naming why."""
    check_action(state)
    pete = state.player(seat)
    if not pete.has("pirate-pete"):
        raise RuleError(RULE, "only Pirate Pete may attempt to destroy an engine")
    if target == seat or not 0 <= target < len(state.players) or state.player(target).out:
        raise RuleError(RULE, "name another Trader in the game")
    victim = state.player(target)
    if victim.world != pete.world:
        raise RuleError(RULE, f"Pete must share a world with the Trader; {victim.name} is at "
                        f"{victim.world}, Pete at {pete.world}")
    if victim.engines <= 1:
        raise RuleError(RULE, "Pete cannot destroy a Trader's last engine")
    if pete.prestige < RAID_PRESTIGE:
        raise RuleError("Prestige", "the raid costs 3 Prestige, a payment you cannot make")


def raid(draft: Draft, seat: int, target: int) -> None:
    """Pay 3 Prestige, roll, and open the roll's Zap interval."""
    check(draft.state, seat, target)
    draft.prestige(seat, -RAID_PRESTIGE, "raid")
    draft.emit("RaidRolled", seat=seat, target=target, roll=draft.die(), need=RAID_NEED)
    open_interval(draft, "zap", seat)


def settle(draft: Draft, seat: int) -> None:
    """After the Zap interval: the Action is spent; on 5 or more (and the victim still with
    two engines or more) the defender may answer with Avoid Calamity or Piracy."""
    st = draft.state
    assert st.turn is not None and st.turn.roll is not None
    roll = int(st.turn.roll["roll"])
    target = int(st.turn.roll["target"])
    hit = roll >= RAID_NEED and st.player(target).engines > 1
    draft.emit("RaidSettled", seat=seat, target=target, roll=roll, hit=hit)
    action_done(draft, seat)
    if hit:
        open_window(draft, "avoid_calamity", target, [target], card="", by=seat, raid=True)


def destroy(draft: Draft, w: Window) -> None:
    """The defence window closed unanswered: one engine is destroyed (never the last)."""
    victim = draft.state.player(w.victim)
    if victim.engines > 1 and not victim.out:
        draft.emit("EngineDestroyed", seat=w.victim, by=w.by)
        draft.emit("EnginesChanged", seat=w.victim, engines=victim.engines - 1)
