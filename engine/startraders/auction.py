"""The station auction of the Imperial Station Petition Table's -1 (Advanced Game): "The
Emperor is angered by your presumption! Your petition is denied. Lose 10 Prestige. Your
station goes up for auction. You may bid on it yourself."

The book gives no auction procedure. Our reading (docs/rulings.md, "The station auction"):
money is secret (Money), so the auction is sealed: the station leaves its owner at once;
every Trader still in the game, the petitioner included, bids once (0 is no bid), each bid
told to its bidder alone; the highest bid that its bidder can still pay wins, ties to the
earlier in priority order (the petitioner, then in turn order); the winner pays the bank and
the price is announced with the new owner. With no bid the station is removed from the board.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.kernel import RuleError, only

from .draft import Draft
from .state import StarState
from .windows import priority_order

RULE = "Imperial Station Petition Table"
BID_STEP = 5


def open_auction(draft: Draft, seat: int) -> None:
    """The petitioner's station (the one he petitioned at) goes up for auction."""
    st = draft.state
    world = st.player(seat).world
    if st.stations.get(world) != seat:
        return  # traded away while the roll was open: nothing of his to auction
    draft.emit("StationAuctioned", world=world, seller=seat, order=priority_order(st, seat))


def bidders(state: StarState) -> list[int]:
    """Who has still to bid (Traders who dropped out do not)."""
    a = state.auction
    if a is None:
        return []
    return [s for s in a.order if s not in a.bids and not state.player(s).out]


def bid(draft: Draft, seat: int, stellors: int) -> None:
    if seat not in bidders(draft.state):
        raise RuleError(RULE, "no auction waits for your bid")
    have = draft.state.player(seat).stellors
    if stellors > have:
        raise RuleError(RULE, f"you cannot bid {stellors} Stellors: you have {have}")
    draft.emit("BidPlaced", only(seat), seat=seat, stellors=stellors)
    close_if_done(draft)


def close_if_done(draft: Draft) -> None:
    """When every bidder has bid: the highest bid its bidder can pay wins."""
    st = draft.state
    a = st.auction
    if a is None or bidders(st):
        return
    ranked = sorted((s for s, b in a.bids.items() if b > 0 and not st.player(s).out),
                    key=lambda s: (-a.bids[s], a.order.index(s)))
    winner = next((s for s in ranked if st.player(s).stellors >= a.bids[s]), None)
    if winner is None:
        draft.emit("AuctionClosed", world=a.world, seat=None, stellors=0)
        return
    price = a.bids[winner]
    draft.stellors(winner, -price, "auction")
    draft.emit("AuctionClosed", world=a.world, seat=winner, stellors=price)


def bid_choices(state: StarState, seat: int) -> Iterator[int]:
    """The bids ``legal_actions`` lists (any amount up to one's Stellors is accepted): none,
    steps of 5 up to 60, and all one has."""
    have = state.player(seat).stellors
    yield 0
    yield from range(BID_STEP, min(have, 60) + 1, BID_STEP)
    if have and (have > 60 or have % BID_STEP):
        yield have
