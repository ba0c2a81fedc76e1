"""Whole standard games between bots: ``starport simulate venus-standard``.

Same loop and the same JSON as the other games (``engine.bots.simulate``): the summary's
``win_rate_by_race`` holds the win rate by pilot here, ``net_worths`` the final scores
(credits after final scoring), ``usage`` what the games used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine.bots import Bot
from engine.bots.random_bot import UniformBot
from engine.bots.simulate import BotGames, Standing
from engine.kernel import Event

from .bot import Merchant
from .ruleset import ruleset
from .state import StandardState
from .usage import COUNTED, DETAILED

BOTS: dict[str, Callable[[str | int], Bot]] = {"random": UniformBot}
# event types counted as used, by name or with a detail (components add theirs: usage.py)
COUNTED.update({"MovementSkipped", "FirstContactRevealed", "SpaceportsSold"})


def usage_of(events: Iterable[Event]) -> Counter[str]:
    used: Counter[str] = Counter()
    for ev in events:
        if ev.type in COUNTED:
            used[ev.type] += 1
        detail = DETAILED[ev.type](ev) if ev.type in DETAILED else ""
        if detail:
            used[detail] += 1
        elif ev.type == "TurnEnded":
            used[f"turn_end:{ev.data['why']}"] += 1
    return used


def standing(state: StandardState) -> Standing:
    """Pilots, the first winner and the scores (credits until final scoring)."""
    return Standing(
        races=[p.pilot for p in state.players],
        winner=state.winners[0] if state.winners else None,
        net_worths=[p.score if p.score is not None else p.credits for p in state.players],
    )


GAMES = BotGames(ruleset, BOTS, standing, usage_of)
make_bot, play_game, simulate = GAMES.make_bot, GAMES.play_game, GAMES.simulate


BOTS["merchant"] = Merchant  # the standard game's strategic bot (bot.py)
