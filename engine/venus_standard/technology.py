"""Racial technologies (standard book, "Buying Racial Technologies" and "Appendix B: Racial
Technologies"): 14 technologies on 34 tokens, each sold by one culture.

``has(player, tech)`` is the one question other modules ask (movement asks for drives'
cousins: Hard Burn, spoilers, Throttle Boost, variable laser/shield ...).
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache, cached_property
from importlib import resources
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.cluster.cultures import load_cultures

SHIP_UPGRADE_SLOTS = 3  # "Fame for Ship Enhancements": fame for a second and a third upgrade


class TechType(StrEnum):
    SHIP_UPGRADE = "ship_upgrade"  # needs an assigned speed die ("Ship Upgrades")
    STRUCTURAL = "structural"  # in a cargo hold, one dot ("Structural Techs")
    SPECIAL = "special"  # Throttle Boost, Fuzzy Dice ("Special Techs")
    UTILITY = "utility"  # left of the dashboard, never offloaded ("Utility Techs")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Technology(_Model):
    key: str
    name: str
    culture: str
    cost: int
    grade: str  # as printed in Appendix B (basic, luxury, rare)
    type: TechType
    dots: int = Field(default=0, ge=0, le=2)
    same_as: str | None = None  # Fancy / Less Fancy Spoiler: one technology
    tokens: int = Field(ge=1)
    tokens_ours: bool = False
    many: bool = False  # Data Probe: "any number ... at one time"
    throttle_values: list[list[int]] | None = None  # Throttle Boost, per token
    throttle_values_ours: bool = False

    @property
    def family(self) -> str:
        """The technology for "cannot have two or more of the same" (spoilers are one)."""
        return self.same_as or self.key

    def token_ids(self) -> list[str]:
        return [f"{self.key}:{n}" for n in range(1, self.tokens + 1)]


class Technologies(_Model):
    format: int
    about: str
    technologies: list[Technology]

    @cached_property
    def by_key(self) -> dict[str, Technology]:
        return {t.key: t for t in self.technologies}

    def of_token(self, token: str) -> Technology:
        key, _, n = token.partition(":")
        tech = self.by_key.get(key)
        if tech is None or not n.isdigit() or not 1 <= int(n) <= tech.tokens:
            raise KeyError(f"no racial technology token {token!r}")
        return tech

    def sold_by(self, culture: str) -> list[Technology]:
        return [t for t in self.technologies if t.culture == culture]

    def throttle_values(self, token: str) -> list[int]:
        """The die values a Throttle Boost token lets a player assign to his throttle."""
        tech = self.of_token(token)
        if tech.throttle_values is None:
            raise ValueError(f"{token} is not a Throttle Boost token")
        return tech.throttle_values[int(token.partition(":")[2]) - 1]

    @model_validator(mode="after")
    def _check(self) -> Technologies:
        if sum(t.tokens for t in self.technologies) != 34:
            raise ValueError("the box has 34 racial technology tokens (Component List)")
        cultures = load_cultures()
        if {t.culture for t in self.technologies} != {c.key for c in cultures.cultures}:
            raise ValueError("each of the 14 cultures sells one racial technology (Appendix B)")
        for t in self.technologies:
            if (t.type is TechType.STRUCTURAL) != (t.dots > 0):
                raise ValueError(f"{t.key}: structural techs, and only they, take cargo dots")
            if t.throttle_values is not None and len(t.throttle_values) != t.tokens:
                raise ValueError(f"{t.key}: one set of throttle values per token")
        return self


@cache
def load_technologies() -> Technologies:
    path = resources.files("engine.venus_standard").joinpath("data/technologies.json")
    return Technologies.model_validate(json.loads(path.read_text("utf-8")))


class HasTechs(Protocol):
    techs: list[str]


def has(player: HasTechs, tech: str) -> bool:
    """Whether the player owns a token of ``tech`` (a technology key such as ``"hard_burn"``,
    or ``"spoiler"`` for either spoiler)."""
    techs = load_technologies()
    return any(
        techs.of_token(t).key == tech or techs.of_token(t).family == tech for t in player.techs
    )


def owned_token(player: HasTechs, tech: str) -> str | None:
    """The player's token of ``tech`` (the first one), if any."""
    techs = load_technologies()
    for t in player.techs:
        if tech in (techs.of_token(t).key, techs.of_token(t).family):
            return t
    return None
