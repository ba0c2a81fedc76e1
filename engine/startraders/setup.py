"""Setting Up the Game (1-9) and the advanced game's setup."""

from __future__ import annotations

from typing import Any

from engine.kernel import NOBODY, Randomness, RuleError

from .components import OPTIONAL_PERSONALITIES, PERSONALITIES, contracts, luck_cards
from .decks import draw_luck
from .draft import Draft
from .galaxy import CAPITAL, load_galaxy
from .state import StarState

OPTIONS = {"advanced", "personalities", "reaction_timer", "takebacks"}


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


def contract_slots(players: int, advanced: bool) -> int:
    """Setting Up 8: one fewer Contract than players, minimum two; the advanced game deals as
    many as players (Advanced Game, Setup)."""
    return players if advanced else max(2, players - 1)


def _personalities(option: Any, n: int, rng: Randomness) -> list[str | None]:
    """Setting Up 4: dealt at random (default), none, or chosen per seat (a list)."""
    if option in (None, "random"):
        return list(rng.shuffled(PERSONALITIES)[:n])
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


def banker_start(personality: str | None) -> dict[str, int]:
    """New Personalities: the Banker starts with 1 engine and 150 Stellors."""
    return {"engines": 1, "stellors": 150} if personality == "banker" else {}


def start_worlds(personalities: list[str | None], first: int, rng: Randomness) -> list[int]:
    """Setting Up 5: each player starts on a starred world, no two on the same; the Insider on
    Capital; with six players and no Insider the last player to move takes Capital. Which arm
    is "closest" to a seat at a web table is undefined, so it is resolved randomly."""
    n = len(personalities)
    arms = [w for w in load_galaxy().starred if w != CAPITAL]
    pool = rng.shuffled(arms)
    capital_seat: int | None = None
    if "insider" in personalities:
        capital_seat = personalities.index("insider")
    elif n == 6:
        capital_seat = (first - 1) % n
    out: list[int] = []
    for seat in range(n):
        out.append(CAPITAL if seat == capital_seat else pool.pop())
    return out


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
    personalities = _personalities(options.get("personalities"), n, rng)
    first = rng.below(n)
    worlds = start_worlds(personalities, first, rng)
    draft = Draft(StarState(), rng)
    draft.emit(
        "GameSetUp",
        players=[{"seat": i, "name": name, "personality": personalities[i], "world": worlds[i],
                  **banker_start(personalities[i])} for i, name in enumerate(players)],
        advanced=advanced, first_player=first,
        stations={str(w): i for i, w in enumerate(worlds)},
        slots=contract_slots(n, advanced),
        insider_left=3 if "insider" in personalities else 0,
        reaction_timer=timer,
        takebacks=bool(options.get("takebacks", True)),
    )
    draft.emit("DecksShuffled", NOBODY, deck=rng.shuffled(sorted(contracts())),
               luck_deck=rng.shuffled(sorted(luck_cards())))
    for seat in range(n):
        draw_luck(draft, seat, 2)  # Setting Up 7
    if draft.state.insider_left == 0:
        begin_play(draft)
    return draft.events


def begin_play(draft: Draft) -> None:
    """Setting Up 8: deal the Current Contracts (after the Insider's stations), then the first
    player's turn."""
    for slot in range(draft.state.wanted_slots):
        draft.emit("ContractDealt", slot=slot, contract=draft.state.deck[0])
    draft.emit("TurnStarted", seat=draft.state.first_player, round=1)
