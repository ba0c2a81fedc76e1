"""The Movement phase in the game: its rules routed from commands, the commands offered at
each point of the move (every prompt offers one at least, so a random bot can always play),
and the movement part of the view (dashboard, movement left, pilot, reachable spaces)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.kernel import Command

from . import dashboard, hazards, helm, helm_seams, navigation
from . import helm_commands as m
from .flight import Flight
from .hookpoints import Rule
from .movement import NAVIGATION, first_spaces, landable, steps
from .pilots import face_of, load_pilots, training_options
from .reach import reachable
from .state import StandardState
from .terrain import terrain_of

MOVE_COMMANDS = (m.DeclareHeading, m.RollSpeed, m.AssignDie, m.RerollDie, m.UseHardBurn,
                 m.Step, m.MoveTo, m.DeclineNavigation, m.RollTelegate, m.AnswerHazard,
                 m.PlaceDrill, m.Land)


# -- rules ----------------------------------------------------------------------------------

#: The rules of the movement commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    m.DeclareHeading: lambda d, s, c: helm.declare_heading(d, s, c.toward, c.use_drive),
    m.RollSpeed: lambda d, s, c: helm.roll_speed(d, s),
    m.AssignDie: lambda d, s, c: helm.assign_die(d, s, c.die, c.box),
    m.RerollDie: lambda d, s, c: helm.reroll_die(d, s, c.die),
    m.UseHardBurn: lambda d, s, c: helm.use_hard_burn(d, s),
    m.Step: lambda d, s, c: helm.step(d, s, c.to),
    m.MoveTo: lambda d, s, c: helm.move_to(d, s, c.path),
    m.DeclineNavigation: lambda d, s, c: helm.decline_navigation(d, s),
    m.ChooseExit: lambda d, s, c: helm.choose_exit(d, s, c.to),
    m.RollTelegate: lambda d, s, c: helm.roll_telegate(d, s),
    m.AnswerHazard: lambda d, s, c: helm.hazard_choice(d, s, c.choice),
    m.PlaceDrill: lambda d, s, c: helm.answer_drill(d, s, c.place),
    m.Land: lambda d, s, c: helm.land(d, s),
    m.TrainPilot: lambda d, s, c: helm.train_pilot(d, s, c.face),
}


# -- offers ---------------------------------------------------------------------------------

def _flight(state: StandardState) -> Flight:
    turn = state.turn
    assert turn is not None
    space = state.player(turn.seat).space
    return turn.flight or Flight(at=space, start=space)


def movement_offers(state: StandardState, seat: int) -> Iterator[Command]:
    f = _flight(state)
    player = state.player(seat)
    if f.stage == "heading":
        yield m.RollSpeed()
        terrain = terrain_of(state)
        if terrain.kind(player.space) != NAVIGATION:  # left by its navigation value
            for to in first_spaces(terrain, helm.helm_of(f, state, seat)):
                yield m.DeclareHeading(toward=to)
        if player.drive is not None:
            yield m.DeclareHeading(toward=None, use_drive=False)
        return
    if f.stage == "speed":
        yield m.RollSpeed()
        return
    if f.stage != "move":
        return
    yield from _dice_offers(state, seat, f)
    if f.wait == "telegate":
        yield m.RollTelegate()
        return
    if f.wait == "navigation":
        yield m.DeclineNavigation()
        return
    if f.wait == "drill":
        yield m.PlaceDrill(place=True)
        yield m.PlaceDrill(place=False)
        return
    if f.wait == "hazard" and f.hazard is not None:
        yield m.AnswerHazard(choice="stop")
        if hazards.may_push_on(f.hazard, helm.attributes_of(state, seat)):
            yield m.AnswerHazard(choice="push_on")
        if helm.has_ability(player, "hazard_reroll") and "hazard_reroll" not in f.used:
            yield m.AnswerHazard(choice="reroll")
        return
    if f.wait is not None:
        return
    terrain = terrain_of(state)
    nav = dashboard.navigation_value(f.dashboard)
    for s in steps(terrain, helm.ship_of(state, seat), helm.helm_of(f, state, seat), nav):
        yield m.Step(to=s.to)
    if f.path and f.at is not None and landable(terrain, f.at):
        yield m.Land()
    if helm_seams.has_tech(player, "hard_burn"):
        yield m.UseHardBurn()


def _dice_offers(state: StandardState, seat: int, f: Flight) -> Iterator[Command]:
    if f.wait not in (None, "telegate", "navigation"):
        return
    only_nav = f.wait is not None
    for die, box in dashboard.possible_boxes(
            f.dashboard, level=helm.level_of(state, seat),
            throttle_values=helm.throttle_values(state, seat),
            upgrades=helm.upgrades_of(state, seat), throttle_open=not f.path):
        if not only_nav or box == dashboard.NAVIGATION:
            yield m.AssignDie(die=die, box=box)
    if f.wait is None and not f.path and "reroll_speed_die" not in f.used and \
            helm.has_ability(state.player(seat), "reroll_speed_die"):
        for die in f.dashboard.free_dice:
            yield m.RerollDie(die=die)


def exit_offers(state: StandardState, seat: int) -> Iterator[Command]:
    turn = state.turn
    assert turn is not None
    f = _flight(state)
    h = helm.helm_of(f, state, turn.seat)
    for to in navigation.navigation_exits(terrain_of(state), h):
        yield m.ChooseExit(to=to)


def training_offers(state: StandardState, seat: int) -> Iterator[Command]:
    if not helm.may_train_here(state, seat):
        return
    player = state.player(seat)
    if player.credits < face_of(player).train_cost:
        return
    at_base = terrain_of(state).kind(player.space) == "galactic_base"
    for face in training_options(face_of(player).face, at_base,
                                 helm_seams.home_culture_here(state, seat)):
        yield m.TrainPilot(face=face)


# -- fame -----------------------------------------------------------------------------------

def pilot_fame(state: StandardState, seat: int) -> list[tuple[str, int]]:
    """Pilot Card Anatomy: the fame printed on the pilot card (Scoring Example: one for a
    level 2 Pilot card)."""
    face = face_of(state.player(seat))
    return [("pilot", face.fame)] if face.fame else []


# -- view -----------------------------------------------------------------------------------

def movement_view(state: StandardState, viewer: int) -> dict[str, Any] | None:
    """The Movement phase in progress, public (dice and dashboards lie open): the dashboard's
    dice and boxes, the movement value and points left, what the move waits for, and the
    spaces the ship can reach from here (cheap: one search, for the mover's own view only,
    only while the ship is free to move)."""
    turn = state.turn
    if turn is None or turn.phase != "movement":
        return None
    f = _flight(state)
    seat = turn.seat
    out: dict[str, Any] = {
        "seat": seat, "stage": f.stage, "at": f.at, "start": f.start, "heading": f.heading,
        "use_drive": f.use_drive, "dice": list(f.dice), "boxes": dict(f.boxes),
        "navigation": dashboard.navigation_value(f.dashboard),
        "movement_value": f.movement_value if f.dice else None,
        "mp_left": f.mp_left if f.dice else None, "wait": f.wait, "hazard": f.hazard,
        "ignoring": list(f.ignoring), "path": list(f.path), "reach": [],
        # the space the ship may not turn back to now (no backtracking; at the turn's
        # start without a declared heading, the way it faces): public, as the ship's pawn
        "came_from": helm.helm_of(f, state, seat).came_from,
    }
    if f.stage == "move" and f.wait is None and viewer == seat:  # the mover's highlights
        terrain = terrain_of(state)
        nav = dashboard.navigation_value(f.dashboard)
        out["reach"] = [d.as_dict() for d in reachable(
            terrain, helm.ship_of(state, seat), helm.helm_of(f, state, seat), nav,
            frozenset(f.ignoring))]
    return out


def pilots_view(state: StandardState, viewer: int) -> list[dict[str, Any]]:
    """Each player's Pilot card face (Pilot Card Anatomy), public, with the faces of the next
    level it trains to (Pilots > Upgrading Pilots: the card's back at level 2, either side
    of the level 3 card), so that a training reads as what it gives."""
    out = []
    deck = load_pilots()
    for p in state.players:
        face = face_of(p)
        nxt = [{"face": f.face, "name": f.name, "level": f.level, "skill": f.skill,
                "ability": f.ability, "ability_text": deck.abilities[f.ability], "fame": f.fame}
               for f in deck.of_pilot(face.pilot, face.level + 1)]
        out.append({"seat": p.seat, "face": face.face, "name": face.name, "level": face.level,
                    "skill": face.skill, "ability": face.ability,
                    "ability_text": deck.abilities[face.ability], "fame": face.fame,
                    "culture": face.culture, "discount": face.discount,
                    "train_at": face.train_at, "train_cost": face.train_cost,
                    "ours": face.ours, "trains_to": nxt})
    return out
