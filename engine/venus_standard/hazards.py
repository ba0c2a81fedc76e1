"""Hazard checks: laser, shield and piloting hazards (Bumps Along the Way > Hazards).

"When a player enters a hazard space, he must roll the purple effect die and compare its
result to the corresponding attribute on his dashboard sheet or pilot card." A result less
than the attribute passes. A failed laser or shield check lets him end his turn there or
lower that dial by one and go on, treating further hazards of that kind as blue spaces this
turn; a failed piloting check ends his turn on the hazard space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import dashboard
from .cards import kept_abilities
from .movement import HAZARDS
from .pilots import face_of

# the laser and shield dials run 1-6 (scoring.DIAL_FAME); a dial at 1 cannot be lowered
DIAL_MIN, DIAL_MAX = 1, 6


@dataclass(frozen=True)
class Attributes:
    """The values a hazard check compares with: dials (plus a Variable Laser/Shield die
    for this turn) and the pilot's skill."""

    laser: int
    shield: int
    piloting: int
    laser_bonus: int = 0  # Variable Laser (Appendix B): the assigned die, this turn
    shield_bonus: int = 0  # Variable Shield
    cards: tuple[tuple[str, int], ...] = ()  # Reward cards' hazard bonuses (ours)

    def check_value(self, attribute: str) -> int:
        """What a hazard check of ``attribute`` compares the die with: the value and the
        kept Reward cards' hazard bonuses."""
        return self.value(attribute) + sum(by for a, by in self.cards if a == attribute)

    def value(self, attribute: str) -> int:
        if attribute == "laser":
            return self.laser + self.laser_bonus
        if attribute == "shield":
            return self.shield + self.shield_bonus
        if attribute == "piloting":
            return self.piloting
        raise ValueError(f"no attribute {attribute!r}")


def hazard_of(kind: str) -> str | None:
    """The attribute a space tests ("laser", "shield", "piloting") or None."""
    return HAZARDS.get(kind)


def checks(kind: str, ignoring: frozenset[str]) -> str | None:
    """The check entering a space of ``kind`` calls for; None when it is no hazard or the
    player lowered that dial this turn (it is then treated as a blue space)."""
    attribute = hazard_of(kind)
    if attribute is None or attribute in ignoring:
        return None
    return attribute


def passes(attribute: str, roll: int, attrs: Attributes) -> bool:
    """Laser / Shield / Piloting Checks: the die result must be less than the value."""
    return roll < attrs.check_value(attribute)


def may_push_on(attribute: str, attrs: Attributes) -> bool:
    """A failed laser or shield check may be shrugged off by lowering that dial one point
    (never below its lowest mark: ruling); a failed piloting check may not."""
    if attribute == "laser":
        return attrs.laser > DIAL_MIN
    if attribute == "shield":
        return attrs.shield > DIAL_MIN
    return False


def attributes_of(state: Any, seat: int) -> Attributes:
    """Laser, shield and piloting as this turn reads them: the dials, the Pilot card's skill
    and a Variable Laser or Shield die assigned this turn ("Appendix B")."""
    player = state.players[seat]
    f = state.turn.flight
    boxes = f.dashboard if f else dashboard.Dashboard()
    return Attributes(
        laser=player.laser, shield=player.shield, piloting=face_of(player).skill,
        laser_bonus=boxes.die_in(dashboard.upgrade_box("variable_laser")) or 0,
        shield_bonus=boxes.die_in(dashboard.upgrade_box("variable_shield")) or 0,
        cards=card_bonuses(player.rewards))


def card_bonuses(rewards: list[str]) -> tuple[tuple[str, int], ...]:
    """The kept Reward cards' hazard bonuses, as (the attribute a hazard tests, bonus)."""
    return tuple(("piloting" if ab.attribute == "pilot" else str(ab.attribute), ab.by)
                 for _, ab in kept_abilities(rewards, "hazard_bonus"))
