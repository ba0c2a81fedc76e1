"""What the search bot (``engine/bots/search.py``, ``docs/bots.md``) asks of the classic
game: a world dealt from one seat's view (``determinize``) and how good a position is for a
seat (``evaluate``).

What a seat does not see (``view.py``): which Culture lies in each System not yet discovered
(4.12, 7.3) unless it observed it (7.2), the "?" markers still face down (2.8, 6.1) unless it
spied them (8.45), the markers removed unseen (4.11), which markers are in the bonus cup
(10.1: only how many), the Rastur pool's face-down counters (16.2), another seat's
observations and spied markers, and a sandbox's loaded dice and draws. A world keeps every
open fact and the seat's own knowledge, and deals the rest again: each pool sorted (so only
what the seat can know of it counts) and shuffled with the given stream; another seat's
observations follow the world (it saw what lies there in that world).
"""

from __future__ import annotations

import math
from dataclasses import replace

from engine.bots.search import HARD as PLAIN_HARD
from engine.kernel import Randomness

from .bots.knowledge import cost, payoff
from .pieces import fare_fee
from .state import Marker, Player, QBox, VenusState, clone_state
from .trading import trade_in
from .winning import net_worth, target

SCALE_SHARE = 0.5  # the share of the target a lead must reach to be clearly better

# Hard's playouts at two players go on through the other's turn to the end of the seat's
# next one, where the market its course led to is reached; at more they end with the turn
# (``docs/bots.md``, "Why the search adds little in the Venus games" and "Levers measured").
HARD = replace(PLAIN_HARD, next_turn_upto=2)


def _marker_key(marker: Marker | None) -> str:
    return "" if marker is None else marker.model_dump_json()


def determinize(state: VenusState, seat: int, rng: Randomness) -> VenusState:
    """A copy of ``state`` with what ``seat`` cannot see dealt again from ``rng``."""
    world = clone_state(state)
    me = state.players[seat] if 0 <= seat < len(state.players) else None
    _cultures(state, world, me, rng)
    _markers(state, world, me, rng)
    world.cup = rng.shuffled(sorted(state.cup))
    world.rastur_pool = rng.shuffled(sorted(state.rastur_pool))
    world.loaded_dice = []
    world.loaded_draws = []
    return world


def _cultures(state: VenusState, world: VenusState, me: Player | None,
              rng: Randomness) -> None:
    """4.12, 7.2, 7.3: the undiscovered Systems' Cultures, less those the seat observed."""
    hidden = sorted(s for s in state.iou_at if s not in state.discovered)
    known = {} if me is None else {s: c for s, c in me.observed.items() if s in hidden}
    pool = sorted(state.iou_at[s] for s in hidden)
    for culture in known.values():
        pool.remove(culture)
    dealt = iter(rng.shuffled(pool))
    for system in hidden:
        world.iou_at[system] = known[system] if system in known else next(dealt)
    for p in world.players:
        if me is None or p.seat != me.seat:
            p.observed = {s: world.iou_at.get(s, c) for s, c in p.observed.items()}


def _markers(state: VenusState, world: VenusState, me: Player | None,
             rng: Randomness) -> None:
    """2.8, 4.11, 6.1, 8.45: the face-down "?" markers and those removed unseen, less the
    ones the seat spied."""
    down = sorted(d for d, box in state.qboxes.items() if not box.face_up)
    spied: dict[str, Marker] = {} if me is None else {
        d: m for d, m in me.spied.items() if d in down}
    pool = [state.qboxes[d].marker for d in down] + list(state.unused_markers)
    pool.sort(key=_marker_key)
    for seen in spied.values():
        key = _marker_key(seen)
        at = next((i for i, m in enumerate(pool) if _marker_key(m) == key), None)
        if at is not None:
            del pool[at]
    dealt = rng.shuffled(pool)
    for dot in down:
        marker: Marker | None = spied[dot] if dot in spied else dealt.pop()
        world.qboxes[dot] = QBox(marker=marker, face_up=False)
    world.unused_markers = [m for m in dealt if m is not None]
    for p in world.players:
        if me is None or p.seat != me.seat:
            p.spied = {d: _seen(world, d, m) for d, m in p.spied.items()}


def _seen(world: VenusState, dot: str, marker: Marker) -> Marker:
    """What another seat spied in ``dot`` in this world (the box's marker while it lies
    there face down)."""
    box = world.qboxes.get(dot)
    if box is None or box.face_up or box.marker is None:
        return marker
    return box.marker


def worth(state: VenusState, seat: int) -> float:
    """13.1's Net Worth, and what the seat's holdings would bring: its Goods half-way
    between their price and their payoff (9.2, 2.51), its Fares half their fee (10.3: paid
    on delivery), its ship, Equipment, Relics and IOUs at their barter value (9.32)."""
    p = state.players[seat]
    value = float(net_worth(state, seat))
    for goods in p.goods:
        value += (cost(goods) + payoff(state.edition, goods)) / 2
    if p.fares:
        fees = fare_fee(state.edition)
        value += sum(fees[fare] for fare in p.fares) / 2
    if p.ship != "scout":
        value += trade_in(f"ship:{p.ship}")
    for kind, keys in (("equipment", p.equipment), ("relic", p.relics), ("iou", p.ious)):
        value += sum(trade_in(f"{kind}:{key}") for key in keys)
    return value


def evaluate(state: VenusState, seat: int) -> float:
    """1 for the winner (13.2, 13.3), 0 for the others (and for everyone when the Rastur
    win, 16.5); before the end, the seat's lead over the best other seat's ``worth`` squashed
    into (0, 1); alone (solitaire, 17), its worth against the target."""
    if state.end is not None or state.stage == "over":
        return 1.0 if state.winner == seat else 0.0
    mine = worth(state, seat)
    others = [worth(state, p.seat) for p in state.players if p.seat != seat]
    if not others:
        return min(1.0, max(0.0, mine / max(target(state), 1)))
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / (SCALE_SHARE * max(target(state), 1)))
