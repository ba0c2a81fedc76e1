"""Passengers (standard book, "Picking Up Passengers", "Dropping Off Passengers", "Passenger
Token Anatomy", "Jettisoning", "Appendix B > Zen Paint Job", round track "Passenger Icon").

A passenger token waits at its starting culture's market (in the culture's supply area while
the culture is undiscovered) or at Galactic Base (``BASE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cluster.cultures import BASE, load_cultures
from engine.kernel import RuleError

ZEN_PAINT_JOB_MULTIPLIER = 10  # two dice x 10 bonus credits per delivery


def start_of(passenger: str) -> str:
    """Where the drawn passenger is placed: its starting culture's key, or ``base``."""
    return load_cultures().passenger(passenger).start


def check_pickup(passenger: str, waiting_here: list[str]) -> None:
    """"Picking Up Passengers": only a passenger waiting where the ship is."""
    if passenger not in waiting_here:
        title = load_cultures().passenger(passenger).title
        raise RuleError("Picking Up Passengers", f"the {title} is not waiting here")


def check_drop_off(passenger: str, here: str) -> None:
    """"Dropping Off Passengers": at a surface city or spaceport of the destination system
    (``here`` is its culture's key, or ``base`` at Galactic Base)."""
    p = load_cultures().passenger(passenger)
    if p.destination != here:
        facts = load_cultures()
        where = "Galactic Base" if p.destination == BASE else facts.culture(p.destination).name
        raise RuleError("Dropping Off Passengers", f"the {p.title} travels to {where}")


@dataclass(frozen=True)
class Delivery:
    fare: int
    bonus: int  # Zen Paint Job
    fame: int  # negative: infamy


def delivery(passenger: str, zen_dice: tuple[int, int] | None = None) -> Delivery:
    """The fare, fame/infamy of a delivered passenger, and with a Zen Paint Job two dice x 10
    bonus credits ("Appendix B > Zen Paint Job")."""
    p = load_cultures().passenger(passenger)
    bonus = sum(zen_dice) * ZEN_PAINT_JOB_MULTIPLIER if zen_dice else 0
    return Delivery(fare=p.fare, bonus=bonus, fame=p.fame)


def jettison_infamy(dice: tuple[int, int]) -> int:
    """"Jettisoning": a jettisoned passenger costs infamy equal to the higher of two dice."""
    return max(dice)
