"""Weapons (15.3-15.42): what a ship fires and its firepower, its Hull and Holds as a hit
sees them (15.431 with 3.431), and what it may blast now (15.4).

The commands that use them (blasting, pawn combat, hits) are in ``combat``; the owner's own
packing of his Holds before a hit is in ``holds``; Forts in ``forts``.
"""

from __future__ import annotations

from collections import Counter

from engine.kernel import RuleError

from .board import Board
from .cargo import hull_slots
from .components import load_components
from .discovery import site_kind
from .pieces import ship_holds, split
from .state import Player, VenusState

COMPS = load_components()
WEAPON_KEYS = ("laser", "nova_ball")


def combat_on(state: VenusState) -> bool:
    return bool(state.options.get("combat", False))


# --- weapons (15.3-15.32) -------------------------------------------------------------------


def weapons(player: Player) -> list[str]:
    """The working weapons a ship can fire, one id per marker (damaged ones cannot, 15.432)."""
    out: list[str] = []
    for key in WEAPON_KEYS:
        n = player.equipment.count(key) - player.damaged.count(key)
        out += [f"equipment:{key}"] * max(0, n)
    if "laser" in player.relics:
        out.append("relic:laser")  # 8.4, 8.48: the Relic Laser works like a Laser
    return out


def firepower(fire: list[str]) -> int:
    total = 0
    for item in fire:
        kind, key = split(item)
        total += COMPS.equipment_item("laser" if kind == "relic" else key).firepower
    return total


def check_fire(player: Player, fire: list[str], *, rule: str, at_least_one: bool) -> int:
    """15.32: the weapons fired must be on the ship and working; their total firepower."""
    have = Counter(weapons(player))
    for item, n in Counter(fire).items():
        if have[item] < n:
            raise RuleError(rule, f"you cannot fire {n} x {item}")
    if at_least_one and not fire:
        raise RuleError(rule, "fire at least one weapon")
    return firepower(fire)


def fire_options(player: Player, *, at_least_one: bool) -> list[list[str]]:
    """A short list of volleys for ``legal_actions``: everything, or everything but the Nova
    Balls (they are spent when fired), or nothing (fire-back only)."""
    every = weapons(player)
    out: list[list[str]] = [] if at_least_one else [[]]
    if every:
        out.append(every)
    keep = [w for w in every if w != "equipment:nova_ball"]
    if keep and keep != every:
        out.append(keep)
    return out


# --- the ship's Hull and Holds (15.431) ---------------------------------------------------


def layout(player: Player, combat: bool = True) -> tuple[list[str], list[list[tuple[str, bool]]]]:
    """(Hull markers, Holds) of a ship, as the hit rule sees them: Relics and one working
    Shield, Laser and Nova Ball on the Hull (3.432, 15.31); then one Goods marker per Hold in
    the order carried, then Fares and the other Equipment two to a Hold (3.431). A Hold entry
    is (item, damaged). When the packing matters the owner chooses it before a hit
    (``holds.py``, ``PackHolds``); this is the packing used otherwise."""
    hull = [f"relic:{r}" for r in player.relics]
    slots = hull_slots(combat)
    off: list[tuple[str, bool]] = []
    for key in dict.fromkeys(player.equipment):
        n = player.equipment.count(key)
        bad = min(n, player.damaged.count(key))
        on = min(slots.get(key, 0), n - bad)
        hull += [f"equipment:{key}"] * on
        off += [(f"equipment:{key}", False)] * (n - bad - on) + [(f"equipment:{key}", True)] * bad
    holds: list[list[tuple[str, bool]]] = [[(g, False)] for g in player.goods]
    rest = [(f, False) for f in player.fares] + off
    holds += [rest[i:i + 2] for i in range(0, len(rest), 2)]
    while len(holds) < ship_holds(player.ship):
        holds.append([])
    return hull, holds


# --- what may be blasted (15.4-15.42) -------------------------------------------------------


def blast_targets(state: VenusState, board: Board, seat: int) -> list[str]:
    """15.4: what ``seat`` may blast now. At a City or Spaceport only an enemy Fort; on any
    other dot also pawns, face-up "?" Penalty markers and Rastur (never printed Ovals, Tele
    Gates, Spaceports, Factories or Relics). Needs an attack opened by entering the dot (or
    a whole turn there, 15.412) and a working weapon."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.blast_at is None or turn.attack is not None:
        return []
    if not combat_on(state) or state.stage != "playing":
        return []
    player = state.players[seat]
    here = player.dot
    if turn.blast_at != here or turn.lost or state.rastur_hand is not None or turn.rastur_due:
        return []
    if turn.phase != "move" and not (turn.phase == "trade" and turn.stayed):
        return []
    if not weapons(player):
        return []
    out: list[str] = []
    owner = state.forts.get(here)
    if owner is not None and owner != seat:
        out.append("fort")
    if site_kind(state, board, here) is None:  # the Rastur cancel a City or Spaceport (16.4)
        if here in state.rastur:
            out.append("rastur")
        box = state.qboxes.get(here)
        if box is not None and box.face_up and box.marker and box.marker.kind == "penalty":
            out.append("marker")
        out += [f"pawn:{p.seat}" for p in state.players if p.seat != seat and p.dot == here]
    return out
