"""Movement: regular, station and random jumps, permission to use another's station, and the
re-roll by turning in a Trader's Luck card."""

from __future__ import annotations

from engine.kernel import RuleError

from .cargo import forced_deliveries
from .decks import turn_in
from .draft import Draft
from .galaxy import LineColor, load_galaxy
from .state import StarState, Turn


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def need(state: StarState, seat: int, to: int, kind: str) -> int:
    """The lowest roll that succeeds (0: no roll). Regular jumps: the line's colour (orange
    2, red 3, violet 4, blue 5, green 6); station jumps succeed automatically except on green
    lines (3+). The Navigator adds one to each roll except along orange lines."""
    p = state.player(seat)
    color = load_galaxy().neighbours[p.world][to]
    station_need = 3 if color == LineColor.GREEN else 0
    base = station_need if kind == "station" else color.minimum
    if base and p.personality == "navigator" and color != LineColor.ORANGE:
        base -= 1
    return base


def may_use_station(state: StarState, seat: int, world: int) -> bool | None:
    """True: own station; None: another's (ask its owner); False: no station there."""
    owner = state.stations.get(world)
    if owner is None:
        return False
    return True if owner == seat else None


def check_jump(state: StarState, seat: int, to: int, kind: str) -> None:
    turn = _turn(state)
    p = state.player(seat)
    if turn.stage != "move":
        raise RuleError("Stages of the Turn", "jumps are made in the movement stage")
    if turn.jumps >= p.engines:
        raise RuleError("Engines", f"all {p.engines} jump attempts of this turn are used")
    if to not in load_galaxy().neighbours[p.world]:
        raise RuleError("Regular Jumps", f"no jumpline joins {p.world} and {to}")
    if kind == "station" and may_use_station(state, seat, to) is False:
        raise RuleError("Station Jumps", f"there is no station at {to}")
    if kind == "station" and to in turn.refused:
        raise RuleError("Station Jumps", f"the owner of {to} refused permission this turn")


def declare_jump(draft: Draft, seat: int, to: int, kind: str) -> None:
    """Timing Details 1: the declaration; another's station first needs its owner's word."""
    check_jump(draft.state, seat, to, kind)
    if kind == "station" and may_use_station(draft.state, seat, to) is None:
        draft.emit("PermissionAsked", seat=seat, to=to, owner=draft.state.stations[to])
        return
    resolve_jump(draft, seat, to, kind)


def answer_permission(draft: Draft, owner: int, grant: bool) -> None:
    """Station Jumps: the owner gives or refuses permission; refused, the jump is aborted and
    the attempt may be used another way (Timing Details 2)."""
    asking = _turn(draft.state).asking
    if asking is None or asking["owner"] != owner:
        raise RuleError("Station Jumps", "nobody is asking you for permission")
    seat = _turn(draft.state).seat
    draft.emit("PermissionAnswered", seat=seat, owner=owner, to=asking["to"], granted=grant)
    if grant:
        resolve_jump(draft, seat, asking["to"], "station")


def resolve_jump(draft: Draft, seat: int, to: int, kind: str) -> None:
    """Timing Details 3-7: roll if a roll is needed, move on success, and arrive."""
    st = draft.state
    minimum = need(st, seat, to, kind)
    frm = st.player(seat).world
    roll = draft.die() if minimum else None
    if roll is not None and roll < minimum:
        draft.emit("JumpFailed", seat=seat, to=to, kind=kind, roll=roll, need=minimum,
                   may_reroll=bool(st.player(seat).hand))
        _maybe_end_movement(draft, seat)
        return
    draft.emit("Jumped", seat=seat, to=to, kind=kind, roll=roll, need=minimum, origin=frm)
    jump_interval(draft, seat)


def jump_interval(draft: Draft, seat: int) -> None:
    """Timing Details 6: after a successful jump (random ones included) the You Are Lost
    interval polls every seat, the jumping player first, then in turn order; when it closes
    the ship exits hyperspace and arrives (step 7)."""
    from .luck import open_window

    st = draft.state
    n = len(st.players)
    order = [(seat + i) % n for i in range(n) if not st.player((seat + i) % n).out]
    open_window(draft, "you_are_lost", seat, order)


def arrive(draft: Draft, seat: int) -> None:
    """Step 7: the ship exits hyperspace: forced deliveries; a random or lost jump ends the
    movement stage, as does using the last jump attempt."""
    forced_deliveries(draft, seat)
    turn = draft.state.turn
    if draft.state.winner is None and turn is not None and turn.ends_movement \
            and turn.stage == "move":
        draft.emit("StageChanged", seat=seat, stage="action")
        return
    _maybe_end_movement(draft, seat)


def reroll(draft: Draft, seat: int, card: str) -> None:
    """Trader's Luck, Re-Rolls: turn in any card to roll the failed jump again (never a
    random jump)."""
    failed = _turn(draft.state).failed
    if failed is None:
        raise RuleError("Re-Rolls", "there is no failed jump roll to re-roll")
    if card not in draft.state.player(seat).hand:
        raise RuleError("Re-Rolls", f"you do not hold {card}")
    turn_in(draft, seat, card, "reroll")
    resolve_jump(draft, seat, failed["to"], failed["kind"])


def accept_roll(draft: Draft, seat: int) -> None:
    if _turn(draft.state).failed is None:
        raise RuleError("Re-Rolls", "there is no failed jump roll")
    draft.emit("FailureAccepted", seat=seat)
    _maybe_end_movement(draft, seat)


def random_jump(draft: Draft, seat: int) -> None:
    """Random Jumps: two dice name the world (first die the tens); ends your movement."""
    turn = _turn(draft.state)
    p = draft.state.player(seat)
    if turn.stage != "move":
        raise RuleError("Stages of the Turn", "jumps are made in the movement stage")
    if turn.jumps >= p.engines:
        raise RuleError("Engines", f"all {p.engines} jump attempts of this turn are used")
    dice = [draft.die(), draft.die()]
    draft.emit("RandomJumped", seat=seat, dice=dice, to=10 * dice[0] + dice[1],
               origin=p.world)
    jump_interval(draft, seat)


def end_movement(draft: Draft, seat: int) -> None:
    if _turn(draft.state).stage != "move":
        raise RuleError("Stages of the Turn", "the movement stage is over")
    draft.emit("StageChanged", seat=seat, stage="action")


def _maybe_end_movement(draft: Draft, seat: int) -> None:
    """With every jump attempt used the movement stage is over."""
    st = draft.state
    turn = st.turn
    if st.winner is None and turn is not None and turn.failed is None \
            and turn.stage == "move" and turn.jumps >= st.player(seat).engines:
        draft.emit("StageChanged", seat=seat, stage="action")
