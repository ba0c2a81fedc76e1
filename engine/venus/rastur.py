"""The Rastur (16) and their solitaire generation (17.2-17.3, 17.5).

The Active pool (16.1) is a multiset of strengths whose composition is public (the Mix Chart
is printed, every draw and every return is a public event); which marker a draw takes is
decided by the dice of the command that draws it, so nothing about the pool is secret.

- 16.2: the active player rolling a "1" (movement dice, or his own die in an attack) draws
  one Rastur, at most once per turn, and places it (16.23). With an unused Mulligan Gear the
  draw waits until he keeps the "1" (``DrawRastur``) or rerolls it away (16.21).
- 16.3: a Rastur is a Penalty marker of its strength (``movement.marker_penalty``); blasted
  (``combat``), it goes back to the Active pool (solitaire: 17.3).
- 16.4: it cancels the City/Spaceport/Factory it sits on (``discovery.site_kind``,
  ``winning.net_worth``, ``trading.prices``).
- 16.5: drawing the last Rastur of the Active pool before anyone wins is the Rastur's win.
- 17.2: solitaire draws no Rastur on rolls; a generation die at the end of each turn expands
  (1-4) or merges (5-6) the invaders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.kernel import RuleError, event

from . import commands as c
from .board import Board, DotKind
from .components import load_components
from .discovery import is_open_spaceport
from .winning import net_worth

if TYPE_CHECKING:
    from .rules import Decision
    from .state import VenusState


def rastur_on(state: VenusState) -> bool:
    return bool(state.options.get("rastur", False))


def solitaire(state: VenusState) -> bool:
    return bool(state.options.get("solitaire", False))


def opening_pools(game_length: int, solitaire_game: bool) -> dict[str, list[int]]:
    """16.1: the Active pool by the Mix Chart; the Reserve is used only in solitaire (17.11)."""
    active, reserve = load_components().rastur.pool(game_length)
    return {"active": active, "reserve": reserve if solitaire_game else []}


def sites(state: VenusState, board: Board) -> list[str]:
    """16.23: any Spaceport or Orbit without a Fort or Rastur; if there is none, any City
    without one (the Galactic Base included: Gazetteer)."""
    taken = set(state.forts) | set(state.rastur)
    ports = sorted(
        dot for dot, info in board.dots.items()
        if dot not in taken and (info.orbit is not None or is_open_spaceport(state, dot))
    )
    if ports:
        return ports
    return sorted(
        dot for dot, info in board.dots.items()
        if dot not in taken and info.kind in (DotKind.SURFACE_CITY, DotKind.SPACE_CITY)
    )


def check_roll(d: Decision, dice: list[int], *, movement: bool) -> None:
    """16.2, 16.21: a rolled "1" draws this turn's Rastur (solitaire: never, 17.2)."""
    s = d.state
    turn = d.turn
    if not rastur_on(s) or solitaire(s) or turn.rastur_drawn or turn.rastur_due:
        return
    if 1 not in dice or s.stage != "playing":
        return
    player = s.players[turn.seat]
    if movement and "mulligan_gear" in player.relics and not turn.rerolled:
        d.emit(event("RasturDue", seat=turn.seat, due=True))  # 16.21: he may reroll it away
        return
    draw(d)


def draw(d: Decision, *, end_if_last: bool = True) -> None:
    """16.2: draw one Rastur at random from the Active pool for the active player to place;
    16.5: the last one drawn is the Rastur's win."""
    s = d.state
    pool = s.rastur_pool
    if not pool:
        return
    strength = pool[d.rng.below(len(pool))]
    d.emit(event("RasturDrawn", seat=d.turn.seat, strength=strength))
    if end_if_last and not d.state.rastur_pool:
        rastur_win(d)


def rastur_win(d: Decision) -> None:
    """16.5, 17.5: the last Rastur was drawn before any player won."""
    worths = [net_worth(d.state, p.seat) for p in d.state.players]
    d.emit(event("GameWon", seat=None, reason="rastur", net_worths=worths))


def place_problem(state: VenusState, board: Board, seat: int, dot: str) -> RuleError | None:
    if state.rastur_hand is None or state.turn is None or state.turn.seat != seat:
        return RuleError("16.2 generation", "you have no Rastur to place")
    if dot not in sites(state, board):
        return RuleError("16.23 site", "put the Rastur on a Spaceport or Orbit without a Fort "
                         "or Rastur (a City only when none is left)")
    return None


def place(d: Decision, actor: int, cmd: c.PlaceRastur) -> None:
    err = place_problem(d.state, d.board, actor, cmd.dot)
    if err is not None:
        raise err
    d.emit(event("RasturPlaced", seat=actor, dot=cmd.dot, strength=d.state.rastur_hand))


def eliminated(state: VenusState, strength: int) -> dict[str, Any]:
    """16.3, 17.3: where a destroyed Rastur goes (``to``) and, in solitaire, whether the
    Transit Box's occupant moves to the Active pool (``bumped``)."""
    if not solitaire(state):
        return {"to": "active", "bumped": None}
    if state.transit is None:
        return {"to": "transit", "bumped": None}
    return {"to": "reserve", "bumped": state.transit}


def generate(d: Decision) -> None:
    """17.2: at the end of each solitaire turn one die generates Rastur: 1-4 expansion
    (17.21), 5-6 merging (17.22)."""
    (die,), loaded = d.roll(1)
    d.emit(event("RasturGeneration", seat=d.turn.seat, die=die, loaded=loaded))
    if die <= 4:
        _expand(d)
    else:
        _merge(d)


def _expand(d: Decision) -> None:
    """17.21: draw one to place; the Transit Box fills from the Reserve (the weakest) or
    empties into the Active pool. 17.5: the last draw does not end the game if the Transit
    Box sends a Rastur to the Active pool."""
    s = d.state
    draw(d, end_if_last=False)
    if s.transit is None:
        if s.rastur_reserve:
            weakest = min(s.rastur_reserve)
            d.emit(event("RasturMoved", strength=weakest, frm="reserve", to="transit"))
    else:
        d.emit(event("RasturMoved", strength=s.transit, frm="transit", to="active"))
    if not d.state.rastur_pool and d.state.stage == "playing":
        rastur_win(d)


def closest(reserve: list[int], total: int) -> int | None:
    """17.22: the Reserve marker closest to ``total``, the lower one on a tie."""
    if not reserve:
        return None
    return min(reserve, key=lambda v: (abs(v - total), v))


def _merge(d: Decision) -> None:
    """17.22: two Active Rastur go to the Reserve, the Reserve marker closest to their total
    joins the Active pool; with only one Active Rastur left the game ends."""
    s = d.state
    pool = list(s.rastur_pool)
    if len(pool) <= 1:
        rastur_win(d)
        return
    first = pool.pop(d.rng.below(len(pool)))
    second = pool.pop(d.rng.below(len(pool)))
    chosen = closest(s.rastur_reserve, first + second)
    d.emit(event("RasturMerged", drawn=[first, second], chosen=chosen))
    if not d.state.rastur_pool:
        rastur_win(d)
