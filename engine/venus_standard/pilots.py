"""Pilots: the eight Pilot cards, their levels, skills, abilities and training.

Book headings: "Pilots" (Upgrading Pilots, Pilot Home Culture Discounts), "Pilot Card
Anatomy", "Setup" step 8 (Select Pilot), "Assigning Dice" (dice by pilot level), "Hazards >
Piloting Checks". The card faces are pictures the rule text lacks; their names, skills and
abilities are ours (``data/pilots.json``, every face marked ``"ours": true``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.kernel import RuleError

PILOTS = ("human", "eeepeeep", "whynom", "qossuth")  # Setup step 8 (state.PILOTS)
TRAINING_COST = 60  # Pilots > Upgrading Pilots (both levels, never discounted)
GALACTIC_BASE = "galactic_base"


class NoSuchFace(RuleError, KeyError):
    """A Pilot card face that does not exist (a KeyError too, for lookups that fall back)."""

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class PilotFace:
    """One face of a Pilot card (Pilot Card Anatomy: level, skill, culture, ability, fame)."""

    face: str
    card: str
    pilot: str  # the pilot ("human", ...; ``Player.pilot``)
    culture: str  # the home culture's key (Pilot Home Culture Discounts)
    culture_number: int  # its identifier 1-14 ("Culture Identifiers")
    level: int
    name: str
    skill: int
    ability: str
    fame: int
    ours: bool
    discount: int = 0  # the Home Culture Discount printed by the culture (c10/c20/c30)
    train_at: str | None = None  # Training Location: "galactic_base" | "home_culture"
    train_cost: int = 0  # Training Cost (c60)


@dataclass(frozen=True)
class PilotDeck:
    faces: dict[str, PilotFace]
    abilities: dict[str, str]
    discounts: dict[int, int]

    def face(self, face_id: str) -> PilotFace:
        try:
            return self.faces[face_id]
        except KeyError:
            raise NoSuchFace("Pilot Card Anatomy",
                             f"no pilot card face {face_id!r} (a face is '<pilot>-<level>', "
                             "level 3 '<pilot>-3a' or '-3b'; see face_of)") from None

    def of_pilot(self, name: str, level: int) -> list[PilotFace]:
        return [f for f in self.faces.values() if f.pilot == name and f.level == level]


@cache
def load_pilots() -> PilotDeck:
    raw = json.loads(resources.files(__package__).joinpath("data/pilots.json").read_text())
    faces: dict[str, PilotFace] = {}
    for card in raw["cards"]:
        for f in card["faces"]:
            faces[f["face"]] = PilotFace(
                face=f["face"], card=card["id"], pilot=card["pilot"], culture=card["culture"],
                culture_number=card["culture_number"], level=f["level"],
                name=f["name"], skill=f["skill"], ability=f["ability"], fame=f["fame"],
                ours=f["ours"], discount=f["discount"],
                train_at=(f.get("training") or {}).get("at"),
                train_cost=(f.get("training") or {}).get("cost", 0))
    abilities = dict(raw["abilities"])
    unknown = {f.ability for f in faces.values()} - set(abilities)
    if unknown:
        raise ValueError(f"pilots.json: abilities without a description: {sorted(unknown)}")
    for name in PILOTS:
        levels = sorted(f.level for f in faces.values() if f.pilot == name)
        if levels != [1, 2, 3, 3]:
            raise ValueError(f"pilots.json: {name} needs faces 1, 2, 3, 3, has {levels}")
    discounts = {int(k): v for k, v in raw["discount_by_level"].items()}
    for f in faces.values():
        trains = f.train_at is not None
        if trains == (f.level == 3) or (trains and f.train_cost != TRAINING_COST):
            raise ValueError(f"pilots.json: {f.face}: levels 1-2 train for c60, level 3 never")
        if f.discount != discounts[f.level]:
            raise ValueError(f"pilots.json: {f.face}: the discount is c10/c20/c30 by level")
    return PilotDeck(faces, abilities, discounts)


def pilot(face_id: str) -> PilotFace:
    return load_pilots().face(face_id)


def face_id(name: str, level: int, side: str | None = None) -> str:
    """The face of pilot ``name`` at ``level`` (level 3: the side chosen, "a" or "b")."""
    return f"{name}-{level}{(side or 'a') if level == 3 else ''}"


def face_of(player: Any) -> PilotFace:
    """The Pilot card face on a player's dashboard (``pilot``, ``pilot_level``, side)."""
    return pilot(face_id(player.pilot, player.pilot_level, player.pilot_side))


def home_discount(face_id: str) -> int:
    """Pilot Home Culture Discounts: c10 / c20 / c30 by level on every buy action there."""
    return pilot(face_id).discount


def training_options(face_id: str, at_galactic_base: bool, home_here: bool) -> list[str]:
    """The faces a pilot may be trained to here (Pilots > Upgrading Pilots; the card's
    Training Location): level 1 -> 2 at Galactic Base (the back of the same card); level
    2 -> 3 at a surface city or spaceport of the home culture, choosing a level 3 side."""
    now = pilot(face_id)
    here = {"galactic_base": at_galactic_base, "home_culture": home_here}.get(
        now.train_at or "", False)
    if not here:
        return []
    return [f.face for f in load_pilots().of_pilot(now.pilot, now.level + 1)]


def check_training(face_id: str, to: str, at_galactic_base: bool, home_here: bool,
                   credits: int) -> PilotFace:
    """The new face, or a RuleError naming why this training is not allowed."""
    now = pilot(face_id)
    new = pilot(to)
    if to not in training_options(face_id, at_galactic_base, home_here):
        if now.level == 3:
            raise RuleError("Pilots > Upgrading Pilots", "a level 3 pilot trains no further")
        if now.level == 1:
            raise RuleError("Pilots > Upgrading Pilots",
                            "level 1 -> 2 is trained at Galactic Base, onto the same card's "
                            f"level 2 side (not {new.face})")
        raise RuleError("Pilots > Upgrading Pilots",
                        "level 2 -> 3 is trained at a surface city or spaceport of the "
                        f"pilot's home culture ({now.culture}), choosing a level 3 side")
    if credits < now.train_cost:
        raise RuleError("Pilots > Upgrading Pilots",
                        f"training costs c{now.train_cost}, you have c{credits}")
    return new


def has_ability(player: Any, ability: str) -> bool:
    """Does the player's current Pilot card face have ``ability``?"""
    return face_of(player).ability == ability


def pirate_modifier(player: Any) -> int:
    """The pilot's edge against pirates (ours: the ``pirate_edge`` ability makes pirate
    engagement rolls one lower), for the engagement's roll (``vsenc``)."""
    return -1 if has_ability(player, "pirate_edge") else 0
