"""Ships and their capacity (3.4-3.44): Holds, the Hull, paperwork, changing ships.

A Hold carries one Goods marker or two other markers (Equipment, Fares) (3.431). The Hull
carries one Shield and any number of Relics (3.432), plus one Laser and one Nova Ball with
the Combat rules (15.31); the Relic Yellow Drive and the Relic Shield are Relics, so they sit on
the Hull beside a normal Shield. Money, IOUs and Deeds take no space (3.433). Changing ships
moves every marker to the new ship (3.44); whatever does not fit must be jettisoned before
the turn ends (3.43, 11.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from .components import load_components
from .pieces import ship_holds, split
from .state import Player, VenusState


@cache
def hull_slots(combat: bool) -> dict[str, int]:
    """3.432, 15.31: Equipment kinds the Hull carries, and how many of each (shared: read
    only)."""
    return {
        e.key: e.hull_max
        for e in load_components().equipment
        if e.hull_max and (combat or not e.combat_only)
    }


def off_hull(fares: int, equipment: Sequence[str], combat: bool = False) -> int:
    """3.431-3.432: the half-Hold markers: Fares and the Equipment the Hull does not carry."""
    on_hull = sum(min(equipment.count(k), n) for k, n in hull_slots(combat).items())
    return fares + len(equipment) - on_hull


def holds_needed(goods: int, fares: int, equipment: Iterable[str], combat: bool = False) -> int:
    """3.431-3.432: Holds needed: one per Goods, one per two other markers off the Hull."""
    return goods + (off_hull(fares, list(equipment), combat) + 1) // 2


def needed(player: Player, combat: bool = False) -> int:
    return holds_needed(len(player.goods), len(player.fares), player.equipment, combat)


def excess(state: VenusState, seat: int) -> int:
    """3.43: how many Holds' worth of markers a ship carries beyond its Holds (0 if none)."""
    player = state.players[seat]
    return max(0, needed(player, _combat(state)) - ship_holds(player.ship))


def _combat(state: VenusState) -> bool:
    return bool(state.options.get("combat", False))


def after_change(
    player: Player, add: Iterable[str] = (), remove: Iterable[str] = ()
) -> tuple[int, int, list[str]]:
    """Counts of (goods, fares, equipment) once ``add`` came on board and ``remove`` left."""
    goods, fares, equipment = len(player.goods), len(player.fares), list(player.equipment)
    for sign, items in ((1, add), (-1, remove)):
        for item in items:
            kind, key = split(item)
            if kind in ("goods", "factory_goods"):
                goods += sign
            elif kind == "fare":
                fares += sign
            elif kind == "equipment":
                if sign > 0:
                    equipment.append(key)
                elif key in equipment:
                    equipment.remove(key)
    return goods, fares, equipment


def room_for(
    state: VenusState,
    seat: int,
    add: Iterable[str],
    remove: Iterable[str] = (),
    ship: str | None = None,
) -> bool:
    """3.43: the ship can take ``add`` (after ``remove`` leaves). A ship already over its
    capacity (after changing ships, 3.44) may still take what does not make it worse."""
    player = state.players[seat]
    combat = _combat(state)
    holds = ship_holds(ship or player.ship)
    goods, fares, equipment = after_change(player, add, remove)
    after = holds_needed(goods, fares, equipment, combat)
    return after <= holds or after <= needed(player, combat)


def acquired_fit(state: VenusState, seat: int, ship: str) -> bool:
    """3.44 with 11.3: what was acquired this turn (and cannot be jettisoned this turn) must
    fit in a new ship, so the excess can always be jettisoned before the turn ends."""
    turn = state.turn
    if state.edition == "classic-2012":  # 2012 "Making Room in a Ship": offload anything
        return True
    items = list(turn.acquired) if turn else []
    goods = sum(split(i)[0] in ("goods", "factory_goods") for i in items)
    fares = sum(split(i)[0] == "fare" for i in items)
    equipment = [split(i)[1] for i in items if split(i)[0] == "equipment"]
    return holds_needed(goods, fares, equipment, _combat(state)) <= ship_holds(ship)


def cargo_items(player: Player) -> list[str]:
    """Every marker on a ship that can be jettisoned (11.3): Goods, Fares, Equipment."""
    return [*player.goods, *player.fares, *(f"equipment:{e}" for e in player.equipment)]


def holds(player: Player, item: str) -> bool:
    """Whether ``player`` owns the item named by an item id (3.2: holdings are public)."""
    kind, key = split(item)
    if kind in ("goods", "factory_goods"):
        return item in player.goods
    if kind == "fare":
        return item in player.fares
    if kind == "equipment":
        return key in player.equipment
    if kind == "relic":
        return key in player.relics
    if kind == "iou":
        return key in player.ious
    return False


def count_of(player: Player, item: str) -> int:
    kind, key = split(item)
    if kind in ("goods", "factory_goods"):
        return player.goods.count(item)
    if kind == "fare":
        return player.fares.count(item)
    if kind == "equipment":
        return player.equipment.count(key)
    if kind == "relic":
        return player.relics.count(key)
    if kind == "iou":
        return player.ious.count(key)
    return 0


def take(player: Player, item: str) -> None:
    """Remove one item from a player's ship or paperwork (used by ``evolve``)."""
    kind, key = split(item)
    if kind in ("goods", "factory_goods"):
        player.goods.remove(item)
    elif kind == "fare":
        player.fares.remove(item)
    elif kind == "equipment":
        player.equipment.remove(key)  # a working piece (15.432: damaged ones stay behind)
        if player.damaged.count(key) > player.equipment.count(key):
            player.damaged.remove(key)
    elif kind == "relic":
        player.relics.remove(key)
    elif kind == "iou":
        player.ious.remove(key)


def give(player: Player, item: str) -> None:
    """Add one item to a player's ship or paperwork (used by ``evolve``)."""
    kind, key = split(item)
    if kind in ("goods", "factory_goods"):
        player.goods.append(item)
    elif kind == "fare":
        player.fares.append(item)
    elif kind == "equipment":
        player.equipment.append(key)
    elif kind == "relic":
        player.relics.append(key)
    elif kind == "iou":
        player.ious.append(key)
