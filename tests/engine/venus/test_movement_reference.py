"""Movement made cheaper (``docs/performance.md``, The levers) answers as the search before it did.

Random legal play (with reachable ``MoveAlong`` paths and take-backs), both editions, with
and without the optional rules. At every seq of a move (5, 6, 8) the reachable destinations
(``reachable_dicts``: the search passing a position as its fields, a plain dot's moves found
by the dot, Movers sharing their terrain caches) equal those of a reference copy of the
search as it was (a ``Position`` object per arrival, the former ``Mover.steps``) run on a
Mover with private, empty caches; the legal commands equal those made again after every
movement cache was emptied. ``decide`` keeps its Mover across the events of
``KEEPS_MOVER`` (a step, 5.1) and rebuilds it after any other (a reveal, 6.1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import Game, Pending, Randomness
from engine.kernel.events import event
from engine.kernel.paths import Trail, trail_spaces
from engine.venus import movement
from engine.venus.board import DotKind, load_board
from engine.venus.encounters import JUMPS, destination_gate_idle, only_last_step_blocks
from engine.venus.legal import legal_actions
from engine.venus.movement import Mover, Position, Step, position_of
from engine.venus.reach import KEEP, reachable_dicts
from engine.venus.rules import KEEPS_MOVER, Decision
from engine.venus.ruleset import ruleset
from engine.venus.state import Marker, QBox, VenusState

from .movekit import play_random

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

OPTIONAL = {
    "avalon-hill": {"combat": True, "rastur": True},
    "classic-2012": {"fast_play": True},
}


def _forget_caches() -> None:
    for cache in (movement._TERRAIN, movement._RAW, movement._MAPS, movement._LAST,
                  movement._SHOWN, movement._TURN_MOVERS):
        cache.clear()


def _private_mover(state: VenusState) -> Mover:
    assert state.turn is not None
    mover = Mover.made_for_turn(load_board(state.edition), state, state.turn)
    mover._markers, mover._facts, mover._raw = {}, {}, {}
    return mover


def _old_steps(m: Mover, pos: Position) -> list[Step]:
    """``Mover.steps`` as it was before it was made cheaper (5.31, 5.32, 6.4, 6.5, 8.22, 8.43)."""
    free = pos.free_step
    if pos.mp <= 0 and not free:
        return []
    here = pos.dot
    number = m.telegate(here)
    if number is not None and pos.jumped and destination_gate_idle(m.board.edition):
        number = None
    jump_start = (pos.moves == 0 and m.jump_start and number is None
                  and m.heading is not None and m.heading in m.gates.values())
    key: tuple[str, tuple[int, ...], bool, bool]
    if jump_start or number is not None or m.board.dots[here].kind is DotKind.CIRCLE:
        pilots = ((pos.pilot,) if pos.pilot is not None and not m.switch_switch
                  else tuple(sorted(set(m.dice))))
        key = (here, pilots, jump_start, free)
    else:
        key = (here, (), False, False)
    raw = m._raw.get(key)
    if raw is None:
        raw = m._raw[key] = m._raw_steps(here, key[1], number, jump_start, free)
    used = pos.used
    if free:
        candidates = [replace(s, mp=0) for s, back in raw if not back or used.isdisjoint(back)]
    else:
        candidates = [s for s, back in raw
                      if s.mp <= pos.mp and (not back or used.isdisjoint(back))]
    if pos.moves == 0 and m.heading is not None:
        declared = [s for s in candidates if s.to == m.heading]
        if declared:
            return declared
    return candidates


def _old_reachable(state: VenusState) -> list[dict[str, object]]:
    """The reachable search as it was before it was made cheaper (same pruning, same ``KEEP``)."""
    turn = state.turn
    if turn is None or turn.phase != "move":
        return []
    mover = _private_mover(state)
    player = state.players[turn.seat]
    start = position_of(turn, player)
    best: dict[tuple[str, str], tuple[int, int, Trail, int | None, int]] = {}
    seen: dict[tuple[Any, ...], list[tuple[frozenset[str], int]]] = {}
    last_only = only_last_step_blocks(mover.board.edition)

    def record(dot: str, end: str, trail: Trail, length: int, pilot: int | None, mp: int,
               paid: int) -> None:
        old = best.get((dot, end))
        if old is None or (paid, length) < (old[0], old[1]):
            best[(dot, end)] = (paid, length, trail, pilot, mp)

    def visit(pos: Position, cash: int, trail: Trail, length: int, pilot: int | None,
              paid: int) -> None:
        kept = seen.setdefault((pos.dot, pos.mp, pos.pilot, pos.free_step, pos.jumped), [])
        for was_used, money in kept:
            if money >= cash and was_used <= pos.used:
                return
        if len(kept) >= KEEP:
            return
        kept.append((pos.used, cash))
        steps = _old_steps(mover, pos)
        if not steps and trail is not None:
            facts = mover.facts(pos.dot)
            if facts.due is not None:
                return
            end = "land" if facts.landable else ("out_of_mp" if pos.mp <= 0 else "trapped")
            record(pos.dot, end, trail, length, pilot, pos.mp, paid)
            return
        if steps and trail is not None and pos.pilot is None:
            covered = {s.pilot for s in steps}
            if None not in covered:
                for number in mover.pilot_choices(pos):
                    if number not in covered:
                        record(pos.dot, "trapped", trail, length,
                               pilot if pilot is not None else number, pos.mp, paid)
        for step in steps:
            mp = pos.mp - step.mp
            way: Trail = (trail, step)
            far = length + len(step.skipped) + 1
            on = pilot
            first_switch = trail is None and step.pilot not in (None, start.pilot)  # 8.46
            if (on is None and start.pilot is None) or first_switch:
                on = step.pilot
            facts = mover.facts(step.to)
            if facts.hidden:
                record(step.to, "reveal", way, far, on, mp, paid)
                continue
            if facts.landable:
                record(step.to, "land", way, far, on, mp, paid)
            left, spent = cash, paid
            if facts.due is not None:
                record(step.to, "penalty", way, far, on, mp, paid)
                if cash < facts.due:
                    continue
                left -= facts.due
                spent += facts.due
            edges = step.edge_set
            used = edges if last_only else pos.used | edges if edges else pos.used
            visit(Position(step.to, mp, used,
                           step.pilot if step.pilot is not None else pos.pilot,
                           pos.moves + 1, jumped=step.via in JUMPS),
                  left, way, far, on, spent)

    visit(replace(start), player.cash, None, 0, None, 0)
    return [{"dot": dot, "end": end, "path": list(trail_spaces(trail)), "pilot": pilot,
             "mp_left": mp, "paid": paid}
            for (dot, end), (paid, _, trail, pilot, mp) in sorted(best.items())]


def _dumped(state: VenusState, seat: int) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in legal_actions(state, seat)]


def _play(edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> int:
    moves = 0

    def check(state: VenusState, pending: Pending | None) -> None:
        nonlocal moves
        if pending is None:
            return
        if state.turn is not None and state.turn.phase == "move":
            moves += 1
            assert reachable_dicts(state) == _old_reachable(state)
        fast = _dumped(state, pending.seats[0])
        _forget_caches()
        assert fast == _dumped(state, pending.seats[0])

    play_random(edition, OPTIONAL[edition] if optional else None, seats, seed, picks, check)
    return moves


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=300))
def test_reachable_and_legal_commands_equal_the_former_search_at_every_seq(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    _play(edition, optional, seats, seed, picks)


def test_the_former_search_is_exercised_on_moves_of_both_editions() -> None:
    for edition in sorted(OPTIONAL):
        assert _play(edition, False, 4, 7, list(range(1, 400, 3))) > 10


_SLOTS = [n for n in Mover.__slots__ if not n.startswith("_") and n != "state"]


def _fields(m: Mover) -> dict[str, object]:
    return {n: getattr(m, n) for n in _SLOTS}


def _moving_state() -> VenusState:
    game: Game[VenusState] = Game.start(ruleset, {"edition": "avalon-hill"},
                                        ["a", "b", "c", "d"], seed=3)
    for pick in range(2000):
        turn = game.state.turn
        if turn is not None and turn.phase == "move" and turn.mp >= 2:
            return game.state
        pending = ruleset.pending(game.state)
        assert pending is not None
        actions = [a for a in ruleset.legal_actions(game.state, pending.seats[0])
                   if a.type != "TakeBack"]
        game.play(pending.seats[0], actions[pick % len(actions)])
    raise AssertionError("no move in 2,000 commands")


def test_decide_keeps_its_mover_across_a_step_and_rebuilds_it_after_a_reveal() -> None:
    """5.1: a step changes the position, not the Mover; 6.1: a reveal changes the map."""
    d = Decision(_moving_state(), Randomness(1, 0))
    turn = d.turn
    first = d.mover()
    here = d.state.players[turn.seat].dot
    step = d.mover().steps(d.position())[0]
    assert "Moved" in KEEPS_MOVER
    d.emit(event("Moved", seat=turn.seat, frm=here, to=step.to, mp=step.mp, via=step.via,
                 skipped=list(step.skipped), edges=list(step.edges), pilot=step.pilot))
    kept = d.mover()
    assert kept is first
    assert _fields(kept) == _fields(Mover.for_turn(d.board, d.state, d.turn))
    hidden = next(dot for dot, box in d.state.qboxes.items()
                  if not box.face_up and box.marker is not None)
    marker = d.state.qboxes[hidden].marker
    assert marker is not None
    assert "MarkerRevealed" not in KEEPS_MOVER
    d.emit(event("MarkerRevealed", dot=hidden, marker=marker.model_dump(exclude_none=True)))
    rebuilt = d.mover()
    assert rebuilt is not first
    assert not rebuilt.is_hidden(hidden)


def test_a_boxes_dict_changed_in_place_shows_its_new_map() -> None:
    """6.1: a box revealed in the same dict (``evolve`` replaces the QBox) shows face up."""
    qboxes = {"a": QBox(marker=Marker(kind="telegate", number=3)),
              "b": QBox(marker=Marker(kind="relic", relic="shield"))}
    before = movement._map_of(qboxes)
    assert movement._map_of(qboxes) is before and before.gates == {}
    qboxes["a"] = QBox(marker=Marker(kind="telegate", number=3), face_up=True)
    after = movement._map_of(qboxes)
    assert after.gates == {3: "a"} and after.boxes != before.boxes
    del qboxes["b"]
    assert movement._map_of(qboxes).boxes != after.boxes
