"""Setting Up the Game (1-9) and the advanced game's setup."""

from __future__ import annotations

from typing import Any

from engine.kernel import NOBODY, Randomness, RuleError

from .components import OPTIONAL_PERSONALITIES, PERSONALITIES, contracts, luck_cards
from .decks import draw_luck
from .draft import Draft
from .galaxy import CAPITAL
from .opening import banker_start, begin_play, contract_slots, start_worlds
from .selection import open_selection
from .state import StarState

__all__ = ["begin_play", "contract_slots", "setup"]

OPTIONS = {"advanced", "personalities", "reaction_timer", "takebacks", "personality_auction",
           "personality_trading"}


MIN_REACTION_TIMER = 5  # seconds: a shorter countdown leaves no time to read the question
# Timing Details: "the definition of 'immediate' must be decided by the group playing, with a
# few seconds being a sensible default": a table that names no clock has this one (0: none)
DEFAULT_REACTION_TIMER = 20


def reaction_timer(option: Any) -> int | None:
    """The table's clock for reaction windows in seconds (None: no clock, ``0`` asked for
    it); absent, the default (docs/rulings.md, "Reaction windows")."""
    if option is None:
        return DEFAULT_REACTION_TIMER
    if not isinstance(option, int) or isinstance(option, bool) \
            or not (option == 0 or option >= MIN_REACTION_TIMER):
        raise RuleError("options", f"reaction_timer: whole seconds, at least "
                        f"{MIN_REACTION_TIMER} (0: no clock)")
    return option or None


def _personalities(option: Any, n: int, rng: Randomness) -> list[str | None]:
    """Setting Up 4: dealt at random (default; ``"all"``: the New Personalities shuffled in),
    none, or chosen per seat (a list)."""
    if option in (None, "random"):
        return list(rng.shuffled(PERSONALITIES)[:n])
    if option == "all":
        return list(rng.shuffled(PERSONALITIES + OPTIONAL_PERSONALITIES)[:n])
    if option == "none":
        return [None] * n
    if not isinstance(option, list) or len(option) != n:
        raise RuleError("Setting Up 4", "personalities: 'random', 'none' or one per seat")
    for name in option:
        if name is not None and name not in PERSONALITIES + OPTIONAL_PERSONALITIES:
            raise RuleError("Setting Up 4", f"unknown personality {name!r}; "
                            f"known: {', '.join(PERSONALITIES + OPTIONAL_PERSONALITIES)}")
    named = [p for p in option if p is not None]
    if len(set(named)) != len(named):
        raise RuleError("Setting Up 4", "each personality card goes to one player")
    return list(option)


def setup(options: dict[str, Any], players: list[str], rng: Randomness) -> list[Any]:
    unknown = set(options) - OPTIONS
    if unknown:
        raise RuleError("options", f"unknown table option {sorted(unknown)[0]!r}; "
                        f"known: {', '.join(sorted(OPTIONS))}")
    n = len(players)
    if not 2 <= n <= 6:
        raise RuleError("Setting Up", f"Star Traders is for 2-6 players, not {n}")
    advanced = bool(options.get("advanced", False))
    timer = reaction_timer(options.get("reaction_timer"))
    bidding = bool(options.get("personality_auction", False))
    named = options.get("personalities")
    if bidding and not (named in (None, "random")
                        or (isinstance(named, list) and not any(named))):
        raise RuleError("Optional Rules", "Personalities are bid for or named, not both")
    personalities: list[str | None] = [None] * n if bidding else _personalities(named, n, rng)
    first = rng.below(n)
    worlds = [CAPITAL] * n if bidding else start_worlds(personalities, first, rng)
    draft = Draft(StarState(), rng)
    draft.emit(
        "GameSetUp",
        players=[{"seat": i, "name": name, "personality": personalities[i], "world": worlds[i],
                  **banker_start(personalities[i])} for i, name in enumerate(players)],
        advanced=advanced, first_player=first,
        stations={} if bidding else {str(w): i for i, w in enumerate(worlds)},
        slots=contract_slots(n, advanced),
        insider_left=3 if "insider" in personalities else 0,
        reaction_timer=timer,
        takebacks=bool(options.get("takebacks", True)),
        personality_trading=bool(options.get("personality_trading", False)),
    )
    draft.emit("DecksShuffled", NOBODY, deck=rng.shuffled(sorted(contracts())),
               luck_deck=rng.shuffled(sorted(luck_cards())))
    if bidding:  # Optional Rules, "Selecting Personalities": Setting Up 5-9 come after
        open_selection(draft)
        return draft.events
    for seat in range(n):
        draw_luck(draft, seat, 2)  # Setting Up 7
    if draft.state.insider_left == 0:
        begin_play(draft)
    return draft.events
