"""Reward cards ("Rewards"): drawn face up for completing missions and defeating pirates;
a trade-in card may be exchanged for c50 the moment it is drawn, and then lies beside the
board for sale at Galactic Base for c60 (one buy action); keeping a card applies what it
does at once (``on_draw``, ours). Drawing and keeping a card are ``encounters.py``'s
(``draw_reward``, ``keep_reward``): a kept card's effects are the encounters' own."""

from __future__ import annotations

from engine.kernel import RuleError

from .cards import reward_cards
from .draft import Draft
from .encounters import TRADE_IN, keep_reward
from .standing import standing_of

REWARDS = "Rewards"
BUY_PRICE = 60  # "available for purchase at Galactic Base for c60"


def answer_trade_in(draft: Draft, seat: int, keep_card: bool) -> str | None:
    """Keep the drawn trade-in card, or take its c50 and set it beside the board; returns
    what follows (``then`` of ``draw_reward``)."""
    ask = draft.state.ask
    if ask is None or ask.seat != seat or ask.prompt != TRADE_IN:
        raise RuleError(REWARDS, "no Reward card waits for your trade-in choice")
    rid = str(ask.detail["card"])
    then = ask.detail.get("then")
    draft.answered()
    if keep_card:
        keep_reward(draft, seat, rid)
    else:
        value = reward_cards()[rid].trade_in or 0
        draft.emit("RewardTradedIn", seat=seat, card=rid, credits=value)
        draft.credits(seat, value, "trade_in")
    return None if then is None else str(then)


def buy(draft: Draft, seat: int, rid: str) -> None:
    """Buy a traded-in Reward card at Galactic Base for c60 (one buy action)."""
    state = draft.state
    st = standing_of(state, seat)
    if rid not in state.cards.rewards_for_sale:
        raise RuleError(REWARDS, f"{rid!r} is not for sale at Galactic Base (for sale: "
                        f"{', '.join(state.cards.rewards_for_sale) or 'none'})")
    if not st.at_galactic_base:
        raise RuleError(REWARDS, "unwanted Reward cards are bought at Galactic Base")
    if st.credits < BUY_PRICE:
        raise RuleError(REWARDS, f"a Reward card costs c{BUY_PRICE}")
    draft.credits(seat, -BUY_PRICE, "reward_bought")
    draft.emit("RewardBought", seat=seat, card=rid, credits=BUY_PRICE)
    keep_reward(draft, seat, rid)
