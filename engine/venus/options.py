"""The table options of Merchant of Venus as a schema: their names and the shape of their
values, checked before setup (``setup.check_options`` then checks what the rules say of the
values: which editions, which lengths, which edition allows which optional rule; the lists
of allowed values live there only)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Merchant = Annotated[str, StringConstraints(min_length=1, max_length=40,
                                            pattern=r"^[A-Za-z0-9_-]+$")]


class VenusOptions(BaseModel):
    """Every option a Merchant of Venus table may set; no other key, no nested value."""

    model_config = ConfigDict(extra="forbid", strict=True)

    edition: str = Field("avalon-hill", max_length=40,
                         description="avalon-hill (the 1988 manual) or classic-2012")
    game_length: int = Field(2000, description="14 game length: the net worth that wins "
                                               "(1000, 2000, 3000 or 4000)")
    small_bank: bool = Field(False, description="13.3 the small bank")
    combat: bool | None = Field(None, description="15 combat (default: with the Rastur)")
    rastur: bool | None = Field(None, description="16 the Rastur (default: with solitaire)")
    solitaire: bool = Field(False, description="17 solitaire")
    fast_play: bool = Field(False, description="the 2012 Fast Play Variant (classic-2012)")
    takebacks: bool = Field(True, description="house rule: a player may take back his own "
                                              "actions of the turn up to the last roll, "
                                              "reveal or draw (docs/rulings.md)")
    races: list[Merchant] | None = Field(None, max_length=8,
                                         description="4.2: each seat's merchant, in order")
