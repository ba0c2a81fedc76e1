"""Trading with other merchants (11.1, 11.4).

When his turn ends on a Spaceport, City or Asteroid, the active player may exchange money,
Goods, Relics, Fares, Equipment and IOUs with any player whose pawn is on the same dot, at
whatever price they agree (11.4); never ships or Deeds. The engine makes the agreement an
offer by the active player and an answer by the other: while it waits, the game's prompt is
``answer_offer`` for the player asked (and the offerer may withdraw), so it works the same
live and asynchronously. No commission is paid on such trades (12.2.2), and 9.41 does not
limit them (11.1: "for as long as he wishes").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.kernel import Command, RuleError, event

from . import commands as c
from .cargo import cargo_items, count_of, room_for
from .pieces import split
from .rules import Decision, handles
from .state import Offer, Player, VenusState
from .trading import trading_turn

TRADEABLE = ("goods", "factory_goods", "fare", "equipment", "relic", "iou")
RULE = "11.4 other merchants"


def offer_problem(state: VenusState, offer: Offer) -> RuleError | None:
    """11.4: same dot, tradeable pieces only, each side owns what it hands over, room."""
    frm, to = offer.frm, offer.to
    if not 0 <= to < len(state.players) or to == frm:
        return RuleError(RULE, "offer a trade to another player")
    if state.players[to].dot != state.players[frm].dot:
        return RuleError(RULE, "you trade only with players on the dot you occupy (11.1)")
    for item in [*offer.give, *offer.get]:
        if split(item)[0] not in TRADEABLE:
            return RuleError(RULE, f"{item}: players never exchange ships or Deeds")
    if not (offer.give or offer.get or offer.give_money or offer.get_money):
        return RuleError(RULE, "the offer exchanges nothing")
    for seat, items, money in ((frm, offer.give, offer.give_money),
                               (to, offer.get, offer.get_money)):
        player = state.players[seat]
        for item, n in Counter(items).items():
            if count_of(player, item) < n:
                return RuleError(RULE, f"{player.name} does not have {n} x {item}")
        if player.cash < money:
            return RuleError(RULE, f"{player.name} does not have {money}")
    if not room_for(state, frm, offer.get, offer.give):
        return RuleError("3.43 capacity", "your ship has no room for what you ask")
    if not room_for(state, to, offer.give, offer.get):
        return RuleError("3.43 capacity", "the other ship has no room for what you offer")
    return None


@handles(c.OfferTrade)
def _offer(d: Decision, actor: int, cmd: c.OfferTrade) -> None:
    """11.1, 11.4: the active player, his turn ended on a Spaceport, City or Asteroid."""
    turn = trading_turn(d.state, actor)
    if turn is None or not turn.landed:
        raise RuleError("11.1 other trading",
                        "trade with players only after your turn ends on a Spaceport, City or "
                        "Asteroid")
    offer = Offer(frm=actor, to=cmd.to, give=list(cmd.give), get=list(cmd.get),
                  give_money=cmd.give_money, get_money=cmd.get_money)
    err = offer_problem(d.state, offer)
    if err is not None:
        raise err
    d.emit(event("TradeOffered", **offer.model_dump()))


def _pending_offer(d: Decision) -> Offer:
    turn = d.state.turn
    if turn is None or turn.offer is None:
        raise RuleError(RULE, "no trade offer is waiting")
    return turn.offer


@handles(c.AnswerOffer)
def _answer(d: Decision, actor: int, cmd: c.AnswerOffer) -> None:
    offer = _pending_offer(d)
    if actor != offer.to:
        raise RuleError(RULE, "only the player asked answers the offer")
    if not cmd.accept:
        d.emit(event("TradeRefused", frm=offer.frm, to=offer.to))
        return
    err = offer_problem(d.state, offer)
    if err is not None:
        raise err
    d.emit(event("TradeAccepted", **offer.model_dump()))


@handles(c.WithdrawOffer)
def _withdraw(d: Decision, actor: int, cmd: c.WithdrawOffer) -> None:
    offer = _pending_offer(d)
    if actor != offer.frm:
        raise RuleError(RULE, "only the offerer withdraws his offer")
    d.emit(event("TradeWithdrawn", frm=offer.frm, to=offer.to))


def offer_actions(state: VenusState, seat: int) -> Iterator[Command]:
    """Offers are open-ended (any price), so legal_actions lists a finite sample: each piece
    of his given away for nothing, and each piece of the other asked for nothing; any other
    well-formed offer is accepted by ``decide`` too."""
    turn = trading_turn(state, seat)
    if turn is None or not turn.landed:
        return
    me = state.players[seat]
    for other in state.players:
        if other.seat == seat or other.dot != me.dot:
            continue
        for mine in sorted(set(_pieces(me))):
            offer = Offer(frm=seat, to=other.seat, give=[mine])
            if offer_problem(state, offer) is None:
                yield c.OfferTrade(to=other.seat, give=[mine])
        for theirs in sorted(set(_pieces(other))):
            offer = Offer(frm=seat, to=other.seat, get=[theirs])
            if offer_problem(state, offer) is None:
                yield c.OfferTrade(to=other.seat, get=[theirs])


def _pieces(player: Player) -> list[str]:
    return [*cargo_items(player), *(f"relic:{r}" for r in player.relics),
            *(f"iou:{i}" for i in player.ious)]


def answer_actions(state: VenusState, seat: int) -> Iterator[Command]:
    """The prompt ``answer_offer``: accept (if still possible) or refuse; the offerer may
    withdraw."""
    turn = state.turn
    if turn is None or turn.offer is None:
        return
    offer = turn.offer
    if seat == offer.to:
        if offer_problem(state, offer) is None:
            yield c.AnswerOffer(accept=True)
        yield c.AnswerOffer(accept=False)
    if seat == offer.frm:
        yield c.WithdrawOffer()
