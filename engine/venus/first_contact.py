"""First Contact credits of the 2012 classic game (2012 "Using First Contact Credits").

The discoverer of a Culture takes its First Contact card (the 1988 IOU, 2.41, 7.3: same
values). Turning it in at that Culture's market (a ``Barter`` of ``iou:<culture>``) gives
First Contact credit for this turn (``Turn.iou_credit``, part of ``Turn.credit``):

- "All items completely purchased with the IOU value of a First Contact card do not count as
  a buy action. However, an item purchased even partially with credits does count as a buy
  action." First Contact credit is spent before barter credit and money (ours: the order
  that lets the card buy most), item by item.
- Commissions (2012 "Commissions"): the total transaction value adds "the amount of credits
  spent, the amount of credits received, and any bartering values" and includes "transactions
  made with credits on First Contact cards". So in 2012 a purchase counts at the money and
  First Contact credit paid for it; barter credit spent on it is not counted again (the
  barter itself counted); turning in the card earns nothing by itself (it is no barter, its
  credit counts when spent).

1988 (9.42 EXAMPLE, FAQ) is unchanged: an IOU is bartered like Equipment, its credit is
ordinary barter credit, a purchase paid with it counts for 9.41, and both the barter and
the purchase earn commission.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Turn

CLASSIC_2012 = "classic-2012"


@dataclass(frozen=True)
class Payment:
    """How a purchase of ``price`` is paid: First Contact credit, barter credit, money."""

    price: int
    iou: int  # First Contact credit (2012 only; 0 in 1988)
    barter: int  # other trade-in credit (9.32)

    @property
    def cash(self) -> int:
        return self.price - self.iou - self.barter

    @property
    def credit(self) -> int:
        return self.iou + self.barter


def payment(edition: str, turn: Turn, price: int) -> Payment:
    """First Contact credit first (2012), then barter credit, then money (9.32)."""
    iou = min(turn.iou_credit, price) if edition == CLASSIC_2012 else 0
    barter = min(turn.credit - turn.iou_credit, price - iou)
    return Payment(price=price, iou=iou, barter=max(0, barter))


def counts_as_buy(edition: str, pay: Payment) -> bool:
    """2012: an item paid entirely with First Contact credit is no buy action."""
    return not (edition == CLASSIC_2012 and pay.price > 0 and pay.iou == pay.price)


def iou_credit_of_barter(edition: str, item: str, value: int) -> int:
    """The First Contact credit a barter gives: the whole value of a 2012 card, else 0."""
    return value if edition == CLASSIC_2012 and item.startswith("iou:") else 0


def purchase_commission_base(edition: str, pay: Payment) -> int:
    """12.2.2 (1988): the full price; 2012 "Commissions": money and First Contact credit."""
    return pay.price - pay.barter if edition == CLASSIC_2012 else pay.price


def barter_commission_base(edition: str, item: str, value: int) -> int:
    """1988 FAQ: every barter (IOUs too); 2012: the First Contact card counts when spent."""
    return 0 if edition == CLASSIC_2012 and item.startswith("iou:") else value
