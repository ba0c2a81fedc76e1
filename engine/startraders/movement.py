"""Movement: regular, station and random jumps (and the arrival where You Are Lost! sends a
ship), permission to use another's station, and the re-roll by turning in a Trader's Luck
card. What the end of each interval lets go on is in ``intervals``."""

from __future__ import annotations

from engine.kernel import RuleError

from .cargo import forced_deliveries
from .components import luck_cards
from .decks import turn_in
from .draft import Draft
from .envoy import reach_envoy
from .galaxy import LineColor, load_galaxy
from .quarantine import quarantine_interval
from .state import StarState, Turn
from .windows import REROLLED, open_window, priority_order, restart, unanswered


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def need(state: StarState, seat: int, to: int, kind: str) -> int:
    """The lowest roll that succeeds (0: no roll). Regular jumps: the line's colour (orange
    2, red 3, violet 4, blue 5, green 6); station jumps succeed automatically except on green
    lines (3+). The Navigator adds one to each roll except along orange lines."""
    p = state.player(seat)
    color = load_galaxy().neighbours[p.world][to]
    if kind == "superjump":  # Superjump!: always successful (You Are Lost!)
        return 0
    velma = p.has("verdant-velma")  # green: 3+ regular, automatic by station
    station_need = 3 if color == LineColor.GREEN and not velma else 0
    regular_need = 3 if color == LineColor.GREEN and velma else color.minimum
    base = station_need if kind == "station" else regular_need
    if base and p.has("navigator") and color != LineColor.ORANGE:
        base -= 1
    return base


def may_use_station(state: StarState, seat: int, world: int) -> bool | None:
    """True: own station; None: another's (ask its owner); False: no station there."""
    owner = state.stations.get(world)
    if owner is None:
        return False
    return True if owner == seat else None


def attempts(state: StarState, seat: int) -> int:
    """Jump attempts this turn: one per engine, plus Priority Runs played."""
    extra = state.turn.extra_jumps if state.turn and state.turn.seat == seat else 0
    return state.player(seat).engines + extra


def check_jump(state: StarState, seat: int, to: int, kind: str) -> None:
    turn = _turn(state)
    p = state.player(seat)
    if turn.stage != "move":
        raise RuleError("Stages of the Turn", "jumps are made in the movement stage")
    if turn.jumps >= attempts(state, seat):
        raise RuleError("Engines", f"all {attempts(state, seat)} jump attempts of this turn "
                        "are used")
    if to not in load_galaxy().neighbours[p.world]:
        raise RuleError("Regular Jumps", f"no jumpline joins {p.world} and {to}")
    if kind == "station" and may_use_station(state, seat, to) is False:
        raise RuleError("Station Jumps", f"there is no station at {to}")
    if kind == "station" and to in turn.refused:
        raise RuleError("Station Jumps", f"the owner of {to} refused permission this turn")


def stated_kind(state: StarState, seat: int, to: int, kind: str | None) -> str:
    """Timing Details 1: a jump stated by its destination alone is the obvious one: a station
    jump to one's own station (permission is certain), a regular jump otherwise (another's
    station needs its owner's word, asked for by saying "station"; docs/rulings.md)."""
    if kind is not None:
        return kind
    return "station" if may_use_station(state, seat, to) is True else "regular"


def declare_jump(draft: Draft, seat: int, to: int, kind: str | None) -> None:
    """Timing Details 1: the declaration; another's station first needs its owner's word."""
    kind = stated_kind(draft.state, seat, to, kind)
    check_jump(draft.state, seat, to, kind)
    if kind == "station" and may_use_station(draft.state, seat, to) is None:
        draft.emit("PermissionAsked", seat=seat, to=to, owner=draft.state.stations[to])
        return
    quarantine_interval(draft, seat, to, kind, permit=seat if kind == "station" else None)


def answer_permission(draft: Draft, owner: int, grant: bool) -> None:
    """Station Jumps: the owner gives or refuses permission; refused, the jump is aborted and
    the attempt may be used another way (Timing Details 2)."""
    asking = _turn(draft.state).asking
    if asking is None or asking["owner"] != owner:
        raise RuleError("Station Jumps", "nobody is asking you for permission")
    seat = _turn(draft.state).seat
    draft.emit("PermissionAnswered", seat=seat, owner=owner, to=asking["to"], granted=grant)
    if grant:
        quarantine_interval(draft, seat, asking["to"], "station", permit=owner)


def may_withdraw(state: StarState, owner: int) -> bool:
    """Timing Details 2: permission may be withdrawn until the Quarantine interval of the
    station jump ends ("If the above conditions occur later, it does not matter")."""
    turn = state.turn
    declared = turn.declared if turn is not None else None
    return turn is not None and declared is not None and declared["kind"] == "station" \
        and declared.get("permit") == owner and owner != turn.seat and turn.roll is None \
        and any(w.kind == "quarantine" for w in state.windows)


def withdraw_permission(draft: Draft, owner: int) -> None:
    """The owner takes back the permission he gave: at the end of the Quarantine interval
    the jump is aborted; he is not asked again this turn (docs/rulings.md)."""
    if not may_withdraw(draft.state, owner):
        raise RuleError("Timing Details", "no permission of yours waits in a Quarantine "
                        "interval")
    turn = _turn(draft.state)
    assert turn.declared is not None
    draft.emit("PermissionWithdrawn", seat=turn.seat, owner=owner, to=turn.declared["to"])


def resolve_jump(draft: Draft, seat: int, to: int, kind: str) -> None:
    """Timing Details 3-5: a jump that needs no roll succeeds at once; otherwise the roll
    opens the Zap/Reroll interval and the jump is settled when it closes."""
    st = draft.state
    minimum = need(st, seat, to, kind)
    if not minimum:
        draft.emit("Jumped", seat=seat, to=to, kind=kind, roll=None, need=0,
                   origin=st.player(seat).world)
        jump_interval(draft, seat)
        return
    draft.emit("JumpRolled", seat=seat, to=to, kind=kind, roll=draft.die(), need=minimum)
    _open(draft, "zap", seat)
    _auto_reroll(draft, seat)


# the cards a ``reroll`` setting turns in first: the least useful to their holder first
REROLL_ORDER = ("disfavor", "jubilee", "stressed", "lose-cargo", "gotcha", "favor", "envoy",
                "lose-station", "piracy", "quarantine", "lost", "takeover", "codebreaker",
                "priority-run", "superjump", "zap", "superzap", "avoid")


def worst_card(hand: list[str]) -> str:
    """The card of ``hand`` a ``reroll`` setting turns in (``REROLL_ORDER``)."""
    rank = {kind: i for i, kind in enumerate(REROLL_ORDER)}
    return min(hand, key=lambda card: (rank.get(luck_cards()[card].kind, 0), card))


def _auto_reroll(draft: Draft, seat: int) -> None:
    """The jumping player's reaction setting ``reroll`` (docs/rulings.md, "Reaction
    windows"): a failed regular or station jump attempt is re-rolled at once with his least
    useful card (Trader's Luck, Re-Rolls), again while it fails and he holds a card."""
    st = draft.state
    w, turn, p = st.window, st.turn, st.player(seat)
    if w is None or w.kind != "zap" or turn is None or turn.seat != seat \
            or p.policy != "reroll" or not p.hand or seat not in unanswered(st, w):
        return
    roll = turn.roll or {}
    if roll.get("kind") in ("regular", "station") and roll["roll"] < roll["need"]:
        reroll(draft, seat, worst_card(list(p.hand)))


def open_interval(draft: Draft, kind: str, seat: int) -> None:
    _open(draft, kind, seat)


def _open(draft: Draft, kind: str, seat: int) -> None:
    open_window(draft, kind, seat, priority_order(draft.state, seat))


def settle_jump(draft: Draft, seat: int) -> None:
    """The end of a jump attempt's Zap/Reroll interval: the roll as it now stands decides (a
    Zapped roll is used as is)."""
    roll = _turn(draft.state).roll
    assert roll is not None
    if roll["roll"] >= roll["need"]:
        draft.emit("Jumped", seat=seat, to=roll["to"], kind=roll["kind"], roll=roll["roll"],
                   need=roll["need"], origin=draft.state.player(seat).world)
        jump_interval(draft, seat)
        return
    draft.emit("JumpFailed", seat=seat, to=roll["to"], kind=roll["kind"], roll=roll["roll"],
               need=roll["need"])
    _maybe_end_movement(draft, seat)


def second_random_die(draft: Draft, seat: int, dice: list[int]) -> None:
    """The second die of a random jump, with its own Zap interval ("Zap must be played
    immediately after each roll")."""
    second = draft.die()
    rerolled = bool((_turn(draft.state).roll or {}).get("rerolled"))
    draft.emit("JumpRolled", seat=seat, to=0, kind="random", roll=second, need=0,
               dice=[*dice, second], rerolled=rerolled)
    _open(draft, "zap", seat)


def lost_arrival(draft: Draft, victim: int, by: int, first: int) -> None:
    """The second die, the arrival world, and a new You Are Lost interval."""
    dice = [first, draft.die()]
    interval = draft.state.window
    draft.emit("LostJump", seat=victim, by=by, dice=dice, to=10 * dice[0] + dice[1])
    if interval is not None and interval.kind == "you_are_lost":
        draft.emit("WindowClosed", kind=interval.kind, card="")
    jump_interval(draft, victim)


def jump_interval(draft: Draft, seat: int) -> None:
    """Timing Details 6: after a successful jump (random ones included) the You Are Lost
    interval polls every seat, the jumping player first, then in turn order; when it closes
    the ship exits hyperspace and arrives (step 7)."""
    _open(draft, "you_are_lost", seat)


def arrive(draft: Draft, seat: int) -> None:
    """Step 7: the ship exits hyperspace: an Envoy reached is discarded; forced deliveries;
    a random or lost jump ends the movement stage, as does using the last jump attempt."""
    reach_envoy(draft, seat)
    forced_deliveries(draft, seat)
    turn = draft.state.turn
    if draft.state.winner is None and turn is not None and turn.ends_movement \
            and turn.stage == "move":
        draft.emit("StageChanged", seat=seat, stage="action")
        return
    _maybe_end_movement(draft, seat)


def _interval_roll(draft: Draft, seat: int) -> dict[str, object]:
    window = draft.state.window
    roll = _turn(draft.state).roll
    if window is None or window.kind != "zap" or seat not in unanswered(draft.state, window) \
            or roll is None:
        raise RuleError("Timing Details", "no Zap/Reroll interval waits for your answer")
    return roll


def reroll(draft: Draft, seat: int, card: str) -> None:
    """Trader's Luck, Re-Rolls: in the Zap/Reroll interval the jumping player may turn in
    any card to roll again (never for a random jump nor an Awesome Jump; the Seer's Psychic
    Jump is a jump attempt: docs/rulings.md); a Zap played before has no effect."""
    roll = _interval_roll(draft, seat)
    if seat != _turn(draft.state).seat or roll["kind"] not in REROLLED:
        raise RuleError("Re-Rolls", "only the jumping player re-rolls a jump attempt, never "
                        "a random jump")
    if card not in draft.state.player(seat).hand:
        raise RuleError("Re-Rolls", f"you do not hold {card}")
    turn_in(draft, seat, card, "reroll")
    draft.emit("RollChanged", seat=seat, roll=draft.die(), card=card)
    restart(draft)
    _auto_reroll(draft, seat)


ZAPS = {"zap": (-1, 1), "superzap": (-2, 2)}


def zap(draft: Draft, seat: int, card: str, delta: int) -> None:
    """Zap! and Superzap! (our reading: change the roll just made by 1, or by 2, up or
    down); any player, in the Zap/Reroll interval."""
    roll = _interval_roll(draft, seat)
    if card not in draft.state.player(seat).hand:
        raise RuleError("Zap!", f"you do not hold {card}")
    kind = luck_cards()[card].kind
    if delta not in ZAPS.get(kind, ()):
        raise RuleError("Zap!", "a Zap changes a roll by 1, a Superzap by 2, up or down")
    draft.emit("CardPlayed", seat=seat, card=card, target=_turn(draft.state).seat, cargo=None,
               world=None)
    turn_in(draft, seat, card, "played")
    draft.emit("RollChanged", seat=seat, roll=int(roll["roll"]) + delta,  # type: ignore[call-overload]
               card=card)
    restart(draft)


def random_jump(draft: Draft, seat: int) -> None:
    """Random Jumps: two dice name the world (first die the tens); ends your movement."""
    turn = _turn(draft.state)
    if turn.stage != "move":
        raise RuleError("Stages of the Turn", "jumps are made in the movement stage")
    if turn.jumps >= attempts(draft.state, seat):
        raise RuleError("Engines", "all jump attempts of this turn are used")
    quarantine_interval(draft, seat, 0, "random")


def begin_random(draft: Draft, seat: int) -> None:
    """Step 3 of a random jump: the first die, then its Zap interval."""
    first = draft.die()
    draft.emit("JumpRolled", seat=seat, to=0, kind="random", roll=first, need=0, dice=[first])
    _open(draft, "zap", seat)


def end_movement(draft: Draft, seat: int) -> None:
    if _turn(draft.state).stage != "move":
        raise RuleError("Stages of the Turn", "the movement stage is over")
    draft.emit("StageChanged", seat=seat, stage="action")


def end_if_spent(draft: Draft, seat: int) -> None:
    _maybe_end_movement(draft, seat)


def _maybe_end_movement(draft: Draft, seat: int) -> None:
    """With every jump attempt used the movement stage is over."""
    st = draft.state
    turn = st.turn
    if st.winner is None and turn is not None and turn.roll is None \
            and turn.stage == "move" and turn.jumps >= attempts(st, seat):
        draft.emit("StageChanged", seat=seat, stage="action")
