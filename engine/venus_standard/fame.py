"""Fame from the cards, for final scoring ("End of the Game > Count Fame": "adds the fame from
his Reward cards, the fame for his completed Mission cards"; "Fame"). Fame tokens, infamy,
ship enhancements and the Fuzzy Dice are counted by ``scoring.py``; the titles (ours) add
their end-of-game fame here."""

from __future__ import annotations

from .cards import encounter_cards, reward_cards
from .missions import completed_fame
from .state import StandardState


def reward_fame(rewards: list[str]) -> int:
    return sum(reward_cards()[r].fame for r in rewards if r in reward_cards())


def title_fame(state: StandardState, seat: int) -> int:
    total = 0
    for cid, holder in state.cards.title_holders.items():
        title = encounter_cards()[cid].title
        if holder == seat and title is not None:
            total += title.end_fame
    return total


def card_fame(state: StandardState, seat: int) -> list[tuple[str, int]]:
    p = state.player(seat)
    return [("reward_cards", reward_fame(p.rewards)),
            ("completed_missions", completed_fame(p.missions_done)),
            ("titles", title_fame(state, seat))]
