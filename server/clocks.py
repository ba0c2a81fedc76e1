"""The clock of the prompt pending now, as every link is shown it (docs/architecture.md,
"Clocks"): which waited seats' time runs, when it runs out and what happens then.

Two clocks may run: the table's time per move (``tables.turn_timer``, from the game's
``waiting_since``: when it runs out a bot plays the seat's move) and a game's countdown on a
reaction window (``GameDefinition.countdown``: when it runs out, silence answers). The
earlier is shown. Pure: the caller passes what it knows (no clock, no I/O here).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

# the "time is running out" warning: when this share of the time per move is left...
WARN_SHARE = 0.2
# ...but at least this many seconds before the end (or half the time, when it is shorter)
WARN_SECONDS = 30.0


def warn_left(seconds: float) -> float:
    """How many seconds before a move's time runs out its player is warned (on the page and
    by one alert): a fifth of the time, at least the last 30 s (half of a shorter time)."""
    return max(WARN_SHARE * seconds, min(WARN_SECONDS, seconds / 2))


def aware(moment: datetime) -> datetime:
    """``moment`` as UTC (SQLite gives its times back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def clock(pending: Sequence[int], bots: Collection[int], turn_timer: int | None,
          since: datetime | None, countdown: tuple[datetime, int] | None = None
          ) -> dict[str, Any] | None:
    """The clock (``schemas.ClockOut``'s fields) of a game waiting on ``pending`` since
    ``since`` (its ``waiting_since``) at a table whose time per move is ``turn_timer``
    seconds, with the reaction window's ``countdown`` (when it closes, its seconds) if one
    runs; None when no clock runs for a seat a player plays (bots take no time)."""
    seats = [s for s in pending if s not in bots]
    if not seats:
        return None
    runs: list[dict[str, Any]] = []
    if countdown is not None:
        closes, length = countdown
        runs.append({"seats": seats, "kind": "window", "seconds": length,
                     "deadline": aware(closes), "then": "pass"})
    if turn_timer and since is not None:
        runs.append({"seats": seats, "kind": "move", "seconds": turn_timer,
                     "deadline": aware(since) + timedelta(seconds=turn_timer), "then": "bot"})
    return min(runs, key=lambda run: run["deadline"]) if runs else None
