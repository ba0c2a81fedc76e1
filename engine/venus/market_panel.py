"""The market panel's numbers for the seat trading at a Culture (9.2-9.41, 10.2, 10.3): what
the client shows beside the trading seat's view (``GameDefinition.extras``)."""

from __future__ import annotations

from typing import Any

from .board import load_board
from .components import Edition, load_components
from .discovery import site_kind, trade_culture
from .pieces import demand_bonus, fare_fee, split
from .trading import limited, shop, trade_in


def why_not(shop: Any) -> dict[str, Any]:
    """For each item on sale that cannot be bought now, the engine's own reason (the rule and
    its words: 9.41 the City limit, 12.4.1 not enough money, 3.43 no room...), so a disabled
    Buy button can say why (``trading.Shop``: the checks the legal commands made)."""
    why: dict[str, Any] = {}
    for item in shop.offered:
        if item.startswith(("deed:", "fort")):
            continue  # bought per site: the legal commands say where
        problem = shop.problem(item)
        if problem is not None:
            why[item] = {"rule": problem.rule, "message": problem.detail}
    return why


def market(state: Any, seat: int) -> dict[str, Any] | None:
    """The market of the Culture the trading seat is at, in numbers (for the market panel):
    what it sells and for how much (9.2), what it pays for each Goods in the hold with the
    Demand bonus (9.31, 10.2), barter values (9.32), Fares (10.3) and the City limit (9.41)."""
    turn = state.turn
    if not turn.landed:
        return None
    board = load_board(state.edition)
    player = state.players[seat]
    culture = trade_culture(state, board, player.dot)
    if culture is None:
        return None
    comps = load_components()
    edition = Edition(state.edition)
    bonus = demand_bonus(state.edition)
    fees = fare_fee(state.edition)
    buys: dict[str, dict[str, int]] = {}
    if culture != "base":
        for goods in sorted(set(player.goods)):
            kind, seller = split(goods)
            if culture not in comps.buyers(seller, edition):
                continue
            info = comps.culture(seller)
            payoff = info.goods.payoff if kind == "goods" else info.factory.payoff(edition)
            extra = sum(bonus[m] for m in state.market.get(culture, [])
                        if kind == "goods" and m == f"demand:{culture}:{seller}")
            buys[goods] = {"payoff": payoff, "bonus": extra}
    barter: dict[str, int] = {}
    for item in [*(f"equipment:{e}" for e in player.equipment),
                 *(f"relic:{r}" for r in player.relics), *(f"iou:{i}" for i in player.ious),
                 f"ship:{player.ship}"]:
        try:
            barter[item] = trade_in(item)
        except KeyError:
            continue
    waiting = sorted({f for f in state.market.get(culture, []) if f.startswith("fare:")})
    here = shop(state, board, seat, culture)
    offered = here.offered
    return {
        "culture": culture,
        "dot": player.dot,
        "site": site_kind(state, board, player.dot),
        "limited": limited(state, board, seat),
        "bought": turn.bought,
        "sold": turn.sold,
        "credit": turn.credit,
        "sells": offered,
        "why": why_not(here),
        "buys": buys,
        "barter": barter,
        "fares": {f: fees.get(f, 0) for f in [*waiting, *sorted(set(player.fares))]},
        "demands": [m for m in state.market.get(culture, []) if m.startswith("demand:")],
    }
