"""The end of the game and final scoring ("End of the Game" 1-4, "Winning the Game").

Fame comes from many components; the core counts what lies on the dashboard (cargo holds,
ship upgrades, the laser and shield dials: "Fame for Ship Enhancements"), fame tokens,
infamy and the Fuzzy Dice. The components' own sources (completed missions, relic Reward
cards, the pilot card's fame) are ``Hooks.fame_sources``, listed in ``order.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .draft import Draft
from .hookpoints import FameSource
from .places import spaceports_of
from .solo import won as solo_won
from .state import StandardState

SPACEPORT_SALE = 200  # End of the Game 1
FUZZY_DICE = "fuzzy_dice"  # Appendix B: the special tech rolled at the end (culture 11)
# Fame for Ship Enhancements: the first additional cargo hold 2, the second 4 more; the
# second ship upgrade 2, the third 4 more; laser/shield levels 1-3 give none, 4 gives 2, 5
# gives 4 (the book's examples). The dial's sixth position is ours (docs/rulings.md).
HOLD_FAME = (0, 2, 6)
UPGRADE_FAME = (0, 0, 2, 6)
DIAL_FAME = {1: 0, 2: 0, 3: 0, 4: 2, 5: 4, 6: 6}
FAME_CREDITS, DOUBLES_CREDITS = 10, 20  # End of the Game 3


def has_tech(techs: list[str], key: str) -> bool:
    """Whether one of ``techs`` (token ids "key:n", or bare keys) is of technology ``key``."""
    return any(t.partition(":")[0] == key for t in techs)


def dial_fame(level: int) -> int:
    return DIAL_FAME.get(max(1, min(level, max(DIAL_FAME))), 0)


def ship_fame(state: StandardState, seat: int) -> list[tuple[str, int]]:
    """Fame for Ship Enhancements, as the dashboard sheet shows it."""
    p = state.player(seat)
    holds = HOLD_FAME[max(0, min(p.extra_holds, len(HOLD_FAME) - 1))]
    upgrades = UPGRADE_FAME[max(0, min(len(p.upgrades), len(UPGRADE_FAME) - 1))]
    return [("fame_tokens", p.fame), ("cargo_holds", holds), ("ship_upgrades", upgrades),
            ("laser", dial_fame(p.laser)), ("shield", dial_fame(p.shield)),
            ("infamy", -p.infamy)]


def fame_parts(state: StandardState, seat: int,
               sources: Iterable[FameSource]) -> list[tuple[str, int]]:
    """End of the Game 2: every source of fame, named (the ship's and ``sources``); infamy
    as negative parts (a component keeping its own infamy tokens returns them as
    ``("infamy...", -n)``)."""
    parts = ship_fame(state, seat)
    for fn in sources:
        parts.extend(fn(state, seat))
    return [(name, n) for name, n in parts if n]


def fame_view(state: StandardState, sources: Iterable[FameSource]) -> dict[str, Any]:
    """"End of the Game > Count Fame" as it would stand now, for every seat (all of it lies
    face up or on the dashboard): the fame tokens on the table move when fame is earned, but
    completed missions, Reward cards, titles, ship enhancements and the pilot add theirs only
    at the end, so the client says where a mission's fame went. The Fuzzy Dice are rolled
    at the end and not counted here."""
    out: dict[str, Any] = {}
    for p in state.players:
        parts = fame_parts(state, p.seat, sources)
        out[str(p.seat)] = {"parts": dict(parts), "total": sum(n for _, n in parts)}
    return out


def final_scoring(draft: Draft) -> None:
    """End of the Game 1-4 for every player, then the winner (Winning the Game)."""
    state = draft.state
    draft.emit("FinalScoringStarted", round=state.round)
    for hook in draft.hooks.before_scoring:  # "at the end of the game, before final scoring"
        hook(draft)
    state = draft.state
    for p in state.players:  # 1. Sell Merchant Spaceports
        ports = spaceports_of(state, p.seat)
        if ports:
            draft.emit("SpaceportsSold", seat=p.seat, spaceports=ports)
            draft.credits(p.seat, SPACEPORT_SALE * len(ports), "spaceports_sold")
    for p in draft.state.players:  # 2. Count Fame, 3. Award Bonus Credits
        parts = fame_parts(draft.state, p.seat, draft.hooks.fame_sources)
        fuzzy = draft.dice(2) if has_tech(p.techs, FUZZY_DICE) else None
        infamy = -sum(n for _, n in parts if n < 0)
        total = sum(n for _, n in parts) + sum(fuzzy or [])
        disqualified = total < 0
        draft.emit("FameCounted", seat=p.seat, parts=dict(parts), fuzzy=fuzzy,
                   infamy=infamy, total=total, disqualified=disqualified)
        doubles = fuzzy is not None and fuzzy[0] == fuzzy[1]
        if total > 0:
            rate = DOUBLES_CREDITS if doubles else FAME_CREDITS
            draft.credits(p.seat, total * rate, "fame")
    final = draft.state  # 4. Determine Final Score
    scores = [p.credits for p in final.players]
    best, reason = winners(final), "rounds"
    if final.table.solo_challenge and not solo_won(final):
        best, reason = [], "challenges_incomplete"  # Winning the Solo Challenge Game
    draft.emit("GameEnded", scores=scores, fame=[p.total_fame for p in final.players],
               winners=best, reason=reason)


def winners(state: StandardState) -> list[int]:
    """Winning the Game: the highest score; a tie goes to the highest total fame; a tie
    still standing shares the glory. A disqualified player (fame below 0) cannot win."""
    eligible = [p for p in state.players if not p.disqualified]
    if not eligible:
        return []
    best = max((p.credits, p.total_fame or 0) for p in eligible)
    return [p.seat for p in eligible if (p.credits, p.total_fame or 0) == best]
