"""What the cards need to know about a seat's ship and purse, read in one place: a
``Standing`` snapshot. ``standing_of(state, seat)`` is the single seam to the other modules'
state (dashboard dials, pilot, credits, cargo, passengers, where the ship is), so missions,
pirates and rewards stay pure functions of a ``Standing``."""

from __future__ import annotations

from dataclasses import dataclass

from . import ports
from .cards import Attribute, Grade, kept_abilities, reward_cards
from .hazards import attributes_of
from .pilots import face_of
from .places import _board, galactic_base, landing, system_of
from .state import StandardState


@dataclass(frozen=True)
class Standing:
    laser: int = 1
    shield: int = 1
    pilot_skill: int = 3
    pilot_level: int = 1
    credits: int = 0
    goods: tuple[tuple[str, Grade], ...] = ()  # goods tokens carried, with their grade
    passengers: int = 0
    system: str | None = None  # the system or anomaly of the ship's space
    landed: bool = False  # on a surface city or spaceport (or at the anomaly: see missions)
    at_galactic_base: bool = False
    # landed on its space during this turn's Movement phase, or stayed there by skipping it
    # (the seat's own turn only: "Second Mission", "Pilots > Upgrading Pilots")
    arrived: bool = False
    missions: tuple[str, ...] = ()  # active Mission cards
    rewards: tuple[str, ...] = ()  # Reward cards kept
    pirates_defeated: int = 0
    second_mission: bool = False
    contacts: int = 0  # First Contact cards in the play area (our "contacts" missions)

    def attribute(self, name: Attribute) -> int:
        """The three attributes a pirate engagement can be fought with ("Pirates" 2)."""
        return {"laser": self.laser, "shield": self.shield, "pilot": self.pilot_skill}[name]

    def goods_of(self, grade: Grade) -> list[str]:
        return [token for token, g in self.goods if g == grade]

    @property
    def relics(self) -> int:
        return relics_of(self.rewards)


def relics_of(rewards: list[str] | tuple[str, ...]) -> int:
    """Relic Reward cards among ``rewards`` (ids not of our deck count for nothing)."""
    cards = reward_cards()
    return sum(1 for r in rewards if r in cards and cards[r].relic)


def engage_value(standing: Standing, attribute: Attribute) -> int:
    """An attribute's value against pirates, with the Reward cards' engage bonuses (ours)."""
    return standing.attribute(attribute) + sum(
        ab.by for _, ab in kept_abilities(standing.rewards, "engage_bonus")
        if ab.attribute == attribute)


def credit_bonuses(rewards: list[str] | tuple[str, ...], kind: str) -> list[tuple[str, int]]:
    """Each kept Reward card with a credits ability of ``kind`` ("sale_bonus", "fare_bonus":
    ours) and its credits, in the order the cards were kept."""
    return [(rid, ab.credits) for rid, ab in kept_abilities(rewards, kind)]


def has_ability(rewards: list[str] | tuple[str, ...], kind: str) -> int:
    """The total figure of a kind of Reward ability a seat has (0 when none)."""
    return sum(max(ab.credits, 1) for _, ab in kept_abilities(rewards, kind))


def standing_of(state: StandardState, seat: int) -> Standing:
    """The snapshot of one seat from the state (the core's ``Player``, the cards' part, the
    cargo through ``ports``, where the ship is through ``places``)."""
    p = state.player(seat)
    mine = state.cards.seat(seat)
    where = landing(p.space)
    anomaly = anomaly_of(p.space)
    laser, shield, skill = attributes(state, seat)
    turn = state.turn
    arrived = turn is not None and turn.seat == seat and (
        turn.skipped_movement or turn.landed == p.space)
    return Standing(
        laser=laser, shield=shield, pilot_skill=skill,
        pilot_level=p.pilot_level, credits=p.credits, goods=tuple(ports.goods(state, seat)),
        passengers=ports.passengers(state, seat),
        system=anomaly or system_of(p.space),
        landed=anomaly is not None or where in ("city", "spaceport"),
        at_galactic_base=p.space == galactic_base(), arrived=arrived,
        missions=tuple(p.missions), rewards=tuple(p.rewards),
        pirates_defeated=mine.pirates_defeated, second_mission=mine.second_mission,
        contacts=len(p.contacts))


def anomaly_of(space: str) -> str | None:
    """The anomaly (Supernova, Supergiant) whose surrounding trade route holds ``space``
    ("Anomalies"; the board's ``anomaly_of``); None elsewhere."""
    board = _board()
    if board is None or space not in getattr(board, "spaces", {}):
        return None
    found = board.anomaly_of(space)
    return None if found is None else str(found)


def attributes(state: StandardState, seat: int) -> tuple[int, int, int]:
    """Laser, shield and piloting as movement reads them this turn
    (``hazards.attributes_of``: the dials plus a Variable Laser or Shield die assigned this
    turn, "Appendix B")."""
    try:
        attrs = attributes_of(state, seat)
        return (int(attrs.value("laser")), int(attrs.value("shield")),
                int(attrs.value("piloting")))
    except (KeyError, AttributeError):
        p = state.player(seat)
        return p.laser, p.shield, pilot_skill(state, seat)


def pilot_skill(state: StandardState, seat: int) -> int:
    """The piloting skill on the seat's Pilot card (``pilots.face_of(player).skill``); the
    level 1 card's 3 when it cannot be read (the Pirate Engagement Example's green player
    pilots at 3)."""
    try:
        return int(face_of(state.player(seat)).skill)
    except (KeyError, AttributeError):
        return 3
