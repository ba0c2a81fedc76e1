"""Pirates: the engagement ("Pirates" steps 1-4), its outcomes ("Winning a Pirate
Engagement", "Losing a Pirate Engagement") and the figures of the book's example ("Pirate
Engagement Example": laser 4, a +2 pirate, a roll of 1 wins; three infamy tokens pay c60).
Pure functions here; ``encounters.py`` turns them into events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Attribute, PirateToken

BOUNTY_PER_INFAMY = 20  # "collects c20 for every infamy token accumulated under the pirate"
LOSS_CREDITS = 20  # "he pays c20 to the bank"
SHIELD_WIN_FAME = 2  # "The current player receives two fame"


@dataclass(frozen=True)
class Engagement:
    attribute: Attribute | None  # None when ambushed
    die: int | None
    result: int | None  # the die plus the pirate token's modifier
    value: int | None  # the chosen attribute's value (with its bonuses)
    won: bool

    @property
    def ambushed(self) -> bool:
        return self.attribute is None


def ambushed() -> Engagement:
    """Step 1: entering a pirate's space with the last movement point loses at once."""
    return Engagement(None, None, None, None, False)


def engage(attribute: Attribute, value: int, die: int, token: PirateToken,
           stronger: int = 0) -> Engagement:
    """Steps 2-4: the die plus the token's modifier (plus a solo challenge's "pirates
    stronger") must be less than the chosen attribute's value to win."""
    result = die + token.modifier + stronger
    return Engagement(attribute, die, result, value, result < value)


def win_chance(value: int, modifier: int) -> float:
    """The chance that the effect die plus ``modifier`` is below ``value`` ("Pirates" 4)."""
    return sum(1 for die in range(1, 7) if die + modifier < value) / 6


Loss = Literal["goods", "credits", "nothing"]


def loss_kind(has_matching_goods: bool, waived: bool) -> Loss:
    """"Losing a Pirate Engagement" 1: a goods token of the pirate's grade, else c20 (all his
    credits if he has less); a Salvage License reward waives both (ours)."""
    if waived:
        return "nothing"
    return "goods" if has_matching_goods else "credits"


def loss_credits(credits: int) -> int:
    return min(LOSS_CREDITS, max(credits, 0))


def bounty(infamy_under: int, bonus_per_token: int = 0) -> int:
    """Winning with lasers: c20 per infamy token under the pirate (plus a Bounty Purse)."""
    return infamy_under * (BOUNTY_PER_INFAMY + bonus_per_token)


def pilot_bonus_points(pilot_level: int) -> int:
    """Winning with the pilot: "add a number of movement points up to that of his pilot's
    level" -- the engine adds the full number (a player need not spend them all)."""
    return pilot_level
