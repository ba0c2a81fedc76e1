"""The part of the game state the cards own (``state.cards``): what lies on the board because
of Encounter cards (pirates, blue dots, asteroids, telegates), the Reward cards for sale at
Galactic Base, the titles and the intel cards, and per seat what the core's ``Player`` does
not hold. The decks are the core's (``state.decks``); fame and infamy tokens, missions and
rewards are on ``Player``. Rebuilt by folding events (``card_events.py``)."""

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
    second_mission: bool = False  # bought at Galactic Base ("Second Mission")
    pirates_defeated: int = 0
    jettisoned: int = 0  # passengers jettisoned (the Slaver title)


class CardsState(BaseModel):
    rewards_for_sale: list[str] = []  # traded in: for sale at Galactic Base for c60
    beside_track: list[str] = []  # intel cards and titles nobody holds
    title_holders: dict[str, int] = {}
    tokens: dict[str, SpaceToken] = {}  # space id -> the token on it
    telegates: dict[int, str] = {}  # telegate number -> space id
    seats: dict[int, SeatCards] = Field(default_factory=dict)
    held: dict[str, Any] | None = None  # an encounter's outcome waiting for a trade-in
    intel_used: str | None = None  # "round:seat" of the last intel use: one per turn (ours)

    def seat(self, seat: int) -> SeatCards:
        return self.seats.get(seat) or SeatCards()
