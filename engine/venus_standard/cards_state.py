"""The part of the game state the cards own (``state.cards``): the decks, what lies on the
board because of Encounter cards (pirates, blue dots, asteroids, telegates), each seat's
missions, rewards and fame/infamy tokens, the titles and the intel cards, and the choice an
encounter waits for. Rebuilt by folding events (``card_events.py``); never edited by hand."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class SpaceToken(BaseModel):
    """A token an Encounter card put on an encounter space; it replaces the space
    ("Encounters"). A pirate keeps the infamy tokens of the players it beat; once defeated it
    is flipped to its asteroid side ("Winning a Pirate Engagement")."""

    kind: Literal["pirate", "blue_dot", "asteroid"]
    pirate: str | None = None  # the pirate token's id (also after it is flipped)
    infamy: int = 0


class SeatCards(BaseModel):
    missions: list[str] = []  # active Mission cards, face up ("Missions")
    completed: list[str] = []  # completed Mission cards, face down in the play area
    rewards: list[str] = []  # Reward cards kept, face up ("Rewards")
    fame: int = 0  # fame tokens
    infamy: int = 0  # infamy tokens
    second_mission: bool = False  # bought at Galactic Base ("Second Mission")
    pirates_defeated: int = 0
    jettisoned: int = 0  # passengers jettisoned (the Slaver title)


class Pending(BaseModel):
    """A choice an encounter waits for: ``engage`` (choose an attribute against a pirate),
    ``offer`` (pay for a card's benefit or not), ``trade_in`` (keep a Reward card or take
    its trade-in value), ``lose_goods`` (which goods token the pirates take), ``peek``
    (Star Maps: the top Encounter card back on the top or at the bottom)."""

    seat: int
    kind: Literal["engage", "offer", "trade_in", "lose_goods", "peek"]
    space: str | None = None
    card: str | None = None  # the Encounter card (offer) or Reward card (trade_in)
    pay: int = 0
    rest: list[dict[str, Any]] = []  # the card's effects still to run after the answer
    options: list[str] = []  # goods tokens (lose_goods)
    movement: int = 0  # movement points already added by this card
    end_turn: bool = False  # the card already ended the turn
    then: str | None = None  # what follows: "mission" (draw a new mission after a reward)


class CardsState(BaseModel):
    encounter_deck: list[str] = []  # secret order; top first
    encounter_discard: list[str] = []
    encounter_removed: list[str] = []  # the epic reshuffle's cards without the "30" icon
    mission_deck: list[str] = []
    reward_deck: list[str] = []
    rewards_for_sale: list[str] = []  # traded in: for sale at Galactic Base for c60
    beside_track: list[str] = []  # intel cards and titles nobody holds
    title_holders: dict[str, int] = {}
    pirate_stock: list[str] = []  # pirate tokens not on the board (secret order)
    tokens: dict[str, SpaceToken] = {}  # space id -> the token on it
    telegates: dict[int, str] = {}  # telegate number -> space id
    seats: dict[int, SeatCards] = Field(default_factory=dict)
    pending: Pending | None = None
    intel_used: bool = False  # one intel card per turn (ours)

    def seat(self, seat: int) -> SeatCards:
        if seat not in self.seats:
            self.seats[seat] = SeatCards()
        return self.seats[seat]
