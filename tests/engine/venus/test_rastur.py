"""The Rastur (1988 optional rule 16) and solitaire (17), with the ``rastur``/``solitaire``
options. Bench: the Polluted Planet as in ``test_combat``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Game, RuleError
from engine.venus import commands as c
from engine.venus.board import load_board
from engine.venus.components import load_components
from engine.venus.deeds import orbit_deeds
from engine.venus.rastur import closest, sites
from engine.venus.ruleset import ruleset
from engine.venus.scenario import start
from engine.venus.trading import prices
from engine.venus.winning import net_worth

from .movekit import Venus, legal, of_type, play, refused, roll, types
from .tradekit import CITY, ORBIT, SYSTEM, cash

SPACE = "polluted-planet.2"
RASTUR = {"combat": True, "rastur": True}
BOARD = load_board("avalon-hill")


def game(dice: list[int], me: dict[str, Any] | None = None, **extra: Any) -> Venus:
    players = [{"name": "Ann", "race": "humans", "cash": 300, "dot": SPACE, **(me or {})},
               {"name": "Bob", "race": "dell", "cash": 300, "dot": "galactic-base"}]
    options = {**RASTUR, **extra.pop("options", {})}
    return start({"players": players, "options": options, "cultures": {SYSTEM: "qossuth"},
                  "discovered": [SYSTEM], "other_qboxes": "empty", "dice": dice, **extra})


def test_16_1_the_active_pool_follows_the_mix_chart() -> None:
    g = Game.start(ruleset, {"rastur": True, "game_length": 1000}, ["a", "b"], seed=3)
    assert sorted(g.state.rastur_pool) == load_components().rastur.pool(1000)[0]
    assert len(g.state.rastur_pool) == 12 and g.state.rastur_reserve == []  # 16.1
    assert g.state.options["combat"] is True  # 16.3: the Rastur are blasted (15.4)


def test_16_rastur_are_refused_in_the_classic_2012_game() -> None:
    with pytest.raises(RuleError) as e:
        Game.start(ruleset, {"edition": "classic-2012", "rastur": True, "combat": False},
                   ["a", "b"], seed=1)
    assert e.value.rule.startswith("16")


def test_16_2_a_rolled_1_draws_a_rastur_for_the_player_to_place() -> None:
    g = game([1, 2, 3], rastur_pool=[80, 80])
    events = roll(g, ORBIT)
    assert of_type(events, "RasturDrawn")[0].data["strength"] == 80
    pending = ruleset.pending(g.state)
    assert pending is not None and (pending.prompt, pending.seats) == ("place_rastur", (0,))
    refused(g, c.MoveTo(dot=ORBIT), "16.2")
    refused(g, c.PlaceRastur(dot=CITY), "16.23")  # a City only when no Orbit is free
    play(g, c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.rastur == {"jungle-planet.3": 80}
    assert g.state.turn is not None and g.state.turn.phase == "move"


def test_16_2_at_most_one_rastur_per_turn() -> None:
    g = game([1, 1, 1], rastur_pool=[80, 90])
    roll(g, ORBIT)
    play(g, c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.turn is not None and g.state.turn.rastur_drawn


def test_16_21_a_1_changed_by_the_mulligan_gear_is_ignored() -> None:
    g = game([1, 2, 3, 5], {"relics": ["mulligan_gear"]}, rastur_pool=[80, 90])
    roll(g, ORBIT)
    pending = ruleset.pending(g.state)
    assert pending is not None and pending.prompt == "draw_rastur"
    assert c.DrawRastur() in legal(g) and c.Reroll(die=0) in legal(g)
    events = play(g, c.Reroll(die=0))
    assert "RasturDrawn" not in types(events) and g.state.rastur_hand is None
    kept = game([1, 2, 3], {"relics": ["mulligan_gear"]}, rastur_pool=[80, 90])
    roll(kept, ORBIT)
    assert "RasturDrawn" in types(play(kept, c.DrawRastur()))


def test_16_21_the_auto_pilots_4_replaces_a_die() -> None:
    """16.21: he rolls every die but the one the Auto Pilot replaces."""
    g = game([2, 2], {"relics": ["auto_pilot"]}, rastur_pool=[80, 90])
    events = roll(g, ORBIT, auto_pilot=True)
    assert of_type(events, "DiceRolled")[0].data["dice"] == [2, 2, 4]
    assert "RasturDrawn" not in types(events)


def test_16_22_the_defenders_1_draws_nothing() -> None:
    g = start({"players": [
        {"name": "Ann", "race": "humans", "cash": 300, "dot": SPACE, "equipment": ["laser"]},
        {"name": "Bob", "race": "dell", "cash": 300, "dot": ORBIT}],
        "options": RASTUR, "other_qboxes": "empty", "dice": [2, 2, 2, 6, 1],
        "rastur_pool": [80, 90]})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.Blast(target="pawn:1", fire=["equipment:laser"]))
    events = g.play(1, c.FireBack(fire=[]))
    assert "RasturDrawn" not in types(events)


def test_16_2_the_attackers_1_in_combat_draws() -> None:
    g = game([2, 2, 2, 1, 6], {"equipment": ["laser"]}, rastur={ORBIT: 60},
             rastur_pool=[80, 90])
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.PayPenalty())
    events = play(g, c.Blast(target="rastur", fire=["equipment:laser"]))
    assert "RasturDrawn" in types(events)
    play(g, c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.turn is None or g.state.turn.seat == 1  # the lost attack ended his turn


def test_16_23_spaceports_and_orbits_first_then_cities() -> None:
    g = game([2, 2, 2])
    free = sites(g.state, BOARD)
    assert all(BOARD.dots[d].orbit is not None for d in free)
    orbits = {d: 60 for d, info in BOARD.dots.items() if info.orbit is not None}
    full = game([2, 2, 2], rastur=orbits, rastur_pool=[70], forts={CITY: 1})
    cities = sites(full.state, BOARD)
    assert "galactic-base" in cities and CITY not in cities  # Gazetteer; no Fort dot


def test_16_3_a_rastur_is_a_penalty_to_pay_and_can_be_blasted_back_to_the_pool() -> None:
    g = game([2, 2, 2, 6, 1], {"equipment": ["laser", "nova_ball"]}, rastur={ORBIT: 60},
             rastur_pool=[80])
    roll(g, ORBIT)
    events = play(g, c.MoveTo(dot=ORBIT))
    assert of_type(events, "PenaltyDue")[0].data["amount"] == 60
    play(g, c.PayPenalty())
    before = cash(g)
    play(g, c.Blast(target="rastur", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.rastur == {} and sorted(g.state.rastur_pool) == [60, 80]
    assert cash(g) == before + 60  # the Bank pays its strength


def test_16_3_starting_on_a_rastur_pay_or_leave() -> None:
    g = game([], {"dot": ORBIT}, rastur={ORBIT: 70})
    assert g.state.turn is not None and g.state.turn.start_penalty
    events = play(g, c.StayPut())
    assert of_type(events, "PenaltyPaid")[0].data["amount"] == 70


def test_16_4_no_trading_no_building_and_worthless_deeds_under_the_rastur() -> None:
    deed = orbit_deeds("avalon-hill")[ORBIT]
    g = game([1, 1, 1], {"cash": 1000}, spaceports={ORBIT: 1},
             factories={"qossuth": {"dot": CITY, "owner": 1}}, rastur={ORBIT: 90, CITY: 60},
             rastur_pool=[80])
    bob = g.state.players[1]
    assert deed in bob.deeds and net_worth(g.state, 1) == bob.cash  # 16.4: worthless
    mover_landable = ruleset.legal_actions(g.state, 0)
    assert mover_landable is not None
    assert "factory_goods:qossuth" not in prices(g.state, BOARD, 0, "qossuth")


def test_16_4_a_rastur_city_cannot_be_landed_on() -> None:
    g = game([3, 3, 3], rastur={CITY: 60}, rastur_pool=[80])
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=CITY))
    refused(g, c.Land(), "6.2")  # 16.4: the City is cancelled
    play(g, c.PayPenalty())  # then he stops there, not landed: no trading
    assert g.state.turn is None or g.state.turn.seat == 1


def test_16_5_the_last_rastur_drawn_is_the_rasturs_win() -> None:
    g = game([1, 2, 3], rastur_pool=[80])
    events = roll(g, ORBIT)
    won = of_type(events, "GameWon")[0].data
    assert won["reason"] == "rastur" and g.state.stage == "over" and g.state.winner is None


# --- solitaire (17) ----------------------------------------------------------------------


def solo(dice: list[int], me: dict[str, Any] | None = None, **extra: Any) -> Venus:
    player = {"name": "Ann", "race": "humans", "cash": 300, "dot": CITY, **(me or {})}
    return start({"players": [player], "options": {"solitaire": True, **extra.pop("options",
                                                                                    {})},
                  "cultures": {SYSTEM: "qossuth"}, "discovered": [SYSTEM],
                  "other_qboxes": "empty", "dice": dice, **extra})


def test_17_1_solitaire_setup() -> None:
    g = Game.start(ruleset, {"solitaire": True, "races": ["humans"]}, ["solo"], seed=5)
    assert g.state.options["rastur"] and g.state.players[0].ship == "scout"
    assert g.state.players[0].cash == 20
    assert sorted(g.state.rastur_reserve) == load_components().rastur.pool(2000)[1]  # 17.11
    for options, players in (({"solitaire": True, "rastur": False}, ["a"]),
                             ({"solitaire": True}, ["a", "b"])):
        with pytest.raises(RuleError) as e:
            Game.start(ruleset, options, players, seed=1)
        assert e.value.rule.startswith("17.1")


def test_17_2_no_rastur_on_rolls_a_generation_die_at_the_end_of_the_turn() -> None:
    g = solo([1, 1, 1, 3], {"dot": ORBIT}, rastur_pool=[60, 70], rastur_reserve=[50, 250])
    events = roll(g, CITY)
    assert "RasturDrawn" not in types(events)
    play(g, c.MoveTo(dot=CITY))
    events = play(g, c.EndTurn())
    assert of_type(events, "RasturGeneration")[0].data["die"] == 3
    assert "TurnEnded" not in types(events)  # 17.21: he places the drawn Rastur first
    events = play(g, c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.transit == 50 and "TurnEnded" in types(events)  # the weakest Reserve


def test_17_21_an_occupied_transit_box_empties_into_the_active_pool() -> None:
    g = solo([2], rastur_pool=[60, 70], rastur_reserve=[250], transit=50)
    play(g, c.StayPut(), c.EndTurn(), c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.transit is None and 50 in g.state.rastur_pool


def test_17_22_merging_finds_the_closest_reserve_lower_preferred() -> None:
    assert closest([100, 140], 120) == 100
    assert closest([50, 160, 250], 150) == 160
    g = solo([5], rastur_pool=[60, 60], rastur_reserve=[100, 140])
    events = play(g, c.StayPut(), c.EndTurn())
    merged = of_type(events, "RasturMerged")[0].data
    assert merged == {"drawn": [60, 60], "chosen": 100}
    assert g.state.rastur_pool == [100] and g.state.rastur_reserve == [60, 60, 140]


def test_17_22_a_merge_with_one_active_rastur_ends_the_game() -> None:
    g = solo([6], rastur_pool=[60], rastur_reserve=[100])
    events = play(g, c.StayPut(), c.EndTurn())
    assert of_type(events, "GameWon")[0].data["reason"] == "rastur"


def test_17_3_eliminated_rastur_go_to_the_transit_box() -> None:
    g = solo([2, 2, 2, 6, 1], {"dot": SPACE, "equipment": ["laser", "nova_ball"]},
             rastur={ORBIT: 60}, rastur_pool=[70], rastur_reserve=[250])
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.PayPenalty())
    play(g, c.Blast(target="rastur", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.transit == 60
    g = solo([2, 2, 2, 6, 1], {"dot": SPACE, "equipment": ["laser", "nova_ball"]},
             rastur={ORBIT: 60}, rastur_pool=[70], rastur_reserve=[250], transit=80)
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.PayPenalty())
    play(g, c.Blast(target="rastur", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.transit is None and 80 in g.state.rastur_pool
    assert 60 in g.state.rastur_reserve


def test_17_4_spied_penalty_markers_stay_face_up_but_not_tele_gates() -> None:
    qboxes = {"polluted-planet.9": {"kind": "penalty", "color": "blue", "amount": 20},
              "polluted-planet.5": {"kind": "telegate", "number": 3}}
    g = solo([1, 1, 1], {"dot": SPACE, "relics": ["spy_eye"]}, qboxes=qboxes)
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT))
    assert g.state.qboxes["polluted-planet.9"].face_up
    assert not g.state.qboxes["polluted-planet.5"].face_up


def test_17_5_the_last_draw_does_not_end_the_game_if_the_transit_box_refills_the_pool(
) -> None:
    g = solo([2], rastur_pool=[60], rastur_reserve=[250], transit=70)
    play(g, c.StayPut(), c.EndTurn(), c.PlaceRastur(dot="jungle-planet.3"))
    assert g.state.stage == "playing" and g.state.rastur_pool == [70]
    g = solo([2], rastur_pool=[60], rastur_reserve=[250])
    events = play(g, c.StayPut(), c.EndTurn())
    assert of_type(events, "GameWon")[0].data["reason"] == "rastur"


def test_17_5_winning_before_the_last_rastur() -> None:
    g = solo([3], {"cash": 2500}, rastur_pool=[60])
    events = play(g, c.StayPut(), c.EndTurn())
    assert of_type(events, "GameWon")[0].data["seat"] == 0
    assert "RasturGeneration" not in types(events)


def test_16_17_1_one_player_needs_the_rastur_so_plays_solitaire() -> None:
    """16: "The Rastur must be used to play solitaire (see 17)"; 17.1: "The Rastur must be
    used to play solitaire." One player without the option plays solitaire (Rastur drawn by
    16.2 only with it on); `solitaire: false` for one player is refused, citing 17.1."""
    g = Game.start(ruleset, {}, ["solo"], seed=3)
    assert g.state.options["solitaire"] and g.state.options["rastur"]
    with pytest.raises(RuleError) as e:
        Game.start(ruleset, {"solitaire": False}, ["solo"], seed=3)
    assert e.value.rule.startswith("17.1") and "solitaire" in str(e.value)
    two = Game.start(ruleset, {}, ["a", "b"], seed=3)
    assert not two.state.options["solitaire"]


def test_16_2_a_rerolled_auto_pilot_die_that_comes_up_1_draws_a_rastur() -> None:
    """8.44: "He can choose any one of the dice he rolled for the reroll—including the Auto
    Pilot"; 16.2: "Whenever a player rolls a "1" during his turn ... he immediately draws a
    Rastur". The rerolled Auto Pilot die is a roll."""
    g = game([2, 2, 1], {"relics": ["auto_pilot", "mulligan_gear"]}, rastur_pool=[80, 90])
    roll(g, ORBIT, auto_pilot=True)
    assert turn_dice(g) == [2, 2, 4]
    events = play(g, c.Reroll(die=2))
    assert turn_dice(g) == [2, 2, 1]
    assert "RasturDrawn" in types(events)


def turn_dice(g: Venus) -> list[int]:
    assert g.state.turn is not None
    return list(g.state.turn.dice)
