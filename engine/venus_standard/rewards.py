"""Reward cards ("Rewards"): drawn face up for completing missions and defeating pirates;
a trade-in card may be exchanged for c50 the moment it is drawn, and then lies beside the
board for sale at Galactic Base for c60 (one buy action); keeping a card applies what it
does at once (``on_draw``, ours)."""

from __future__ import annotations

from engine.kernel import RuleError

from . import decks
from .cards import reward_cards
from .draft import Draft
from .standing import standing_of

REWARDS = "Rewards"
TRADE_IN = "trade_in"
BUY_PRICE = 60  # "available for purchase at Galactic Base for c60"


@decks.source(decks.REWARD)
def _rewards() -> list[str]:
    return list(reward_cards())


def draw_reward(draft: Draft, seat: int, then: str | None = None) -> bool:
    """Draw the top Reward card (an empty deck gives nothing: the box has 25). A trade-in
    card waits for the player's choice ("this decision must be made as soon as the card is
    drawn"); returns whether it waits. ``then`` says what follows the choice."""
    rid = decks.draw(draft, decks.REWARD, seat=seat)
    if rid is None:
        return False
    if reward_cards()[rid].trade_in:
        draft.ask(seat, TRADE_IN, card=rid, then=then,
                  credits=reward_cards()[rid].trade_in)
        return True
    keep(draft, seat, rid)
    return False


def keep(draft: Draft, seat: int, rid: str) -> None:
    """The card goes face up in the play area; its immediate part happens now."""
    from .effects import run
    from .encounters import apply_op, update_titles

    draft.emit("RewardKept", seat=seat, card=rid)
    out = run(reward_cards()[rid].on_draw, draft.die, {})
    for op in out.ops:
        apply_op(draft, seat, "", rid, op)
    update_titles(draft)


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
        keep(draft, seat, rid)
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
    keep(draft, seat, rid)
