"""Reward cards ("Rewards"): drawn face up for completing missions and defeating pirates;
a trade-in card may be exchanged for c50 the moment it is drawn, and then lies beside the
board for sale at Galactic Base for c60 (one buy action); keeping a card applies what it
does at once (``on_draw``, ours)."""

from __future__ import annotations

from engine.kernel import RuleError

from .cards import reward_cards
from .cards_state import Pending
from .ports import CardDraft, cards_of, ports

REWARDS = "Rewards"
BUY_PRICE = 60  # "available for purchase at Galactic Base for c60"


def draw_reward(draft: CardDraft, seat: int, then: str | None = None) -> bool:
    """Draw the top Reward card (an empty deck gives nothing: the box has 25). A trade-in
    card waits for the player's choice; returns whether it waits."""
    deck = cards_of(draft.state).reward_deck
    if not deck:
        return False
    rid = deck[0]
    draft.emit("RewardDrawn", seat=seat, card=rid)
    if reward_cards()[rid].trade_in:
        draft.emit("EncounterWaiting", **Pending(seat=seat, kind="trade_in", card=rid,
                                                 then=then).model_dump())
        return True
    keep(draft, seat, rid)
    return False


def keep(draft: CardDraft, seat: int, rid: str) -> None:
    """The card goes face up in the play area; its immediate part happens now."""
    from .encounters import apply_op, update_titles
    from .effects import run

    draft.emit("RewardKept", seat=seat, card=rid)
    out = run(reward_cards()[rid].on_draw, draft.die, {})
    for op in out.ops:
        apply_op(draft, seat, "", rid, op)
    update_titles(draft)


def answer_trade_in(draft: CardDraft, seat: int, keep_card: bool) -> str | None:
    """"This decision must be made as soon as the card is drawn"; returns what follows."""
    pend = cards_of(draft.state).pending
    if pend is None or pend.seat != seat or pend.kind != "trade_in" or pend.card is None:
        raise RuleError(REWARDS, "no Reward card waits for your trade-in choice")
    draft.emit("EncounterAnswered", seat=seat, keep=keep_card)
    if keep_card:
        keep(draft, seat, pend.card)
    else:
        value = reward_cards()[pend.card].trade_in or 0
        draft.emit("RewardTradedIn", seat=seat, card=pend.card, credits=value)
        ports().credits(draft, seat, value, "trade-in")
    return pend.then


def buy(draft: CardDraft, seat: int, rid: str) -> None:
    """Buy a traded-in Reward card at Galactic Base for c60 (takes one buy action: the
    caller counts it)."""
    cards = cards_of(draft.state)
    standing = ports().standing(draft.state, seat)
    if rid not in cards.rewards_for_sale:
        raise RuleError(REWARDS, f"'{rid}' is not for sale at Galactic Base "
                        f"(for sale: {cards.rewards_for_sale or 'none'})")
    if not standing.at_galactic_base:
        raise RuleError(REWARDS, "unwanted Reward cards are bought at Galactic Base")
    if standing.credits < BUY_PRICE:
        raise RuleError(REWARDS, f"a Reward card costs c{BUY_PRICE}")
    ports().credits(draft, seat, -BUY_PRICE, "reward")
    keep(draft, seat, rid)
