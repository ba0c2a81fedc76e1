"""The Challenge cards of the solo challenge game, as ``vscore`` runs them ("Solo Challenge
Game": "Sort Challenge Cards" by colour and draw one of each, "Place Challenge Cards" by
their round, "Challenges": active from its round until completed, its effect active, its fee
paid before every movement step, "Irreversible Effect", "Winning the Solo Challenge Game").
Pure: the colour piles, which cards are active, whether a card's challenge is met, the fee
due, and what a card's effect does when it becomes active."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import decks
from .cards import ChallengeCard, ChallengeGoal, challenge_cards
from .standing import Standing


@decks.source(decks.CHALLENGE)
def _challenges() -> list[str]:
    return list(challenge_cards())


def piles() -> dict[str, list[str]]:
    """The five colour piles ("Sort the Challenge cards by color into five separate
    facedown piles")."""
    out: dict[str, list[str]] = {}
    for c in challenge_cards().values():
        out.setdefault(c.colour, []).append(c.id)
    return {colour: sorted(ids) for colour, ids in sorted(out.items())}


def draw_one_per_colour(shuffle: Callable[[Sequence[str]], list[str]]) -> list[str]:
    """One card of each colour, each pile shuffled first; by round order."""
    drawn = [shuffle(ids)[0] for ids in piles().values()]
    return sorted(drawn, key=lambda c: (challenge_cards()[c].round, c))


def active(cards: list[str], round_: int) -> list[str]:
    """Cards still in play whose round has come ("A Challenge card becomes active at the
    start of the game round indicated on the card")."""
    return [c for c in cards if challenge_cards()[c].round <= round_]


def fee(cards: list[str], round_: int) -> int:
    """The total fee of the active cards ("he must pay the total of all the fees")."""
    return sum(challenge_cards()[c].fee for c in active(cards, round_))


def goal_met(goal: ChallengeGoal, standing: Standing, figures: dict[str, int]) -> bool:
    """Whether a challenge is fulfilled now ("He can complete the Challenge cards in any
    order, whether the card is active or not"). ``figures``: counts the state keeps
    elsewhere (``cultures_discovered``, ``missions_completed``, ``fame_tokens``)."""
    if goal.need == "credits":
        return standing.credits >= goal.at_least
    if goal.need == "attribute":
        value = {"laser": standing.laser, "shield": standing.shield,
                 "pilot_level": standing.pilot_level}[goal.attribute or "laser"]
        return value >= goal.at_least
    if goal.need == "pirates_defeated":
        return standing.pirates_defeated >= goal.at_least
    if goal.need == "rewards":
        return len(standing.rewards) >= goal.at_least
    return figures.get(goal.need, 0) >= goal.at_least


def met(card: ChallengeCard, standing: Standing, figures: dict[str, int]) -> bool:
    return goal_met(card.challenge, standing, figures)


def figures_of(state: Any, seat: int) -> dict[str, int]:
    """The counts ``goal_met`` reads from the state."""
    p = state.player(seat)
    return {"cultures_discovered": len(state.discovered), "missions_completed":
            len(p.missions_done), "fame_tokens": p.fame}


def on_activation(card: ChallengeCard) -> dict[str, Any] | None:
    """An irreversible effect applied once, when the card becomes active (a dial turned);
    ``None`` for a card whose effect only lasts while it is active."""
    eff = card.effect
    if eff.irreversible and eff.kind == "dial":
        return {"dial": eff.dial, "by": eff.by}
    return None
