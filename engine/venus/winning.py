"""Net Worth and the end of the game (13.1-13.3, 14; 2012 "Small Bank" tie break)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import event

from .deeds import orbit_of
from .pieces import deed_values

if TYPE_CHECKING:
    from .rules import Decision
    from .state import VenusState


def net_worth(state: VenusState, seat: int) -> int:
    """13.1: money plus Deeds at their printed value (orange $100, purple $200), whatever
    they cost the owner; ships, Equipment, Goods, Fares, Relics and IOUs count nothing.
    16.4: a Deed under the Rastur counts nothing while they stay."""
    player = state.players[seat]
    if not player.deeds:  # most of the game, for most players
        return player.cash
    values = deed_values()
    if state.rastur:
        return player.cash + sum(values[d] for d in player.deeds if not occupied(state, d))
    return player.cash + sum(values[d] for d in player.deeds)


def occupied(state: VenusState, deed: str) -> bool:
    """16.4: a Deed is worthless while the Rastur occupy its Spaceport or Factory."""
    _, kind, key = deed.split(":", 2)
    if kind == "factory":
        site = state.factories.get(key)
        return site is not None and site.dot in state.rastur
    return orbit_of(state, deed) in state.rastur


def target(state: VenusState) -> int:
    """4.5, 14: the Net Worth that wins (game length option, $2,000 by default)."""
    return int(state.options.get("game_length", 2000))


def wins_at_turn_end(d: Decision, seat: int) -> bool:
    """13.2: at the end of his own turn, a Net Worth of at least the target wins."""
    worth = net_worth(d.state, seat)
    if worth < target(d.state):
        return False
    d.emit(event("GameWon", seat=seat, net_worth=worth, reason="net_worth",
                 net_worths=_worths(d.state)))
    return True


def tie_order(state: VenusState) -> list[int]:
    """2012 "Small Bank": "the first tied player to the first player's right" wins. Play
    passes to the left (4.2, seat + 1), so the right of the first player is seat - 1."""
    n = len(state.players)
    return [(state.first_player - k) % n for k in range(1, n + 1)]


def richest(state: VenusState) -> int:
    """13.3: the highest Net Worth; ties broken by :func:`tie_order`."""
    best = max(net_worth(state, p.seat) for p in state.players)
    return next(s for s in tie_order(state) if net_worth(state, s) == best)


def check_bank(d: Decision) -> None:
    """13.3: if the Bank has run out of money, the game is over at once."""
    s = d.state
    if s.stage == "playing" and s.bank is not None and s.bank <= 0:
        bank_broke(d)


def bank_broke(d: Decision) -> None:
    """13.3: the Bank ran out of money: the game is over, the highest Net Worth wins."""
    winner = richest(d.state)
    d.emit(event("GameWon", seat=winner, net_worth=net_worth(d.state, winner),
                 reason="bank", net_worths=_worths(d.state)))


def _worths(state: VenusState) -> list[int]:
    return [net_worth(state, p.seat) for p in state.players]
