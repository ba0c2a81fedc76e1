"""The table options of Merchant of Venus as a schema: their names and the shape of their
values, checked before setup (``setup.check_options`` then checks what the rules say of them:
which lengths, which edition allows which optional rule)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Merchant = Annotated[str, StringConstraints(min_length=1, max_length=40,
                                            pattern=r"^[A-Za-z0-9_-]+$")]


class VenusOptions(BaseModel):
    """Every option a Merchant of Venus table may set; no other key, no nested value."""

    model_config = ConfigDict(extra="forbid", strict=True)

    edition: Literal["avalon-hill", "classic-2012"] = "avalon-hill"
    game_length: Literal[1000, 2000, 3000, 4000] = Field(
        2000, description="14 game length: the net worth that wins")
    small_bank: bool = Field(False, description="13.3 the small bank")
    combat: bool | None = Field(None, description="15 combat (default: with the Rastur)")
    rastur: bool | None = Field(None, description="16 the Rastur (default: with solitaire)")
    solitaire: bool = Field(False, description="17 solitaire")
    fast_play: bool = Field(False, description="the 2012 Fast Play Variant (classic-2012)")
    races: list[Merchant] | None = Field(None, max_length=8,
                                         description="4.2: each seat's merchant, in order")
