"""What a seat's purchases would bring over the rest of the game, for the search bot's
evaluation (``search.py``, ``docs/bots.md``, "Each game's worlds and evaluation").

Equipment ("Buying Equipment": dial points bought, extra cargo holds, the drive), the racial
technologies owned ("Buying Racial Technologies"; the Fuzzy Dice are counted by their fame)
and the pilot's training ("Pilots > Upgrading Pilots", c60 a level) are worth their price
for the share of the game still to play: what they will earn or save in it (a purchase early
is worth about what it cost, one in the last rounds next to nothing). The fame they bring at
the end ("Count Fame") is counted beside them by the evaluation.
"""

from __future__ import annotations

import statistics
from functools import cache

from .market import load_market_tokens
from .pilots import TRAINING_COST
from .scoring import FUZZY_DICE
from .state import StandardState
from .technology import load_technologies

DIALS_AT_SETUP = 3  # Setup 12: one dial at 2, the other at 1


def turns_left(state: StandardState, seat: int) -> int:
    """The seat's turns still to be played, this round's included while it has not played
    it ("Playing the Game": ``last_round`` rounds)."""
    return max(0, state.last_round - state.round + (0 if seat in state.done else 1))


def share_left(state: StandardState, seat: int) -> float:
    """The share of the game's turns the seat still has to play."""
    return min(1.0, turns_left(state, seat) / max(1, state.last_round))


@cache
def equipment_price(kind: str) -> float:
    """A piece of equipment's usual price: the median of its costs on the market tokens."""
    costs = [e.cost for t in load_market_tokens().tokens for e in t.equipment if e.kind == kind]
    return float(statistics.median(costs)) if costs else 0.0


def equipment_cost(state: StandardState, seat: int) -> float:
    """What the seat's equipment, technologies and training cost at their usual prices."""
    p = state.player(seat)
    dials = max(0, p.laser + p.shield - DIALS_AT_SETUP) if p.dials_set else 0
    spent = (dials * (equipment_price("laser") + equipment_price("shield")) / 2
             + p.extra_holds * equipment_price("cargo_hold")
             + TRAINING_COST * max(0, p.pilot_level - 1))
    if p.drive:
        spent += equipment_price(f"{p.drive}_drive")
    techs = load_technologies().by_key
    owned = [techs.get(t.partition(":")[0]) for t in p.techs]
    spent += sum(t.cost for t in owned if t is not None and t.key != FUZZY_DICE)
    return spent


def equipment_worth(state: StandardState, seat: int) -> float:
    """The equipment, technologies and training at their price for the share of the game
    left (module docstring)."""
    return equipment_cost(state, seat) * share_left(state, seat)
