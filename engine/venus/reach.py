"""The reachable-destinations query: every dot where this move can end, with one path.

For the position and roll of the turn in progress, a depth-first search over legal moves
(``Mover.steps``) lists each dot where movement can end: landing (6.2), stopping on a
Penalty (6.3), running out of MP (5.22), being trapped (5.32), or a face-down "?" box whose
reveal will need a new decision (6.1). The web client highlights these; bots choose among
them. Each destination comes with the cheapest path found (fewest penalties paid).

Search cost: without care the number of walks explodes (a Clipper with a Combined Drive
crossing the Asteroid System has millions of non-reversing walks). States are therefore
merged on (dot, MP left, Pilot Number, free skip) and a new arrival is dropped when an
earlier one had used a subset of its paths and at least as much money: the earlier one can
do everything it can (5.32 only ever forbids more). At most ``KEEP`` incomparable histories
are kept per state; past that a later, different history is dropped, which can in principle
miss a destination only reachable with that history (none seen in the 1,000-position
bench). Every path returned is legal: each is checked against its own history.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .board import Board, load_board
from .movement import Mover, Position, Step, position_of
from .state import VenusState


@dataclass(frozen=True)
class Destination:
    dot: str
    end: str  # "land", "penalty", "out_of_mp", "trapped" or "reveal"
    path: tuple[str, ...]  # the dots to pass to MoveAlong, in order (incl. skipped ones)
    pilot: int | None  # the Pilot Number to pass to MoveAlong, if not chosen yet
    mp_left: int
    paid: int  # penalties paid on the way

    def as_dict(self) -> dict[str, object]:
        return {
            "dot": self.dot,
            "end": self.end,
            "path": list(self.path),
            "pilot": self.pilot,
            "mp_left": self.mp_left,
            "paid": self.paid,
        }


KEEP = 2  # incomparable histories kept per search state


def _first_visit(
    seen: dict[tuple[str, int, int | None, bool], list[tuple[frozenset[str], int]]],
    pos: Position,
    cash: int,
) -> bool:
    """False when an earlier arrival at this state dominates this one (or the cap is hit)."""
    key = (pos.dot, pos.mp, pos.pilot, pos.free_step)
    kept = seen.setdefault(key, [])
    for used, money in kept:
        if money >= cash and used <= pos.used:
            return False
    if len(kept) >= KEEP:
        return False
    kept.append((pos.used, cash))
    return True


def reachable(state: VenusState, board: Board | None = None) -> list[Destination]:
    """Where the active player's move can end, from the current position and roll."""
    turn = state.turn
    if turn is None or turn.phase != "move":
        return []
    board = board or load_board(state.edition)
    mover = Mover.for_turn(board, state, turn)
    player = state.players[turn.seat]
    start = position_of(turn, player)
    best: dict[tuple[str, str], Destination] = {}
    seen: dict[tuple[str, int, int | None, bool], list[tuple[frozenset[str], int]]] = {}

    def record(dot: str, end: str, path: tuple[str, ...], pilot: int | None, mp: int,
               paid: int) -> None:
        key = (dot, end)
        old = best.get(key)
        if old is None or (paid, len(path)) < (old.paid, len(old.path)):
            best[key] = Destination(dot, end, path, pilot, mp, paid)

    def visit(pos: Position, cash: int, path: tuple[str, ...], pilot: int | None,
              paid: int) -> None:
        if not _first_visit(seen, pos, cash):
            return
        steps = mover.steps(pos)
        if not steps and path:
            if mover.due(pos.dot) is not None:
                return  # on a Penalty: stopping there for free is the "penalty" destination
            record(pos.dot, "land" if mover.landable(pos.dot) else
                   ("out_of_mp" if pos.mp <= 0 else "trapped"), path, pilot, pos.mp, paid)
            return
        if steps and path and pos.pilot is None:
            # 6.43: a Pilot Number whose arrow points back stops him here (he may choose it)
            for number in mover.bound_pilots(pos) or mover.pilot_choices(pos):
                if not any(s.pilot in (None, number) for s in steps):
                    record(pos.dot, "trapped", path, pilot if pilot is not None else number,
                           pos.mp, paid)
        for step in steps:
            arrive(pos, step, cash, path, pilot, paid)

    def arrive(pos: Position, step: Step, cash: int, path: tuple[str, ...],
               pilot: int | None, paid: int) -> None:
        new_pilot = step.pilot if step.pilot is not None else pos.pilot
        nxt = Position(
            dot=step.to,
            mp=pos.mp - step.mp,
            used=pos.used | frozenset(step.edges),
            pilot=new_pilot,
            moves=pos.moves + 1,
        )
        way = (*path, *step.skipped, step.to)  # skipped dots name the route (8.2)
        first_pilot = pilot if pilot is not None else (
            step.pilot if start.pilot is None else None)
        if mover.is_hidden(step.to):
            record(step.to, "reveal", way, first_pilot, nxt.mp, paid)
            return
        if mover.landable(step.to):
            record(step.to, "land", way, first_pilot, nxt.mp, paid)
        due = mover.due(step.to)
        if due is not None:
            record(step.to, "penalty", way, first_pilot, nxt.mp, paid)
            if cash < due:
                return
            cash -= due
            paid += due
        visit(nxt, cash, way, first_pilot, paid)

    visit(replace(start), player.cash, (), None, 0)
    return sorted(best.values(), key=lambda d: (d.dot, d.end))
