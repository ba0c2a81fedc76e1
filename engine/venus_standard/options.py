"""The table options of the standard game as a schema: their names and the shape of their
values, checked before setup (``setup.setup`` then checks what the rules say of them)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

PilotName = Annotated[str, StringConstraints(min_length=1, max_length=20,
                                             pattern=r"^[a-z]+$")]
SoloPick = Literal["c50", "c30-hard-burn", "c30-data-probe", "c30-less-fancy-spoiler",
                   "stealth-field", "lasers", "shields", "laser-and-shield"]
Variant = Literal["standard", "light-speed", "solo-challenge", "epic"]


class VenusStandardOptions(BaseModel):
    """Every option a standard-game table may set; no other key, no nested value."""

    model_config = ConfigDict(extra="forbid", strict=True)

    variant: Variant = Field("standard", description="Game Variants: the standard game, the "
                             "light speed game (from round 16), the solo challenge game (one "
                             "player) or the epic game (31-60 rounds)")
    epic_rounds: int | None = Field(None, ge=31, le=60, description="Epic Game: how many "
                                    "rounds (none: roll five dice and add 30)")
    pilots: list[PilotName | None] | None = Field(
        None, description="Setup 8: one pilot per seat (human, eeepeeep, whynom, qossuth); "
                          "none or a missing one: chosen randomly")
    solo_picks: list[SoloPick] | None = Field(
        None, description="Solo Challenge Setup 10: the two starting options")
    title_intel_in_play: bool = Field(False, description="Optional Rules: Title & Intel "
                                      "Cards in Play")
    asteroid_telegate: bool = Field(False, description="Optional Rules: Asteroid System "
                                    "Telegate")
    maximum_production: bool = Field(False, description="Optional Rules: Maximum Production")
    demand: bool = Field(False, description="Optional Rules: Demand")
    takebacks: bool = Field(True, description="house rule: a player may take back his own "
                            "actions of the turn up to the last roll, draw or reveal "
                            "(docs/rulings.md)")
