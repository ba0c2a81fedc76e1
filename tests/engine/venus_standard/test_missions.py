"""Missions: "Missions" (destination and objective), "Second Mission", fame of completed
missions (the end-of-game example: three completed missions, six fame)."""

from __future__ import annotations

from engine.venus_standard import missions
from engine.venus_standard.standing import Standing


def test_landing_at_the_destination_completes_a_land_mission() -> None:
    away = Standing(system="water-world", landed=True, missions=("colony-charter",))
    assert missions.completable(away) == []
    flying = Standing(system="colony-world", landed=False, missions=("colony-charter",))
    assert missions.completable(flying) == []
    there = Standing(system="colony-world", landed=True, missions=("colony-charter",))
    assert missions.completable(there) == ["colony-charter"]


def test_objectives_must_be_fulfilled_too() -> None:
    none = Standing(system="war-torn-system", landed=True, missions=("war-relief",))
    assert missions.completable(none) == []
    gold = Standing(system="war-torn-system", landed=True, goods=(("t1", "luxury"),),
                    missions=("war-relief",))
    assert missions.completable(gold) == ["war-relief"]


def test_destination_none_needs_only_the_objective() -> None:
    st = Standing(laser=4, missions=("armed-escort", "veteran-pilot"))
    assert missions.completable(st) == ["armed-escort"]
    hunter = Standing(missions=("pirate-hunter",), pirates_defeated=1)
    assert missions.completable(hunter) == ["pirate-hunter"]


def test_second_mission_only_at_galactic_base_once_for_c60() -> None:
    """"Second Mission": "by landing his ship at Galactic Base and paying c60 to the bank
    during his Movement phase" (``arrived``: landed there this turn, or stayed there by
    skipping the Movement phase)."""
    assert missions.can_buy_second(Standing(at_galactic_base=True, arrived=True, credits=60))
    assert not missions.can_buy_second(Standing(at_galactic_base=True, arrived=True,
                                                credits=59))
    assert not missions.can_buy_second(Standing(at_galactic_base=False, arrived=True,
                                                credits=100))
    assert not missions.can_buy_second(Standing(at_galactic_base=True, arrived=True,
                                                credits=100, second_mission=True))


def test_second_mission_not_for_a_ship_that_only_starts_its_turn_there() -> None:
    """A ship that starts its turn at Galactic Base has not landed there: no second mission
    (it would buy it and fly away: "by landing his ship at Galactic Base")."""
    assert not missions.can_buy_second(Standing(at_galactic_base=True, credits=100))


def test_three_completed_missions_are_six_fame_in_the_example() -> None:
    assert missions.completed_fame(["colony-charter", "jungle-medicine", "mining-claim"]) == 6
