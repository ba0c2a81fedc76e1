"""The steps of Setting Up the Game after the Personalities are known (5-9): the first
stations, the Trader's Luck cards, the Insider's stations, the Current Contracts and the first
turn. ``setup`` runs them at once when Personalities are dealt; ``selection`` runs them when
the optional bidding for Personalities is over."""

from __future__ import annotations

from engine.kernel import Randomness

from .decks import draw_luck
from .draft import Draft
from .galaxy import CAPITAL, load_galaxy


def contract_slots(players: int, advanced: bool) -> int:
    """Setting Up 8: one fewer Contract than players, minimum two; the advanced game deals as
    many as players (Advanced Game, Setup)."""
    return players if advanced else max(2, players - 1)


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


def place_and_deal(draft: Draft) -> None:
    """Setting Up 5-7 once the Personalities are bought (Optional Rules, "Selecting
    Personalities"): the first stations, two Trader's Luck cards each, then the Insider's
    stations or the Contracts and the first turn."""
    st = draft.state
    personalities = [p.personality for p in st.players]
    worlds = start_worlds(personalities, st.first_player, draft.rng)
    draft.emit("StartWorldsChosen", worlds=worlds,
               stations={str(w): i for i, w in enumerate(worlds) if not st.player(i).out},
               insider_left=3 if "insider" in personalities else 0)
    for p in draft.state.active:
        draw_luck(draft, p.seat, 2)  # Setting Up 7
    if draft.state.insider_left == 0:
        begin_play(draft)


def begin_play(draft: Draft) -> None:
    """Setting Up 8: deal the Current Contracts (after the Insider's stations), then the first
    player's turn."""
    for slot in range(draft.state.wanted_slots):
        draft.emit("ContractDealt", slot=slot, contract=draft.state.deck[0])
    first = draft.state.first_player
    while draft.state.player(first).out:  # dropped out before the first turn
        first = (first + 1) % len(draft.state.players)
    draft.emit("TurnStarted", seat=first, round=1)
