"""Missions: "Missions" (destination and objective), "Second Mission", fame of completed
missions (the end-of-game example: three completed missions, six fame)."""

from __future__ import annotations

from engine.venus_standard import missions
from engine.venus_standard.cards_state import SeatCards
from engine.venus_standard.standing import Standing


def seat(*active: str, **kw: object) -> SeatCards:
    return SeatCards(missions=list(active), **kw)  # type: ignore[arg-type]


def test_landing_at_the_destination_completes_a_land_mission() -> None:
    away = Standing(system="water-world", landed=True, cards=seat("colony-charter"))
    assert missions.completable(away) == []
    flying = Standing(system="colony-world", landed=False, cards=seat("colony-charter"))
    assert missions.completable(flying) == []
    there = Standing(system="colony-world", landed=True, cards=seat("colony-charter"))
    assert missions.completable(there) == ["colony-charter"]


def test_objectives_must_be_fulfilled_too() -> None:
    base = {"system": "war-torn-system", "landed": True}
    none = Standing(**base, cards=seat("war-relief"))  # type: ignore[arg-type]
    assert missions.completable(none) == []
    gold = Standing(**base, goods=(("t1", "luxury"),), cards=seat("war-relief"))  # type: ignore[arg-type]
    assert missions.completable(gold) == ["war-relief"]


def test_destination_none_needs_only_the_objective() -> None:
    st = Standing(laser=4, cards=seat("armed-escort", "veteran-pilot"))
    assert missions.completable(st) == ["armed-escort"]
    assert missions.completable(Standing(cards=seat("pirate-hunter",
                                                    pirates_defeated=1))) == ["pirate-hunter"]


def test_second_mission_only_at_galactic_base_once_for_c60() -> None:
    assert missions.can_buy_second(Standing(at_galactic_base=True, credits=60))
    assert not missions.can_buy_second(Standing(at_galactic_base=True, credits=59))
    assert not missions.can_buy_second(Standing(at_galactic_base=False, credits=100))
    assert not missions.can_buy_second(Standing(at_galactic_base=True, credits=100,
                                                cards=SeatCards(second_mission=True)))


def test_three_completed_missions_are_six_fame_in_the_example() -> None:
    assert missions.completed_fame(["colony-charter", "jungle-medicine", "mining-claim"]) == 6
