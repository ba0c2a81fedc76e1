"""Trades and Deals: any player may offer any other a trade at any time; the offer waits for
its answer without blocking the turn, and an accepted offer applies atomically (one command,
one append). Offers and money are told only to the two parties; stations, cargo, engines and
right-to-deliver markers change hands in public events (they are public on the board)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.kernel import RuleError, only
from engine.kernel.fastmodel import constructed

from .cargo import ABANDON_STELLORS, HOLD, max_engines
from .commodity import check_side
from .commodity import transfer as transfer_personalities
from .draft import Draft
from .state import Bundle, Offer, StarState, cargo_moved, is_imperial

RULE = "Trades and Deals"


def _check_public(state: StarState, giver: int, taker: int, side: Bundle) -> None:
    """What anyone can check: stations, rights, cargo and engines of the giver, the same
    world for cargo and engines."""
    g = state.player(giver)
    if side.stellors < 0 or side.engines < 0:
        raise RuleError(RULE, "amounts must not be negative")
    for world in side.stations:
        if state.stations.get(world) != giver:
            raise RuleError(RULE, f"seat {giver} has no station at {world}")
    for contract in side.rights:
        entry = next((e for e in state.completed if e.contract == contract), None)
        if entry is None or entry.rights.get(giver, 0) < side.rights.count(contract):
            raise RuleError(RULE, f"seat {giver} has no right to deliver contract {contract}")
    if (side.cargo or side.engines) and state.player(taker).world != g.world:
        raise RuleError(RULE, "trades of cargo or engines require the same world")
    for cargo in side.cargo:  # an Imperial Cargo too (Completing Your Mission)
        if side.cargo.count(cargo) > g.hold.count(cargo):
            raise RuleError(RULE, f"seat {giver} does not carry {cargo}")
    if side.engines > g.engines:
        raise RuleError(RULE, f"seat {giver} has fewer engines")
    check_side(state, giver, side)  # Personalities, under the optional rule


def _check_private(state: StarState, giver: int, side: Bundle) -> None:
    g = state.player(giver)
    if side.stellors > g.stellors:
        raise RuleError(RULE, f"seat {giver} cannot pay {side.stellors} Stellors")
    for card in side.cards:
        if card not in g.hand:
            raise RuleError(RULE, f"seat {giver} does not hold {card}")


def _check_limits(state: StarState, seat: int, gets: Bundle, gives: Bundle,
                  giver: int) -> None:
    """After the deal (both sides move at once): "You cannot have two identical Imperial
    Cargoes in your hold"; a hold over two cargoes must abandon the excess at once, paying
    the penalties, so the deal needs the money for them ("If you cannot pay, you cannot
    take the action which gave you the cargo"). A hand over its limit is allowed: it is
    discarded down at once (``limits``)."""
    p = state.player(seat)
    hold = list(p.hold)
    for cargo in gives.cargo:
        hold.remove(cargo)
    hold += [cargo_moved(cargo, giver, seat) for cargo in gets.cargo]
    imperial = [cargo for cargo in hold if is_imperial(cargo)]
    if len(set(imperial)) != len(imperial):
        raise RuleError("Completing Your Mission", "you cannot have two identical Imperial "
                        "Cargoes in your hold")
    excess = max(0, len(hold) - HOLD)
    money = p.stellors - gives.stellors + gets.stellors
    if excess and money < excess * ABANDON_STELLORS:
        raise RuleError(RULE, f"seat {seat} would have to abandon {excess} cargo and could "
                        "not pay the penalty")


def offer(draft: Draft, seat: int, to: int, give: Bundle, get: Bundle) -> None:
    st = draft.state
    if to == seat or not 0 <= to < len(st.players) or st.player(to).out:
        raise RuleError(RULE, "offer a deal to another player in the game")
    if give.empty() and get.empty():
        raise RuleError(RULE, "an offer must trade something")
    _check_public(st, seat, to, give)
    _check_public(st, to, seat, get)
    _check_private(st, seat, give)
    draft.emit("DealOffered", only(seat, to), id=st.next_offer, seat=seat, to=to,
               give=give.model_dump(), get=get.model_dump())


def _offer(state: StarState, offer_id: int) -> Offer:
    found = next((o for o in state.offers if o.id == offer_id), None)
    if found is None:
        raise RuleError(RULE, f"there is no open offer {offer_id}")
    return found


def answer(draft: Draft, seat: int, offer_id: int, accept: bool) -> None:
    st = draft.state
    o = _offer(st, offer_id)
    if o.to != seat:
        raise RuleError(RULE, "only the player offered the deal answers it")
    if not accept:
        draft.emit("DealDeclined", only(o.seat, o.to), id=o.id)
        return
    for giver, taker, side in ((o.seat, o.to, o.give), (o.to, o.seat, o.get)):
        _check_public(st, giver, taker, side)
        _check_private(st, giver, side)
    _check_limits(st, o.seat, o.get, o.give, o.to)
    _check_limits(st, o.to, o.give, o.get, o.seat)
    draft.emit("DealAccepted", only(o.seat, o.to), id=o.id)
    _transfer(draft, o.seat, o.to, o.give)
    _transfer(draft, o.to, o.seat, o.get)


def acceptable(state: StarState, o: Offer) -> bool:
    """Whether accepting the offer now would be allowed (both sides still hold what they
    give; no hand or hold over its limit)."""
    try:
        for giver, taker, side in ((o.seat, o.to, o.give), (o.to, o.seat, o.get)):
            _check_public(state, giver, taker, side)
            _check_private(state, giver, side)
        _check_limits(state, o.seat, o.get, o.give, o.to)
        _check_limits(state, o.to, o.give, o.get, o.seat)
    except RuleError:
        return False
    return True


# the prices ``offer_choices`` asks or pays, in Stellors (any amount is accepted by ``offer``)
PRICES = {"stations": 12, "cards": 6, "rights": 4, "cargo": 8}


# offers ``offer_choices`` lists for a seat in one turn, at most
OFFERS_PER_TURN = 2


def offer_choices(state: StarState, seat: int) -> Iterator[tuple[int, Bundle, Bundle]]:
    """The offers ``legal_actions`` lists (every combination cannot be listed; ``offer``
    accepts any): sell one of one's stations, cards, right-to-deliver markers or (on the same
    world) cargoes at a price, or buy another's station, to each other Trader -- while the
    seat has no offer of its own open, has made fewer than ``OFFERS_PER_TURN`` this turn, and
    none it made already this turn (refused or not), so that a table is not flooded."""
    if any(o.seat == seat for o in state.offers):
        return
    made = [] if state.turn is None else [o for o in state.turn.offered if o.seat == seat]
    if len(made) >= OFFERS_PER_TURN:
        return
    for choice in _priced(state, seat):
        if not any(choice == (o.to, o.give, o.get) for o in made):
            yield choice


def _priced(state: StarState, seat: int) -> Iterator[tuple[int, Bundle, Bundle]]:
    me = state.player(seat)
    mine = sorted(w for w, s in state.stations.items() if s == seat)
    rights = sorted(e.contract for e in state.completed if e.rights.get(seat, 0))
    price = {k: _bundle(stellors=v) for k, v in PRICES.items()}
    for other in state.active:
        to = other.seat
        if to == seat:
            continue
        for world in mine:
            yield to, _bundle(stations=[world]), price["stations"]
        if me.stellors >= PRICES["stations"]:
            for world in sorted(w for w, s in state.stations.items() if s == to):
                yield to, price["stations"], _bundle(stations=[world])
        for card in sorted(set(me.hand)):
            yield to, _bundle(cards=[card]), price["cards"]
        for contract in rights:
            yield to, _bundle(rights=[contract]), price["rights"]
        if other.world == me.world and len(other.hold) < HOLD:
            for cargo in sorted({x for x in me.hold if not is_imperial(x)}):
                yield to, _bundle(cargo=[cargo]), price["cargo"]


def _bundle(**values: Any) -> Bundle:
    """A bundle built from values known to be valid (no validation: ``legal_actions`` makes
    many of them on every call)."""
    return constructed(Bundle, **{**_EMPTY, **values})


_EMPTY: dict[str, Any] = {"stellors": 0, "stations": [], "cards": [], "rights": [],
                          "cargo": [], "engines": 0, "personalities": []}


def withdraw(draft: Draft, seat: int, offer_id: int) -> None:
    o = _offer(draft.state, offer_id)
    if o.seat != seat:
        raise RuleError(RULE, "only the offering player withdraws an offer")
    draft.emit("DealWithdrawn", only(o.seat, o.to), id=o.id)


def _transfer(draft: Draft, giver: int, taker: int, side: Bundle) -> None:
    st = draft.state
    if side.stellors:
        draft.stellors(giver, -side.stellors, "deal")
        draft.stellors(taker, side.stellors, "deal")
    for world in side.stations:  # an Imperial Station sold ceases to be Imperial
        draft.emit("StationGiven", world=world, seat=giver, to=taker)
    if side.cards:
        draft.emit("CardsGiven", only(giver, taker), seat=giver, to=taker, cards=side.cards)
        draft.emit("CardsPassed", seat=giver, to=taker, count=len(side.cards))
    for contract in side.rights:
        draft.emit("RightGiven", contract=contract, seat=giver, to=taker)
    for cargo in side.cargo:
        draft.emit("CargoGiven", cargo=cargo, seat=giver, to=taker)
    transfer_personalities(draft, giver, taker, side)
    if side.engines:
        draft.emit("EnginesChanged", seat=giver, engines=st.player(giver).engines - side.engines)
        gets = min(max_engines(st, taker), st.player(taker).engines + side.engines)
        draft.emit("EnginesChanged", seat=taker, engines=gets)  # extra engines cease to exist
