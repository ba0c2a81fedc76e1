"""Missions: "Missions" (destination and objective), "Second Mission", fame of completed
missions (the end-of-game example: three completed missions, six fame)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.venus_standard import missions
from engine.venus_standard.cards import mission_cards
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
    relic = Standing(missions=("relic-collector",), rewards=("rastur-helm",))
    assert missions.completable(relic) == ["relic-collector"]


def test_an_either_objective_will_do_instead() -> None:
    """Ours (data/missions.json): Pirate Hunter asks, landed in the War-Torn System, for a
    pirate defeated or a laser of 3; Moon Envoy, on the Inhabited Moon, for a passenger
    aboard or two First Contact cards held."""
    war: dict[str, Any] = {"system": "war-torn-system", "landed": True,
                           "missions": ("pirate-hunter",)}
    assert missions.completable(Standing(**war, laser=2)) == []
    assert missions.completable(Standing(**war, laser=2, pirates_defeated=1)) == \
        ["pirate-hunter"]
    assert missions.completable(Standing(**war, laser=3)) == ["pirate-hunter"]
    assert missions.completable(Standing(laser=6, pirates_defeated=1,
                                         missions=("pirate-hunter",))) == []  # not there
    moon: dict[str, Any] = {"system": "inhabited-moon", "landed": True, "missions": ("moon-envoy",)}
    assert missions.completable(Standing(**moon, contacts=1)) == []
    assert missions.completable(Standing(**moon, passengers=1)) == ["moon-envoy"]
    assert missions.completable(Standing(**moon, contacts=2)) == ["moon-envoy"]


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


def test_objectives_of_other_kinds_cargo_credits_shown_and_first_contact_cards() -> None:
    """Ours ("Mission Card Anatomy": the objective): Deep Water Survey wants two goods tokens
    aboard (any grade), Habitat Supplies c150 in hand, Giant Survey two First Contact cards
    held."""
    one = Standing(system="water-world", landed=True, goods=(("t1", "basic"),),
                   missions=("deep-water-survey",))
    assert missions.completable(one) == []
    two = Standing(system="water-world", landed=True,
                   goods=(("t1", "basic"), ("t2", "luxury")), missions=("deep-water-survey",))
    assert missions.completable(two) == ["deep-water-survey"]
    poor = Standing(system="nebula-habitat", landed=True, credits=149,
                    missions=("habitat-supplies",))
    assert missions.completable(poor) == []
    rich = Standing(system="nebula-habitat", landed=True, credits=150,
                    missions=("habitat-supplies",))
    assert missions.completable(rich) == ["habitat-supplies"]
    alone = Standing(system="giant-planet", landed=True, contacts=1, missions=("giant-survey",))
    assert missions.completable(alone) == []
    met = Standing(system="giant-planet", landed=True, contacts=2, missions=("giant-survey",))
    assert missions.completable(met) == ["giant-survey"]


def test_the_missions_differ_in_kind() -> None:
    """Not every mission is "land there plus a condition": at least eight kinds of
    objective, a few with no destination ("Destination: None"), none of them more than a
    quarter of the deck."""
    cards = mission_cards().values()
    kinds = Counter(c.objective.need for c in cards)
    assert len(kinds) >= 8 and max(kinds.values()) <= len(cards) // 4
    assert sum(1 for c in cards if c.destination is None) >= 3
    assert all(c.ours for c in cards)
