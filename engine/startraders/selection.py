"""Optional Rules, "Selecting Personalities" (table option ``personality_auction``): "flip
random personalities up one at a time and bid Stellors for them. Players can only buy one, so
the last player gets the card flipped for free."

Our procedure (docs/rulings.md): money is secret (Money), so each Personality is bought in a
sealed auction, like the station auction: the seven Personalities of the box are shuffled
(a secret order); the top one is flipped up; every Trader without a Personality bids once
(0: no bid), each bid told to its bidder alone; the highest bid wins, ties to the earlier in
priority order (the first player, then in turn order); the winner pays the bank and the
price is announced. When every bid is 0 the card is set aside and the next flipped, unless
no card could then be spared: then the first bidder in priority order takes it for nothing.
The last Trader without one gets the card flipped for free. Then Setting Up goes on (5-9:
``opening.place_and_deal``), the Insider on Capital.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.kernel import NOBODY, RuleError, only

from .components import PERSONALITIES
from .draft import Draft
from .opening import place_and_deal
from .state import StarState
from .windows import priority_order

RULE = "Optional Rules"
BID_STEP = 5


def open_selection(draft: Draft) -> None:
    """Shuffle the Personalities (a secret order) and flip the first."""
    draft.emit("PersonalitiesShuffled", NOBODY, deck=draft.rng.shuffled(list(PERSONALITIES)))
    _next(draft)


def without(state: StarState) -> list[int]:
    """The Traders still without a Personality, in priority order."""
    if not state.players:
        return []
    return [s for s in priority_order(state, state.first_player)
            if state.player(s).personality is None]


def bidders(state: StarState) -> list[int]:
    """Who has still to bid for the Personality flipped up."""
    sel = state.selection
    if sel is None or sel.flipped is None:
        return []
    return [s for s in without(state) if s not in sel.bids]


def bid(draft: Draft, seat: int, stellors: int) -> None:
    if seat not in bidders(draft.state):
        raise RuleError(RULE, "no Personality waits for your bid")
    have = draft.state.player(seat).stellors
    if stellors > have:
        raise RuleError(RULE, f"you cannot bid {stellors} Stellors: you have {have}")
    draft.emit("PersonalityBid", only(seat), seat=seat, stellors=stellors)
    close_if_done(draft)


def close_if_done(draft: Draft) -> None:
    """When every Trader without a Personality has bid (or dropped out): sell the card, set
    it aside, or give it; then flip the next."""
    st = draft.state
    sel = st.selection
    if sel is None or sel.flipped is None or bidders(st):
        return
    order = without(st)
    ranked = sorted((s for s in order if sel.bids.get(s, 0) > 0),
                    key=lambda s: (-sel.bids[s], order.index(s)))
    if ranked:
        winner = ranked[0]
        price = sel.bids[winner]
        draft.stellors(winner, -price, "personality")
        draft.emit("PersonalityBought", seat=winner, personality=sel.flipped, stellors=price)
    elif order and len(sel.deck) < len(order):  # no card could be spared: the first takes it
        draft.emit("PersonalityBought", seat=order[0], personality=sel.flipped, stellors=0)
    else:
        draft.emit("PersonalitySetAside", personality=sel.flipped)
    _next(draft)


def _next(draft: Draft) -> None:
    """Flip the next card; the last Trader without a Personality takes it for free; with
    everyone served, Setting Up goes on."""
    st = draft.state
    left = without(st)
    if not left or st.selection is None or not st.selection.deck:
        draft.emit("SelectionClosed")
        place_and_deal(draft)
        return
    card = st.selection.deck[0]
    draft.emit("PersonalityFlipped", personality=card)
    if len(left) == 1:
        draft.emit("PersonalityBought", seat=left[0], personality=card, stellors=0)
        _next(draft)


def bid_choices(state: StarState, seat: int) -> Iterator[int]:
    """The bids ``legal_actions`` lists (any amount up to one's Stellors is accepted)."""
    have = state.player(seat).stellors
    yield 0
    yield from range(BID_STEP, min(have, 40) + 1, BID_STEP)
