"""What a seat's holdings would bring over the rest of the game, for the search bot's
evaluation (``search.py``, ``docs/bots.md``, "Each game's worlds and evaluation").

- Goods aboard ("Sell Actions"): each token at the best price a discovered buyer's market pays
  now (its top market token's condition, a demand bonus included: optional rule "Demand"),
  less a share for every turn the ship needs to get there (``TURN_DISCOUNT``; the next turn
  at the soonest, movement points by the board's course at ``POINTS_PER_TURN`` a turn); with
  no discovered buyer in reach, at its centre resale after ``UNKNOWN_TURNS`` turns (a buyer
  still to be discovered). Nothing for a buyer beyond the seat's turns left: goods still
  aboard score nothing at the end ("End of the Game").
- Equipment ("Buying Equipment": dial points bought, extra cargo holds, the drive), the racial
  technologies owned ("Buying Racial Technologies"; the Fuzzy Dice are counted by their fame)
  and the pilot's training ("Pilots > Upgrading Pilots", c60 a level): at their price for the
  share of the game still to play, what they will earn or save in it (a purchase early is
  worth about what it cost, one in the last rounds next to nothing). The fame they bring at
  the end ("Count Fame") is counted beside them by the evaluation.
"""

from __future__ import annotations

import statistics
from functools import cache

from engine.cluster.cultures import load_cultures

from . import course
from .market import condition, load_market_tokens
from .pilots import TRAINING_COST
from .places import landings_in
from .scoring import FUZZY_DICE
from .state import StandardState
from .technology import load_technologies
from .tokens import is_goods, origin
from .trading import demand_bonus

POINTS_PER_TURN = 6  # movement points a turn counted for a journey (a speed die and more)
TURN_DISCOUNT = 0.9  # a sale one turn later is worth this share of one now
UNKNOWN_TURNS = 4  # turns counted to a buyer not discovered yet
DIALS_AT_SETUP = 3  # Setup 12: one dial at 2, the other at 1


def turns_left(state: StandardState, seat: int) -> int:
    """The seat's turns still to be played, this round's included while it has not played
    it ("Playing the Game": ``last_round`` rounds)."""
    return max(0, state.last_round - state.round + (0 if seat in state.done else 1))


def share_left(state: StandardState, seat: int) -> float:
    """The share of the game's turns the seat still has to play."""
    return min(1.0, turns_left(state, seat) / max(1, state.last_round))


def goods_worth(state: StandardState, seat: int) -> float:
    """The goods aboard, each at the best discounted price a buyer would pay (module
    docstring)."""
    cargo = [t for t in state.player(seat).cargo if is_goods(t)]
    if not cargo:
        return 0.0
    left = turns_left(state, seat)
    turns = buyer_turns(state, seat)
    return sum(token_worth(state, origin(token), turns, left) for token in cargo)


def token_worth(state: StandardState, seller: str, turns: dict[str, int], left: int) -> float:
    """One goods token of culture ``seller``: its best sale among the discovered buyers
    ``turns`` away (culture -> turns), with ``left`` turns to play."""
    cultures = load_cultures()
    goods = cultures.culture(seller).goods
    best = goods.resale.mid * TURN_DISCOUNT ** UNKNOWN_TURNS if left >= UNKNOWN_TURNS else 0.0
    for buyer in cultures.buyers(seller):
        away = turns.get(buyer)
        if away is None or away > left:
            continue
        price = goods.resale.at(condition(state.trade.market(buyer)))
        price += demand_bonus(state, buyer, seller)[0]
        best = max(best, price * TURN_DISCOUNT ** away)
    return best


def buyer_turns(state: StandardState, seat: int) -> dict[str, int]:
    """The turns the seat's ship needs to land at each discovered market (the next turn at
    the soonest)."""
    here = state.player(seat).space
    points = course.from_space(here, None)
    out: dict[str, int] = {}
    for system, culture in state.discovered.items():
        if not state.trade.market(culture).stack:
            continue
        landings = landings_in(system)
        near = 0 if here in landings else min(
            (points.get(s, course.FAR) for s in landings), default=course.FAR)
        if near < course.FAR:
            out[culture] = 1 + near // POINTS_PER_TURN
    return out


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
