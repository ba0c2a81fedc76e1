"""The state of a Star Traders game (rebuilt by folding its events; never edited by hand)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.kernel.takeback import Rewindable, Rewinds, clone_rewindable

IMPERIAL_CARGO = "imperial"  # the hold entry of a seat's own Imperial Cargo


def is_imperial(cargo: str) -> bool:
    """An Imperial Cargo: one's own (``imperial``) or another Trader's bought or traded
    (``imperial:<seat>``; Completing Your Mission: "You could trade or sell your Imperial
    Cargo, but as only you can deliver it, it is of limited use to anyone else")."""
    return cargo == IMPERIAL_CARGO or cargo.startswith(IMPERIAL_CARGO + ":")


def cargo_moved(cargo: str, giver: int, taker: int) -> str:
    """The hold entry a cargo becomes in the taker's hold: an Imperial Cargo is named by its
    owner (``imperial`` in the owner's own hold)."""
    if cargo == IMPERIAL_CARGO:
        return f"{IMPERIAL_CARGO}:{giver}"
    if cargo == f"{IMPERIAL_CARGO}:{taker}":
        return IMPERIAL_CARGO
    return cargo

Stage = Literal["move", "action", "draw"]
Policy = Literal["ask", "playable", "reroll", "never"]


class Player(BaseModel):
    seat: int
    name: str
    personality: str | None = None
    world: int = 66
    stellors: int = 40
    engines: int = 3
    prestige: int = 1
    hand: list[str] = []  # Trader's Luck card ids (secret)
    hold: list[str] = []  # cargo names, or IMPERIAL_CARGO (``imperial:<seat>``: another's)
    mission: int | None = None  # the Imperial Mission's contract id
    lose_turn: bool = False
    out: bool = False  # dropped out
    policy: Policy = "playable"  # how reaction windows are answered for this seat (secret)
    escapes: int = 0  # Avoid Calamity cards played to leave a Quarantined world
    envoy: str | None = None  # an Imperial Envoy card kept in front of this player
    # Optional Rules, "Personalities as Commodity": more Personalities held in effect
    more: list[str] = []

    def has(self, name: str) -> bool:
        """Whether the Personality ``name`` is in effect for this player."""
        return self.personality == name or name in self.more

    @property
    def personalities(self) -> list[str]:
        """Every Personality in effect for this player (none, one, or more by trade)."""
        return ([self.personality] if self.personality else []) + list(self.more)

    @property
    def hand_limit(self) -> int:
        """Trader's Luck: two cards; Lucky Lou three (Personalities)."""
        return 3 if self.has("lucky-lou") else 2


class Completed(BaseModel):
    """A Completed Contract with the right-to-deliver markers beside it (seat -> count)."""

    contract: int
    rights: dict[int, int]


class Window(BaseModel):
    """A reaction window: "immediately" after a Calamity (the victim may Avoid it), a timing
    interval of a jump (Timing Details 2, 4 and 6: the Quarantine, Zap/Reroll and You Are
    Lost intervals) or the moment before a petition's roll (Petitioning). It asks every seat
    of ``order`` (the book's priority order: the player whose turn it is, then in turn order)
    at once (``windows``)."""

    kind: Literal["avoid_calamity", "quarantine", "zap", "you_are_lost",
                  "petition"] = "avoid_calamity"
    card: str = ""  # the Calamity played (avoid_calamity)
    by: int = -1
    victim: int  # the Calamity's victim, or the jumping player
    detail: dict[str, Any] = {}
    order: list[int] = []  # every seat the window asks, in priority order (public)
    answered: list[int] = []  # who answered since it opened or started again (public)
    opened: int = 0  # the seq of its WindowOpened event (a live countdown runs from there)


class Bundle(BaseModel):
    """One side of a deal (Trades and Deals): the book's commodities (Prestige is not one;
    Personalities only under the optional rule "Personalities as Commodity")."""

    model_config = ConfigDict(extra="forbid")

    stellors: int = 0
    stations: list[int] = []
    cards: list[str] = []
    personalities: list[str] = []  # only with the optional rule "Personalities as Commodity"
    rights: list[int] = []  # Completed Contracts' right-to-deliver markers
    cargo: list[str] = []  # only between ships on the same world
    engines: int = 0  # only between ships on the same world

    def empty(self) -> bool:
        return not (self.stellors or self.stations or self.cards or self.rights or self.cargo
                    or self.engines or self.personalities)


class Offer(BaseModel):
    id: int
    seat: int  # who offers
    to: int
    give: Bundle
    get: Bundle


class Auction(BaseModel):
    """The Imperial Station Petition Table's -1: the petitioner's station goes up for
    auction; every Trader still in the game bids once, sealed (docs/rulings.md)."""

    world: int
    seller: int
    order: list[int]  # the bidders in priority order (ties go to the earlier)
    bids: dict[int, int] = {}  # seat -> Stellors (secret: each sees only his own)


class Selection(BaseModel):
    """Optional Rules, "Selecting Personalities": the Personalities flipped up one at a time
    and bid for, sealed (``selection``)."""

    deck: list[str] = []  # the shuffled Personalities, top first (secret)
    flipped: str | None = None  # the one up for bids
    bids: dict[int, int] = {}  # seat -> Stellors (secret: each sees only his own)
    aside: list[str] = []  # flipped, nobody bid


class Turn(BaseModel):
    seat: int
    stage: Stage = "move"
    jumps: int = 0  # jump attempts used (Movement)
    drawn: bool = False  # the draw stage's card is taken
    roll: dict[str, Any] | None = None  # a jump roll in its Zap/Reroll interval
    declared: dict[str, Any] | None = None  # a jump in its Quarantine interval
    asking: dict[str, Any] | None = None  # a station jump waiting for its owner's permission
    refused: list[int] = []  # stations whose owner refused permission this turn
    petition: dict[str, Any] | None = None  # a petition result with a price to pay or refuse
    petitioning: str | None = None  # a petition declared, not yet settled ("mission", ...)
    kluge: list[dict[str, int]] = []  # Kluge deliveries waiting for engine-or-Stellors
    telzey: int = 0  # Telzey deliveries waiting for the look at one player's cards
    extra_jumps: int = 0  # Priority Runs played this turn
    awesome_used: bool = False  # Awesome Andi's Awesome Jump, once per turn
    choices: list[int] | None = None  # worlds a Psychic or Awesome Jump may reach
    ends_movement: bool = False  # a random jump or You Are Lost ends the movement stage
    origin: int | None = None  # the world the jump in progress departed from
    first_die: dict[str, Any] | None = None  # Verdant Velma's first die, waiting for her
    # the deals offered during this turn, whatever became of them (Trades and Deals; each
    # told to its two parties only): a bot reads them so as never to offer one twice a turn
    offered: list[Offer] = []


class StarState(Rewindable):
    players: list[Player] = []
    advanced: bool = False
    first_player: int = 0
    round: int = 0
    turn: Turn | None = None
    stations: dict[int, int] = {}  # world -> owner seat
    imperial_stations: list[int] = []  # advanced game
    slots: list[int | None] = []  # Current Contracts; slot 0 is the Imperial Contract
    wanted_slots: int = 0  # how many Current Contracts the table keeps (Dropping Out)
    deck: list[int] = []  # the Contract deck, top first (secret)
    discard: list[int] = []
    completed: list[Completed] = []
    luck_deck: list[str] = []  # top first (secret)
    luck_discard: list[str] = []
    insider_left: int = 0  # Insider's stations still to place (Setting Up 6)
    winner: int | None = None
    end: dict[str, Any] | None = None
    quarantines: list[dict[str, Any]] = []  # {world, by, card}: Quarantine! in force
    windows: list[Window] = []  # open reaction windows, the last one answered first
    offers: list[Offer] = []  # open deal offers (secret to their two parties)
    next_offer: int = 1
    sandbox: bool = False  # set up from a scenario (docs/scenarios.md)
    loaded_dice: list[int] = []  # a sandbox's predetermined dice, used first
    auction: Auction | None = None  # a station up for auction (advanced game)
    selection: Selection | None = None  # Personalities being bid for (optional rule)
    personality_trading: bool = False  # Optional Rules, "Personalities as Commodity"
    # Personalities traded this turn, taking effect at its end: {name, seat, to}
    personality_moves: list[dict[str, Any]] = []
    reaction_timer: int | None = None  # table option: seconds a reaction window stays open
    takebacks: bool = True  # the table option (house rule, engine.kernel.takeback)
    rewinds: Rewinds = Rewinds()  # the take-back record (engine.kernel.takeback; secret)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    @property
    def window(self) -> Window | None:
        """The reaction window being answered now (the innermost one)."""
        return self.windows[-1] if self.windows else None

    @property
    def active(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def insider(self) -> Player | None:
        return next((p for p in self.players if p.has("insider") and not p.out), None)


def clone_state(state: StarState) -> StarState:
    """A deep copy; the take-back record is immutable and shared, not copied."""
    return clone_rewindable(state)
