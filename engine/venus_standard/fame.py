"""Fame and infamy from the cards, for final scoring ("End of the Game > Count Fame": the fame
tokens, the fame of Reward cards and completed Mission cards, then one fame lost per point
of infamy; "Fame", "Infamy"). Ship enhancements, the pilot and the Fuzzy Dice are counted by
``scoring.py``; titles (ours) add their end-of-game fame here."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import encounter_cards, reward_cards
from .cards_state import CardsState
from .missions import completed_fame


@dataclass(frozen=True)
class CardFame:
    tokens: int
    rewards: int
    missions: int
    titles: int
    infamy: int

    @property
    def total(self) -> int:
        """What the cards add to a seat's fame, infamy already taken away."""
        return self.tokens + self.rewards + self.missions + self.titles - self.infamy


def card_fame(cards: CardsState, seat: int) -> CardFame:
    mine = cards.seat(seat)
    titles = 0
    for cid, holder in cards.title_holders.items():
        title = encounter_cards()[cid].title
        if holder == seat and title is not None:
            titles += title.end_fame
    return CardFame(
        tokens=mine.fame,
        rewards=sum(reward_cards()[r].fame for r in mine.rewards),
        missions=completed_fame(mine.completed),
        titles=titles,
        infamy=mine.infamy,
    )
