"""The state of a Merchant of Venus classic game (ruleset ``venus``).

Plain pydantic models so a state can be snapshotted as JSON and read back. The server holds
the whole state, secrets included; ``view`` decides what each seat may see of it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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


class QBox(_Mutable):
    """A "?" box on the map and the marker in it (None once its Relic was taken)."""

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
    due: int | None = None  # the penalty due on this dot (6.3)
    start_penalty: bool = False  # began the turn on a Penalty (6.3 last sentence)
    landed: bool = False  # 6.2
    stayed: bool = False  # spent the whole turn without moving (9.42)


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
    unused_markers: list[Marker] = Field(default_factory=list)  # removed unseen (4.11)
    bank: int | None = None  # None: the Bank never runs out (issue of 13.3 decides)
    winner: int | None = None
    sandbox: bool = False  # started from a scenario (loaded dice allowed)
    loaded_dice: list[int] = Field(default_factory=list)  # scenario's predetermined dice

    def player(self, seat: int) -> Player:
        return self.players[seat]
