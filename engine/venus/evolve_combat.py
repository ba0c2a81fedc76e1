"""Applying the events of the optional rules (15 combat, 16 Rastur, 17 solitaire)."""

from __future__ import annotations

from typing import Any

from .cargo import take
from .evolve_base import current_turn, handles, receive, to_bank
from .state import Attack, Player, QBox, VenusState


def _loaded(state: VenusState, d: dict[str, Any]) -> None:
    if d.get("loaded"):
        del state.loaded_dice[: d["loaded"]]


def _spend_nova_balls(player: Player, fire: list[str]) -> None:
    """15.32: a Nova Ball fired goes back to the Bank at once."""
    for item in fire:
        if item == "equipment:nova_ball":
            take(player, item)


# --- the Rastur (16, 17) ------------------------------------------------------------------


@handles("RasturPooled")
def _pooled(state: VenusState, d: dict[str, Any]) -> None:
    state.rastur_pool = list(d["active"])
    state.rastur_reserve = list(d["reserve"])
    state.rastur = dict(d.get("map", {}))
    state.transit = d.get("transit")


@handles("RasturDue")
def _due(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).rastur_due = bool(d["due"])


@handles("RasturDrawn")
def _drawn(state: VenusState, d: dict[str, Any]) -> None:
    state.rastur_pool.remove(d["strength"])
    state.rastur_hand = d["strength"]
    t = current_turn(state)
    t.rastur_drawn = True
    t.rastur_due = False


@handles("RasturPlaced")
def _placed(state: VenusState, d: dict[str, Any]) -> None:
    state.rastur[d["dot"]] = d["strength"]
    state.rastur_hand = None


def _take_from(state: VenusState, where: str, strength: int) -> None:
    if where == "active":
        state.rastur_pool.remove(strength)
    elif where == "reserve":
        state.rastur_reserve.remove(strength)
    elif where == "transit":
        state.transit = None


def _put_into(state: VenusState, where: str, strength: int) -> None:
    if where == "active":
        state.rastur_pool.append(strength)
    elif where == "reserve":
        state.rastur_reserve.append(strength)
        state.rastur_reserve.sort()
    elif where == "transit":
        state.transit = strength


@handles("RasturMoved")
def _moved(state: VenusState, d: dict[str, Any]) -> None:
    _take_from(state, d["frm"], d["strength"])
    _put_into(state, d["to"], d["strength"])


@handles("RasturMerged")
def _merged(state: VenusState, d: dict[str, Any]) -> None:
    for strength in d["drawn"]:
        state.rastur_pool.remove(strength)
    if d["chosen"] is not None:
        state.rastur_reserve.remove(d["chosen"])
        state.rastur_pool.append(d["chosen"])
    for strength in d["drawn"]:
        _put_into(state, "reserve", strength)


@handles("RasturGeneration")
def _generation(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).ending = True
    _loaded(state, d)


# --- attacks (15.4-15.54) -----------------------------------------------------------------


@handles("AttackDeclined")
def _declined(state: VenusState, d: dict[str, Any]) -> None:
    current_turn(state).blast_at = None


@handles("Blasted")
def _blasted(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    _loaded(state, d)
    _spend_nova_balls(state.players[d["seat"]], d["fire"])
    t.blast_at = None
    if not d["won"]:
        t.lost = True  # 15.42: the attacker's turn ends
        return
    dot, target = d["dot"], d["target"]
    if target == "fort":
        del state.forts[dot]  # back to the Bank (15.42)
    elif target == "marker":
        # removed permanently (15.42): an empty "?" box
        state.qboxes[dot] = QBox(marker=None, face_up=state.qboxes[dot].face_up)
    elif target == "rastur":
        strength = state.rastur.pop(dot)
        if d.get("bumped") is not None:
            _take_from(state, "transit", d["bumped"])
            _put_into(state, "active", d["bumped"])
        _put_into(state, d.get("to") or "active", strength)
    receive(state, d["seat"], d["paid"])


@handles("PawnAttacked")
def _pawn_attacked(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    _spend_nova_balls(state.players[d["seat"]], d["fire"])
    t.blast_at = None
    t.attack = Attack(attacker=d["seat"], defender=d["defender"], dot=d["dot"],
                      fire=list(d["fire"]), firepower=d["firepower"])


@handles("PawnCombat")
def _pawn_combat(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    _loaded(state, d)
    _spend_nova_balls(state.players[d["defender"]], d["fire"])
    old = t.attack
    assert old is not None
    hitter = d["hit_by"]
    if hitter is None:
        t.attack = None
    else:
        victim = d["defender"] if hitter == d["seat"] else d["seat"]
        stage = "pack" if d.get("pack") else "hit"  # 15.431: the loser packs his Holds first
        t.attack = old.model_copy(update={"stage": stage, "hitter": hitter, "victim": victim})
    if not d["won"]:
        t.lost = True


@handles("HoldsPacked")
def _packed(state: VenusState, d: dict[str, Any]) -> None:
    t = current_turn(state)
    assert t.attack is not None
    t.attack = t.attack.model_copy(update={"stage": "hit",
                                           "packing": [list(h) for h in d["holds"]]})


@handles("HitScored")
def _hit(state: VenusState, d: dict[str, Any]) -> None:
    """15.431: a Hull marker destroyed, or a Hold damaged (Equipment damaged, Fares into the
    cup, Goods jettisoned and perhaps claimed by the winner)."""
    t = current_turn(state)
    victim = state.players[d["victim"]]
    if d["hull"] is not None:
        take(victim, d["hull"])  # Relics leave play, Equipment goes to the Bank
    victim.damaged.extend(d["damaged"])
    for fare in d["fares"]:
        victim.fares.remove(fare)
        state.cup.append(fare)
    goods = d["goods"]
    if goods is not None:
        victim.goods.remove(goods)
        if d["claimed"]:
            state.players[d["seat"]].goods.append(goods)
        else:
            state.cup.append(goods)
    t.attack = None


@handles("Theft")
def _theft(state: VenusState, d: dict[str, Any]) -> None:
    """15.51-15.542: paid to the Bank, counted as the City buy; the stolen Goods or the Deed
    (with its Spaceport or Factory) change hands when the attacker wins."""
    t = current_turn(state)
    _loaded(state, d)
    thief = state.players[d["seat"]]
    victim = state.players[d["defender"]]
    thief.cash -= d["cash"]
    to_bank(state, d["cash"])
    t.credit -= d.get("credit", 0)  # 15.51 with 9.32: trade-in credit spent as money
    _spend_nova_balls(thief, d["fire"])
    t.bought += 1
    t.blast_at = None
    if not d["won"]:
        t.lost = True
        return
    if d["goods"] is not None:
        victim.goods.remove(d["goods"])
        thief.goods.append(d["goods"])
        t.acquired.append(d["goods"])
    if d["deed"] is not None:
        deed = d["deed"]
        victim.deeds.remove(deed)
        thief.deeds.append(deed)
        for dot, owner in state.spaceports.items():
            if owner == victim.seat and dot == d["dot"] and deed.startswith("deed:spaceport:"):
                state.spaceports[dot] = thief.seat
        culture = deed.split(":")[2]
        site = state.factories.get(culture)
        if deed.startswith("deed:factory:") and site is not None:
            state.factories[culture] = site.model_copy(update={"owner": thief.seat})


@handles("FortReturned")
def _fort_returned(state: VenusState, d: dict[str, Any]) -> None:
    del state.forts[d["dot"]]


@handles("EquipmentRepaired")
def _repaired(state: VenusState, d: dict[str, Any]) -> None:
    player = state.players[d["seat"]]
    for key in d["keys"]:
        player.damaged.remove(key)
