"""The state of a Merchant of Venus classic game (ruleset ``venus``).

Plain pydantic models so a state can be snapshotted as JSON and read back. The server holds
the whole state, secrets included; ``view`` decides what each seat may see of it.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.kernel.fastmodel import copy_with
from engine.kernel.takeback import Rewinds, hydrated

from .board import DotColor


class _Mutable(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Marker(_Mutable):
    """A "?" marker (1988) or encounter token (2012): what lies in a "?" box (2.8, 6.1)."""

    kind: Literal["telegate", "open_port", "penalty", "relic"]
    number: int | None = None  # Tele Gate number (6.5)
    color: DotColor | None = None  # Penalty marker color (8.2)
    amount: int | None = None  # Penalty marker amount (6.3)
    relic: str | None = None  # Relic key (2.81)

    def label(self) -> str:
        if self.kind == "telegate":
            return f"Tele Gate {self.number}"
        if self.kind == "open_port":
            return "Open Spaceport"
        if self.kind == "penalty":
            return f"{self.color} penalty {self.amount}"
        return f"Relic {self.relic}"


class QBox(BaseModel):
    """A "?" box on the map and the marker in it (None once its Relic was taken).

    Frozen: ``evolve`` replaces a box when its marker is revealed (6.1), taken (6.11) or
    blasted (15.42), so ``clone_state`` may share the boxes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    marker: Marker | None = None
    face_up: bool = False


class Player(_Mutable):
    """A merchant: his money and holdings are public (3.2); ``observed``/``spied`` are his."""

    seat: int
    name: str
    race: str | None = None
    cash: int = 0
    ship: str = "scout"
    dot: str = ""
    equipment: list[str] = Field(default_factory=list)  # equipment keys (drives, shields)
    relics: list[str] = Field(default_factory=list)  # relic keys, carried on the hull (3.432)
    observed: dict[str, str] = Field(default_factory=dict)  # system -> culture seen (7.2)
    spied: dict[str, Marker] = Field(default_factory=dict)  # "?" box -> marker seen (8.45)
    goods: list[str] = Field(default_factory=list)  # Goods/Factory Goods marker ids (3.431)
    fares: list[str] = Field(default_factory=list)  # Fare marker ids (3.431, 10.3)
    ious: list[str] = Field(default_factory=list)  # culture keys of IOUs held (2.41, 3.433)
    deeds: list[str] = Field(default_factory=list)  # deed keys (2.54, 3.433, 13.1)
    damaged: list[str] = Field(default_factory=list)  # damaged equipment keys (15.431, 15.432)


class Attack(_Mutable):
    """15.43: a pawn blasted during movement, waiting for the defender's fire-back or for the
    winner's choice of hit (15.431). Replaced, never changed in place."""

    attacker: int
    defender: int
    dot: str
    fire: list[str] = Field(default_factory=list)  # the attacker's weapons fired (15.32)
    firepower: int = 0
    stage: Literal["defend", "pack", "hit"] = "defend"
    hitter: int | None = None  # who chooses the hit (the winner)
    victim: int | None = None
    packing: list[list[str]] | None = None  # the loser's Holds as he packed them (15.431)


class Offer(_Mutable):
    """11.4: the active player's offer to a merchant on his dot, waiting for the answer."""

    frm: int
    to: int
    give: list[str] = Field(default_factory=list)  # item ids the offerer hands over
    get: list[str] = Field(default_factory=list)  # item ids he asks for
    give_money: int = 0
    get_money: int = 0


class FactorySite(_Mutable):
    """12.3: a Factory built on a City or Spaceport of its Culture's System."""

    dot: str
    owner: int


class Turn(_Mutable):
    """The active player's turn in progress (4.4, 5, 6)."""

    seat: int
    phase: Literal["declare", "move", "pay_or_stop", "trade"] = "declare"
    start_dot: str
    heading: str | None = None  # the declared first dot (5.3)
    drives_off: list[str] = Field(default_factory=list)  # 8.23
    gate_lock: bool = False  # 8.47
    dice: list[int] = Field(default_factory=list)
    auto_pilot: bool = False  # 8.42: the last die is the Auto Pilot's "4"
    rerolled: bool = False  # 8.44
    pilot: int | None = None  # 6.41
    mp: int = 0
    used: list[str] = Field(default_factory=list)  # directed paths "a>b" used this turn (5.32)
    moves: int = 0  # moves made this turn
    free_step: bool = False  # 8.22: skipping a just-revealed colored Penalty marker
    jumped: bool = False  # the last move was a Tele Gate jump (2012 "Telegates")
    due: int | None = None  # the penalty due on this dot (6.3)
    start_penalty: bool = False  # began the turn on a Penalty (6.3 last sentence)
    landed: bool = False  # 6.2
    stayed: bool = False  # spent the whole turn without moving (9.42)
    bought: int = 0  # purchases that count for the City limit (9.41)
    sold: int = 0  # sales and barters that count for the City limit (9.41; IOUs exempt)
    credit: int = 0  # unspent trade-in value of this turn's barters (9.32)
    iou_credit: int = 0  # 2012: the First Contact credit within ``credit`` (first_contact.py)
    acquired: list[str] = Field(default_factory=list)  # items got this turn (11.3)
    owed: dict[str, int] = Field(default_factory=dict)  # 2012: merchant spaceport -> value traded
    offer: Offer | None = None  # a trade offer waiting for its answer (11.4)
    blast_at: str | None = None  # the dot where one attack may be made now (15.41, 15.412)
    attack: Attack | None = None  # a pawn combat in progress (15.43)
    lost: bool = False  # lost an attack: the turn ends once its prompts are answered (15.212)
    rastur_drawn: bool = False  # this turn's Rastur is drawn (16.2: one per turn)
    rastur_due: bool = False  # a "1" rolled; the Mulligan Gear may still change it (16.21)
    ending: bool = False  # solitaire: the generation die is rolled, the turn is ending (17.2)


class VenusState(_Mutable):
    """Everything about one game. ``iou_at`` and face-down markers are secrets."""

    edition: str = "avalon-hill"
    options: dict[str, Any] = Field(default_factory=dict)
    stage: Literal["setup", "choose_race", "playing", "over"] = "setup"
    players: list[Player] = Field(default_factory=list)
    first_player: int = 0
    race_queue: list[int] = Field(default_factory=list)  # seats still to choose (4.2)
    turn: Turn | None = None
    round: int = 0
    iou_at: dict[str, str] = Field(default_factory=dict)  # system -> culture (secret, 4.12)
    discovered: dict[str, str] = Field(default_factory=dict)  # system -> culture (7.3)
    qboxes: dict[str, QBox] = Field(default_factory=dict)  # "?" box dot -> contents
    spaceports: dict[str, int] = Field(default_factory=dict)  # Orbit dot -> owner (12.2)
    factories: dict[str, FactorySite] = Field(default_factory=dict)  # culture -> site (12.3)
    market: dict[str, list[str]] = Field(default_factory=dict)  # culture -> markers there (7.3)
    cup: list[str] = Field(default_factory=list)  # the bonus cup, always 48 markers (10.1)
    aside: list[str] = Field(default_factory=list)  # Factory Goods of unbuilt factories (4.13)
    suns: dict[str, list[str]] = Field(default_factory=dict)  # system -> bartered Relics (9.322)
    unused_markers: list[Marker] = Field(default_factory=list)  # removed unseen (4.11)
    bank: int | None = None  # None: the Bank never runs out (small bank option: 13.3)
    forts: dict[str, int] = Field(default_factory=dict)  # dot -> owner (15.1)
    rastur: dict[str, int] = Field(default_factory=dict)  # dot -> Rastur strength (16.3)
    rastur_pool: list[int] = Field(default_factory=list)  # the Active pool (16.1, 16.2)
    rastur_reserve: list[int] = Field(default_factory=list)  # solitaire Reserve (17.11)
    transit: int | None = None  # solitaire Transit Box (17.21, 17.3)
    rastur_hand: int | None = None  # drawn, to be placed by the active player (16.2)
    winner: int | None = None
    end: dict[str, Any] | None = None  # how the game ended (13.2 target or 13.3 bank)
    sandbox: bool = False  # started from a scenario (loaded dice allowed)
    loaded_dice: list[int] = Field(default_factory=list)  # scenario's predetermined dice
    loaded_draws: list[str] = Field(default_factory=list)  # scenario's predetermined draws
    rewinds: Rewinds = Rewinds()  # the take-back record (engine.kernel.takeback)

    @field_validator("rewinds")
    @classmethod
    def _anchor_is_a_state(cls, r: Rewinds) -> Rewinds:
        return hydrated(cls, r)

    def player(self, seat: int) -> Player:
        return self.players[seat]


def clone_state(state: VenusState) -> VenusState:
    """A deep copy of everything ``evolve`` changes in place (lists, dicts, the players, the
    turn). Markers, "?" boxes, offers and factory sites are only ever replaced, never
    changed, so the copy shares them. Several times faster than the JSON round trip it
    replaced, which matters because ``decide`` works on a copy;
    ``tests/engine/venus/test_properties.py`` checks that every state survives the JSON
    snapshot round trip, and that a clone equals its original."""
    d = state.__dict__
    turn = d["turn"]
    return _shallow(
        state,
        options=dict(d["options"]),
        players=[_player(p) for p in d["players"]],
        race_queue=list(d["race_queue"]),
        turn=None if turn is None else _turn(turn),
        iou_at=dict(d["iou_at"]),
        discovered=dict(d["discovered"]),
        qboxes=dict(d["qboxes"]),
        spaceports=dict(d["spaceports"]),
        factories=dict(d["factories"]),
        market={k: list(v) for k, v in d["market"].items()},
        cup=list(d["cup"]),
        aside=list(d["aside"]),
        suns={k: list(v) for k, v in d["suns"].items()},
        unused_markers=list(d["unused_markers"]),
        forts=dict(d["forts"]),
        rastur=dict(d["rastur"]),
        rastur_pool=list(d["rastur_pool"]),
        rastur_reserve=list(d["rastur_reserve"]),
        end=None if d["end"] is None else dict(d["end"]),
        loaded_dice=list(d["loaded_dice"]),
        loaded_draws=list(d["loaded_draws"]),
    )


M = TypeVar("M", bound=BaseModel)


def _shallow(model: M, **fields: Any) -> M:
    return copy_with(model, fields, set(model.model_fields_set))


def _player(p: Player) -> Player:
    d = p.__dict__
    return _shallow(
        p,
        equipment=list(d["equipment"]),
        relics=list(d["relics"]),
        observed=dict(d["observed"]),
        spied=dict(d["spied"]),
        goods=list(d["goods"]),
        fares=list(d["fares"]),
        ious=list(d["ious"]),
        deeds=list(d["deeds"]),
        damaged=list(d["damaged"]),
    )


def _turn(t: Turn) -> Turn:
    d = t.__dict__
    return _shallow(
        t,
        drives_off=list(d["drives_off"]),
        dice=list(d["dice"]),
        used=list(d["used"]),
        acquired=list(d["acquired"]),
    )


def interrupt(state: VenusState) -> tuple[str, int] | None:
    """A prompt that interrupts the turn: (kind, seat) or None. In this order: the defender's
    fire-back (15.43), the winner's hit (15.431), placing a drawn Rastur (16.2), keeping or
    rerolling a rolled "1" with the Mulligan Gear (16.21)."""
    turn = state.turn
    if turn is None or state.stage != "playing":
        return None
    attack = turn.attack
    if attack is not None:
        if attack.stage == "defend":
            return "defend", attack.defender
        if attack.stage == "pack" and attack.victim is not None:
            return "pack", attack.victim
        return "hit", attack.hitter if attack.hitter is not None else turn.seat
    if state.rastur_hand is not None:
        return "place_rastur", turn.seat
    if turn.rastur_due:
        return "draw_rastur", turn.seat
    return None
