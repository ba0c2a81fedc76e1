"""Missions: which of a seat's active missions it can complete now ("Missions": land on a
surface city, spaceport or other indicated space in the destination system and fulfil the
objective; "Destination: None": only the objective), and the second mission at Galactic Base
("Second Mission": c60 during the Movement phase, five fame). Pure over a ``Standing``."""

from __future__ import annotations

from .cards import MissionCard, Objective, mission_cards
from .standing import Standing

SECOND_MISSION_COST = 60
SECOND_MISSION_FAME = 5
MAX_ACTIVE = 2  # "will have two active missions for the rest of the game"


def at_destination(card: MissionCard, standing: Standing) -> bool:
    """At the destination: landed in that system ("land on a surface city, spaceport, or
    other indicated space in the designated system"); a mission with no destination is met
    anywhere. The anomalies' "indicated space" is read in docs/rulings.md: a ship whose Move
    step ended on a space of the anomaly counts as landed there."""
    if card.destination is None:
        return True
    return standing.landed and standing.system == card.destination


def objective_met(obj: Objective, standing: Standing) -> bool:
    """The objective vocabulary of ``data/missions.json`` (ours, "Mission Card Anatomy":
    the objective text): land, deliver a goods token of a grade, pay, show credits
    (``wealth``, nothing paid), carry goods tokens (``cargo``, kept), an attribute, a relic,
    a passenger aboard, First Contact cards held (``contacts``), pirates defeated; or the
    card's ``either`` objective instead (docs/venus-standard.md, "Missions and Challenge
    cards: our design")."""
    if obj.either is not None and objective_met(obj.either, standing):
        return True
    if obj.need == "land":
        return True
    if obj.need == "wealth":
        return standing.credits >= obj.credits
    if obj.need == "cargo":
        return len(standing.goods) >= obj.at_least
    if obj.need == "contacts":
        return standing.contacts >= obj.at_least
    if obj.need == "deliver":
        assert obj.grade is not None
        return bool(standing.goods_of(obj.grade))
    if obj.need == "pay":
        return standing.credits >= obj.credits
    if obj.need == "attribute":
        value = {"laser": standing.laser, "shield": standing.shield,
                 "pilot_level": standing.pilot_level}[obj.attribute or "laser"]
        return value >= obj.at_least
    if obj.need == "relic":
        return standing.relics >= 1
    if obj.need == "passenger":
        return standing.passengers >= 1
    return standing.pirates_defeated >= obj.at_least  # pirates_defeated


def completable(standing: Standing) -> list[str]:
    """The seat's active missions it may complete now."""
    out = []
    for mid in standing.missions:
        card = mission_cards().get(mid)  # an id not of our deck (a test's) completes nothing
        if card is None:
            continue
        if at_destination(card, standing) and objective_met(card.objective, standing):
            out.append(mid)
    return out


def can_buy_second(standing: Standing) -> bool:
    """"Second Mission": "by landing his ship at Galactic Base and paying c60 to the bank
    during his Movement phase", or, on Galactic Base after skipping the Movement phase,
    "immediately prior to starting his Transaction phase": a ship that starts its turn
    there and flies on may not buy one (``arrived``: landed there this turn or stayed)."""
    return (standing.at_galactic_base and standing.arrived and not standing.second_mission
            and standing.credits >= SECOND_MISSION_COST)


def completed_fame(completed: list[str]) -> int:
    """The fame printed on completed Mission cards (end of game, "Count Fame")."""
    return sum(mission_cards()[m].fame for m in completed if m in mission_cards())
