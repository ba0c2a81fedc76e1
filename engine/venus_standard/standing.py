"""What the cards need to know about a seat's ship and purse, read in one place: a
``Standing`` snapshot. ``standing_of(state, seat)`` is the single seam to the other modules'
state (dashboard dials, pilot, credits, cargo, passengers, where the ship is), so missions,
pirates and rewards stay pure functions of a ``Standing``."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Attribute, Grade, reward_cards
from .cards_state import SeatCards


@dataclass(frozen=True)
class Standing:
    laser: int = 1
    shield: int = 1
    pilot_skill: int = 3
    pilot_level: int = 1
    credits: int = 0
    goods: tuple[tuple[str, Grade], ...] = ()  # goods tokens carried, with their grade
    passengers: int = 0
    system: str | None = None  # the system or anomaly of the ship's space
    landed: bool = False  # on a surface city or spaceport (or at the anomaly: see missions)
    at_galactic_base: bool = False
    cards: SeatCards = field(default_factory=SeatCards)

    def attribute(self, name: Attribute) -> int:
        """The three attributes a pirate engagement can be fought with ("Pirates" 2)."""
        return {"laser": self.laser, "shield": self.shield, "pilot": self.pilot_skill}[name]

    def goods_of(self, grade: Grade) -> list[str]:
        return [token for token, g in self.goods if g == grade]

    @property
    def relics(self) -> int:
        return sum(1 for r in self.cards.rewards if reward_cards()[r].relic)


def engage_value(standing: Standing, attribute: Attribute) -> int:
    """An attribute's value against pirates, with the Reward cards' engage bonuses (ours)."""
    bonus = 0
    for rid in standing.cards.rewards:
        ab = reward_cards()[rid].ability
        if ab is not None and ab.kind == "engage_bonus" and ab.attribute == attribute:
            bonus += ab.by
    return standing.attribute(attribute) + bonus


def has_ability(cards: SeatCards, kind: str) -> int:
    """The total figure of a kind of Reward ability a seat has (0 when none)."""
    total = 0
    for rid in cards.rewards:
        ab = reward_cards()[rid].ability
        if ab is not None and ab.kind == kind:
            total += max(ab.credits, 1)
    return total
