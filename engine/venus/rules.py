"""``decide`` for the ``venus`` ruleset: validate a command, return the events it causes.

Each command handler works on a scratch copy of the state: every event it emits is applied
to the copy at once, so the next rule sees the position as it now is (a move reveals a
marker, the marker asks for a penalty, ...). ``decide`` never touches the real state.
``draft`` with a ``Numbering`` works on the real state instead, for the kernel
(``DecidesInPlace``): it numbers the events as they are written and applies them with the
ruleset's whole ``apply`` (take-back record included), so the kernel need neither copy the
state nor apply the events a second time; a refusal after the first event raises
``HalfDone`` and the kernel rebuilds the state from the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import NOBODY, PUBLIC, Command, Event, Randomness, RuleError, event
from engine.kernel.draft import Numbering
from engine.kernel.ruleset import HalfDone, number

from . import commands as c
from . import rastur as _rastur
from .board import Board, DotKind, load_board
from .cargo import excess
from .components import Edition, load_components
from .deeds import pay_owed_commissions
from .discovery import discover, trade_culture
from .encounters import relic_ends_turn, switch_gate_lock
from .evolve import apply
from .movement import Mover, Position, Step, drives_of, position_of
from .observation import look_around, spy_where_standing
from .pieces import RELIC_KEYS, ship_dice
from .setup import available_races, begin_play, start_turn
from .state import Turn, VenusState, clone_state, interrupt
from .weapons import blast_targets
from .winning import check_bank, net_worth, target, wins_at_turn_end

# Events that leave a turn's Mover as it was (``Decision.mover``): they change the ship's
# dot, MP, paths used, moves, Pilot Number or free step (all the ``Position``'s), or what a
# player knows (7.2, 8.45), never the dice, heading, drives, relics, Tele Gates or map.
KEEPS_MOVER = frozenset({"Moved", "PilotNumberChosen", "FreeSkip", "CultureObserved",
                         "MarkerSpied"})


class Decision:
    """Collects the events of one command, keeping a scratch state up to date (the real
    state itself with a ``Numbering``)."""

    def __init__(self, state: VenusState, rng: Randomness,
                 numbering: Numbering[VenusState] | None = None) -> None:
        self.state = clone_state(state) if numbering is None else state
        self.rng = rng
        self.events: list[Event] = []
        self.board: Board = load_board(state.edition)
        self._mover: tuple[int, Mover] | None = None  # (events emitted, the turn's Mover)
        self._numbering = numbering

    def emit(self, ev: Event) -> None:
        numbering = self._numbering
        if numbering is None:
            apply(self.state, ev)
            self.events.append(ev)
            return
        ev = number(ev, numbering.base, len(self.events), numbering.actor)
        self.events.append(ev)  # first: an apply that fails has touched the real state
        numbering.apply(self.state, ev)

    @property
    def turn(self) -> Turn:
        if self.state.turn is None:
            raise RuleError("4.4 taking turns", "no turn is in progress")
        return self.state.turn

    def mover(self) -> Mover:
        """The Mover of the turn in progress (5, 6, 8), kept until an event may change it.

        The scratch state changes only through ``emit`` (every handler reads it and emits
        events, never writes it), so a Mover built after the n-th event stays right until
        the next event not in ``KEEPS_MOVER``: a revealed marker (6.1), a drive switched off
        (8.23), a Relic picked up (8.4), a new turn or new dice all arrive as events and
        rebuild it; a step (``Moved``) does not."""
        cached = self._mover
        count = len(self.events)
        if cached is not None:
            made, mover = cached
            if made == count:
                return mover
            if all(ev.type in KEEPS_MOVER for ev in self.events[made:]):
                self._mover = (count, mover)  # none of them changed what it was made from
                return mover
        mover = Mover.for_turn(self.board, self.state, self.turn)
        self._mover = (count, mover)
        return mover

    def position(self) -> Position:
        return position_of(self.turn, self.state.players[self.turn.seat])

    def roll(self, count: int) -> tuple[list[int], int]:
        """Dice for a roll: a sandbox scenario's loaded dice first, then the generator."""
        loaded = self.state.loaded_dice[:count]
        return loaded + self.rng.dice(count - len(loaded)), len(loaded)


CommandHandler = Callable[[Decision, int, Any], None]
HANDLERS: dict[type[Command], CommandHandler] = {}


def handles(kind: type[Command]) -> Callable[[CommandHandler], CommandHandler]:
    def register(fn: CommandHandler) -> CommandHandler:
        HANDLERS[kind] = fn
        return fn

    return register


def decide(state: VenusState, actor: int, command: Command, rng: Randomness) -> list[Event]:
    return draft(state, actor, command, rng).events


def draft(state: VenusState, actor: int, command: Command, rng: Randomness,
          numbering: Numbering[VenusState] | None = None) -> Decision:
    """Run ``command``'s handler on a copy of ``state`` (on ``state`` itself with a
    ``numbering``): the events it causes and the state they lead to (``Decision``); raises
    ``RuleError`` for a refused command, wrapped in ``HalfDone`` once ``state`` itself was
    changed."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RuleError("commands", f"{command.type} is not a command of this game")
    waiting = interrupt(state)
    if waiting is not None and type(command) not in INTERRUPT_COMMANDS[waiting[0]]:
        raise RuleError(INTERRUPT_RULES[waiting[0]],
                        f"seat {waiting[1]} must answer the '{waiting[0]}' prompt first")
    decision = Decision(state, rng, numbering)
    try:
        handler(decision, actor, command)
        spy_where_standing(decision)  # 8.45
        check_bank(decision)  # 13.3: an empty Bank ends the game at once
    except Exception as exc:
        if numbering is not None and decision.events:
            raise HalfDone(exc) from exc
        raise
    return decision


INTERRUPT_COMMANDS: dict[str, tuple[type[Command], ...]] = {
    "defend": (c.FireBack,),
    "pack": (c.PackHolds,),
    "hit": (c.ChooseHit,),
    "place_rastur": (c.PlaceRastur,),
    "draw_rastur": (c.DrawRastur, c.Reroll),
}
INTERRUPT_RULES = {
    "defend": "15.43 blasting pawns",
    "pack": "15.431 hits (3.431 holds)",
    "hit": "15.431 hits",
    "place_rastur": "16.2 generation",
    "draw_rastur": "16.21 relics",
}


def settle(d: Decision) -> None:
    """Go on once an interrupting prompt is answered: a lost attack ends the turn (15.212),
    a solitaire turn ends after its generation (17.2), movement goes on (15.211)."""
    s = d.state
    turn = s.turn
    if turn is None or s.stage != "playing" or interrupt(s) is not None:
        return
    if turn.lost or turn.ending:
        end_turn(d)
    elif turn.phase == "move":
        _after_arrival(d, arrived=False)


def _can_blast(d: Decision) -> bool:
    if not d.state.options.get("combat"):
        return False
    return bool(blast_targets(d.state, d.board, d.turn.seat))


def _phase(d: Decision, *phases: str, rule: str, what: str) -> Turn:
    turn = d.turn
    if turn.phase not in phases:
        raise RuleError(rule, f"{what} is not possible now (the turn is at '{turn.phase}')")
    return turn


# --- setup: choosing merchants (4.2) -----------------------------------------------------


@handles(c.ChooseRace)
def _choose_race(d: Decision, actor: int, cmd: c.ChooseRace) -> None:
    s = d.state
    if s.stage != "choose_race" or not s.race_queue or s.race_queue[0] != actor:
        raise RuleError("4.2 starting play", "it is not your turn to choose a merchant")
    if cmd.race not in available_races(s):
        raise RuleError("4.2 starting play", f"merchant {cmd.race!r} is not available")
    d.emit(event("RaceChosen", seat=actor, race=cmd.race))
    if not d.state.race_queue:
        begin_play(d)


# --- before the roll: drives, Gate Lock, declaration (5.3, 8.23, 8.47) -------------------


@handles(c.SetDrives)
def _set_drives(d: Decision, actor: int, cmd: c.SetDrives) -> None:
    _phase(d, "declare", rule="8.23 shutting down drives", what="turning drives off")
    carried = drives_of(d.state.players[actor])
    unknown = [x for x in cmd.off if x not in carried]
    if unknown:
        raise RuleError("8.23 shutting down drives", f"you carry no drive {unknown[0]!r}")
    d.emit(event("DrivesSet", seat=actor, off=sorted(set(cmd.off))))


@handles(c.UseGateLock)
def _gate_lock(d: Decision, actor: int, cmd: c.UseGateLock) -> None:
    _phase(d, "declare", rule="8.47 gate lock", what="the Gate Lock")
    if "gate_lock" not in d.state.players[actor].relics:
        raise RuleError("8.47 gate lock", "you do not have the Gate Lock relic")
    if not switch_gate_lock(d.state):
        raise RuleError("2012 appendix: relics", "the 2012 Gate Lock is used at each telegate "
                        "you enter (leave it as a blue space), not switched on before rolling")
    d.emit(event("GateLockSet", seat=actor, on=cmd.on))


@handles(c.DeclareHeading)
def _declare(d: Decision, actor: int, cmd: c.DeclareHeading) -> None:
    _phase(d, "declare", rule="5.31 declaration", what="declaring a heading")
    if cmd.dot not in d.board.dots:
        raise RuleError("5.31 declaration", f"there is no dot {cmd.dot!r}")
    mover = d.mover()
    if cmd.dot not in mover.headings(d.position()):
        raise RuleError(_bad_heading(d, mover, cmd.dot), f"{cmd.dot} cannot be your first move")
    d.emit(event("HeadingDeclared", seat=actor, dot=cmd.dot))


def _bad_heading(d: Decision, mover: Mover, dot: str) -> str:
    """Name the rule that forbids declaring ``dot`` as the first move."""
    here = d.position().dot
    if dot in d.board.neighbours(here) and mover.skips(dot):
        return "8.21 declaration (your Drives jump over that dot)"
    if dot in d.board.airfoil[here] and not mover.air_foil:
        return "8.41 air foil"
    if dot in mover.gates.values():
        return "6.52 / 8.43 tele gates (only from a Tele Gate or with the Jump Start)"
    marker = mover.face_up_marker(dot)
    if marker is not None and marker.kind == "telegate" and d.turn.gate_lock:
        return "8.47 gate lock (your Tele Gates are off this turn)"
    return "5.31 declaration (a dot next to yours, along a path or a Circle's arrow)"


@handles(c.RollDice)
def _roll(d: Decision, actor: int, cmd: c.RollDice) -> None:
    turn = _phase(d, "declare", rule="5.2 movement points", what="rolling")
    if turn.heading is None:
        raise RuleError(
            "5.31 declaration",
            "declare your first dot before rolling (a roll without a declaration does not"
            " count and is made again)",
        )
    mover = d.mover()
    if turn.heading not in mover.headings(d.position()):
        rule = _bad_heading(d, mover, turn.heading)
        raise RuleError(rule, "your declared dot is no longer a possible first move: declare again")
    player = d.state.players[actor]
    count = ship_dice(player.ship)
    if cmd.auto_pilot:
        if "auto_pilot" not in player.relics:
            raise RuleError("8.42 auto pilot", "you do not have the Auto Pilot relic")
        count -= 1
    dice, loaded = d.roll(count)
    if cmd.auto_pilot:
        dice.append(4)
    d.emit(event("DiceRolled", seat=actor, dice=dice, auto_pilot=cmd.auto_pilot, loaded=loaded))
    rolled = dice[:-1] if cmd.auto_pilot else dice  # 16.21: the Auto Pilot's 4 is no roll
    _rastur.check_roll(d, rolled, movement=True)
    settle(d)


@handles(c.Reroll)
def _reroll(d: Decision, actor: int, cmd: c.Reroll) -> None:
    turn = _phase(d, "move", rule="8.44 mulligan gear", what="a reroll")
    if "mulligan_gear" not in d.state.players[actor].relics:
        raise RuleError("8.44 mulligan gear", "you do not have the Mulligan Gear relic")
    if turn.rerolled or turn.moves or turn.pilot is not None:
        raise RuleError(
            "8.44 mulligan gear",
            "one reroll, only right after the roll, before choosing a Pilot Number or moving",
        )
    if not 0 <= cmd.die < len(turn.dice):
        raise RuleError("8.44 mulligan gear", f"there is no die number {cmd.die}")
    value, loaded = d.roll(1)
    d.emit(event("DieRerolled", seat=actor, die=cmd.die, value=value[0], loaded=loaded))
    if turn.rastur_due:  # 16.21: a "1" changed by the Mulligan Gear is ignored
        d.emit(event("RasturDue", seat=actor, due=False))
    _rastur.check_roll(d, _rolled_dice(d.turn, cmd.die), movement=True)
    settle(d)


def _rolled_dice(turn: Turn, rerolled: int) -> list[int]:
    """16.2 "whenever a player rolls a 1": the dice he rolled. The Auto Pilot's 4 is no roll
    (16.21), but once the Mulligan Gear rerolls it (8.44: "including the Auto Pilot") that
    die was rolled like the others."""
    last = len(turn.dice) - 1
    return turn.dice[:-1] if turn.auto_pilot and rerolled != last else list(turn.dice)


@handles(c.ChoosePilotNumber)
def _pilot(d: Decision, actor: int, cmd: c.ChoosePilotNumber) -> None:
    turn = _phase(d, "move", rule="6.41 pilot number", what="choosing a Pilot Number")
    if cmd.number not in turn.dice:
        raise RuleError("6.41 pilot number", f"you did not roll a {cmd.number}")
    mover = d.mover()
    if turn.pilot is not None and not mover.switch_switch:
        raise RuleError("6.41 pilot number", "you chose your Pilot Number already this turn")
    bound = mover.bound_pilots(d.position())
    if bound and cmd.number not in bound:
        raise RuleError(
            "6.42 / 6.52 declaration",
            f"you rolled a number that sends you to your declared dot: choose {sorted(bound)}",
        )
    d.emit(event("PilotNumberChosen", seat=actor, number=cmd.number))
    _after_arrival(d, arrived=False)


# --- moving (5, 6, 8) --------------------------------------------------------------------


def _route_matches(steps: list[Step], rest: list[str]) -> list[Step]:
    """Steps whose skipped dots and destination are the next dots of ``rest`` (8.2).

    A path may name the dots a Drive jumps over; that picks the route when two routes over
    skipped dots reach the same dot (around the Supernova, say). The longest match wins.
    """
    full = [
        s for s in steps if s.skipped and [*s.skipped, s.to] == rest[: len(s.skipped) + 1]
    ]
    longest = max((len(s.skipped) for s in full), default=0)
    return [s for s in full if len(s.skipped) == longest]


def _choose_step(
    d: Decision, target: str, pilot: int | None, rest: list[str] | None = None
) -> Step:
    if pilot is not None and pilot not in d.turn.dice:
        raise RuleError("6.41 pilot number", f"you did not roll a {pilot}")
    mover = d.mover()
    pos = d.position()
    steps = mover.steps(pos)
    matching = _route_matches(steps, rest) if rest else []
    if not matching:
        matching = [s for s in steps if s.to == target]
    if pilot is not None:
        matching = [s for s in matching if s.pilot in (None, pilot)]
    if not matching:
        raise RuleError(_why_not(d, mover, pos, target, steps), f"you cannot move to {target} now")
    pilots = {s.pilot for s in matching if s.pilot is not None}
    if pilots and pilot is None and d.turn.pilot is None:
        blue = [s for s in matching if s.pilot is None]
        if blue:  # 2012 Gate Lock: the gate left as a blue space, no die assigned
            matching, pilots = blue, set()
    if len(pilots) > 1 and pilot is None and d.turn.pilot in pilots:
        matching = [s for s in matching if s.pilot in (None, d.turn.pilot)]  # keep it (8.46)
    elif len(pilots) > 1 and pilot is None:
        raise RuleError(
            "6.41 pilot number", f"say which Pilot Number takes you there: {sorted(pilots)}"
        )
    return min(matching, key=lambda s: (s.mp, len(s.skipped)))


def _why_not(d: Decision, mover: Mover, pos: Position, target: str, steps: list[Step]) -> str:
    """Name the rule that forbids a move to ``target``."""
    board = d.board
    if target not in board.dots:
        return "5.1 movement"
    here = pos.dot
    if pos.moves == 0 and mover.heading is not None and any(s.to == mover.heading for s in steps):
        return "5.31 declaration"
    if board.dots[here].kind is DotKind.CIRCLE:
        return "6.4 navigation circles"
    if f"{target}>{here}" in pos.used:
        return "5.32 backtracking"
    if target in board.neighbours(here) and mover.skips(target):
        return "8.21 drives skip that dot"
    if target in board.neighbours(here) or target in board.airfoil[here]:
        if target in board.airfoil[here] and not mover.air_foil:
            return "8.41 air foil"
        return "5.21 movement costs"
    return "5.1 movement (not the next dot)"


@handles(c.MoveTo)
def _move_to(d: Decision, actor: int, cmd: c.MoveTo) -> None:
    _phase(d, "move", rule="5.1 movement", what="moving")
    _take_step(d, actor, _choose_step(d, cmd.dot, cmd.pilot))


@handles(c.MoveAlong)
def _move_along(d: Decision, actor: int, cmd: c.MoveAlong) -> None:
    """Execute a path step by step; stop at the first point that needs a new decision.

    The path lists the dots the ship occupies; it may also list the dots a Drive skips
    between them (8.2), which chooses between routes that reach the same dot.
    """
    _phase(d, "move", rule="5.1 movement", what="moving")
    if not cmd.path:
        raise RuleError("5.1 movement", "the path is empty")
    i = 0
    while i < len(cmd.path):
        rest = cmd.path[i:]
        # 6.41: the path's number applies until one is chosen; 8.46: a Switch Switch holder
        # may name another one for the first move
        switch = i == 0 and cmd.pilot is not None and d.mover().switch_switch
        pilot = cmd.pilot if d.turn.pilot is None or switch else None
        if i and _must_decide(d, rest, pilot):
            return  # the player chooses the Pilot Number himself from here
        step = _choose_step(d, rest[0], pilot, rest)
        full = bool(step.skipped) and [*step.skipped, step.to] == rest[: len(step.skipped) + 1]
        i += len(step.skipped) + 1 if full else 1
        _take_step(d, actor, step)
        turn = d.state.turn
        if turn is None or turn.phase != "move":
            return  # a penalty to decide, the end of movement, or of the turn
    turn = d.state.turn
    at_circle = d.board.dots[cmd.path[-1]].kind is DotKind.CIRCLE
    if cmd.pilot is not None and turn is not None and turn.phase == "move" and at_circle:
        if turn.pilot is None:
            _pilot(d, actor, c.ChoosePilotNumber(number=cmd.pilot))  # 6.43: may stop him here
        return
    if cmd.land and turn is not None and turn.phase == "move" and d.mover().landable(cmd.path[-1]):
        _end_movement(d, "landed")


def _must_decide(d: Decision, rest: list[str], pilot: int | None) -> bool:
    """A path stops before a step whose Pilot Number is not settled."""
    all_steps = d.mover().steps(d.position())
    steps = _route_matches(all_steps, rest) or [s for s in all_steps if s.to == rest[0]]
    keep = pilot if pilot is not None else d.turn.pilot
    if keep is not None and any(s.pilot in (None, keep) for s in steps):
        steps = [s for s in steps if s.pilot in (None, keep)]
    return len({s.pilot for s in steps if s.pilot is not None}) > 1


def _take_step(d: Decision, actor: int, step: Step) -> None:
    frm = d.state.players[actor].dot
    d.emit(
        event(
            "Moved",
            seat=actor,
            frm=frm,
            to=step.to,
            mp=step.mp,
            via=step.via,
            skipped=list(step.skipped),
            edges=list(step.edges),
            pilot=step.pilot,
        )
    )
    look_around(d, actor, [*step.skipped, step.to])
    _after_arrival(d, arrived=True)


def _after_arrival(d: Decision, *, arrived: bool) -> None:
    """What the dot the ship is on does now: reveal, penalty, landing, end of MP (6, 5.22)."""
    turn = d.turn
    seat = turn.seat
    here = d.state.players[seat].dot
    mover = d.mover()
    if arrived:
        box = d.state.qboxes.get(here)
        if box is not None and not box.face_up and box.marker is not None:
            d.emit(event("MarkerRevealed", dot=here,
                         marker=box.marker.model_dump(exclude_none=True)))  # 6.1
            mover = d.mover()
            if mover.skips(here):
                d.emit(event("FreeSkip", seat=seat, dot=here))  # 8.22
                if not mover.steps(d.position()):
                    _end_movement(d, "trapped")
                return
        due = mover.due(here)
        if due is not None:
            d.emit(event("PenaltyDue", seat=seat, dot=here, amount=due))
            if d.state.players[seat].cash < due:
                _end_movement(d, "cannot_pay")  # 6.3: he must stop
            return
    if interrupt(d.state) is not None:
        return
    if not mover.steps(d.position()):
        if _can_blast(d):
            return  # 15.41: he may still blast here (HoldFire declines)
        reason = "out_of_mp" if d.turn.mp <= 0 else "trapped"
        _end_movement(d, reason)  # 5.22


def _end_movement(d: Decision, reason: str) -> None:
    seat = d.turn.seat
    here = d.state.players[seat].dot
    landed = d.mover().landable(here)  # 4.4: on a City, Spaceport or Asteroid he may trade
    d.emit(event("MovementEnded", seat=seat, dot=here, reason=reason, landed=landed))
    if landed:
        discover(d, seat, here)  # 7.3: the first to land on a City or Spaceport
        _repair(d, seat, here)
    elif not (reason == "stayed" and _can_blast(d)):  # 15.412: a stationary attack first
        end_turn(d)  # movement over in space: nothing left to do this turn


def _repair(d: Decision, seat: int, dot: str) -> None:
    """15.432: landing at a Culture repairs, free, the damaged Equipment it sells."""
    player = d.state.players[seat]
    if not player.damaged:
        return
    culture = trade_culture(d.state, d.board, dot)
    if culture is None or culture == "base":
        return
    comps = load_components()
    sold = {e.key for e in comps.sells_equipment(comps.culture(culture).science,
                                                   Edition(d.state.edition))}
    keys = [k for k in player.damaged if k in sold]
    if keys:
        d.emit(event("EquipmentRepaired", seat=seat, keys=keys, culture=culture))


@handles(c.PayPenalty)
def _pay(d: Decision, actor: int, cmd: c.PayPenalty) -> None:
    turn = d.turn
    if turn.phase == "declare" and turn.start_penalty:
        raise RuleError("6.3 penalties", "to stay on a Penalty you pay by staying put (StayPut)")
    _phase(d, "pay_or_stop", rule="6.3 penalties", what="paying a penalty")
    due = turn.due or 0
    if d.state.players[actor].cash < due:
        raise RuleError("6.3 penalties", f"you cannot pay {due}: you must stop")
    here = d.state.players[actor].dot
    d.emit(event("PenaltyPaid", seat=actor, dot=here, amount=due))
    _after_arrival(d, arrived=False)


@handles(c.StopHere)
def _stop(d: Decision, actor: int, cmd: c.StopHere) -> None:
    _phase(d, "pay_or_stop", rule="6.3 penalties", what="stopping on a penalty")
    _end_movement(d, "stopped_on_penalty")


@handles(c.Land)
def _land(d: Decision, actor: int, cmd: c.Land) -> None:
    _phase(d, "move", rule="6.2 landing", what="landing")
    here = d.state.players[actor].dot
    if d.turn.moves == 0:
        raise RuleError("6.2 landing", "you have not moved this turn; stay put instead")
    if not d.mover().landable(here):
        raise RuleError("6.2 landing", "only Spaceports, Cities and Asteroids can be landed on")
    _end_movement(d, "landed")


@handles(c.StayPut)
def _stay(d: Decision, actor: int, cmd: c.StayPut) -> None:
    """4.4 and 9.42: a turn spent without moving; on a Penalty, pay it (6.3)."""
    _no_stopping_in_flight(d)
    turn = _phase(d, "declare", rule="4.4 taking turns", what="staying put")
    here = d.state.players[actor].dot
    if turn.start_penalty:
        due = d.mover().due(here) or 0
        if d.state.players[actor].cash < due:
            raise RuleError("6.3 penalties", f"you cannot pay the {due} penalty: move away")
        d.emit(event("PenaltyPaid", seat=actor, dot=here, amount=due))
    _end_movement(d, "stayed")


def _no_stopping_in_flight(d: Decision) -> None:
    """5.23: after the roll he must keep moving until he lands or his MP are gone."""
    if d.turn.phase in ("move", "pay_or_stop"):
        raise RuleError("5.23 inertia", "you have rolled: keep moving, land, or stop on a penalty")


@handles(c.PickUpRelic)
def _pick_up(d: Decision, actor: int, cmd: c.PickUpRelic) -> None:
    """6.11, 11.2: a Relic in a "?" box is free to whoever ends his turn there."""
    turn = _phase(d, "trade", rule="11.2 fare/relic", what="picking up a relic")
    here = d.state.players[actor].dot
    box = d.state.qboxes.get(here)
    if not turn.landed or box is None or box.marker is None or box.marker.kind != "relic":
        raise RuleError("11.2 fare/relic", "there is no relic here to pick up")
    relic = box.marker.relic
    assert relic in RELIC_KEYS
    d.emit(event("RelicPickedUp", seat=actor, dot=here, relic=relic))
    if relic_ends_turn(d.state) and turn.offer is None:  # 2012 "Encounters": the turn ends
        end_turn(d)


@handles(c.EndTurn)
def _end(d: Decision, actor: int, cmd: c.EndTurn) -> None:
    """4.4: finish the turn; 3.43: not while the ship carries more than it can hold."""
    _no_stopping_in_flight(d)
    _phase(d, "trade", rule="4.4 taking turns", what="ending the turn before moving")
    if d.turn.offer is not None:
        raise RuleError("11.4 other merchants", "a trade offer is waiting for its answer")
    if excess(d.state, actor):
        raise RuleError("3.43 capacity", "your ship carries too much: jettison the excess first")
    end_turn(d)


def end_turn(d: Decision) -> None:
    """4.4, 13.2: the turn ends; a Net Worth at the target wins; the next player starts."""
    seat = d.turn.seat
    s = d.state
    if _rastur.solitaire(s) and not d.turn.ending and net_worth(s, seat) < target(s):
        _rastur.generate(d)  # 17.2: the generation die at the end of the turn
        if s.stage != "playing" or interrupt(s) is not None:
            return  # the Rastur won, or the drawn Rastur waits to be placed (17.21)
    pay_owed_commissions(d)  # 2012: merchant spaceport commissions after all trading
    d.emit(event("TurnEnded", seat=seat))
    if wins_at_turn_end(d, seat):
        return
    start_turn(d, (seat + 1) % len(d.state.players))


__all__ = ["NOBODY", "PUBLIC", "Decision", "decide", "end_turn", "net_worth"]
