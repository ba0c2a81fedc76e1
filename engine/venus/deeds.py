"""Spaceports, Factories and commissions (2.54, 12.1-12.4.2, 3.3).

A Deed is bought only from the Culture that builds it, while trading in its System (12.1,
9.2): a Spaceport on an empty Orbit of that System (2.541, 12.2), a Factory (one per System,
2.542) on a City or Spaceport of that System (12.3). Buying from one's own species costs 20%
less (3.3); the Deed still counts its printed value (13.1). Open Spaceports are not for sale
and pay no commission (12.2.3).

Commissions are paid by the Bank (12.4): 10% to a Spaceport's owner of every cost, payoff,
Demand bonus and barter value (IOUs included) paid at his Spaceport (12.2.2), 50% of the
cost to a Factory's owner whenever its Culture sells its Factory Goods (12.3.2); one player
may earn both (12.4.2), never a commission on a commission, none on Fares or on trades
between players (12.2.2).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.kernel import event

from .bank import payable
from .board import Board, DotKind, load_board
from .components import Edition, load_components
from .discovery import site_kind

if TYPE_CHECKING:
    from .rules import Decision
    from .state import VenusState

CLASSIC_2012 = "classic-2012"
SPACEPORT_PCT = load_components().rules.spaceport_commission_pct  # 12.2.2: 10%
FACTORY_PCT = load_components().rules.factory_commission_pct  # 12.3.2: 50%
DISCOUNT_PCT = load_components().rules.own_species_discount_pct  # 3.3: 20%


@cache
def orbit_deeds(edition: str) -> dict[str, str]:
    """Orbit dot -> its Spaceport deed key ("deed:spaceport:jewelport"), by Orbit name."""
    board = load_board(edition)
    return {
        board.orbits[d.orbit]: f"deed:spaceport:{d.key}"
        for d in load_components().spaceport_deeds.deeds
        if d.orbit in board.orbits
    }


def deed_cost(deed: str) -> int:
    """The printed cost of a deed (2.54)."""
    _, kind, key = deed.split(":", 2)
    comps = load_components()
    if kind == "factory":
        return comps.culture(key).factory.deed_cost
    return comps.spaceport_deeds.cost


def deed_price(state: VenusState, seat: int, deed: str, culture: str) -> int:
    """3.3, 9.2: the cost, less 20% when bought from the buyer's own species."""
    cost = deed_cost(deed)
    race = state.players[seat].race
    if race is not None and load_components().merchant(race).culture == culture:
        return cost * (100 - DISCOUNT_PCT) // 100
    return cost


def factory_sites(state: VenusState, board: Board, system: str) -> list[str]:
    """12.3: the Cities and Spaceports (Open Spaceports too) of a System."""
    return sorted(dot for dot in board.by_system.get(system, []) if site_kind(state, board, dot))


def deeds_for_sale(state: VenusState, board: Board, culture: str) -> list[str]:
    """12.1, 2.541, 2.542: the Deeds a Culture still sells (none at the Galactic Base)."""
    system = next((s for s, c in state.discovered.items() if c == culture), None)
    if system is None:
        return []
    out: list[str] = []
    if culture not in state.factories:
        out.append(f"deed:factory:{culture}")
    deeds = orbit_deeds(state.edition)
    if not spaceport_tokens_left(state):
        deeds = {}
    for dot in sorted(board.by_system.get(system, [])):
        if dot in deeds and dot not in state.spaceports and dot not in state.rastur:  # 16.4
            out.append(deeds[dot])
    return out


def markers_left(state: VenusState, seat: int) -> bool:
    """2.2: "12 Spaceport/Factory markers" per player, one on each Spaceport or Factory he
    owns. 2012 "Component Limitations": run out of merchant spaceport tokens, "use suitable
    substitutes": no limit."""
    limit = load_components().rules.deed_markers_per_player[Edition(state.edition)]
    if limit is None:
        return True
    owned = sum(1 for owner in state.spaceports.values() if owner == seat)
    owned += sum(1 for site in state.factories.values() if site.owner == seat)
    return owned < limit


def spaceport_tokens_left(state: VenusState) -> bool:
    """2012: the box holds 24 spaceport deed tokens and components are "strictly limited"
    ("Component Limitations"), so once 24 merchant spaceports stand, no more deeds are sold.
    1988: one Deed per Orbit (2.541), no other limit."""
    if state.edition != CLASSIC_2012:
        return True
    count = load_components().spaceport_deeds.count_2012
    return count is None or len(state.spaceports) < count


def orbit_of(state: VenusState, deed: str) -> str:
    return next(dot for dot, key in orbit_deeds(state.edition).items() if key == deed)


def is_spaceport(board: Board, state: VenusState, dot: str) -> bool:
    """A player's Spaceport on an Orbit (not an Open Spaceport, 12.2.3)."""
    return board.dots[dot].orbit is not None and dot in state.spaceports


def spaceport_commission(d: Decision, dot: str, amount: int, what: str) -> None:
    """12.2.2: the Bank pays the Spaceport's owner 10% of ``amount`` traded on his Orbit.

    2012 "Merchant Spaceport Commissions": "He receives this commission after all buy
    actions and sell actions have been completed", on the "total transaction value": the
    value is only recorded now (``CommissionOwed``) and paid by ``pay_owed_commissions``
    when the turn ends, so nobody spends it in the same Transaction phase."""
    owner = d.state.spaceports.get(dot)
    if owner is None or d.board.dots[dot].kind is DotKind.QBOX:
        return
    if d.state.edition == CLASSIC_2012:
        if amount > 0:
            d.emit(event("CommissionOwed", seat=owner, dot=dot, value=amount, on=what))
        return
    due = amount * SPACEPORT_PCT // 100
    paid = payable(d.state, due)
    if due > 0:
        d.emit(event("CommissionPaid", seat=owner, amount=paid, due=due, kind="spaceport",
                     dot=dot, on=what))


def pay_owed_commissions(d: Decision) -> None:
    """2012 "Merchant Spaceport Commissions": after all buy and sell actions of the turn, 10%
    of each merchant spaceport's total transaction value to its owner (the book's example:
    c300 + c320 = c620, so c62), the trading player himself included."""
    turn = d.state.turn
    if turn is None or not turn.owed:
        return
    for dot, value in sorted(turn.owed.items()):
        owner = d.state.spaceports.get(dot)
        due = value * SPACEPORT_PCT // 100
        if owner is not None and due > 0:
            d.emit(event("CommissionPaid", seat=owner, amount=payable(d.state, due), due=due,
                         kind="spaceport", dot=dot, on="transactions", value=value))


def factory_commission(d: Decision, culture: str, cost: int) -> None:
    """12.3.2: the Bank pays the Factory's owner 50% of the cost of its Factory Goods."""
    site = d.state.factories.get(culture)
    if site is None:
        return
    due = cost * FACTORY_PCT // 100
    d.emit(event("CommissionPaid", seat=site.owner, amount=payable(d.state, due), due=due,
                 kind="factory", dot=site.dot, on=f"factory_goods:{culture}"))
