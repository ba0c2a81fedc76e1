"""What the search bot (``engine/bots/search.py``, ``docs/bots.md``) asks of the standard
game: a world dealt from one seat's view (``determinize``) and how good a position is for a
seat (``evaluate``).

What no seat sees (``state.SECRET``, ``secrets.py``): the order of the face-down decks and
stockpiles (Setup 3, 5, 6), the cultures of the First Contact cards still face down (Setup
3), each market's token stack below its top token ("First Contact Phase", "Market Shift"),
and a sandbox's loaded dice. Everything else lies open on the table. A world keeps every open
fact and deals those again: each pool sorted (so only what is known of it counts: its size
and, for the decks, which cards are not elsewhere) and shuffled with the given stream.
"""

from __future__ import annotations

import math

from engine.cluster.cultures import load_cultures
from engine.kernel import Randomness

from .places import spaceports_of
from .scoring import FAME_CREDITS, SPACEPORT_SALE, ship_fame
from .state import StandardState, clone_state
from .tokens import is_goods, origin

SCALE = 500.0  # credits of lead that make a position clearly better (tanh's unit)
SOLO_SCALE = 1500.0  # a solo game: credits that make a position clearly good


def determinize(state: StandardState, seat: int, rng: Randomness) -> StandardState:
    """A copy of ``state`` with what ``seat`` cannot see dealt again from ``rng``."""
    world = clone_state(state)
    world.decks = {name: rng.shuffled(sorted(cards))
                   for name, cards in sorted(state.decks.items())}
    systems = sorted(state.first_contact)
    cultures = rng.shuffled(sorted(state.first_contact.values()))
    world.first_contact = dict(zip(systems, cultures, strict=True))
    for culture in sorted(world.trade.markets):
        market = world.trade.markets[culture]
        if len(market.stack) > 2:
            market.stack = market.stack[:1] + rng.shuffled(sorted(market.stack[1:]))
    world.loaded_dice = []
    return world


def worth(state: StandardState, seat: int) -> float:
    """What a seat's position would bring at the end (End of the Game 1-4), roughly: its
    credits, its merchant spaceports sold (c200 each), its ship's fame at c10, and its goods
    at half-way between their cost and their centre resale value ("Sell Actions")."""
    p = state.player(seat)
    cultures = load_cultures()
    goods = 0.0
    for token in p.cargo:
        if is_goods(token):
            kind = cultures.culture(origin(token)).goods
            goods += (kind.cost + kind.resale.mid) / 2
    fame = sum(n for _, n in ship_fame(state, seat))
    return (p.credits + SPACEPORT_SALE * len(spaceports_of(state, seat))
            + FAME_CREDITS * fame + goods)


def evaluate(state: StandardState, seat: int) -> float:
    """1 for a winner at the end ("Winning the Game", shared glory included), 0 for the
    others; before it, the seat's lead over the best other seat's ``worth`` squashed into
    (0, 1); alone (Solo Challenge Game), its worth, less a share for each challenge still
    open."""
    if state.end is not None:
        return 1.0 if seat in state.winners else 0.0
    mine = worth(state, seat)
    others = [worth(state, p.seat) for p in state.players if p.seat != seat]
    if not others:
        value = mine / (mine + SOLO_SCALE) if mine > 0 else 0.0
        solo = state.solo
        if solo is not None and solo.cards:
            value *= 0.5 + 0.5 * len(solo.completed) / len(solo.cards)
        return value
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / SCALE)
