"""Combat, 1988 optional rule 15 (and the COMBAT SUMMARY table), with the ``combat`` option.

The bench is the Polluted Planet (see ``tradekit``): ``polluted-planet.2`` (space) lies next
to the Orbit ``polluted-planet.1`` (Paintfall, no Spaceport unless a test builds one), whose
neighbours are the City ``polluted-planet.10`` and the "?" box ``polluted-planet.9``.
Loaded dice are used in order: the movement roll, then each attack's dice (attacker first).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Game, NotYourTurn, RuleError
from engine.venus import commands as c
from engine.venus.board import Board
from engine.venus.cargo import excess
from engine.venus.deeds import orbit_deeds
from engine.venus.ruleset import ruleset
from engine.venus.scenario import start
from engine.venus.trading import prices
from engine.venus.weapons import layout, weapons

from .movekit import Venus, legal, of_type, play, refused, roll, types
from .tradekit import CITY, ORBIT, SYSTEM, at_city, cash, scenario

SPACE = "polluted-planet.2"
QBOX = "polluted-planet.9"
PORT_DEED = orbit_deeds("avalon-hill")[ORBIT]
COMBAT = {"combat": True}


def duel(ann: dict[str, Any], bob: dict[str, Any], dice: list[int], **extra: Any) -> Venus:
    """Ann (seat 0) on ``SPACE`` about to move; Bob (seat 1) on the Orbit next to her."""
    players = [
        {"name": "Ann", "race": "humans", "cash": 300, "dot": SPACE, **ann},
        {"name": "Bob", "race": "dell", "cash": 300, "dot": ORBIT, **bob},
    ]
    return start({"players": players, "options": {**COMBAT, **extra.pop("options", {})},
                  "cultures": {SYSTEM: "qossuth"}, "discovered": [SYSTEM],
                  "other_qboxes": "empty", "dice": dice, **extra})


def at_orbit(g: Venus) -> None:
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT))


# --- options -----------------------------------------------------------------------------


def test_15_combat_is_refused_in_the_classic_2012_game() -> None:
    with pytest.raises(RuleError) as e:
        Game.start(ruleset, {"edition": "classic-2012", "combat": True}, ["a", "b"], seed=1)
    assert e.value.rule.startswith("15") and "no lasers or nova balls" in e.value.message


# --- weapons (15.3-15.32) ----------------------------------------------------------------


def test_15_3_weapons_are_sold_by_their_science_only_in_combat_games() -> None:
    """15.3: a Laser from an Industry Culture, a Nova Ball from a Technology one (15.32)."""
    g = at_city("dell", options=COMBAT)
    sold = prices(g.state, ruleset_board(), 0, "dell")
    assert sold["equipment:laser"] == 100 and "equipment:nova_ball" not in sold
    g = at_city("humans", options=COMBAT)
    assert prices(g.state, ruleset_board(), 0, "humans")["equipment:nova_ball"] == 20
    g = at_city("dell")
    assert "equipment:laser" not in prices(g.state, ruleset_board(), 0, "dell")


def ruleset_board() -> Board:
    from engine.venus.board import load_board

    return load_board("avalon-hill")


def test_15_31_one_laser_and_one_nova_ball_ride_on_the_hull() -> None:
    """15.31: the Hull carries one Laser, one Nova Ball and one Shield; more fill half Holds."""
    g = at_city("dell", options=COMBAT,
                me={"ship": "scout", "equipment": ["laser", "nova_ball", "shield", "laser"],
                    "goods": ["goods:graw"]})
    p = g.state.players[0]
    hull, holds = layout(p)
    assert sorted(hull) == ["equipment:laser", "equipment:nova_ball", "equipment:shield"]
    assert holds == [[("goods:graw", False)], [("equipment:laser", False)]]
    assert excess(g.state, 0) == 0  # 2 Holds: the Goods and the second Laser (half a Hold)


def test_15_32_a_fired_nova_ball_returns_to_the_bank() -> None:
    g = duel({"equipment": ["laser", "nova_ball"]}, {}, [2, 2, 2, 6, 1],
             qboxes={QBOX: {"kind": "penalty", "color": "blue", "amount": 20, "face_up": True}})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=QBOX), c.PayPenalty())
    play(g, c.Blast(target="marker", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.players[0].equipment == ["laser"]


# --- blasting Penalty markers (15.4-15.42, 15.411) ---------------------------------------


def marker_game(dice: list[int]) -> Venus:
    g = duel({"equipment": ["laser"]}, {"dot": "galactic-base"}, dice,
             qboxes={QBOX: {"kind": "penalty", "color": "blue", "amount": 20, "face_up": True}})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=QBOX))
    return g


def test_15_411_pay_the_penalty_before_blasting() -> None:
    """15.411 and Summary note 1: no attack while the penalty is unpaid, none after stopping."""
    g = marker_game([2, 2, 2])
    assert g.state.turn and g.state.turn.phase == "pay_or_stop"
    refused(g, c.Blast(target="marker", fire=["equipment:laser"]), "15.4")
    play(g, c.PayPenalty())
    assert c.Blast(target="marker", fire=["equipment:laser"]) in legal(g)
    g2 = marker_game([2, 2, 2])
    play(g2, c.StopHere())
    assert g2.state.turn is None or g2.state.turn.seat != 0  # stopped in space: turn over


def test_15_42_a_won_blast_destroys_the_marker_and_the_bank_pays_its_strength() -> None:
    """15.42, Summary "attacker wins": 10 x 6 + 20 = 80 beats 10 x 1 + 20 = 30."""
    g = marker_game([2, 2, 2, 6, 1])
    play(g, c.PayPenalty())
    before = cash(g)
    events = play(g, c.Blast(target="marker", fire=["equipment:laser"]))
    blasted = of_type(events, "Blasted")[0].data
    assert (blasted["attack"], blasted["defense"], blasted["won"]) == (80, 30, True)
    assert cash(g) == before + 20
    assert g.state.qboxes[QBOX].marker is None  # removed permanently: an empty "?" box
    assert g.state.turn is not None and g.state.turn.phase == "move"  # 15.211: he moves on
    refused(g, c.Blast(target="marker", fire=["equipment:laser"]), "15.41")  # one per dot


def test_15_212_a_tie_or_a_loss_ends_the_attackers_turn() -> None:
    """15.212, Summary "attacker ties": 10 x 2 + 20 = 40 against 10 x 2 + 20 = 40."""
    g = marker_game([2, 2, 2, 2, 2])
    play(g, c.PayPenalty())
    events = play(g, c.Blast(target="marker", fire=["equipment:laser"]))
    assert of_type(events, "Blasted")[0].data["won"] is False
    assert "TurnEnded" in types(events) and g.state.qboxes[QBOX].marker is not None


def test_15_4_printed_ovals_relics_and_your_own_fort_are_no_targets() -> None:
    """15.4: Penalty Ovals, Relics never; 15.1: only enemy Forts."""
    g = duel({"equipment": ["laser"]}, {"dot": "galactic-base"}, [2, 2, 2],
             forts={ORBIT: 0})
    at_orbit(g)
    assert not [a for a in legal(g) if isinstance(a, c.Blast)]


# --- Forts (15.1-15.13) ------------------------------------------------------------------


def test_15_1_forts_cost_50_or_40_from_your_own_species() -> None:
    g = at_city("qossuth", options=COMBAT)
    assert prices(g.state, ruleset_board(), 0, "qossuth")["fort"] == 50
    g = at_city("humans", options=COMBAT)
    assert prices(g.state, ruleset_board(), 0, "humans")["fort"] == 40


def test_15_12_a_fort_is_built_in_the_system_where_he_trades() -> None:
    g = at_city("qossuth", options=COMBAT)
    refused(g, c.Buy(item="fort", site="jungle-planet.3"), "15.12")
    events = play(g, c.Buy(item="fort", site=CITY))
    assert g.state.forts == {CITY: 0} and of_type(events, "Bought")[0].data["cash"] == 50
    refused(g, c.Buy(item="fort", site=CITY), "9.41")  # the City's one buy (9.41)


def test_15_11_four_forts_at_most_then_rebuild_one_elsewhere() -> None:
    """15.11: a Fort returned to the Bank pays nothing back; the new one is paid for."""
    forts = {"jungle-planet.9": 0, "ice-planet.2": 0, "ice-planet.6": 0, "desert-planet.5": 0}
    g = at_city("qossuth", options=COMBAT, moved=False, forts=forts)
    refused(g, c.Buy(item="fort", site=CITY), "15.11")
    before = cash(g)
    play(g, c.RebuildFort(frm="ice-planet.6", site=CITY))
    assert "ice-planet.6" not in g.state.forts and g.state.forts[CITY] == 0
    assert cash(g) == before - 50


def test_15_12_no_fort_at_the_galactic_base() -> None:
    """Gazetteer GALACTIC BASE: "Forts cannot be built on the Galactic Base"."""
    g = start({"players": [{"name": "Ann", "cash": 100}], "options": COMBAT, "dice": [1, 1, 1]})
    play(g, c.StayPut())
    assert not [a for a in legal(g) if isinstance(a, c.Buy) and a.item == "fort"]
    refused(g, c.Buy(item="fort", site="galactic-base"), "15.11")


def test_15_13_an_enemy_fort_is_a_60_penalty_less_shields_but_not_for_its_owner() -> None:
    g = duel({"equipment": ["shield"]}, {"dot": "galactic-base"}, [1, 1, 1], forts={CITY: 1})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT))
    events = play(g, c.MoveTo(dot=CITY))
    assert of_type(events, "PenaltyDue")[0].data["amount"] == 40
    events = play(g, c.StopHere())  # he may land and trade there without paying
    assert of_type(events, "MovementEnded")[0].data["landed"] is True
    mine = duel({}, {"dot": "galactic-base"}, [1, 1, 1], forts={CITY: 0})
    roll(mine, ORBIT)
    play(mine, c.MoveTo(dot=ORBIT))
    assert "PenaltyDue" not in types(play(mine, c.MoveTo(dot=CITY)))


def test_15_13_starting_the_turn_on_an_enemy_fort_means_pay_or_leave() -> None:
    g = at_city("qossuth", options=COMBAT, moved=False, forts={CITY: 1})
    assert of_type(g.events, "PenaltyPaid")[0].data["amount"] == 60


def test_15_4_at_a_city_only_an_enemy_fort_can_be_blasted_not_pawns() -> None:
    """15.4, Summary note 5: pawns cannot be blasted on a City or Spaceport."""
    g = duel({"equipment": ["laser"]}, {"dot": CITY}, [1, 1, 1], forts={CITY: 1})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=CITY), c.PayPenalty())
    blasts = {a.target for a in legal(g) if isinstance(a, c.Blast)}
    assert blasts == {"fort"}
    refused(g, c.Blast(target="pawn:1", fire=["equipment:laser"]), "15.4")


def test_15_42_a_destroyed_fort_returns_to_the_bank_and_pays_60() -> None:
    g = duel({"equipment": ["laser", "nova_ball"]}, {"dot": "galactic-base"},
             [1, 1, 1, 6, 1], forts={CITY: 1})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=CITY), c.PayPenalty())
    before = cash(g)
    play(g, c.Blast(target="fort", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.forts == {} and cash(g) == before + 60


def test_15_44_landing_after_a_won_attack() -> None:
    """15.44: after the Fort on the City falls the attacker lands there."""
    g = duel({"equipment": ["laser", "nova_ball"]}, {"dot": "galactic-base"},
             [3, 3, 3, 6, 1], forts={CITY: 1})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT), c.MoveTo(dot=CITY), c.PayPenalty())
    events = play(g, c.Blast(target="fort", fire=["equipment:laser", "equipment:nova_ball"]))
    # a Surface City has one path (1.5), back the way he came (5.32): he lands at once
    assert of_type(events, "MovementEnded")[0].data["landed"] is True


def test_15_412_stationary_attack_before_trading() -> None:
    """15.412, Summary note 2: a whole turn on the dot allows one attack before trading."""
    g = at_city("qossuth", options=COMBAT, moved=False, forts={CITY: 1},
                me={"equipment": ["laser", "nova_ball"]}, dice=[6, 1])
    assert c.Blast(target="fort", fire=["equipment:laser", "equipment:nova_ball"]) in legal(g)
    play(g, c.Blast(target="fort", fire=["equipment:laser", "equipment:nova_ball"]))
    assert g.state.forts == {} and g.state.turn and g.state.turn.phase == "trade"
    g2 = at_city("qossuth", options=COMBAT, moved=False, forts={CITY: 1},
                 me={"equipment": ["laser"]}, market={"qossuth": ["goods:qossuth"]})
    play(g2, c.Buy(item="goods:qossuth"))
    refused(g2, c.Blast(target="fort", fire=["equipment:laser"]), "15.41")  # trading started


# --- blasting pawns (15.43-15.432) -------------------------------------------------------


def test_15_43_the_defender_answers_in_his_own_prompt() -> None:
    g = duel({"equipment": ["laser"]}, {"equipment": ["laser"]}, [1, 1, 1])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    pending = ruleset.pending(g.state)
    assert pending is not None and pending.seats == (1,) and pending.prompt == "defend"
    assert legal(g, 1) == [c.FireBack(fire=[]), c.FireBack(fire=["equipment:laser"])]
    with pytest.raises(NotYourTurn):
        g.play(0, c.MoveTo(dot=CITY))  # the attacker waits for the answer


def test_15_43_attacker_wins_and_hits_claiming_the_goods() -> None:
    """15.43: strengths 10 x die + firepower - 20 per enemy Shield; 15.431: the Goods of the
    damaged Hold may be claimed by the winner."""
    g = duel({"equipment": ["laser"]}, {"equipment": ["laser", "shield"], "goods":
                                         ["goods:graw"]}, [1, 1, 1, 6, 1])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    events = g.play(1, c.FireBack(fire=["equipment:laser"]))
    combat = of_type(events, "PawnCombat")[0].data
    assert (combat["attack"], combat["defense"], combat["won"]) == (60, 30, True)
    pending = ruleset.pending(g.state)
    assert pending is not None and (pending.prompt, pending.seats) == ("hit", (0,))
    play(g, c.ChooseHit(hold=0, claim=True))
    assert g.state.players[0].goods == ["goods:graw"] and g.state.players[1].goods == []
    assert g.state.turn is not None and g.state.turn.phase == "move"  # his turn goes on


def test_15_43_a_defender_who_fired_and_won_hits_the_attacker() -> None:
    """15.43: the attacker's turn ends; the defender fired and is stronger: a hit on the
    attacker (15.431: a Hull marker destroyed goes to the Bank)."""
    g = duel({"equipment": ["laser"]}, {"equipment": ["laser"]}, [1, 1, 1, 1, 6])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    g.play(1, c.FireBack(fire=["equipment:laser"]))
    pending = ruleset.pending(g.state)
    assert pending is not None and (pending.prompt, pending.seats) == ("hit", (1,))
    events = g.play(1, c.ChooseHit(hull="equipment:laser"))
    assert g.state.players[0].equipment == [] and "TurnEnded" in types(events)


def test_15_43_a_defender_who_did_not_fire_inflicts_no_hit() -> None:
    g = duel({"equipment": ["laser"]}, {}, [1, 1, 1, 1, 6])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    events = g.play(1, c.FireBack(fire=[]))
    assert of_type(events, "PawnCombat")[0].data["hit_by"] is None
    assert "TurnEnded" in types(events)


def test_15_431_a_damaged_hold_damages_equipment_and_sends_fares_to_the_cup() -> None:
    bob = {"equipment": ["yellow_drive"], "fares": ["fare:graw:qossuth"]}
    g = duel({"equipment": ["laser"]}, bob, [1, 1, 1, 6, 1])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    g.play(1, c.FireBack(fire=[]))
    g.play(1, c.PackHolds(holds=[["equipment:yellow_drive", "fare:graw:qossuth"]]))
    events = play(g, c.ChooseHit(hold=0))
    assert g.state.players[1].damaged == ["yellow_drive"] and g.state.players[1].fares == []
    assert len(of_type(events, "CupDrawn")) == 1  # 2.7: a marker in, a marker out


def test_15_432_damaged_equipment_does_not_work_and_is_repaired_on_landing() -> None:
    """15.432: a damaged Shield saves nothing and cannot be bartered; landing at a Culture
    that sells it repairs it (Shields: Bioengineering)."""
    g = at_city("qossuth", options=COMBAT, me={"equipment": ["shield"], "damaged": ["shield"]})
    refused(g, c.Barter(item="equipment:shield"), "15.432")
    g = at_city("niks", options=COMBAT, me={"equipment": ["shield"], "damaged": ["shield"]})
    assert g.state.players[0].damaged == []
    assert of_type(g.events, "EquipmentRepaired")
    g = duel({"equipment": ["shield"], "damaged": ["shield"]}, {"dot": "galactic-base"},
             [1, 1, 1], forts={CITY: 1})
    roll(g, ORBIT)
    play(g, c.MoveTo(dot=ORBIT))
    assert of_type(play(g, c.MoveTo(dot=CITY)), "PenaltyDue")[0].data["amount"] == 60


# --- theft (15.5-15.7) -------------------------------------------------------------------


def test_15_53_a_swindle_costs_50_and_takes_one_goods() -> None:
    """15.53: die + 1 per own Spaceport/Factory/Fort on the dot + 1 for his species there.
    15.51: at a City on the landing turn it is the one buy."""
    bob = {"name": "Bob", "race": "dell", "dot": CITY, "goods": ["goods:graw"]}
    g = start(scenario("humans", options=COMBAT, others=[bob], dice=[1, 1, 1, 2, 2]))
    play(g, c.DeclareHeading(dot=CITY), c.RollDice(), c.MoveTo(dot=CITY))
    events = play(g, c.Swindle(target=1, goods="goods:graw"))
    theft = of_type(events, "Theft")[0].data
    assert (theft["attack"], theft["defense"], theft["won"]) == (3, 2, True)  # humans: +1
    assert g.state.players[0].goods == ["goods:graw"] and cash(g) == 450
    refused(g, c.Buy(item="goods:humans"), "9.41")
    assert not of_type(events, "CommissionPaid")


def at_port(dice: list[int], **kw: Any) -> Venus:
    """Ann lands on Bob's Spaceport on Paintfall (Bob away at the Galactic Base)."""
    me = {"dot": SPACE, "equipment": ["laser"]}
    spaceports = {ORBIT: 1, **kw.pop("spaceports", {})}
    g = start(scenario("qossuth", me=me, spaceports=spaceports, options=COMBAT,
                       dice=[1, 1, 1, *dice], **kw))
    play(g, c.DeclareHeading(dot=ORBIT), c.RollDice(), c.MoveTo(dot=ORBIT), c.Land())
    return g


def test_15_541_revolts_need_a_weapon_and_an_absent_owner() -> None:
    """15.54: $100 in firepower and money (a Laser's 20 leaves $80); 15.541: the owner is
    immune in the System he occupies; 15.542 and 15.6: the Deed changes hands, no
    commission."""
    g = at_port([6, 1])
    refused(g, c.Revolt(deed=PORT_DEED, fire=[]), "15.54")
    before = cash(g)
    events = play(g, c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]))
    assert cash(g) == before - 80 and not of_type(events, "CommissionPaid")
    assert g.state.spaceports[ORBIT] == 0 and PORT_DEED in g.state.players[0].deeds
    near = at_port([], others=[{"name": "Bob", "dot": CITY}])
    refused(near, c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]), "15.541")


def test_15_542_revolt_strength_counts_spaceports_in_the_system() -> None:
    """15.542 EXAMPLE shape: the defender's Spaceports anywhere in the System add one each."""
    other = "polluted-planet.3"
    g = at_port([4, 2], spaceports={other: 1})
    events = play(g, c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]))
    theft = of_type(events, "Theft")[0].data
    assert theft["defense"] == 2 + 2 and theft["won"] is False  # 4 ties 4: he loses
    assert "TurnEnded" in types(events)


def test_15_7_a_spaceport_is_never_destroyed() -> None:
    """15.7: no command removes a Spaceport or Factory; blasting one is impossible (15.4)."""
    g = duel({"equipment": ["laser"]}, {"dot": "galactic-base"}, [1, 1, 1],
             spaceports={ORBIT: 1})
    at_orbit(g)
    assert not [a for a in legal(g) if isinstance(a, c.Blast)]
    assert g.state.spaceports == {ORBIT: 1}


def test_weapons_counts_the_relic_laser_and_skips_damaged_ones() -> None:
    """8.48: the Relic Laser fires in combat games; 15.432: damaged weapons do not."""
    g = at_city("qossuth", options=COMBAT,
                me={"equipment": ["laser", "nova_ball"], "damaged": ["laser"],
                    "relics": ["laser"]})
    assert weapons(g.state.players[0]) == ["equipment:nova_ball", "relic:laser"]


def test_15_51_a_theft_attack_is_bought_with_trade_in_credit_too() -> None:
    """15.51: "the player must buy the attack from the Culture inhabiting that dot"; 9.32:
    trade-in value is spent "as if it were money". With $40 and a Yellow Drive bartered for
    $40 of credit he buys an $80 Revolt (100 less his Laser's 20): credit first, then money."""
    g = start(scenario("qossuth", me={"dot": SPACE, "equipment": ["laser", "yellow_drive"]},
                       cash=40, spaceports={ORBIT: 1}, options=COMBAT, dice=[1, 1, 1, 6, 1]))
    play(g, c.DeclareHeading(dot=ORBIT), c.RollDice(), c.MoveTo(dot=ORBIT), c.Land())
    assert c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]) not in legal(g)
    refused(g, c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]), "15.54")
    play(g, c.Barter(item="equipment:yellow_drive"))
    assert c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]) in legal(g)
    events = play(g, c.Revolt(deed=PORT_DEED, fire=["equipment:laser"]))
    theft = of_type(events, "Theft")[0].data
    assert (theft["credit"], theft["cash"]) == (40, 40)
    assert cash(g) == 0 and g.state.turn is not None and g.state.turn.credit == 0
    assert g.state.spaceports[ORBIT] == 0


def _hit_coming(bob: dict[str, Any]) -> Venus:
    """Ann blasts Bob and wins (6 against 1): Bob's Holds are about to be hit."""
    g = duel({"equipment": ["laser"]}, bob, [1, 1, 1, 6, 1])
    at_orbit(g)
    play(g, c.Blast(target="pawn:1", fire=["equipment:laser"]))
    g.play(1, c.FireBack(fire=[]))
    return g


def test_15_431_the_loser_packs_his_holds_before_the_hit() -> None:
    """15.431: the winner may "damage one Hold of his choice on the loser's ship"; 3.431: "Each
    Hold box on a ship can carry one Goods marker or two other markers". Which markers share a
    Hold is the owner's choice: Bob (a Scout, two Holds) is asked first, and puts his Drive
    and his Fare in separate Holds, so one hit damages only one of them."""
    g = _hit_coming({"equipment": ["yellow_drive"], "fares": ["fare:graw:qossuth"]})
    pending = ruleset.pending(g.state)
    assert pending is not None and (pending.prompt, pending.seats) == ("pack", (1,))
    assert sorted(legal(g, actor=1), key=repr) == sorted([
        c.PackHolds(holds=[["equipment:yellow_drive", "fare:graw:qossuth"]]),
        c.PackHolds(holds=[["equipment:yellow_drive"], ["fare:graw:qossuth"]]),
    ], key=repr)
    with pytest.raises(NotYourTurn):
        g.play(0, c.ChooseHit(hold=0))  # the winner waits for the packing
    err = refused(g, c.PackHolds(holds=[["equipment:yellow_drive", "equipment:shield"]]),
                  "15.431", actor=1)
    assert "fare:graw:qossuth" in str(err)
    g.play(1, c.PackHolds(holds=[["fare:graw:qossuth"], ["equipment:yellow_drive"]]))
    assert (now := ruleset.pending(g.state)) is not None and now.prompt == "hit"
    play(g, c.ChooseHit(hold=1))  # Holds numbered as he packed them: 1 holds the Drive
    bob = g.state.players[1]
    assert bob.damaged == ["yellow_drive"] and bob.fares == ["fare:graw:qossuth"]


def test_15_431_no_packing_prompt_when_nothing_can_differ() -> None:
    """3.431: Goods take a Hold each; with only Goods (or a single loose marker) the Holds
    pack one way, so the winner chooses at once."""
    g = _hit_coming({"goods": ["goods:graw"], "equipment": ["yellow_drive"]})
    assert (now := ruleset.pending(g.state)) is not None and now.prompt == "hit"
