"""Relics that change movement, 1988 rules 8.41-8.47."""

from __future__ import annotations

from typing import Any

from engine.venus import commands as c

from .movekit import (
    ended,
    game,
    here,
    legal,
    legal_moves,
    of_type,
    play,
    refused,
    roll,
    turn,
    types,
)

PP = {i: f"polluted-planet.{i}" for i in range(1, 12)}
JP = {i: f"jungle-planet.{i}" for i in range(1, 12)}
PAINT_PLACE, POISON_PARK = PP[10], PP[11]
GATE2, GATE5 = JP[5], PP[5]


def gates() -> dict[str, dict[str, Any]]:
    return {
        GATE2: {"kind": "telegate", "number": 2, "face_up": True},
        GATE5: {"kind": "telegate", "number": 5, "face_up": True},
    }


# --- 8.41 Air Foil -----------------------------------------------------------------------


def test_8_41_air_foil_surface_moves_cost_one_mp() -> None:
    """8.41: the Air Foil reduces moving to or from a Surface City from two MP to one."""
    g = game(PAINT_PLACE, [1, 1, 1], relics=["air_foil"])
    roll(g, PP[1])
    events = play(g, c.MoveTo(dot=PP[1]))
    assert of_type(events, "Moved")[0].data["mp"] == 1


def test_8_41_air_foil_one_mp_left_can_reach_a_surface_city() -> None:
    """5.21/8.41: with one MP left he can still move to a Surface City with the Air Foil."""
    g = game(PP[3], [1, 1, 1], relics=["air_foil"])
    roll(g, PP[2])
    play(g, c.MoveTo(dot=PP[2]), c.MoveTo(dot=PP[1]))
    assert turn(g).mp == 1
    assert legal_moves(g) == {PP[9], PAINT_PLACE}
    play(g, c.MoveTo(dot=PAINT_PLACE))
    assert here(g) == PAINT_PLACE


def test_8_41_air_foil_skirts_the_planet_city_to_city() -> None:
    """8.41: city to adjacent city on one planet, without landing, then on into space."""
    g = game(PP[2], [3, 3, 3], relics=["air_foil"])
    roll(g, PP[1])
    play(g, c.MoveTo(dot=PP[1]), c.MoveTo(dot=PAINT_PLACE))
    assert turn(g).phase == "move"  # 5.32: not trapped with the Air Foil
    assert legal_moves(g) == {POISON_PARK}
    events = play(g, c.MoveTo(dot=POISON_PARK))
    assert of_type(events, "Moved")[0].data["via"] == "airfoil"
    assert of_type(events, "Moved")[0].data["mp"] == 1
    play(g, c.MoveTo(dot=PP[3]))
    assert here(g) == PP[3] and turn(g).mp == 9 - 4


def test_8_41_without_air_foil_cities_are_not_linked() -> None:
    """8.41: without the Air Foil a Surface City is reached only from its orbit dot."""
    g = game(PAINT_PLACE, [3, 3, 3])
    refused(g, c.DeclareHeading(dot=POISON_PARK), "8.41")
    g = game(PAINT_PLACE, [3, 3, 3], relics=["air_foil"])
    roll(g, POISON_PARK)
    play(g, c.MoveTo(dot=POISON_PARK))
    assert here(g) == POISON_PARK


# --- 8.42 Auto Pilot ---------------------------------------------------------------------


def test_8_42_auto_pilot_rolls_one_die_less_and_adds_a_four() -> None:
    """8.42: one die less, the missing one counts "4" for MP and as a Pilot Number."""
    g = game("galactic-base", [1, 6, 6], relics=["auto_pilot"])
    events = roll(g, "space-station-planet.11", auto_pilot=True)
    assert of_type(events, "DiceRolled")[0].data["dice"] == [1, 6, 4]
    assert turn(g).mp == 11 and g.state.loaded_dice == [6]
    play(g, c.MoveTo(dot="space-station-planet.11"))
    play(g, c.MoveTo(dot="space-station-planet.7", pilot=4))
    assert turn(g).pilot == 4


def test_8_42_rolling_all_dice_is_not_using_it() -> None:
    """8.42: the player who does not wish to use it rolls all his dice."""
    g = game("galactic-base", [1, 6, 6], relics=["auto_pilot"])
    play(g, c.DeclareHeading(dot="space-station-planet.11"))
    rolls = {a.auto_pilot for a in legal(g) if isinstance(a, c.RollDice)}
    assert rolls == {False, True}
    play(g, c.RollDice())
    assert turn(g).dice == [1, 6, 6]


def test_8_42_needs_the_relic() -> None:
    """8.42: only the Auto Pilot's owner rolls one die less."""
    g = game("galactic-base", [1, 6, 6])
    play(g, c.DeclareHeading(dot="space-station-planet.11"))
    refused(g, c.RollDice(auto_pilot=True), "8.42")


# --- 8.43 Jump Start ---------------------------------------------------------------------


def test_8_43_jump_start_declares_a_face_up_gate_as_first_move() -> None:
    """8.43: with the Jump Start he may declare any face-up Tele Gate as his first move."""
    g = game(PP[2], [2, 1, 1], relics=["jump_start"], qboxes=gates())
    declared = {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}
    assert declared == {PP[1], PP[3], GATE2, GATE5}
    g = game(PP[2], [2, 1, 1], qboxes=gates())
    refused(g, c.DeclareHeading(dot=GATE2), "6.52 / 8.43")


def test_8_43_rolled_number_of_the_gate_must_be_chosen_and_jumps() -> None:
    """8.43: if he rolls the declared Gate's number he must choose it; the jump costs 1 MP."""
    g = game(PP[2], [2, 5, 1], relics=["jump_start"], qboxes=gates())
    roll(g, GATE2)
    assert legal_moves(g) == {GATE2}
    refused(g, c.ChoosePilotNumber(number=5), "6.42 / 6.52")
    events = play(g, c.MoveTo(dot=GATE2))
    moved = of_type(events, "Moved")[0].data
    assert moved["via"] == "jump_start" and moved["mp"] == 1 and moved["pilot"] == 2


def test_8_43_jump_start_from_a_surface_city_costs_two_or_one_with_air_foil() -> None:
    """8.43: two MP from a Surface City, one if also equipped with an Air Foil."""
    for relics, cost in ((["jump_start"], 2), (["jump_start", "air_foil"], 1)):
        g = game(PAINT_PLACE, [2, 1, 1], relics=relics, qboxes=gates())
        roll(g, GATE2)
        events = play(g, c.MoveTo(dot=GATE2))
        assert of_type(events, "Moved")[0].data["mp"] == cost


def test_8_43_other_rolled_number_on_a_gate_must_jump_there() -> None:
    """8.43: without the declared number, a chosen number on a face-up Gate must jump."""
    g = game(PP[2], [5, 1, 1], relics=["jump_start"], qboxes=gates())
    roll(g, GATE2)
    assert legal_moves(g) == {GATE5, PP[1], PP[3]}
    play(g, c.ChoosePilotNumber(number=5))
    assert legal_moves(g) == {GATE5}
    play(g, c.MoveTo(dot=GATE5))
    assert here(g) == GATE5


def test_8_43_jump_start_fails_moves_normally_keeping_the_number() -> None:
    """8.43/FAQ: no rolled number on a face-up Gate: he moves normally, Pilot Number kept."""
    g = game(PP[2], [1, 3, 4], relics=["jump_start"], qboxes=gates())
    roll(g, GATE2)
    assert legal_moves(g) == {PP[1], PP[3]}
    play(g, c.MoveTo(dot=PP[3], pilot=3))
    assert here(g) == PP[3] and turn(g).pilot == 3


def test_8_43_jump_start_only_as_the_first_move() -> None:
    """8.43: the Jump Start works at the start of the turn only."""
    g = game(PP[1], [2, 2, 2], relics=["jump_start"], qboxes=gates())
    roll(g, PP[2])
    play(g, c.MoveTo(dot=PP[2]))
    assert legal_moves(g) == {PP[3]}


# --- 8.44 Mulligan Gear ------------------------------------------------------------------


def test_8_44_reroll_one_die_right_after_the_roll() -> None:
    """8.44: reroll any one die immediately after the roll; the new roll must be used."""
    g = game("galactic-base", [1, 2, 3, 6], relics=["mulligan_gear"])
    roll(g, "space-station-planet.11")
    events = play(g, c.Reroll(die=0))
    assert of_type(events, "DieRerolled")[0].data["value"] == 6
    assert turn(g).dice == [6, 2, 3] and turn(g).mp == 11
    refused(g, c.Reroll(die=1), "8.44")  # one die per turn


def test_8_44_reroll_not_after_choosing_a_pilot_number_or_moving() -> None:
    """8.44: before he picks his Pilot Number or begins to move."""
    g = game("galactic-base", [1, 2, 3, 6], relics=["mulligan_gear"])
    roll(g, "space-station-planet.11")
    play(g, c.ChoosePilotNumber(number=3))
    refused(g, c.Reroll(die=0), "8.44")
    g = game("galactic-base", [1, 2, 3, 6], relics=["mulligan_gear"])
    roll(g, "space-station-planet.11")
    play(g, c.MoveTo(dot="space-station-planet.11"))
    assert not any(isinstance(a, c.Reroll) for a in legal(g))
    refused(g, c.Reroll(die=0), "8.44")


def test_8_44_may_reroll_the_auto_pilot_die() -> None:
    """8.44: he can choose any one of his dice for the reroll, including the Auto Pilot."""
    g = game("galactic-base", [1, 2, 5], relics=["mulligan_gear", "auto_pilot"])
    roll(g, "space-station-planet.11", auto_pilot=True)
    assert turn(g).dice == [1, 2, 4]
    play(g, c.Reroll(die=2))
    assert turn(g).dice == [1, 2, 5] and turn(g).mp == 8


def test_8_44_needs_the_relic() -> None:
    g = game("galactic-base", [1, 2, 3, 6])
    roll(g, "space-station-planet.11")
    refused(g, c.Reroll(die=0), "8.44")
    refused(game("galactic-base", [1, 2, 3], relics=["mulligan_gear"]), c.Reroll(die=0), "8.44")


# --- 8.45 Spy Eye ------------------------------------------------------------------------


def test_8_45_spy_eye_inspects_a_marker_next_to_its_dot_privately() -> None:
    """8.45: occupying a dot next to a face-down marker, he inspects it; no one else sees."""
    boxes = {GATE2: {"kind": "relic", "relic": "laser"}}
    g = game(JP[3], [1, 1, 1], relics=["spy_eye"], qboxes=boxes,
             others=[{"name": "Bob", "dot": "galactic-base"}])
    roll(g, JP[4])
    events = play(g, c.MoveTo(dot=JP[4]))
    spied = of_type(events, "MarkerSpied")
    assert [e.data["dot"] for e in spied] == [GATE2]
    assert spied[0].data["marker"] == {"kind": "relic", "relic": "laser"}
    assert spied[0].audience.kind == "seats" and spied[0].audience.seats == (0,)
    other = [e for e in g.log_for(1) if e["seq"] == spied[0].seq][0]
    assert other.get("redacted") and "data" not in other
    assert not g.state.qboxes[GATE2].face_up  # not revealed
    assert g.state.players[0].spied[GATE2].relic == "laser"


def test_8_45_spy_eye_spies_from_skipped_dots() -> None:
    """8.45: a ship skipping over a dot spies from it as if it occupied it."""
    boxes = {GATE2: {"kind": "open_port"}}
    g = game(JP[3], [1, 1, 1], relics=["spy_eye"], equipment=["red_drive"], qboxes=boxes)
    roll(g, "trapped-rogue--jungle-planet.7")
    events = play(g, c.MoveTo(dot="trapped-rogue--jungle-planet.7"))
    assert of_type(events, "Moved")[0].data["skipped"] == [JP[4]]
    assert [e.data["dot"] for e in of_type(events, "MarkerSpied")] == [GATE2]


def test_8_45_without_spy_eye_nothing_is_seen() -> None:
    boxes = {GATE2: {"kind": "relic", "relic": "laser"}}
    g = game(JP[3], [1, 1, 1], qboxes=boxes)
    roll(g, JP[4])
    assert "MarkerSpied" not in types(play(g, c.MoveTo(dot=JP[4])))


def test_8_45_spy_eye_observes_from_any_dot_of_the_system() -> None:
    """8.45/7.2: with the Spy Eye he observes the Culture from any dot in its System."""
    g = game(JP[2], [1, 1, 1], relics=["spy_eye"], cultures={"jungle-planet": "niks"})
    events = roll(g, JP[1]) + play(g, c.MoveTo(dot=JP[1]))  # JP[2] is not an Orbit
    seen = of_type(events, "CultureObserved")  # once, from where he stands
    assert [e.data["culture"] for e in seen] == ["niks"]
    assert seen[0].audience.seats == (0,)


# --- 8.46 Switch Switch ------------------------------------------------------------------


def test_8_46_switch_switch_changes_the_pilot_number_at_will() -> None:
    """8.46: he can change which die is his Pilot Number any number of times."""
    g = game("galactic-base", [3, 1, 6], relics=["switch_switch"])
    roll(g, "space-station-planet.11")
    play(g, c.ChoosePilotNumber(number=3), c.ChoosePilotNumber(number=1))
    play(g, c.MoveTo(dot="space-station-planet.11"))
    assert legal_moves(g) == {"space-station-planet.7", "space-station-planet.10"}
    play(g, c.MoveTo(dot="space-station-planet.10", pilot=3))
    assert turn(g).pilot == 3
    refused(g, c.ChoosePilotNumber(number=2), "6.41")  # not his dice roll


def test_8_46_without_switch_switch_the_number_stays() -> None:
    g = game("galactic-base", [3, 1, 6])
    roll(g, "space-station-planet.11")
    play(g, c.ChoosePilotNumber(number=3))
    refused(g, c.ChoosePilotNumber(number=1), "6.41")


# --- 8.47 Gate Lock ----------------------------------------------------------------------


def test_8_47_gate_lock_turns_every_gate_off() -> None:
    """8.47: declared before the roll, all Tele Gates are off: treated as blue dots."""
    g = game(JP[4], [5, 5, 5], relics=["gate_lock"], qboxes=gates())
    play(g, c.UseGateLock())
    roll(g, GATE2)
    play(g, c.MoveTo(dot=GATE2))
    assert legal_moves(g) == {JP[6]}  # no jump to Gate 5
    refused(g, c.Land(), "6.2")  # a blue dot, not an Asteroid


def test_8_47_gate_lock_also_stops_starting_jumps() -> None:
    """8.47: from a Gate, with the lock on, only the paths remain."""
    g = game(GATE2, [5, 5, 5], relics=["gate_lock"], qboxes=gates())
    play(g, c.DeclareHeading(dot=GATE5), c.UseGateLock())
    refused(g, c.RollDice(), "8.47")
    declared = {a.dot for a in legal(g) if isinstance(a, c.DeclareHeading)}
    assert declared == {JP[4], JP[6]}


def test_8_47_gate_lock_only_before_rolling_and_only_with_the_relic() -> None:
    g = game(JP[4], [5, 5, 5], qboxes=gates())
    refused(g, c.UseGateLock(), "8.47")
    g = game(JP[4], [5, 5, 5], relics=["gate_lock"], qboxes=gates())
    roll(g, GATE2)
    refused(g, c.UseGateLock(), "8.47")


def test_8_47_gate_lock_lasts_only_his_turn() -> None:
    """8.47: the Gates are off for the balance of *his* turn only."""
    g = game(JP[4], [1, 1, 1, 5, 5, 5], relics=["gate_lock"], qboxes=gates())
    play(g, c.UseGateLock())
    roll(g, GATE2)
    events = play(g, c.MoveTo(dot=GATE2), c.MoveTo(dot=JP[6]), c.MoveTo(dot=JP[7]))
    assert ended(events)["reason"] == "out_of_mp"
    assert turn(g).gate_lock is False  # his next turn: the Gates work unless he locks again


def test_8_46_switch_switch_every_reachable_path_replays_with_a_number_chosen() -> None:
    """8.46 with 6.41: a Switch Switch holder whose Pilot Number is already chosen may leave
    a Circle by an arrow of another rolled number. When two rolled numbers point to the same
    dot (here 2 and 3 in the Body circle), the reachable query must name the number, and
    ``MoveAlong`` must accept it: every destination it returns replays."""
    from engine.kernel import Randomness
    from engine.venus.reach import reachable
    from engine.venus.rules import decide

    body = "space-station-planet.4"
    g = game("space-station-planet.6", [2, 6, 3], relics=["switch_switch"])
    roll(g, "space-station-planet.5")
    play(g, c.ChoosePilotNumber(number=6), c.MoveTo(dot="space-station-planet.5"),
         c.MoveTo(dot=body))
    assert turn(g).pilot == 6
    found = reachable(g.state)
    assert any(d.path[0] == "space-station-planet.8" for d in found)
    for d in found:
        decide(g.state, 0, c.MoveAlong(path=list(d.path), pilot=d.pilot), Randomness(1, 1))


def test_8_43_failed_jump_start_from_a_circle_leaves_by_the_pilot_number_arrow() -> None:
    """8.43: a failed Jump Start moves "along a normal path ... within the limitations of his
    already declared Pilot Number"; from a Navigation Circle that is the arrow of his number
    (6.4: "when he leaves the Circle he must follow the arrow that contains his Pilot
    Number")."""
    circle = "space-station-planet.13"  # arrows 1, 2, 5 -> .12; 3 -> the Desert route
    for edition in ("avalon-hill", "classic-2012"):
        g = game(circle, [1, 1, 2], relics=["jump_start"], edition=edition,
                 qboxes={JP[5]: {"kind": "telegate", "number": 6, "face_up": True}})
        roll(g, JP[5])
        assert legal_moves(g) == {"space-station-planet.12"}
        refused(g, c.MoveTo(dot="desert-planet--space-station-planet.1", pilot=1), "6.4")
        play(g, c.MoveTo(dot="space-station-planet.12", pilot=1))
        assert here(g) == "space-station-planet.12"


def test_8_45_spy_eye_bought_beside_a_face_down_marker_spies_it_at_once() -> None:
    """8.45: "Each time a player with the Spy Eye occupies or skips over a dot that is next to
    a face down "?" marker, he may inspect that "?" marker". Bought on the Paintfall Orbit,
    next to the box polluted-planet.9, it inspects that box where the ship stands."""
    from .tradekit import at_spaceport

    box = "polluted-planet.9"
    g = at_spaceport("qossuth", owner=0, suns={"polluted-planet": ["spy_eye"]},
                     qboxes={box: {"kind": "relic", "relic": "laser"}})
    assert box not in g.state.players[0].spied
    events = play(g, c.Buy(item="relic:spy_eye"))
    assert [e.data["dot"] for e in of_type(events, "MarkerSpied")] == [box]
    assert g.state.players[0].spied[box].relic == "laser"


def test_8_45_spy_eye_picked_up_in_a_hidden_system_observes_its_culture() -> None:
    """8.45: "The Spy Eye also allows a player to observe (see 7.2) the Culture in the System
    he occupies from any dot in that System": picked up from a "?" box of an undiscovered
    System, it observes that System's Culture without another move."""
    boxes = {GATE2: {"kind": "relic", "relic": "spy_eye", "face_up": True}}
    g = game(JP[4], [1, 1, 1], qboxes=boxes, cultures={"jungle-planet": "niks"})
    roll(g, GATE2)
    play(g, c.MoveTo(dot=GATE2))
    if turn(g).phase == "move":
        play(g, c.Land())
    events = play(g, c.PickUpRelic())
    seen = of_type(events, "CultureObserved")
    assert [e.data["culture"] for e in seen] == ["niks"] and seen[0].audience.seats == (0,)
