"""The merchant's course (engine/venus_standard/course.py, bot.py): the distances it plans
with are those the movement rules let the ship fly ("Additional Movement Rules": no
backtracking during a Move step; a ship that rolls without declaring a heading keeps facing
the way it came), so a ship in a system's ring reaches the city it aims for instead of
leaving the ring by another exit.

The Jungle World's ring on our board: ``jungle-world.1`` to ``.8`` clockwise, the orbit
space ``.3`` joined to the city by a green line, route exits at ``.1``, ``.2``, ``.4``,
``.5``, ``.7`` and ``.8``. A navigation space's exit is the one the navigation die picks,
or the one the player to the left picks ("Navigation Spaces")."""

from __future__ import annotations

from typing import Any

from engine.kernel import Command, Game
from engine.venus_standard import course
from engine.venus_standard.bot import Merchant
from engine.venus_standard.flight import Flight
from engine.venus_standard.helm_commands import (
    AssignDie,
    ChooseExit,
    DeclareHeading,
    DeclineNavigation,
    RollSpeed,
    RollTelegate,
    Step,
)
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState
from tests.engine.venus_standard.cards_kit import current, load_dice, table

CITY = "jungle-world.city"


def test_a_course_does_not_turn_back_in_a_ring() -> None:
    """Past the orbit space the city is the whole ring away (six spaces and the green
    line), not three points back; free to take any path it is three."""
    assert course.after_step("jungle-world.4", "jungle-world.3", "jungle-world.5")[CITY] == 9
    assert course.from_space("jungle-world.4", "jungle-world.3", entered=False)[CITY] == 9
    assert course.from_space("jungle-world.4", None)[CITY] == 3
    # a surface city entered is landed on: no course through it
    assert course.after_step("jungle-world.3", "jungle-world.2", CITY) == {CITY: 2}


def ring_view(at: str, came_from: str, stage: str) -> dict[str, Any]:
    """A seat whose only goal is the Jungle World's city (its mission's destination)."""
    return {"players": [{"seat": 0, "credits": 0, "cargo": [], "space": at}],
            "markets": {}, "discovered": {}, "first_contact_face_down": [],
            "cards": {"mission_tokens": {"0": ["jungle-world"]}},
            "movement": {"stage": stage, "at": at, "came_from": came_from, "reach": [],
                         "path": [came_from, at] if stage == "move" else []}}


def choices(view: dict[str, Any], legal: list[Command]) -> set[Command]:
    return {Merchant("course").choose(view, legal, seat=0, seq=seq) for seq in range(12)}


def test_past_the_orbit_it_stays_in_the_ring() -> None:
    """On ``.5`` having come from ``.4`` with the city out of this move's reach: on around
    the ring (``.6``) is the way to the city; the route to the Supergiant leads away (the
    board's distances, blind to the way the ship faces, gave both five points, back through
    ``.4``, and the ship took either)."""
    legal: list[Command] = [Step(to="jungle-world.6"), Step(to="jungle-supergiant.1")]
    assert choices(ring_view("jungle-world.5", "jungle-world.4", "move"), legal) == {
        Step(to="jungle-world.6")}


def test_at_declare_heading_it_turns_back_toward_the_city_behind_it() -> None:
    """A turn begun on ``.4`` facing away from ``.3``: without a heading the ship may not
    turn back, so the merchant declares one toward ``.3``; facing the city, it just rolls."""
    legal: list[Command] = [RollSpeed(), DeclareHeading(toward="jungle-world.3"),
                            DeclareHeading(toward="jungle-world.5"),
                            DeclareHeading(toward="colony-jungle.7")]
    behind = ring_view("jungle-world.4", "jungle-world.3", "heading")
    assert choices(behind, legal) == {DeclareHeading(toward="jungle-world.3")}
    ahead = ring_view("jungle-world.4", "jungle-world.5", "heading")
    assert choices(ahead, legal) == {RollSpeed()}


def play_turn(game: Game[StandardState], seat: int) -> None:
    """The merchant plays the seat's commands until its Movement phase is over."""
    bot = Merchant("course")
    while (turn := game.state.turn) is not None and turn.seat == seat \
            and turn.phase == "movement":
        legal = list(ruleset.legal_actions(game.state, seat))
        game.play(seat, bot.choose(ruleset.view(game.state, seat), legal, seat=seat,
                                   seq=game.seq))


def test_a_ship_facing_away_from_the_city_lands_there_this_turn() -> None:
    """A game: the ship on ``.4`` came from the orbit space, every system face down (each
    city a goal), speed dice 1, 2, 1 (four points). Turning back reaches the Jungle World's
    city for three; flown on the way it faced, the nearest city is beyond four."""
    game = table(seed="course")
    seat = current(game)
    player = game.state.player(seat)
    player.space, player.came_from = "jungle-world.4", "jungle-world.3"
    assert game.state.turn is not None
    game.state.turn.flight = Flight(at=player.space)  # the turn's flight starts there too
    view = ruleset.view(game.state, seat)
    assert view["movement"]["came_from"] == "jungle-world.3"
    load_dice(game, 1, 2, 1)
    play_turn(game, seat)
    assert game.state.player(seat).space == CITY


def nav_view(dice: list[int], wait: str = "navigation") -> dict[str, Any]:
    """On ``nav-west`` come from Galactic Base's leg, bound for the Jungle World's city: the
    Movement Example's exit 2 (``west-jungle``) is its way; 1 and 3 take the longer rim,
    4 the West Nebula, 5 and 6 point back."""
    view = ring_view("nav-west", "base-west.2", "move")
    view["movement"].update({"dice": dice, "wait": wait})
    return view


def test_on_a_navigation_space_it_assigns_the_die_of_its_way() -> None:
    """"Navigation Spaces": a die assigned to navigation picks the exit; declined, the
    player to the left picks any. The merchant assigns the 2 (west-jungle, eight points to
    the city) rather than let another choose; with only a 4 and a 5 (the West Nebula, or
    back: the move ends there) it declines."""
    legal: list[Command] = [AssignDie(die=0, box="navigation"),
                            AssignDie(die=1, box="navigation"),
                            AssignDie(die=2, box="navigation"), DeclineNavigation()]
    assert choices(nav_view([5, 2, 4]), legal) == {AssignDie(die=1, box="navigation")}
    assert choices(nav_view([5, 4, 5]), legal) == {DeclineNavigation()}


def test_alone_it_chooses_its_own_exit_by_its_course() -> None:
    """A solo player has no one to the left: he chooses his own ship's exit (ruling,
    ``navigation.exit_chooser``); the merchant takes the one on its course."""
    view = nav_view([5, 4, 5], wait="exit")
    view["pending"] = {"prompt": "navigation_exit", "detail": {"mover": 0}}
    legal: list[Command] = [ChooseExit(to="west-jungle.1"), ChooseExit(to="west-jungle-rim.1"),
                            ChooseExit(to="west-nebula.1")]
    assert choices(view, legal) == {ChooseExit(to="west-jungle.1")}


def telegate_view(dice: list[int]) -> dict[str, Any]:
    """On telegate 4 (``asteroid-wartorn.2``), entered from ``asteroid-wartorn.1``, bound for
    the Desert Planet's city (its mission's destination), five points from telegate 6."""
    view = ring_view("asteroid-wartorn.2", "asteroid-wartorn.1", "move")
    view["cards"]["mission_tokens"] = {"0": ["desert-planet"]}
    view["movement"].update({"dice": dice, "wait": "telegate"})
    return view


def test_on_a_telegate_it_assigns_the_die_of_its_way() -> None:
    """"Telegates": entered with a normal move, a die assigned to navigation moves the ship
    to the telegate of its number; without one the purple die picks. The merchant assigns
    the 6 (telegate 6, beside the Desert Planet) rather than roll; with a 1 and a 4 (no
    telegate 1; 4 is this one: the ship flies on) it rolls (before, it always rolled: the
    course planned every telegate as if it took the ship where it wanted)."""
    legal: list[Command] = [AssignDie(die=0, box="navigation"),
                            AssignDie(die=1, box="navigation"),
                            AssignDie(die=2, box="navigation"), RollTelegate()]
    assert choices(telegate_view([1, 6, 4]), legal) == {AssignDie(die=1, box="navigation")}
    assert choices(telegate_view([1, 4, 1]), legal) == {RollTelegate()}
