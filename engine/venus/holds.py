"""Which markers share a Hold when a hit is coming (15.431 with 3.431): the owner's choice.

3.431: "Each Hold box on a ship can carry one Goods marker or two other markers (either two
Equipment markers, or two Fares, or one Equipment and one Fare marker)." 15.431: the winner of
a combat may "damage one Hold of his choice on the loser's ship": every Equipment in it is
damaged, every Fare goes back to the cup. Which markers share a Hold is the owner's business
(3.43: "he must put every Goods, Equipment, and Fare marker he owns on his ship card"), so
before the winner chooses, the loser packs his Holds (``PackHolds``, prompt ``pack``) when he
has a real choice: two different markers that could share a Hold or sit apart, or spare
Holds to spread them. Goods always take a whole Hold each, and the Hull keeps what
``weapons.layout`` puts there (Relics, one working Shield, Laser and Nova Ball).

A packing lists the non-Goods Holds, each one or two markers: ``fare:<from>:<to>``,
``equipment:<key>`` for a working piece, ``damaged:<key>`` for a damaged one. Two packings
that differ only in order are one (``canonical``); the Holds are numbered in the order the
owner wrote them, after his Goods.
"""

from __future__ import annotations

from functools import lru_cache

from engine.kernel import RuleError, event

from . import commands as c
from .pieces import ship_holds
from .rules import Decision, handles, settle
from .state import Player, VenusState
from .weapons import combat_on, layout

Packing = tuple[tuple[str, ...], ...]
RULE = "15.431 hits (3.431 holds: the owner packs them)"


def loose_markers(player: Player, combat: bool) -> tuple[list[str], int]:
    """The owner's markers that go two to a Hold (Fares, Equipment off the Hull), and the
    Holds left for them after one per Goods marker."""
    _, holds = layout(player, combat)
    goods = len(player.goods)
    markers = [_token(item, damaged) for hold in holds[goods:] for item, damaged in hold]
    return markers, ship_holds(player.ship) - goods


def _token(item: str, damaged: bool) -> str:
    return f"damaged:{item.split(':', 1)[1]}" if damaged else item


def packings(player: Player, combat: bool) -> list[Packing]:
    """Every distinct way to pack the loose markers into the free Holds (3.431); none for an
    overloaded ship (it must jettison, 3.43), one when there is nothing to choose."""
    markers, free = loose_markers(player, combat)
    return list(_packings(tuple(sorted(markers)), free))


@lru_cache(maxsize=512)
def _packings(markers: tuple[str, ...], free: int) -> tuple[Packing, ...]:
    found: set[Packing] = set()

    def place(rest: tuple[str, ...], holds: tuple[tuple[str, ...], ...]) -> None:
        if len(holds) + (len(rest) + 1) // 2 > free:
            return
        if not rest:
            found.add(tuple(sorted(holds)))
            return
        first, others = rest[0], rest[1:]
        place(others, (*holds, (first,)))
        for i in sorted({others.index(m) for m in others}):
            place(others[:i] + others[i + 1:], (*holds, tuple(sorted((first, others[i])))))

    place(markers, ())
    return tuple(sorted(found))


def has_choice(player: Player, combat: bool) -> bool:
    """The owner is asked only when the packing matters."""
    return len(packings(player, combat)) > 1


def packed_holds(player: Player, combat: bool,
                 packing: list[list[str]] | None) -> list[list[tuple[str, bool]]] | None:
    """The Holds as the owner packed them: his Goods first (one each, in the order carried,
    as ``weapons.layout``), then his packing, then empty Holds. None: no packing chosen."""
    if packing is None:
        return None
    holds: list[list[tuple[str, bool]]] = [[(g, False)] for g in player.goods]
    for hold in packing:
        holds.append([(f"equipment:{t.split(':', 1)[1]}", True) if t.startswith("damaged:")
                      else (t, False) for t in hold])
    while len(holds) < ship_holds(player.ship):
        holds.append([])
    return holds


def canonical(holds: list[list[str]]) -> Packing:
    return tuple(sorted(tuple(sorted(h)) for h in holds))


def pack_actions(state: VenusState, seat: int) -> list[c.PackHolds]:
    turn = state.turn
    att = turn.attack if turn else None
    if att is None or att.stage != "pack" or att.victim != seat:
        return []
    return [c.PackHolds(holds=[list(h) for h in p])
            for p in packings(state.players[seat], combat_on(state))]


@handles(c.PackHolds)
def _pack(d: Decision, actor: int, cmd: c.PackHolds) -> None:
    """15.431 with 3.431: the loser says which of his markers share a Hold."""
    att = d.turn.attack
    if att is None or att.stage != "pack" or att.victim != actor:
        raise RuleError(RULE, "no hit waits for you to pack your Holds")
    player = d.state.players[actor]
    allowed = packings(player, combat_on(d.state))
    chosen = canonical(cmd.holds)
    if chosen not in allowed:
        markers, free = loose_markers(player, combat_on(d.state))
        raise RuleError(RULE, f"pack exactly these markers, one or two to a Hold, in at most "
                        f"{free} Holds: {sorted(markers)}")
    d.emit(event("HoldsPacked", seat=actor, holds=[list(h) for h in cmd.holds]))  # his order
    settle(d)
