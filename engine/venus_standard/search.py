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
from collections.abc import Sequence
from typing import Any

from engine.bots.legal import except_types
from engine.kernel import Command, Randomness

from . import commands as c
from .appraisal import equipment_worth, goods_worth
from .order import FAME_SOURCES
from .places import landing_seen, spaceports_of
from .scoring import FAME_CREDITS, FUZZY_DICE, SPACEPORT_SALE, fame_parts, has_tech
from .state import StandardState, clone_state
from .trading import SellGoods

SCALE = 500.0  # credits of lead that make a position clearly better (tanh's unit)
SOLO_SCALE = 1500.0  # a solo game: credits that make a position clearly good
FUZZY_DICE_FAME = 7  # End of the Game 2: the Fuzzy Dice's two dice, on average
# the solo challenge's starting funds and options (Solo Challenge Setup 10): their worth is
# the whole game's (the fees ahead against the laser or the Data Probe bought), beyond a
# playout of a few turns
SETUP = (c.SoloPick,)


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


def candidates(view: dict[str, Any], legal: Sequence[Command], seat: int) -> list[Command]:
    """The commands the search levels may sample beside the merchant's choice
    (``GameDefinition.search_candidates``): every legal command but the solo challenge's
    setup options (``SETUP``), while a goods token may be sold here the end of the phase
    (``EndPhase``: the merchant's own choice stays its candidate), and off a surface city
    or spaceport a skipped Movement phase (``SkipMovement``: likewise).

    The course is weighed ("Movement Phase": the heading, the speed roll, the dice, each
    step, the landing, no movement): the evaluation counts the goods aboard at what the
    buyers the ship can reach would pay, less a share for each turn the journey takes
    (``appraisal.goods_worth``), so a playout that ends with the turn sees a course bring
    the cargo nearer its market (``docs/bots.md``, "Why the search adds little"). A setup
    option is judged by what its equipment is worth, never by the fees it leaves the ship
    unable to pay ten rounds on (two lasers taken for c50 lost solo games in round 13 that
    the merchant's two c50 won). And a sale declined (the phase ended with goods the
    merchant would sell) is judged by the goods kept at the evaluation's price, never by
    the holds they fill nor the next fee on the way to another buyer: the merchant steered
    to this market to sell, and the search declined the same sale turn after turn at the
    same port (a seat held one Qossuth token through rounds 23-29; seed ``vs2h-1``). Nor
    is a Movement phase skipped off a surface city or spaceport, where it trades nothing and
    only ends the turn: the evaluation sees no cost in a turn thrown away, and a seat whose
    merchant would land, sell and spend the proceeds on equipment (counted at its price for
    the share of the game left) stayed in space with its goods for 14 turns (seed
    ``vs2h-36`` at 32 playouts)."""
    weighed = except_types(legal, SETUP)
    if any(isinstance(cmd, SellGoods) for cmd in legal):
        return [cmd for cmd in weighed if not isinstance(cmd, c.EndPhase)]
    if any(isinstance(cmd, c.SkipMovement) for cmd in weighed) \
            and not _trades_after_skipping(view, seat):
        return [cmd for cmd in weighed if not isinstance(cmd, c.SkipMovement)]
    return weighed


def _trades_after_skipping(view: dict[str, Any], seat: int) -> bool:
    """Whether a Movement phase skipped here leads to the Transaction phase (a surface city
    or spaceport: "Movement Phase"); elsewhere it only ends the turn."""
    players = view.get("players") or []
    me = next((p for p in players if p.get("seat") == seat), None)
    space = str((me or {}).get("space") or "")
    return landing_seen(view, space) in ("city", "spaceport")


def worth(state: StandardState, seat: int) -> float:
    """What a seat's position would bring at the end (End of the Game 1-4), roughly: its
    credits, its merchant spaceports sold (c200 each), its fame at c10 (every part the rules
    count, "Count Fame": the ship's, fame tokens, infamy, and those counted only at the end,
    completed missions, Reward cards, titles, the pilot and technologies; the Fuzzy Dice at
    their average roll), its goods at the best price a buyer it can reach in the turns left
    would pay, less a share a turn (``appraisal.goods_worth``), and its equipment,
    technologies and pilot training at their price for the share of the game left
    (``appraisal.equipment_worth``)."""
    p = state.player(seat)
    fame = sum(n for _, n in fame_parts(state, seat, FAME_SOURCES))
    if has_tech(p.techs, FUZZY_DICE):
        fame += FUZZY_DICE_FAME
    return (p.credits + SPACEPORT_SALE * len(spaceports_of(state, seat))
            + FAME_CREDITS * fame + goods_worth(state, seat) + equipment_worth(state, seat))


def evaluate(state: StandardState, seat: int) -> float:
    """1 for a winner at the end ("Winning the Game", shared glory included), 0 for the
    others; before it, the seat's lead over the best other seat's ``worth`` squashed into
    (0, 1). Alone (Solo Challenge Game) a win is scored by its final score, on the scale of
    the worth before the end (``solo_value``): a playout that reaches the end is not worth
    more than one a few commands short of it, and the last rounds are played for credits."""
    alone = len(state.players) == 1
    if state.end is not None:
        if seat not in state.winners:
            return 0.0
        return solo_value(state.player(seat).score or 0) if alone else 1.0
    mine = worth(state, seat)
    if alone:
        value = solo_value(mine)
        solo = state.solo
        if solo is not None and solo.cards:
            value *= 0.5 + 0.5 * len(solo.completed) / len(solo.cards)
        return value
    others = [worth(state, p.seat) for p in state.players if p.seat != seat]
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / SCALE)


def solo_value(credits: float) -> float:
    """A solo game's credits (its worth, or its final score at the end) squashed into
    [0, 1): half at ``SOLO_SCALE``."""
    return credits / (credits + SOLO_SCALE) if credits > 0 else 0.0
