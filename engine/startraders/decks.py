"""Drawing from the Contract deck and the Trader's Luck deck, reshuffling the discards when a
deck runs out ("If all Contract cards have been used, shuffle the discard pile"; Trader's
Luck: "If you need to draw a card and the deck is exhausted, shuffle ... and use the cards
again"). The new order is a secret event (audience nobody). Emperor Proclaims Jubilee! is
played the moment it is drawn (``jubilee``)."""

from __future__ import annotations

from engine.kernel import NOBODY, only

from .draft import Draft
from .galaxy import CAPITAL


def top_contract(draft: Draft) -> int | None:
    """The top Contract card, reshuffling the discard pile into the deck if it is empty."""
    st = draft.state
    if not st.deck and st.discard:
        draft.emit("ContractDeckReshuffled", NOBODY, deck=draft.rng.shuffled(st.discard))
    return st.deck[0] if st.deck else None


def draw_luck(draft: Draft, seat: int, count: int, *, stage: bool = False) -> None:
    """Deal ``count`` Trader's Luck cards to ``seat``: the cards are told only to the seat, the
    count to everyone."""
    cards: list[str] = []
    for _ in range(count):
        st = draft.state
        if len(st.luck_deck) <= len(cards):
            if not st.luck_discard:
                break
            pool = draft.rng.shuffled(st.luck_discard)
            draft.emit("LuckReshuffled", NOBODY, deck=st.luck_deck + pool)
        cards.append(draft.state.luck_deck[len(cards)])
    draft.emit("LuckDrawn", seat=seat, count=len(cards), stage=stage)
    if cards:
        draft.emit("CardsDrawn", only(seat), seat=seat, cards=cards)
    for card in cards:  # Jubilee is played the moment it is drawn
        if card.startswith("jubilee"):
            jubilee(draft, seat, card)


def turn_in(draft: Draft, seat: int, card: str, why: str) -> None:
    """A card played or discarded goes face up to the discard pile (public)."""
    draft.emit("CardTurnedIn", seat=seat, card=card, why=why)


def jubilee(draft: Draft, seat: int, card: str) -> None:
    """Emperor Proclaims Jubilee!, played the moment it is drawn: every Trader loses 1
    Stellor per station (the Insider none for Capital); the card is discarded and not
    replaced ("The player playing Jubilee does not draw a card to replace Jubilee")."""
    draft.emit("CardPlayed", seat=seat, card=card, target=seat, cargo=None, world=None)
    turn_in(draft, seat, card, "played")
    st = draft.state
    for p in st.active:
        owned = [w for w, s in st.stations.items() if s == p.seat
                 and not (w == CAPITAL and p.has("insider"))]
        draft.stellors(p.seat, -min(len(owned), p.stellors), "jubilee")
    draft.emit("JubileeProclaimed", seat=seat)
