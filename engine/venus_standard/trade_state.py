"""The part of the game state trade owns (``state.trade``): the cultures' markets and supply
areas, the First Contact cards (face down in their systems, or with their discoverer and
IOU credits), the passenger stockpile and Galactic Base's passengers, the equipment stock,
merchant spaceports and drills on the board, each seat's cargo, technologies and equipment,
and what the current turn has traded. Rebuilt by folding events (``trade_events.py``)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .cargo import START_HOLDS
from .market import Market
from .technology import TechType, load_technologies


class SeatTrade(BaseModel):
    holds: int = START_HOLDS  # "Cargo Holds": two, up to two more bought
    cargo: list[str] = []  # goods and passenger tokens in the holds
    techs: list[str] = []  # racial technology tokens, in the order bought
    drive: str | None = None  # "yellow" | "red" | "combo" ("Drives")
    spaceports: list[str] = []  # orbit spaces with his merchant spaceports
    drills: list[str] = []  # asteroid spaces with his drill tokens

    @property
    def upgrades(self) -> list[str]:
        """Ship upgrade technology keys, top slot first ("Ship Upgrades")."""
        techs = load_technologies()
        return [techs.of_token(t).key for t in self.techs
                if techs.of_token(t).type is TechType.SHIP_UPGRADE]

    @property
    def structural(self) -> list[str]:
        techs = load_technologies()
        return [t for t in self.techs if techs.of_token(t).type is TechType.STRUCTURAL]

    @property
    def load(self) -> list[str]:
        """Everything that takes cargo room ("Capacity")."""
        return [*self.cargo, *self.structural]

    @property
    def tokens_used(self) -> int:
        return len(self.spaceports) + len(self.drills)


class ContactCard(BaseModel):
    """A revealed First Contact card: its culture, system, discoverer and IOU credits."""

    culture: str
    system: str
    holder: int
    iou: int


class TurnTrade(BaseModel):
    """What the current turn has traded (reset at each turn's start)."""

    buys: int = 0  # buy actions in the current phase
    sells: int = 0  # sell actions in the current phase
    bought: bool = False  # any buy action this turn (no merchant spaceport then)
    sold_at: list[str] = []  # cultures whose markets shift at the end of the Transaction phase
    built: bool = False
    landed_city: bool = False  # landed on a surface city in this turn's Movement phase
    discovered: str | None = None  # culture first contacted this turn


class TradeState(BaseModel):
    markets: dict[str, Market] = Field(default_factory=dict)  # culture -> market/supply
    face_down: dict[str, str] = Field(default_factory=dict)  # system -> culture (secret)
    contacts: dict[str, ContactCard] = Field(default_factory=dict)  # culture -> its card
    passenger_stock: list[str] = []  # face down, secret order
    base_passengers: list[str] = []  # waiting at Galactic Base
    stock: dict[str, int] = Field(default_factory=dict)  # cargo holds and drives left
    spaceports: dict[str, int] = Field(default_factory=dict)  # orbit space -> owner
    bankrupt: list[str] = []  # Asteroid System neutral spaceports under an asteroid token
    drills: dict[str, int] = Field(default_factory=dict)  # asteroid space -> owner
    seats: dict[int, SeatTrade] = Field(default_factory=dict)
    turn: TurnTrade = TurnTrade()

    def seat(self, seat: int) -> SeatTrade:
        if seat not in self.seats:
            self.seats[seat] = SeatTrade()
        return self.seats[seat]

    def culture_of_system(self, system: str) -> str | None:
        """The discovered culture of a system, if any."""
        for card in self.contacts.values():
            if card.system == system:
                return card.culture
        return None
