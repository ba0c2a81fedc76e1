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

Across the seqs of a move: each step (``MoveTo``) asks the search again from a state the
last search visited. The search keeps what it learnt on the turn's Mover (``SearchLog``)
and answers from it when the question is provably the one it already explored (the same
Mover, the state visited with the same paths used and cash, and no pruning check below it
that met a state entered elsewhere); else it searches afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.kernel.paths import no_cycle_collection

from .board import Board, load_board
from .encounters import JUMPS, only_last_step_blocks
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
        return _sent(self.dot, self.end, list(self.path), self.pilot, self.mp_left, self.paid)


def _sent(dot: str, end: str, path: list[str], pilot: int | None, mp_left: int,
          paid: int) -> dict[str, object]:
    """A destination as the server sends it (the acting seat's ``extras``; ``path`` is
    taken as it is, a new list)."""
    return {"dot": dot, "end": end, "path": path, "pilot": pilot, "mp_left": mp_left,
            "paid": paid}


KEEP = 2  # incomparable histories kept per search state
LOG_MAX = 1_000  # search states: a larger search's log is not kept (~0.75 KB each)

_T = TypeVar("_T")


def reachable(state: VenusState, board: Board | None = None) -> list[Destination]:
    """Where the active player's move can end, from the current position and roll."""
    with no_cycle_collection():
        return _search(state, board, _destination)


def reachable_dicts(state: VenusState, board: Board | None = None) -> list[dict[str, object]]:
    """``[d.as_dict() for d in reachable(state)]`` without the ``Destination`` objects (what
    the server sends: the acting seat's extras once per seq of a move, the sandbox)."""
    with no_cycle_collection():
        return _search(state, board, _sent)


def _destination(dot: str, end: str, path: list[str], pilot: int | None, mp: int,
                 paid: int) -> Destination:
    return Destination(dot, end, tuple(path), pilot, mp, paid)


def _search(state: VenusState, board: Board | None, make: Callable[..., _T]) -> list[_T]:
    turn = state.turn
    if turn is None or turn.phase != "move":
        return []
    board = board or load_board(state.edition)
    mover = Mover.for_turn(board, state, turn)
    player = state.players[turn.seat]
    start = position_of(turn, player)
    kept: SearchLog | None = mover.search_log
    if kept is not None:
        found = kept.answer(start, player.cash, make)
        if found is not None:
            return found
    log = _explore(mover, start, player.cash)
    mover.search_log = log if len(log.nodes) <= LOG_MAX else None
    found = log.answer(start, player.cash, make)
    assert found is not None
    return found


class SearchLog:
    """What one search learnt, kept on its Mover for the next seqs of the move.

    The search is a function of the Mover (what it is made of: ``movement._made_of``), the
    start (dot, MP left, paths used, Pilot Number, moves made, free step, jumped) and the
    ship's cash; a ``Mover`` is given again by ``for_turn`` only while the first is the same.
    A step of the move (``MoveTo``) starts the next seq's search at a state this search
    visited, with its own paths used and cash. Searched afresh from there, it would explore
    exactly what this search explored below that state, provided no pruning check below it
    met a search state first entered outside it (``seen`` is shared by the whole search; a
    fresh one starts empty). So the log keeps the ends found and the pruning checks (the
    number of the node the state checked was first entered as) in the order they were made,
    and each node's windows of both: a node's windows answer the fresh search's question
    exactly (its ends, their order, the first of equal ones; the paths, Pilot Numbers and
    penalties counted from there), or show it cannot (a check that met an older node: the
    question is searched afresh).

    Kept across seqs, the log's objects outlive many collections of the cycle collector,
    which walks every container it tracks: so it holds few of them. Paths are numbers into
    two flat lists (each arrival's step and the arrival before it) and an end is a tuple of
    strings and numbers (untracked once the collector has seen it).

    ``index``: search state -> the numbers of the nodes (states entered, with moves) that
    entered it; ``nodes``: per node number its ``(paths used, cash, trail, paid, ends from,
    ends to, checks from, checks to)``, None for a node without moves (nothing found from
    there); ``ends``: ``(dot, end, paid, length, mp, trail, 6.43's number)``; ``met``: the
    checks; ``parents``/``steps``: per trail number the trail before it (-1: the start) and
    its last step."""

    __slots__ = ("ends", "index", "met", "moved", "nodes", "parents", "steps")

    def __init__(self, index: dict[tuple[str, int, int | None, bool, bool], tuple[int, ...]],
                 nodes: list[Any], ends: list[tuple[Any, ...]], met: list[int],
                 parents: list[int], steps: list[Step], moved: bool) -> None:
        self.index, self.nodes, self.ends, self.met = index, nodes, ends, met
        self.parents, self.steps, self.moved = parents, steps, moved

    def answer(self, start: Position, cash: int, make: Callable[..., _T]) -> list[_T] | None:
        """The search's answer from ``start`` with ``cash``, if this log knows it exactly:
        ``make(dot, end, path, pilot, mp_left, paid)`` of each end, in order."""
        entered = self.index.get((start.dot, start.mp, start.pilot, start.free_step,
                                  start.jumped))
        if entered is None:
            return None
        used = start.used
        node = None
        number = -1
        nodes = self.nodes
        for number in entered:
            node = nodes[number]
            if node[1] == cash and node[0] == used:
                break
        else:
            return None
        # moves made matter only as none or some (5.31, 8.43; ``Mover._steps_at``)
        if (self.moved if number == 0 else True) != bool(start.moves):
            return None
        _used, _cash, cut, paid0, lo, hi, met_lo, met_hi = node
        if met_lo < met_hi and min(self.met[met_lo:met_hi]) < number:
            return None  # a check met a state entered before: not the same search
        best: dict[tuple[str, str], tuple[Any, ...]] = {}
        for item in self.ends[lo:hi]:  # the first of the least (paid, length) per end
            key = (item[0], item[1])
            old = best.get(key)
            if old is None or (item[2], item[3]) < (old[2], old[3]):
                best[key] = item
        p0 = start.pilot
        parents, steps = self.parents, self.steps
        out: list[_T] = []
        for key in sorted(best):
            dot, end, paid, _, mp, trail, choice = best[key]
            # the path back to the start (as ``trail_list``), and its Pilot Number: the
            # first one a step uses when none was chosen at the start; else the first
            # move's, when it switches it (8.46)
            path: list[str] = []
            on = None
            while trail != cut:
                step = steps[trail]
                trail = parents[trail]
                path.append(step.to)
                skipped = step.skipped
                if skipped:
                    path.extend(reversed(skipped))
                pilot = step.pilot
                if pilot is not None:
                    on = pilot  # walking back: the first one used is met last
            path.reverse()
            if p0 is not None:
                on = step.pilot  # the first move's
                if on == p0:
                    on = None
            out.append(make(dot, end, path, on if on is not None else choice, mp, paid - paid0))
        return out


def _explore(mover: Mover, start: Position, start_cash: int) -> SearchLog:
    seen: dict[tuple[str, int, int | None, bool, bool],
               list[tuple[frozenset[str], int, int]]] = {}
    index: dict[tuple[str, int, int | None, bool, bool], tuple[int, ...]] = {}
    nodes: list[Any] = []
    ends: list[tuple[Any, ...]] = []
    met: list[int] = []
    parents: list[int] = []
    trail_steps: list[Step] = []
    add = ends.append
    check = met.append
    enter = nodes.append
    link = parents.append
    took = trail_steps.append

    steps_of = mover.steps_from
    raw_moves = mover._raw.get
    raw_at = mover._raw_at
    facts_known = mover._facts
    facts_of = mover.facts
    dice = mover._dice_set or mover._dice_choices()  # 6.41: the numbers he may choose

    last_only = only_last_step_blocks(mover.board.edition)  # 2012 backtracking

    # A position travels as its fields (dot, MP left, paths used, Pilot Number, moves made,
    # free step, jumped: ``movement.Position``), not as an object built per arrival; its
    # path as a trail number (-1: none yet).
    def visit(dot: str, mp: int, used: frozenset[str], number: int | None, moves: int,
              free: bool, jumped: bool, cash: int, trail: int, length: int,
              paid: int) -> None:
        # dropped when an earlier arrival at this state dominates it (or the cap is hit)
        key = (dot, mp, number, free, jumped)
        kept = seen.get(key)
        here = len(nodes)
        if kept is None:
            seen[key] = [(used, cash, here)]
        else:
            check(kept[0][2])  # the check met this state, first entered as that node
            for was_used, money, _ in kept:
                if money >= cash and was_used <= used:
                    return
            if len(kept) >= KEEP:
                return
            kept.append((used, cash, here))
        enter(None)  # its entry once its windows are known (None: nothing from here)
        if free or not moves or mp <= 0:  # the start's own cases (5.31, 8.22, 8.43), no MP
            steps = steps_of(dot, mp, used, number, moves, free, jumped)
        else:  # ``steps_of`` for a move under way, inlined (the search's usual case)
            raw = raw_moves(dot)
            if raw is None:
                raw = raw_at(dot, number, moves, False, jumped)
            steps = [s for s, back in raw
                     if s.mp <= mp and (not back or used.isdisjoint(back))]
        if not steps:
            if trail >= 0:
                facts = facts_known.get(dot) or facts_of(dot)
                if facts.due is not None:
                    return  # on a Penalty: stopping there for free is the "penalty" destination
                end = "land" if facts.landable else ("out_of_mp" if mp <= 0 else "trapped")
                add((dot, end, paid, length, mp, trail, None))
            else:  # the start: nothing found
                nodes[here] = (used, cash, trail, paid, 0, 0, 0, 0)
                index[key] = (here,)
            return
        if trail >= 0 and number is None:
            # 6.43: a Pilot Number whose arrow points back stops him here (he may choose it)
            covered = {s.pilot for s in steps}
            if None not in covered:
                for choice in dice:
                    if choice not in covered:
                        add((dot, "trapped", paid, length, mp, trail, choice))
        lo = len(ends)  # what a search from here finds starts here
        met_lo = len(met)
        moves += 1
        for step in steps:
            # arriving at the step's dot (inlined: the search's innermost loop)
            to = step.to
            left_mp = mp - step.mp
            way = len(parents)
            link(trail)
            took(step)
            far = length + len(step.skipped) + 1
            facts = facts_known.get(to) or facts_of(to)
            if facts.hidden:
                add((to, "reveal", paid, far, left_mp, way, None))
                continue
            if facts.landable:
                add((to, "land", paid, far, left_mp, way, None))
            due = facts.due
            left, spent = cash, paid
            if due is not None:
                add((to, "penalty", paid, far, left_mp, way, None))
                if cash < due:
                    continue
                left -= due
                spent += due
            edges = step.edge_set
            now_used = edges if last_only else used | edges if edges else used
            step_pilot = step.pilot
            now_number = step_pilot if step_pilot is not None else number
            visit(to, left_mp, now_used, now_number, moves, False, step.via in JUMPS,  # noqa: F821
                  left, way, far, spent)  # (``visit`` is emptied after the search)
        nodes[here] = (used, cash, trail, paid, lo, len(ends), met_lo, len(met))
        known = index.get(key)
        index[key] = (here,) if known is None else (*known, here)

    visit(start.dot, start.mp, start.used, start.pilot, start.moves, start.free_step,
          start.jumped, start_cash, -1, 0, 0)
    # ``visit`` calls itself through its closure cell: a reference cycle that would keep
    # every search state alive until the cycle collector ran (its pass was the largest
    # share of a query's cost in a server's profile). Clearing the cell frees them now.
    del visit
    return SearchLog(index, nodes, ends, met, parents, trail_steps, bool(start.moves))
