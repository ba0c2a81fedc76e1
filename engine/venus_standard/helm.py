"""The Movement phase as commands: heading, speed, dice, steps, telegates, hazards, landing.

Book headings: "Movement Phase" (1. Declare Heading, 2. Set Speed, 3. Move, 4. End
Movement), "Additional Movement Rules", "Assigning Dice", "Drives", "Bumps Along the Way"
(Navigation Spaces, Telegates, Branching Paths, Hazards, Encounters, Asteroids), "Pilots >
Upgrading Pilots". The step rules are pure (``movement``, ``navigation``, ``hazards``,
``dashboard``); this module checks a command against them and emits the events
(``flight_events`` applies them).

Seams (``helm_seams``): the cards of an encounter space or a pirate token are
``encounters.resolve_space``, the phase machine is ``rounds``, the racial technologies and
drills are ``technology`` / ``tech_abilities`` / ``merchant_spaceports``; an encounter's
outcome comes back through ``after_encounter`` (``Hooks``).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import RuleError

from . import dashboard, hazards, helm_seams, navigation
from .flight import Flight, flight
from .hazards import attributes_of
from .movement import (
    ASTEROID,
    ENCOUNTER,
    NAVIGATION,
    PORTS,
    Helm,
    Ship,
    Step,
    Terrain,
    find_step,
    first_spaces,
    landable,
    steps,
)
from .pilots import check_training, face_of, has_ability
from .terrain import terrain_of

MOVEMENT = "Movement Phase"


# --- what the rules read from the state -------------------------------------------------

def ship_of(state: Any, seat: int) -> Ship:
    """Drives and the pilot's line costs for this turn."""
    player = state.players[seat]
    f = state.turn.flight
    green = 1 if has_ability(player, "green_as_gray") else 2
    spread = 1 if has_ability(player, "navigation_adjust") else 0
    return Ship(drive=player.drive, use_drive=f.use_drive if f else True, green_cost=green,
                nav_spread=spread)


def helm_of(f: Flight, state: Any, seat: int) -> Helm:
    player = state.players[seat]
    at = f.at or player.space
    if f.path or f.jumped:
        return Helm(at, f.mp_left, f.came_from, None, f.entered)
    # the turn's first step: the declared heading, else the way the ship faces (it may not
    # turn back along the path it came by), except from a surface city or spaceport
    came = None if f.heading is not None or _kind(state, at) in PORTS else player.came_from
    return Helm(at, f.mp_left, came, f.heading, False)


def level_of(state: Any, seat: int) -> int:
    """Assigning Dice: as many dice as the pilot's level."""
    return int(state.players[seat].pilot_level)


def throttle_values(state: Any, seat: int) -> frozenset[int]:
    """Throttle: a 1; a Throttle Boost token's values (Appendix B); a pilot ability (ours)."""
    player = state.players[seat]
    values = set(dashboard.THROTTLE_VALUES) | set(getattr(player, "throttle_boost", ()))
    if has_ability(player, "throttle_on_two"):
        values.add(2)
    return frozenset(values)


def upgrades_of(state: Any, seat: int) -> list[str]:
    """The ship upgrade techs on the dashboard (each has a die box): ``vstrade``'s field."""
    return list(state.players[seat].upgrades)


def _kind(state: Any, space: str) -> str:
    return terrain_of(state).kind(space)


def _flight(draft: Any, seat: int, *stages: str) -> Flight:
    turn = draft.state.turn
    if turn is None or turn.phase != "movement" or turn.seat != seat:
        raise RuleError(MOVEMENT, "it is not your Movement phase")
    f = flight(draft.state)
    if f.stage not in stages:
        raise RuleError(MOVEMENT, f"not now: the Movement phase is at its {f.stage} step")
    return f


# --- 1. Declare Heading -----------------------------------------------------------------

def declare_heading(draft: Any, seat: int, toward: str | None, use_drive: bool) -> None:
    """Declare Heading: point the ship along a path connected to its space (or keep the way
    it faces: ``toward`` None); Drives: announce here not to use the drive."""
    f = _flight(draft, seat, "heading")
    at = draft.state.players[seat].space
    terrain = terrain_of(draft.state)
    if toward is not None and toward not in first_spaces(terrain, Helm(at, 0)):
        raise RuleError(f"{MOVEMENT} > Declare Heading",
                        f"{toward} is not along a path from {at}")
    if terrain.kind(at) == NAVIGATION and toward is not None:
        raise RuleError(f"{MOVEMENT} > Declare Heading",
                        "a ship on a navigation space leaves it by its navigation value")
    del f
    draft.emit("HeadingDeclared", seat=seat, toward=toward, use_drive=use_drive)


# --- 2. Set Speed -----------------------------------------------------------------------

def roll_speed(draft: Any, seat: int) -> None:
    """Set Speed: roll three speed dice; their sum is the movement value."""
    _flight(draft, seat, "heading", "speed")
    dice = [draft.die() for _ in range(dashboard.SPEED_DICE)]
    player = draft.state.players[seat]
    bonus = 1 if has_ability(player, "extra_movement") else 0
    spoiler = None
    if helm_seams.has_tech(player, "fancy_spoiler"):
        spoiler = "fancy"
    elif helm_seams.has_tech(player, "less_fancy_spoiler"):
        spoiler = "less_fancy"
    draft.emit("SpeedRolled", seat=seat, dice=dice, bonus=bonus, spoiler=spoiler)
    _settle(draft, seat)


def assign_die(draft: Any, seat: int, die: int, box: str) -> None:
    """Assigning Dice: a rolled speed die onto a die box (navigation, throttle, a ship
    upgrade). The throttle rolls one more speed die (Throttle)."""
    f = _flight(draft, seat, "move")
    if f.wait not in (None, "telegate", "navigation"):
        raise RuleError("Assigning Dice", f"the move waits for a {f.wait} decision first")
    state = draft.state
    dashboard.assign(f.dashboard, die, box, level=level_of(state, seat),
                     throttle_values=throttle_values(state, seat),
                     upgrades=upgrades_of(state, seat), throttle_open=not f.path)
    draft.emit("DieAssigned", seat=seat, die=die, box=box, value=f.dice[die])
    if box == dashboard.THROTTLE:
        draft.emit("SpeedDieAdded", seat=seat, value=draft.die())
    f = flight(draft.state)
    if box == dashboard.NAVIGATION and f.wait == "telegate":
        _jump(draft, seat, f.dice[die], "navigation")
    _settle(draft, seat)


def reroll_die(draft: Any, seat: int, die: int) -> None:
    """A level 2 Human pilot's ability (ours): reroll one unassigned die before moving."""
    f = _flight(draft, seat, "move")
    if not has_ability(draft.state.players[seat], "reroll_speed_die"):
        raise RuleError("Pilot Card Anatomy", "your pilot has no reroll ability")
    if "reroll_speed_die" in f.used or f.path:
        raise RuleError("Pilot Card Anatomy", "one reroll per Movement phase, before moving")
    dashboard.rerolled(f.dashboard, die, 1)  # checks the die is free
    draft.emit("SpeedDieRerolled", seat=seat, die=die, value=draft.die())
    _settle(draft, seat)


def use_hard_burn(draft: Any, seat: int) -> None:
    """Appendix B, Hard Burn: "after rolling his speed dice" add 10 points to the movement
    value; the token then returns to its originating culture."""
    f = _flight(draft, seat, "move")
    _not_waiting(f)
    if not helm_seams.has_tech(draft.state.players[seat], "hard_burn"):
        raise RuleError("Appendix B > Hard Burn", "you have no Hard Burn token")
    add_movement(draft, seat, HARD_BURN, "hard burn")
    helm_seams.return_tech(draft, seat, "hard_burn")
    _settle(draft, seat)


HARD_BURN = 10


# --- 3. Move ------------------------------------------------------------------------------

def step(draft: Any, seat: int, to: str) -> None:
    """Move: one step to the next space (over the spaces a drive skips)."""
    f = _flight(draft, seat, "move")
    _not_waiting(f)
    state = draft.state
    terrain = terrain_of(state)
    nav = dashboard.navigation_value(f.dashboard)
    s = find_step(terrain, ship_of(state, seat), helm_of(f, state, seat), nav, to)
    _go(draft, seat, s)


def move_to(draft: Any, seat: int, path: list[str]) -> None:
    """Move along ``path`` (the spaces a reach destination lists, skipped ones included),
    step by step, stopping early wherever the move waits for a decision or ends."""
    if not path:
        raise RuleError(f"{MOVEMENT} > Move", "an empty path")
    f = _flight(draft, seat, "move")
    _not_waiting(f)
    rest = list(path)
    while rest:
        if not _moving(draft.state, seat):
            return
        f = flight(draft.state)
        if f.stage != "move" or f.wait is not None:
            return
        if rest[0] == f.at:  # a telegate jump landed the ship where the path goes next
            del rest[0]
            continue
        state = draft.state
        terrain = terrain_of(state)
        nav = dashboard.navigation_value(f.dashboard)
        options = steps(terrain, ship_of(state, seat), helm_of(f, state, seat), nav)
        match = [s for s in options
                 if list(s.skipped) + [s.to] == rest[:len(s.skipped) + 1]]
        if not match:
            if rest == path:  # the first step itself is illegal: say why
                find_step(terrain, ship_of(state, seat), helm_of(f, state, seat), nav,
                          rest[0])
            return  # diverted (a telegate, an encounter): the rest no longer applies
        s = match[0]
        del rest[:len(s.skipped) + 1]
        _go(draft, seat, s)


def decline_navigation(draft: Any, seat: int) -> None:
    """Navigation Spaces: without a navigation die, the player to the left chooses the exit."""
    f = _flight(draft, seat, "move")
    if f.wait != "navigation":
        raise RuleError("Bumps Along the Way > Navigation Spaces",
                        "the ship is not about to leave a navigation space")
    _ask_exit(draft, seat)


def _ask_exit(draft: Any, seat: int) -> None:
    draft.emit("MoveWaits", seat=seat, wait="exit")
    chooser = exit_chooser(draft.state)
    draft.ask(chooser, "navigation_exit", mover=seat, space=flight(draft.state).at)


def choose_exit(draft: Any, seat: int, to: str) -> None:
    """Navigation Spaces: the player to the current player's left chooses the path."""
    state = draft.state
    turn = state.turn
    f = flight(state)
    mover = turn.seat
    if f.wait != "exit":
        raise RuleError("Bumps Along the Way > Navigation Spaces", "no exit to choose now")
    if seat != exit_chooser(state):
        raise RuleError("Bumps Along the Way > Navigation Spaces",
                        "the player to the current player's left chooses the path")
    terrain = terrain_of(state)
    helm = helm_of(f, state, mover)
    if to not in navigation.navigation_exits(terrain, helm):
        raise RuleError("Bumps Along the Way > Navigation Spaces",
                        f"{to} is not an exit of {helm.at} (nor the way the ship came in)")
    draft.answered()
    draft.emit("ExitChosen", seat=seat, mover=mover, to=to)
    options = [s for s in exit_steps(terrain, ship_of(state, mover), helm) if s.to == to
               or (s.skipped and s.skipped[0] == to)]
    if not options:
        draft.emit("MoveEnded", seat=mover, how="stopped", space=helm.at,
                   reason="not enough movement points for that exit")
        helm_seams.end_turn(draft, mover)
        return
    draft.emit("MoveWaits", seat=mover, wait=None)
    _go(draft, mover, options[0])


def exit_steps(terrain: Terrain, ship: Ship, helm: Helm) -> list[Step]:
    """The steps out of a navigation space through each exit another player may choose."""
    out: list[Step] = []
    for value in range(1, 7):
        out.extend(steps(terrain, ship, helm, value))
    return out


def exit_chooser(state: Any) -> int:
    seats = [p.seat for p in state.players]
    return navigation.exit_chooser(state.turn.seat, seats)


def roll_telegate(draft: Any, seat: int) -> None:
    """Telegates step 3: no navigation die: the purple effect die picks the telegate."""
    f = _flight(draft, seat, "move")
    if f.wait != "telegate":
        raise RuleError("Bumps Along the Way > Telegates", "the ship is not on a telegate")
    _purple_jump(draft, seat)
    _settle(draft, seat)


def hazard_choice(draft: Any, seat: int, choice: str) -> None:
    """Hazards: after a failed laser or shield check, end the turn there or lower that dial
    one point and go on (further hazards of the kind count as blue spaces this turn); a
    pilot with the hazard reroll ability (ours) may instead roll the check again."""
    f = _flight(draft, seat, "move")
    if f.wait != "hazard" or f.hazard is None:
        raise RuleError("Bumps Along the Way > Hazards", "no failed hazard check to answer")
    attribute = f.hazard
    state = draft.state
    attrs = attributes_of(state, seat)
    if choice == "stop":
        _end(draft, seat, "stopped", f"failed {attribute} check")
        return
    if choice == "push_on":
        if not hazards.may_push_on(attribute, attrs):
            raise RuleError("Bumps Along the Way > Hazards",
                            "a failed piloting check ends the turn" if attribute == "piloting"
                            else f"the {attribute} dial is at its lowest")
        dial = getattr(state.players[seat], attribute)
        draft.emit("DialLowered", seat=seat, dial=attribute, to=dial - 1)
        _settle(draft, seat)
        return
    if choice == "reroll":
        if not has_ability(state.players[seat], "hazard_reroll") or \
                "hazard_reroll" in f.used:
            raise RuleError("Pilot Card Anatomy", "no hazard reroll left this turn")
        _check(draft, seat, attribute, f.at or "", reroll=True)
        _settle(draft, seat)
        return
    raise RuleError("Bumps Along the Way > Hazards",
                    f"answer stop, push_on or reroll, not {choice!r}")


def answer_drill(draft: Any, seat: int, place: bool) -> None:
    """Asteroids / Drills: on the asteroid space just entered, the player with the License to
    Drill "can place one of his drill tokens" there, or not (they share the 12 tokens with
    merchant spaceports: "Drills"); then the move goes on."""
    f = _flight(draft, seat, "move")
    if f.wait != "drill":
        raise RuleError("Drills", "the ship has not just entered an asteroid space to drill")
    draft.emit("MoveWaits", seat=seat, wait=None)
    if place:
        helm_seams.drill(draft, seat, f.at or "")
    _settle(draft, seat)


# --- 4. End Movement ---------------------------------------------------------------------

def land(draft: Any, seat: int) -> None:
    """End Movement: land on a surface city, spaceport (Galactic Base) or asteroid entered
    this turn. A surface city or spaceport leads to the First Contact phase; an asteroid
    ends the turn (Asteroids: even with movement points left)."""
    f = _flight(draft, seat, "move")
    _not_waiting(f)
    state = draft.state
    if not f.path or f.at is None or not landable(terrain_of(state), f.at):
        raise RuleError(f"{MOVEMENT} > End Movement",
                        "a ship lands only on a surface city, spaceport or asteroid it "
                        "entered this turn")
    _land(draft, seat, f.at)


def train_pilot(draft: Any, seat: int, face: str) -> None:
    """Pilots > Upgrading Pilots: level 2 at Galactic Base, level 3 at a surface city or
    spaceport of the pilot's home culture, c60 each, after landing there this turn (or
    staying there by skipping the Movement phase), before the Transaction phase."""
    state = draft.state
    player = state.players[seat]
    if not may_train_here(state, seat):
        raise RuleError("Pilots > Upgrading Pilots",
                        "train after landing (or staying) at Galactic Base or your pilot's "
                        "home culture, before the Transaction phase")
    kind = _kind(state, player.space)
    now = face_of(player)
    new = check_training(now.face, face, kind == "galactic_base",
                         helm_seams.home_culture_here(state, seat), player.credits)
    draft.credits(seat, -now.train_cost, "pilot training")
    draft.emit("PilotTrained", seat=seat, face=new.face, level=new.level,
               side=new.face[-1] if new.level == 3 else None)


def may_train_here(state: Any, seat: int) -> bool:
    """After landing on (or staying by skipping the Movement phase on) the surface city or
    spaceport the ship is on, during that turn's First Contact and Transaction phases
    (docs/rulings.md)."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase not in ("first_contact", "transaction"):
        return False
    player = state.players[seat]
    if _kind(state, player.space) not in PORTS:
        return False
    return turn.skipped_movement or turn.landed == player.space


# --- resolving spaces ---------------------------------------------------------------------

def _moving(state: Any, seat: int) -> bool:
    """Is ``seat`` still in its Movement phase (not ended by a landing, hazard or card)?"""
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.phase == "movement"


def _not_waiting(f: Flight) -> None:
    if f.wait is not None:
        raise RuleError(f"{MOVEMENT} > Move", f"the move waits for a {f.wait} decision")


def _go(draft: Any, seat: int, s: Step) -> None:
    draft.emit("ShipMoved", seat=seat, path=[*s.skipped, s.to], mp=s.mp)
    _arrive(draft, seat)
    _settle(draft, seat)


def _arrive(draft: Any, seat: int) -> None:
    """Bumps Along the Way: what entering the ship's new space does."""
    state = draft.state
    f = flight(state)
    at = f.at or ""
    kind = _kind(state, at)
    if navigation.triggers_telegate(terrain_of(state), at, by_jump=f.jumped):
        nav = dashboard.navigation_value(f.dashboard)
        if nav is not None:
            _jump(draft, seat, nav, "navigation")
        elif _may_assign(state, seat, dashboard.NAVIGATION):
            draft.emit("MoveWaits", seat=seat, wait="telegate")
        else:
            _purple_jump(draft, seat)
        return
    attribute = hazards.checks(kind, frozenset(f.ignoring))
    if attribute is not None:
        _check(draft, seat, attribute, at, reroll=False)
        return
    if kind == ASTEROID and helm_seams.may_drill(state, seat, at):
        draft.emit("MoveWaits", seat=seat, wait="drill")  # Drills: "can place one"
        return
    if kind in (ENCOUNTER, "pirate"):
        helm_seams.resolve_space(draft, seat, at)


def _check(draft: Any, seat: int, attribute: str, at: str, reroll: bool) -> None:
    """Hazards: roll the purple die against the attribute; a failure waits for the
    player's answer when he has one (push on, reroll), else ends his turn there."""
    state = draft.state
    attrs = attributes_of(state, seat)
    roll = draft.die()
    passed = hazards.passes(attribute, roll, attrs)
    draft.emit("HazardChecked", seat=seat, space=at, attribute=attribute, roll=roll,
               value=attrs.check_value(attribute), passed=passed, reroll=reroll)
    if passed:
        return
    f = flight(state)
    can_reroll = has_ability(state.players[seat], "hazard_reroll") and \
        "hazard_reroll" not in f.used
    if hazards.may_push_on(attribute, attrs) or can_reroll:
        draft.emit("MoveWaits", seat=seat, wait="hazard", hazard=attribute)
    else:
        _end(draft, seat, "stopped", f"failed {attribute} check")


def _purple_jump(draft: Any, seat: int) -> None:
    roll = draft.die()
    state = draft.state
    terrain = terrain_of(state)
    at = flight(state).at or ""
    if navigation.telegate_jump(terrain, at, roll) is None and has_ability(
            state.players[seat], "telegate_two_rolls"):
        draft.emit("PurpleRolled", seat=seat, value=roll, purpose="telegate")
        roll = draft.die()
    _jump(draft, seat, roll, "purple")


def _jump(draft: Any, seat: int, value: int, by: str) -> None:
    """Telegates: to the telegate numbered ``value``, free of movement points; if it is this
    one or there is none, the ship stays and goes on."""
    state = draft.state
    at = flight(state).at or ""
    to = navigation.telegate_jump(terrain_of(state), at, value)
    draft.emit("TelegateJumped", seat=seat, space=at, to=to, value=value, by=by)


def _may_assign(state: Any, seat: int, box: str) -> bool:
    f = flight(state)
    return any(b == box for _, b in dashboard.possible_boxes(
        f.dashboard, level=level_of(state, seat), throttle_values=throttle_values(state, seat),
        upgrades=upgrades_of(state, seat), throttle_open=not f.path))


def _settle(draft: Any, seat: int) -> None:
    """After each change: a ship that can move no further ends its move (landing if it is on
    a surface city, spaceport or asteroid it entered), and a ship about to leave a
    navigation space without a navigation value waits for that decision."""
    state = draft.state
    if not _moving(state, seat):
        return
    f = flight(state)
    if f.stage != "move" or f.wait is not None or state.asks:
        return  # (an open question, e.g. an encounter card's, calls ``resume`` once answered)
    terrain = terrain_of(state)
    helm = helm_of(f, state, seat)
    nav = dashboard.navigation_value(f.dashboard)
    if terrain.kind(helm.at) == NAVIGATION and nav is None and helm.mp > 0 and exit_steps(
            terrain, ship_of(state, seat), helm):
        if _may_assign(state, seat, dashboard.NAVIGATION):
            draft.emit("MoveWaits", seat=seat, wait="navigation")
        else:
            _ask_exit(draft, seat)
        return
    if steps(terrain, ship_of(state, seat), helm, nav):
        return
    if f.path and landable(terrain, helm.at):
        _land(draft, seat, helm.at)
    elif helm.mp <= 0:
        _end(draft, seat, "spent", "every movement point spent")
    else:
        _end(draft, seat, "stopped", "no path onward")


def _land(draft: Any, seat: int, at: str) -> None:
    """End Movement: on a surface city or spaceport the turn goes on to the First Contact
    phase; on an asteroid it ends (the phase machine decides by the space landed on)."""
    how = "asteroid" if _kind(draft.state, at) == ASTEROID else "landed"
    draft.emit("MoveEnded", seat=seat, how=how, space=at, reason=f"landed on {at}")
    helm_seams.landed(draft, seat, at)


def _end(draft: Any, seat: int, how: str, reason: str) -> None:
    """The move ends away from a port: the turn ends (End Movement)."""
    at = flight(draft.state).at
    draft.emit("MoveEnded", seat=seat, how=how, space=at, reason=reason)
    helm_seams.end_turn(draft, seat)


def resume(draft: Any, seat: int) -> None:
    """For encounter cards (``vsenc``): after a question of theirs is answered, the Move step
    goes on (or ends, when the ship can move no further)."""
    _settle(draft, seat)


def end_move_here(draft: Any, seat: int, reason: str) -> None:
    """For encounter cards and pirates (``vsenc``): the card ends the Move step here."""
    if _moving(draft.state, seat) and flight(draft.state).stage == "move":
        _end(draft, seat, "stopped", reason)


def add_movement(draft: Any, seat: int, points: int, reason: str) -> None:
    """For pirates won by pilot skill and cards: movement points added to the value."""
    draft.emit("MovementAdded", seat=seat, points=points, reason=reason)


def after_encounter(draft: Any, seat: int, res: Any) -> None:
    """An encounter's outcome for the Move step (``encounters.Resolution``, handed back
    through ``Hooks.after_encounter``): movement points added or taken ("Winning a Pirate
    Engagement": up to the pilot's level), the Move step ended here (pirates lost, a card),
    or nothing; then the move goes on."""
    if getattr(res, "waiting", False):
        return
    if res.movement:
        add_movement(draft, seat, res.movement, res.reason or "encounter")
    if res.stop or res.end_turn:
        end_move_here(draft, seat, res.reason or "encounter")
        return
    resume(draft, seat)
