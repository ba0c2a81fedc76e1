"""The table options of Star Traders as a schema: their names and the shape of their values,
checked before setup (``setup.setup`` then checks what the rules say of the values: Setting
Up 4's personalities, one per seat, each dealt once)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

Personality = Annotated[str, StringConstraints(min_length=1, max_length=40,
                                               pattern=r"^[A-Za-z0-9_-]+$")]


class StarTradersOptions(BaseModel):
    """Every option a Star Traders table may set; no other key, no nested value."""

    model_config = ConfigDict(extra="forbid", strict=True)

    advanced: bool = Field(False, description="the Advanced Game")
    takebacks: bool = Field(True, description="house rule: a player may take back his own "
                                              "actions of the turn up to the last roll, "
                                              "draw or reaction window (docs/rulings.md)")
    personalities: Personality | list[Personality | None] | None = Field(
        None, description="Setting Up 4: 'random' (default), 'all' (dealt or chosen "
                          "among the New Personalities too), 'none', or one per seat")
    personality_auction: bool = Field(
        False, description="Optional Rules, Selecting Personalities: each Personality is "
                           "flipped up and bid for in sealed bids; the last Trader gets the "
                           "last one free")
    personality_trading: bool = Field(
        False, description="Optional Rules, Personalities as Commodity: Personalities are "
                           "traded like anything else, taking effect at the end of the turn")
    reaction_timer: int | None = Field(
        None, ge=0, le=7 * 86400,
        description="seconds a reaction window stays open at most; then every seat that has "
                    "not answered passes (default 20; at least 5; 0: no clock, a seat with "
                    "nothing to play passes at once, which others can notice)")

    @field_validator("reaction_timer")
    @classmethod
    def _clock(cls, value: int | None) -> int | None:
        if value is not None and 0 < value < 5:
            raise ValueError("at least 5 seconds (0: no clock)")
        return value
