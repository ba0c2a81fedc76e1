"""Decks and stockpiles (Setup 3, 5, 6): each is a list of card or token ids, shuffled face
down at setup with its order secret (an event for nobody), drawn from the top in the open.

The cards belong to their data files (``cards.py``, ``engine.cluster.cultures``);
``SOURCES`` says where each deck's ids come from. A deck without a source is empty: the game
runs, and draws from it find nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cluster.cultures import load_cultures
from engine.kernel import NOBODY

from .cards import encounter_cards, mission_cards, pirate_tokens, reward_cards
from .draft import Draft

Source = Callable[[], list[str]]

# the decks and stockpiles the book shuffles at setup (Setup 3, 5, 6)
FIRST_CONTACT = "first_contact"  # one card per culture; one placed in each system
ENCOUNTER = "encounter"
REWARD = "reward"
MISSION = "mission"
PASSENGER = "passenger"  # tokens, face down in a stockpile
CHALLENGE = "challenge"  # Solo Challenge Game: sorted by colour, one drawn per colour
PIRATE = "pirate"  # Setup 6: the pirate tokens' stockpile
SETUP_DECKS = (ENCOUNTER, REWARD, MISSION, PASSENGER)
EPIC_REFRESH_AFTER = 30  # Epic Game 4: the pool is refreshed from round 31 on


#: Where each deck's card ids come from (in a fixed order).
SOURCES: dict[str, Source] = {
    REWARD: lambda: list(reward_cards()),
    PIRATE: lambda: list(pirate_tokens()),
    ENCOUNTER: lambda: list(encounter_cards()),
    MISSION: lambda: list(mission_cards()),
    FIRST_CONTACT: lambda: [c.key for c in load_cultures().cultures],
    PASSENGER: lambda: [p.key for p in load_cultures().passengers],
}


def cards_of(deck: str) -> list[str]:
    fn = SOURCES.get(deck)
    return sorted(fn()) if fn is not None else []


def shuffle(draft: Draft, deck: str, cards: list[str] | None = None) -> None:
    """Shuffle ``cards`` (default: the whole deck) face down as ``deck``; the order is told
    to nobody (the log keeps it for the replay of a finished game)."""
    pool = cards_of(deck) if cards is None else sorted(cards)
    draft.emit("DeckShuffled", NOBODY, deck=deck, cards=draft.rng.shuffled(pool))


def draw(draft: Draft, deck: str, **where: Any) -> str | None:
    """Turn up the top card of ``deck`` (None when it is empty); ``where`` says what for."""
    cards = draft.state.decks.get(deck, [])
    if not cards:
        return None
    card = cards[0]
    draft.emit("CardDrawn", deck=deck, card=card, **where)
    state = draft.state
    if deck == PASSENGER and not state.decks.get(deck) and state.table.epic \
            and state.round > EPIC_REFRESH_AFTER:
        refill(draft, deck)  # Epic Game 4: "Refresh it when a player draws the last"
    return card


def discard(draft: Draft, deck: str, card: str) -> None:
    """A card or token out of play (a delivered passenger "returned to the box" goes to
    the passenger discards, so the epic game's refresh finds it)."""
    draft.emit("CardDiscarded", deck=deck, card=card)


def refill(draft: Draft, deck: str, keep: Callable[[str], bool] = lambda _c: True) -> None:
    """Shuffle the discards kept by ``keep`` back in under a new order (Epic Game: the
    Encounter deck keeps only the cards with the "30" icon; the passenger pool)."""
    state = draft.state
    pool = [c for c in [*state.decks.get(deck, []), *state.discards.get(deck, [])] if keep(c)]
    draft.emit("DeckShuffled", NOBODY, deck=deck, cards=draft.rng.shuffled(sorted(pool)),
               discards_in=True)
