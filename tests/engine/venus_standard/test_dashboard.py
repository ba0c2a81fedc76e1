"""Assigning Dice, Set Speed and the Throttling Example, on the dashboard model alone."""

from __future__ import annotations

import pytest

from engine.kernel import RuleError
from engine.venus_standard import dashboard as d


def test_set_speed_three_dice_sum_is_the_movement_value() -> None:
    """Movement Example, step 2: 6, 3 and 2 make a movement value of 11."""
    dash = d.rolled([6, 3, 2])
    assert d.speed_total(dash) == 11
    assert d.navigation_value(dash) is None


def test_assigning_dice_navigation_die_still_counts_for_movement() -> None:
    """Movement Example, step 3: the 2 goes to navigation; the movement value stays 11."""
    dash = d.assign(d.rolled([6, 3, 2]), 2, d.NAVIGATION, level=1)
    assert d.navigation_value(dash) == 2
    assert d.speed_total(dash) == 11


def test_throttling_example_one_goes_to_throttle_fourth_die_makes_twelve() -> None:
    """Throttling Example: 4, 2, 1 = 7; the 1 on the throttle, a fourth die of 5 -> 12."""
    dash = d.rolled([4, 2, 1])
    assert d.speed_total(dash) == 7
    dash = d.throttled(d.assign(dash, 2, d.THROTTLE, level=1), 5)
    assert d.speed_total(dash) == 12
    assert dash.dice == (4, 2, 1, 5)


def test_throttle_needs_a_one() -> None:
    with pytest.raises(RuleError, match="Throttle: the throttle takes a die showing 1"):
        d.assign(d.rolled([4, 2, 3]), 0, d.THROTTLE, level=1)


def test_throttle_boost_values_accept_other_results() -> None:
    """Throttle Boost (Appendix B): the token's values may go to the throttle."""
    dash = d.assign(d.rolled([4, 2, 3]), 1, d.THROTTLE, level=1,
                    throttle_values=frozenset({1, 2}))
    assert dash.die_in(d.THROTTLE) == 2


def test_throttle_only_before_moving() -> None:
    with pytest.raises(RuleError, match="only in the Set Speed step"):
        d.assign(d.rolled([1, 2, 3]), 0, d.THROTTLE, level=1, throttle_open=False)


def test_never_more_than_four_speed_dice() -> None:
    """Additional Movement Rules: a fourth die is the last, whatever allows another."""
    dash = d.throttled(d.assign(d.rolled([1, 1, 3]), 0, d.THROTTLE, level=3), 1)
    with pytest.raises(RuleError, match="never more than four speed dice"):
        d.throttled(dash, 4)
    # the second 1 cannot throttle again: the box is taken, and there would be a fifth die
    assert d.assign_problem(dash, 1, d.THROTTLE, level=3) is not None


def test_pilot_level_limits_the_dice_assigned() -> None:
    """Assigning Dice: a level 1 pilot assigns one die, a level 3 pilot three."""
    dash = d.assign(d.rolled([1, 5, 6]), 1, d.NAVIGATION, level=1)
    with pytest.raises(RuleError, match="a level 1 pilot assigns 1 die"):
        d.assign(dash, 0, d.THROTTLE, level=1)
    dash = d.assign(dash, 0, d.THROTTLE, level=3)
    dash = d.assign(dash, 2, d.upgrade_box("variable_laser"), level=3,
                    upgrades=["variable_laser"])
    assert dash.assigned == 3


def test_an_assigned_die_cannot_be_reassigned_and_one_die_per_box() -> None:
    dash = d.assign(d.rolled([1, 5, 6]), 1, d.NAVIGATION, level=3)
    with pytest.raises(RuleError, match="cannot be reassigned"):
        d.assign(dash, 1, d.upgrade_box("x"), level=3, upgrades=["x"])
    with pytest.raises(RuleError, match="already holds a die"):
        d.assign(dash, 2, d.NAVIGATION, level=3)


def test_ship_upgrade_box_needs_the_upgrade() -> None:
    with pytest.raises(RuleError, match="Ship Upgrades: no ship upgrade 'shuttle'"):
        d.assign(d.rolled([1, 5, 6]), 1, d.upgrade_box("shuttle"), level=1)


def test_possible_boxes_lists_every_allowed_assignment() -> None:
    dash = d.rolled([1, 5, 6])
    got = d.possible_boxes(dash, level=1, throttle_values=d.THROTTLE_VALUES, upgrades=[],
                           throttle_open=True)
    assert (0, d.THROTTLE) in got and (1, d.THROTTLE) not in got
    assert {(i, d.NAVIGATION) for i in range(3)} <= set(got)


def test_dashboard_round_trips_as_json() -> None:
    dash = d.assign(d.rolled([1, 5, 6]), 1, d.NAVIGATION, level=1)
    assert d.Dashboard.from_dict(dash.as_dict()) == dash
