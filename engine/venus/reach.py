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

from dataclasses import dataclass

from engine.kernel.paths import Trail, no_cycle_collection, trail_list, trail_spaces

from .board import Board, load_board
from .encounters import JUMPS, only_last_step_blocks
from .movement import Mover, position_of
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
        return _sent(self.dot, self.end, list(self.path), self.pilot, self.mp_left, self.paid)


def _sent(dot: str, end: str, path: list[str], pilot: int | None, mp_left: int,
          paid: int) -> dict[str, object]:
    """A destination as the server sends it (the acting seat's ``extras``; ``path`` is
    taken as it is, a new list)."""
    return {"dot": dot, "end": end, "path": path, "pilot": pilot, "mp_left": mp_left,
            "paid": paid}


KEEP = 2  # incomparable histories kept per search state


_Best = dict[tuple[str, str], tuple[int, int, Trail, int | None, int]]


def reachable(state: VenusState, board: Board | None = None) -> list[Destination]:
    """Where the active player's move can end, from the current position and roll."""
    with no_cycle_collection():
        best = _search(state, board)
        return [Destination(dot, end, trail_spaces(trail), pilot, mp, paid)
                for (dot, end), (paid, _, trail, pilot, mp) in sorted(best.items())]


def reachable_dicts(state: VenusState, board: Board | None = None) -> list[dict[str, object]]:
    """``[d.as_dict() for d in reachable(state)]`` without the ``Destination`` objects (what
    the server sends: the acting seat's extras once per seq of a move, the sandbox)."""
    with no_cycle_collection():
        best = _search(state, board)
        return [_sent(dot, end, trail_list(trail), pilot, mp, paid)
                for (dot, end), (paid, _, trail, pilot, mp) in sorted(best.items())]


def _search(state: VenusState, board: Board | None) -> _Best:
    turn = state.turn
    if turn is None or turn.phase != "move":
        return {}
    board = board or load_board(state.edition)
    mover = Mover.for_turn(board, state, turn)
    player = state.players[turn.seat]
    start = position_of(turn, player)
    best: _Best = {}
    seen: dict[tuple[str, int, int | None, bool, bool], list[tuple[frozenset[str], int]]] = {}

    def record(dot: str, end: str, trail: Trail, length: int, pilot: int | None, mp: int,
               paid: int) -> None:
        key = (dot, end)
        old = best.get(key)
        if old is None or (paid, length) < (old[0], old[1]):
            best[key] = (paid, length, trail, pilot, mp)

    steps_of = mover.steps_from
    raw_moves = mover._raw.get
    raw_at = mover._raw_at
    facts_known = mover._facts
    facts_of = mover.facts
    dice = mover._dice_set or mover._dice_choices()  # 6.41: the numbers he may choose

    start_pilot = start.pilot
    last_only = only_last_step_blocks(mover.board.edition)  # 2012 backtracking

    # A position travels as its fields (dot, MP left, paths used, Pilot Number, moves made,
    # free step, jumped: ``movement.Position``), not as an object built per arrival.
    def visit(dot: str, mp: int, used: frozenset[str], number: int | None, moves: int,
              free: bool, jumped: bool, cash: int, trail: Trail, length: int,
              pilot: int | None, paid: int) -> None:
        # dropped when an earlier arrival at this state dominates it (or the cap is hit)
        key = (dot, mp, number, free, jumped)
        kept = seen.get(key)
        if kept is None:
            seen[key] = [(used, cash)]
        else:
            for was_used, money in kept:
                if money >= cash and was_used <= used:
                    return
            if len(kept) >= KEEP:
                return
            kept.append((used, cash))
        if free or not moves or mp <= 0:  # the start's own cases (5.31, 8.22, 8.43), no MP
            steps = steps_of(dot, mp, used, number, moves, free, jumped)
        else:  # ``steps_of`` for a move under way, inlined (the search's usual case)
            raw = raw_moves(dot)
            if raw is None:
                raw = raw_at(dot, number, moves, False, jumped)
            steps = [s for s, back in raw
                     if s.mp <= mp and (not back or used.isdisjoint(back))]
        if not steps:
            if trail is not None:
                facts = facts_known.get(dot) or facts_of(dot)
                if facts.due is not None:
                    return  # on a Penalty: stopping there for free is the "penalty" destination
                end = "land" if facts.landable else ("out_of_mp" if mp <= 0 else "trapped")
                record(dot, end, trail, length, pilot, mp, paid)
            return
        if trail is not None and number is None:
            # 6.43: a Pilot Number whose arrow points back stops him here (he may choose it)
            covered = {s.pilot for s in steps}
            if None not in covered:
                for choice in dice:
                    if choice not in covered:
                        record(dot, "trapped", trail, length,
                               pilot if pilot is not None else choice, mp, paid)
        moves += 1
        for step in steps:
            # arriving at the step's dot (inlined: the search's innermost loop)
            to = step.to
            left_mp = mp - step.mp
            way: Trail = (trail, step)
            far = length + len(step.skipped) + 1
            on = pilot
            step_pilot = step.pilot
            if on is None and start_pilot is None:
                on = step_pilot
            elif trail is None and step_pilot is not None and step_pilot != start_pilot:
                on = step_pilot  # 8.46: the first move switches the number; MoveAlong names it
            facts = facts_known.get(to) or facts_of(to)
            if facts.hidden:
                record(to, "reveal", way, far, on, left_mp, paid)
                continue
            if facts.landable:
                record(to, "land", way, far, on, left_mp, paid)
            due = facts.due
            left, spent = cash, paid
            if due is not None:
                record(to, "penalty", way, far, on, left_mp, paid)
                if cash < due:
                    continue
                left -= due
                spent += due
            edges = step.edge_set
            now_used = edges if last_only else used | edges if edges else used
            now_number = step_pilot if step_pilot is not None else number
            visit(to, left_mp, now_used, now_number, moves, False, step.via in JUMPS,  # noqa: F821
                  left, way, far, on, spent)  # (``visit`` is emptied after the search)

    visit(start.dot, start.mp, start.used, start.pilot, start.moves, start.free_step,
          start.jumped, player.cash, None, 0, None, 0)
    # ``visit`` calls itself through its closure cell: a reference cycle that would keep
    # every search state alive until the cycle collector ran (its pass was the largest
    # share of a query's cost in a server's profile). Clearing the cell frees them now.
    del visit
    return best
