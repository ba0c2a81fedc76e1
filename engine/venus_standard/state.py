"""The state of a Merchant of Venus standard game (2012), rebuilt by folding its events.

Shared file (docs: VS.md): each engineer adds fields with defaults in a clearly commented
block of ``Player``, ``Turn`` or ``StandardState`` (or a dataclass of his own held in one
field). Secret fields are listed in ``SECRET`` below and never shown by ``view.py``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.kernel.takeback import Rewindable, Rewinds, clone_rewindable

from .cards_state import CardsState
from .flight import Flight
from .technology import load_technologies, owned_token
from .trade_state import TradeState

# "Player Turns": the four phases of a turn, in order
Phase = Literal["movement", "first_contact", "transaction", "spaceport"]
PHASES: tuple[Phase, ...] = ("movement", "first_contact", "transaction", "spaceport")
Stage = Literal["setup", "playing", "over"]
Dial = Literal["laser", "shield"]

# Setup 7 (the setup diagram's play areas) and Setup 8 (the four pilots' home cultures)
COLORS: tuple[str, ...] = ("orange", "red", "green", "white")
PILOTS: tuple[str, ...] = ("human", "eeepeeep", "whynom", "qossuth")
GALACTIC_BASE = "galactic-base"  # the space every ship starts on (Setup 15)


class Ask(BaseModel):
    """A question the game waits on that is not a phase's own action (a dial to choose, a
    hazard check to answer, a reward to keep or trade in...). The innermost is answered
    first; ``prompt`` names the commands that answer it (``legal.PROMPTS``)."""

    seat: int
    prompt: str
    detail: dict[str, Any] = {}


class Player(BaseModel):
    # -- vsmove: the ship in motion (Movement Phase, Drives, Pilots); vstrade's block may
    # declare ``drive`` too (the same field: one of the two goes at the merge)
    pilot_side: str | None = None  # the level 3 Pilot card's side chosen ("a" or "b")
    came_from: str | None = None  # the space last departed: the way the ship faces
    drive: str | None = None  # Drives: "yellow", "red" or "combo" on the drive space
    # -- vscore: the player and his play area (Setup 7, 8, 11, 12, 15)
    seat: int
    name: str
    color: str = "orange"
    pilot: str = "human"  # the pilot's home culture (Setup 8)
    pilot_level: int = 1  # "Pilots": 1, 2 or 3
    credits: int = 0  # credit tokens in the play area (public, as on the table)
    laser: int = 1  # the laser value dial (Setup 12)
    shield: int = 1  # the shield value dial (Setup 12)
    dials_set: bool = False  # Setup 12 done
    space: str = GALACTIC_BASE  # where the ship is (Setup 15)
    heading: str | None = None  # Movement Phase > Declare Heading: the space it faces
    fame: int = 0  # fame tokens (Fame)
    infamy: int = 0  # infamy tokens (Infamy)
    contacts: list[str] = []  # systems whose First Contact card lies in his play area
    # -- read by final scoring (End of the Game 1-2); filled by the owners' rules
    extra_holds: int = 0  # additional cargo holds bought, 0-2 (vstrade)
    upgrades: list[str] = []  # ship upgrade techs on the dashboard's slots (vstrade/vsmove)
    techs: list[str] = []  # racial technologies owned (vstrade)
    spaceports: list[str] = []  # spaces holding this player's merchant spaceports (vstrade)
    drills: list[str] = []  # asteroid spaces holding this player's drill tokens
    missions: list[str] = []  # active Mission cards (vsenc)
    missions_done: list[str] = []  # completed Mission cards, face down (vsenc)
    rewards: list[str] = []  # Reward cards kept (vsenc)
    # -- vstrade: the holds' contents and the drive ("Capacity", "Drives"); ``techs`` above
    # holds racial technology token ids ("shuttle:1"), ``upgrades`` their ship upgrade keys
    cargo: list[str] = []  # goods and passenger tokens (structural techs are in ``techs``)
    # ``drive`` ("yellow" | "red" | "combo") is declared once, in vsmove's block above

    @property
    def ship_upgrades(self) -> list[str]:
        """The ship upgrade techs on the dashboard's slots, top first (movement reads it)."""
        return list(self.upgrades)

    @property
    def throttle_boost(self) -> list[int]:
        """The die values a Throttle Boost token lets the throttle take (Appendix B)."""
        token = owned_token(self, "throttle_boost")
        return [] if token is None else load_technologies().throttle_values(token)

    # -- final scoring's result (End of the Game); None until the game ends
    score: int | None = None
    total_fame: int | None = None
    disqualified: bool = False


class Turn(BaseModel):
    # -- vsmove: the Movement phase in progress (flight.py)
    flight: Flight | None = None
    # -- vscore: the phase machine ("Player Turns")
    seat: int
    phase: Phase = "movement"
    skipped_movement: bool = False  # Movement Phase: skipped to stay where it is
    landed: str | None = None  # the space landed on this turn (End Movement), if any
    landed_city: bool = False  # landed on a surface city this turn (Transaction Phase:
    #                            the "Important Exception": one buy and one sell)
    spaceport_built: bool = False  # Merchant Spaceport Phase: one per turn
    # -- vstrade: what this turn traded ("Transaction Phase", "First Contact Phase" 5)
    trades: dict[str, int] = {}  # "<phase>:buy" / "<phase>:sell" -> actions taken
    bought: bool = False  # a buy action this turn: no merchant spaceport
    sold_at: list[str] = []  # cultures sold to: their markets shift ("Market Shift")
    techs_used: list[str] = []  # once-a-turn technologies used (Market Flux, Data Probe)


class Table(BaseModel):
    """The table's options as the game reads them (``options.py`` checks their shapes)."""

    # Game Variants: "standard", "light-speed", "solo-challenge" or "epic"
    variant: str = "standard"
    epic_rounds: int | None = None  # Game Variants > Epic Game: 31-60 rounds
    solo_picks: list[str] = []  # Solo Challenge Setup 10: the two starting options
    title_intel_in_play: bool = False  # Optional Rules > Title & Intel Cards in Play
    asteroid_telegate: bool = False  # Optional Rules > Asteroid System Telegate
    maximum_production: bool = False  # Optional Rules > Maximum Production
    demand: bool = False  # Optional Rules > Demand

    @property
    def light_speed(self) -> bool:
        return self.variant == "light-speed"

    @property
    def solo_challenge(self) -> bool:
        return self.variant == "solo-challenge"

    @property
    def epic(self) -> bool:
        return self.variant == "epic"


class Solo(BaseModel):
    """Solo Challenge Game: the Challenge cards beside the round track (one per colour)."""

    cards: list[str] = []  # in round order
    rounds: dict[str, int] = {}  # card -> the round it becomes active
    fees: dict[str, int] = {}  # card -> its fee
    active: list[str] = []
    completed: list[str] = []


class StandardState(Rewindable):
    # -- vscore: table, rounds, turn order, decks
    players: list[Player] = []
    table: Table = Table()
    stage: Stage = "setup"
    setup_step: str | None = None  # the setup step waiting on the players (setup.py)
    first_player: int = 0
    round: int = 0  # the round marker (0 before Setup 13)
    last_round: int = 30  # "Playing the Game": 30 rounds (epic: more)
    production_rounds: list[int] = []  # Epic Game > Production Rounds
    turn: Turn | None = None
    done: list[int] = []  # seats that finished their turn this round
    asks: list[Ask] = []  # questions waiting on a seat, the last one first
    decks: dict[str, list[str]] = {}  # face-down decks and stockpiles, top first (secret)
    discards: dict[str, list[str]] = {}  # discard piles, face up
    # Setup 3 / First Contact Phase: system -> culture of its face-down card (secret), and
    # the cards turned face up (public)
    first_contact: dict[str, str] = {}
    discovered: dict[str, str] = {}
    solo: Solo | None = None  # Solo Challenge Game
    winners: list[int] = []  # Winning the Game (shared glory: several)
    # -- vstrade: markets, First Contact credits, passengers at Galactic Base, equipment
    # stock, merchant spaceports and drills on the board (``trade_state.py``)
    trade: TradeState = TradeState()
    end: dict[str, Any] | None = None
    # -- vsenc: what the cards put on the board, titles, intel, rewards for sale
    cards: CardsState = CardsState()
    # -- sandboxes (scenario.py) and the house rule of take-backs
    sandbox: bool = False
    loaded_dice: list[int] = []  # a sandbox's predetermined dice, used first
    takebacks: bool = True
    rewinds: Rewinds = Rewinds()  # the take-back record (engine.kernel.takeback; secret)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    @property
    def ask(self) -> Ask | None:
        return self.asks[-1] if self.asks else None

    @property
    def order(self) -> list[int]:
        """"Player Turns": starting with the first player and proceeding clockwise."""
        n = len(self.players)
        return [(self.first_player + i) % n for i in range(n)]


# fields of the state no seat may read (view.py leaves them out; the leak oracle checks)
SECRET = frozenset({"decks", "first_contact", "rewinds", "loaded_dice"})


def clone_state(state: StandardState) -> StandardState:
    """A deep copy; the take-back record is shared (``clone_rewindable``)."""
    return clone_rewindable(state)
