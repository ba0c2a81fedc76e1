"""What the search bot (``engine/bots/search.py``, ``docs/bots.md``) asks of Star Traders: a
world dealt from one seat's view (``determinize``), how good a position is for a seat
(``evaluate``) and which legal commands it weighs (``candidates``: not the route, and the
deals only as the trader's own reckoning would offer them).

What a seat does not see (``view.py``): the other Traders' cards (how many, not which) and
Stellors (Money: "each player sees only his own"), how they answer reaction windows, the
Contract and Trader's Luck decks (the Psychic sees the top Contract card or two), the deals
offered between two other Traders, the other bidders' sealed bids (an auction, the
Personalities' selection) and the Personalities still to be flipped, and a sandbox's loaded
dice. A world keeps every open fact and the seat's own, and deals the rest again: the cards
(the other hands and the Trader's Luck deck) from one pool, sorted and shuffled; the decks
sorted and shuffled; each other Trader's Stellors drawn around the starting Stellors, and
his bids up to them.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.bots.legal import except_types
from engine.kernel import Command, Randomness

from . import commands as c
from .actions import PETITION_PRESTIGE, chain_needed, longest_chain
from .components import contracts
from .galaxy import load_galaxy
from .state import IMPERIAL_CARGO, StarState, clone_state
from .trader_deals import WORTH, helpful_offers
from .view import psychic_peek

START_STELLORS = 40  # Setting Up: each Trader's Stellors (the estimate of a hidden purse)
STELLOR = 1 / 3000  # a Stellor's worth in progress (0-1)
BEST_ODDS = 25  # the Prestige track's "+2" area, a petition's best odds (prestige_bonus)
SCALE = 0.3  # a lead in progress (0-1) that makes a position clearly better (tanh's unit)


def determinize(state: StarState, seat: int, rng: Randomness) -> StarState:
    """A copy of ``state`` with what ``seat`` cannot see dealt again from ``rng``."""
    world = clone_state(state)
    others = [p for p in world.players if p.seat != seat]
    pool = sorted(state.luck_deck + [c for p in state.players if p.seat != seat
                                     for c in p.hand])
    dealt = rng.shuffled(pool)
    for p in others:
        size = len(p.hand)
        p.hand, dealt = dealt[:size], dealt[size:]
        p.policy = "playable"
        p.stellors = _purse(rng)
    world.luck_deck = dealt
    seen = psychic_peek(state, seat)
    world.deck = list(seen) + rng.shuffled(sorted(state.deck[len(seen):]))
    world.offers = [o for o in state.offers if seat in (o.seat, o.to)]
    if world.turn is not None:
        world.turn.offered = [o for o in world.turn.offered if seat in (o.seat, o.to)]
    if world.auction is not None:
        world.auction.bids = {s: (b if s == seat else _bid(world, s, rng))
                              for s, b in sorted(world.auction.bids.items())}
    if world.selection is not None:
        world.selection.deck = rng.shuffled(sorted(world.selection.deck))
        world.selection.bids = {s: (b if s == seat else _bid(world, s, rng))
                                for s, b in sorted(world.selection.bids.items())}
    world.loaded_dice = []
    return world


def _purse(rng: Randomness) -> int:
    """Another Trader's Stellors in a world: from half to one and a half times the starting
    40, whatever his Prestige (a Trader spends what he earns on stations, engines and
    petitions: in games of the trader, the Stellors at a turn's start had a median of 30 to
    44 at every Prestige below 30, ``docs/bots.md``)."""
    return START_STELLORS // 2 + rng.below(START_STELLORS + 1)


def _bid(world: StarState, seat: int, rng: Randomness) -> int:
    """A sealed bid of another Trader in a world: up to his Stellors there."""
    return rng.below(max(world.player(seat).stellors, 0) + 1)


@cache
def attempts() -> dict[int, dict[int, float]]:
    """The expected jump attempts between any two worlds along the cheapest route, a
    jumpline's cost being 1 / the chance of a regular jump's roll (Movement: the line's
    colour and its minimum roll)."""
    galaxy = load_galaxy()
    table: dict[int, dict[int, float]] = {}
    for start in galaxy.neighbours:
        dist = {start: 0.0}
        todo = [(0.0, start)]
        while todo:
            d, here = heapq.heappop(todo)
            if d > dist[here]:
                continue
            for nxt, color in galaxy.neighbours[here].items():
                nd = d + 6 / (7 - color.minimum)
                if nd < dist.get(nxt, math.inf):
                    dist[nxt] = nd
                    heapq.heappush(todo, (nd, nxt))
        table[start] = dist
    return table


def closeness(state: StarState, seat: int, world: int) -> float:
    """How near a Trader is to a world, 1 there and toward 0 far away: 1 / (1 + the turns
    the route takes at the Trader's jump attempts a turn, one per engine)."""
    p = state.player(seat)
    far = attempts()[p.world].get(world, 30.0)
    return 1 / (1 + far / max(p.engines, 1))


def standing(prestige: int) -> float:
    """A Trader's Prestige toward an Imperial Mission he has not yet won, 0 to 0.65: up to
    0.5 at 15, when he may petition (Petitioning), then up to 0.65 at 25, the Prestige
    track's "+2" area, where the Emperor grants a petition on most rolls (Petition Table;
    ``actions.prestige_bonus``: +1 from 20, +2 from 25). Below the Mission's 0.7: a petition
    still costs a roll and its price."""
    ready = min(prestige, PETITION_PRESTIGE) / PETITION_PRESTIGE
    beyond = min(max(prestige - PETITION_PRESTIGE, 0), BEST_ODDS - PETITION_PRESTIGE)
    return 0.5 * ready + 0.15 * beyond / (BEST_ODDS - PETITION_PRESTIGE)


def progress(state: StarState, seat: int) -> float:
    """How close a Trader is to winning, 0 to 1: in the basic game, Prestige toward the
    Imperial Mission's petition (``standing``: 15 to petition, more for better odds up to
    25), the Mission won, its Imperial Cargo aboard
    and how near its pick-up or destination is (Completing Your Mission); in the advanced
    game, the longest chain of Imperial Stations against the chain that wins (Winning the
    Advanced Game). Besides: the cargoes in the hold that a Contract wants, at their Prestige
    and the nearness of their delivery (Contracts, Delivering Cargo); engines beyond the first
    three (more jump attempts); Trader's Luck cards in hand; Stellors a little, and each
    station owned at its price in Stellors (``trader_deals.WORTH``: a station sold at that
    price is no gain; its owner is paid when a cargo is delivered there, Payoffs)."""
    p = state.player(seat)
    if p.out:
        return 0.0
    owned = sum(1 for owner in state.stations.values() if owner == seat)
    money = (min(max(p.stellors, 0), 300) + WORTH["stations"] * min(owned, 10)) * STELLOR
    extras = money + 0.01 * min(len(p.hand), 4) + 0.02 * min(max(p.engines - 3, 0), 3)
    cards = contracts()
    wanted = [cards[k] for k in state.slots if k is not None]
    wanted += [cards[done.contract] for done in state.completed if done.rights.get(seat)]
    for cargo in p.hold:
        deals = [k for k in wanted if k.cargo == cargo]
        if deals:
            best = max(deals, key=lambda k: k.prestige * closeness(state, seat, k.deliver))
            extras += 0.5 * best.prestige / PETITION_PRESTIGE * 0.8 * \
                closeness(state, seat, best.deliver)
    if state.advanced:
        chain = longest_chain(state, seat) / chain_needed(len(state.players))
        return 0.6 * min(chain, 1.0) + 0.3 * min(p.prestige, PETITION_PRESTIGE) / 30 + extras
    if p.mission is None:
        value = standing(p.prestige)
    else:  # Prestige spent on the petition no longer matters: the Mission wins the game
        mission = cards[p.mission]
        value = 0.7
        if IMPERIAL_CARGO in p.hold:
            value += 0.15 + 0.15 * closeness(state, seat, mission.deliver)
        else:
            value += 0.1 * closeness(state, seat, mission.pickup)
    return value + extras


def evaluate(state: StarState, seat: int) -> float:
    """1 for the winner, 0 for the others; before the end, the seat's lead in ``progress``
    over the best other Trader squashed into (0, 1)."""
    if state.winner is not None or state.end is not None:
        return 1.0 if state.winner == seat else 0.0
    mine = progress(state, seat)
    others = [progress(state, p.seat) for p in state.players if p.seat != seat and not p.out]
    if not others:
        return 0.5 + 0.5 * mine
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / SCALE)


# the commands of the route (Movement): where to jump, a random jump, a special jump, the
# movement's end; the trader's route is a plan over several turns that a playout ending with
# the turn cannot see
ROUTE = (c.Jump, c.RandomJump, c.SpecialJump, c.EndMovement)


def candidates(view: dict[str, Any], legal: Sequence[Command], seat: int) -> list[Command]:
    """The commands the search levels may sample beside the heuristic's choice
    (``GameDefinition.search_candidates``): every legal command but the route (``ROUTE``; a
    playout ending with the turn sees a jump's risk and not the delivery it leads to:
    ``docs/bots.md``, "What hard's replacements are worth in Star Traders"), the reaction
    policies and the deals to offer, and of those only the ones the trader's reckoning would offer
    (``trader_deals.helpful_offers``: it gains, the other Trader would accept). A deal it
    finds unhelpful, a station it should keep sold at the price list's 12 Stellors, is not
    weighed: in the short playouts the Stellors pay for jumps sooner and could beat keeping
    it. Answering an offer, declining too, stays a candidate. A reaction policy
    (``SetReactionPolicy``) is a setting for the rest of the game, not a move: one playout's
    turn cannot judge it (with ``never`` the seat is asked in no window again, so plays no
    Avoid Calamity or Zap), and the trader keeps the one it has."""
    kept = [cmd for _, cmd in helpful_offers(view, legal, seat)]
    return [*except_types(legal, (c.OfferDeal, c.SetReactionPolicy, *ROUTE)), *kept]
