"""The dashboard of a ship during its Movement phase: speed dice and the dice assigned to it.

Book headings: "Movement Phase > Set Speed", "Additional Movement Rules" (never more than
four speed dice), "Dashboard Sheet Anatomy" (navigation die box, throttle die box, ship
upgrade die boxes), "Assigning Dice" (Navigation, Throttle, Ship Upgrades), "Throttle Boost"
(Appendix B) and the Throttling Example.

A :class:`Dashboard` is a small immutable value kept in the turn's movement state; every
function here is pure, the rules module turns its results into events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.kernel import RuleError

SPEED_DICE = 3  # Set Speed: he rolls three speed dice
MAX_SPEED_DICE = 4  # Additional Movement Rules
NAVIGATION = "navigation"
THROTTLE = "throttle"
UPGRADE_PREFIX = "upgrade:"  # "upgrade:<tech key>", one die box per equipped ship upgrade
THROTTLE_VALUES = frozenset({1})  # Assigning Dice > Throttle: a die showing 1


def upgrade_box(tech: str) -> str:
    return f"{UPGRADE_PREFIX}{tech}"


@dataclass(frozen=True)
class Dashboard:
    """The speed dice rolled this turn and the die boxes they were assigned to.

    ``dice`` in rolling order (the throttle's extra die last); ``boxes`` maps a die box to
    the index of the die in it. A die in a box still counts for movement (Assigning Dice)."""

    dice: tuple[int, ...] = ()
    boxes: tuple[tuple[str, int], ...] = ()

    @property
    def box_of(self) -> dict[str, int]:
        return dict(self.boxes)

    def die_in(self, box: str) -> int | None:
        index = self.box_of.get(box)
        return None if index is None else self.dice[index]

    @property
    def assigned(self) -> int:
        return len(self.boxes)

    @property
    def free_dice(self) -> list[int]:
        used = {i for _, i in self.boxes}
        return [i for i in range(len(self.dice)) if i not in used]

    def as_dict(self) -> dict[str, object]:
        return {"dice": list(self.dice), "boxes": {b: i for b, i in self.boxes}}

    @classmethod
    def from_dict(cls, raw: dict[str, object]) -> Dashboard:
        dice = raw.get("dice") or []
        boxes = raw.get("boxes") or {}
        assert isinstance(dice, list) and isinstance(boxes, dict)
        return cls(tuple(int(d) for d in dice), tuple((str(b), int(i)) for b, i in boxes.items()))


def rolled(dice: Iterable[int]) -> Dashboard:
    """Set Speed: the three speed dice just rolled."""
    values = tuple(dice)
    if len(values) != SPEED_DICE or any(not 1 <= d <= 6 for d in values):
        raise ValueError(f"three speed dice 1-6 expected, got {values}")
    return Dashboard(values)


def navigation_value(dash: Dashboard) -> int | None:
    """Assigning Dice > Navigation: the die on the navigation box is the navigation value."""
    return dash.die_in(NAVIGATION)


def speed_total(dash: Dashboard) -> int:
    """The sum of the rolled speed dice (Set Speed; with the throttle, of all four)."""
    return sum(dash.dice)


def assign_problem(dash: Dashboard, die: int, box: str, *, level: int,
                   throttle_values: frozenset[int] = THROTTLE_VALUES,
                   upgrades: Iterable[str] = (), throttle_open: bool = True) -> str | None:
    """Why die ``die`` (an index) cannot go to ``box`` now, or None when it can.

    ``level`` is the pilot's level (how many dice may be assigned); ``throttle_values`` the
    die results the throttle accepts (1, or a Throttle Boost token's values);
    ``throttle_open`` is False once the ship has left the Set Speed step."""
    if not 0 <= die < len(dash.dice):
        return f"Assigning Dice: there is no speed die {die} (rolled {list(dash.dice)})"
    if die not in dash.free_dice:
        return "Assigning Dice: an assigned die cannot be reassigned or removed"
    if box in dash.box_of:
        return f"Assigning Dice: the {box} die box already holds a die"
    if dash.assigned >= level:
        return (f"Assigning Dice: a level {level} pilot assigns {level} "
                f"{'die' if level == 1 else 'dice'} per Movement phase")
    if box == THROTTLE:
        if not throttle_open:
            return "Assigning Dice > Throttle: only in the Set Speed step, before moving"
        if dash.dice[die] not in throttle_values:
            shown = "/".join(str(v) for v in sorted(throttle_values))
            return f"Assigning Dice > Throttle: the throttle takes a die showing {shown}"
        if len(dash.dice) >= MAX_SPEED_DICE:
            return "Additional Movement Rules: never more than four speed dice"
        return None
    if box == NAVIGATION:
        return None
    if box.startswith(UPGRADE_PREFIX):
        if box[len(UPGRADE_PREFIX):] not in set(upgrades):
            return f"Assigning Dice > Ship Upgrades: no ship upgrade {box[len(UPGRADE_PREFIX):]!r}"
        return None
    return f"Dashboard Sheet Anatomy: no die box {box!r}"


def assign(dash: Dashboard, die: int, box: str, **limits: object) -> Dashboard:
    """The dashboard with die ``die`` in ``box``; a RuleError names the rule it breaks."""
    problem = assign_problem(dash, die, box, **limits)  # type: ignore[arg-type]
    if problem is not None:
        rule, _, detail = problem.partition(": ")
        raise RuleError(rule, detail)
    return replace(dash, boxes=dash.boxes + ((box, die),))


def throttled(dash: Dashboard, extra: int) -> Dashboard:
    """Throttle: the additional speed die's result joins the dice (never a fifth)."""
    if len(dash.dice) >= MAX_SPEED_DICE:
        raise RuleError("Additional Movement Rules", "never more than four speed dice")
    return replace(dash, dice=dash.dice + (extra,))


def rerolled(dash: Dashboard, die: int, value: int) -> Dashboard:
    """A pilot's reroll (ours): a die not yet assigned takes a new value."""
    if die not in dash.free_dice:
        raise RuleError("Assigning Dice", "an assigned die cannot be changed")
    dice = list(dash.dice)
    dice[die] = value
    return replace(dash, dice=tuple(dice))


def possible_boxes(dash: Dashboard, *, level: int, throttle_values: frozenset[int],
                   upgrades: Iterable[str], throttle_open: bool) -> list[tuple[int, str]]:
    """Every (die, box) assignment allowed now, for legal actions and the client."""
    upgrades = list(upgrades)
    boxes = [NAVIGATION, THROTTLE, *(upgrade_box(u) for u in upgrades)]
    out: list[tuple[int, str]] = []
    for die in dash.free_dice:
        for box in boxes:
            if assign_problem(dash, die, box, level=level, throttle_values=throttle_values,
                              upgrades=upgrades, throttle_open=throttle_open) is None:
                out.append((die, box))
    return out
