"""Combat (15): blasting during movement, pawn combat and hits, the Rastur's prompts.

- 15.3-15.32: Lasers and Nova Balls are Equipment (``trading.prices`` sells them from their
  Science in combat games; ``cargo.hull_slots`` puts one of each on the Hull). A ship fires
  any of its working weapons (the Relic Laser too, 8.48; ``weapons``); a Nova Ball fired goes
  back to the Bank at once.
- 15.4-15.44: entering a dot (after paying its penalty, 15.411) opens one attack there
  (``Turn.blast_at``); a whole turn without moving opens one before trading (15.412).
  Penalty markers (face-up "?" Penalties, enemy Forts, Rastur) are resolved at once; a pawn
  blasted gets a ``defend`` prompt (``FireBack``), then the winner a ``hit`` prompt
  (``ChooseHit``). A lost attack ends the turn (15.212).
- 15.5-15.542: Swindles and Revolts are in ``theft``.
- 15.1-15.13: Forts (``forts``) are bought from any Culture (``Buy(item="fort", site=...)``)
  and act as a $60 Penalty for everyone but their owner (``movement.marker_penalty``); one in
  play is rebuilt elsewhere here (``RebuildFort``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.kernel import Command, RuleError, event

from . import commands as c
from . import rastur
from .bank import payable
from .board import Board
from .cargo import room_for
from .cup import draw
from .discovery import site_kind
from .forts import FORT
from .holds import has_choice, pack_actions, packed_holds
from .movement import shields_of
from .pieces import split
from .rules import Decision, handles, settle
from .state import Attack, VenusState
from .trading import _buy, buy_problem
from .weapons import blast_targets, check_fire, combat_on, fire_options, layout

SHIELD_SAVING = 20  # 15.43: each Shield subtracts 20 from the enemy's strength


# --- the loser's Hull and Holds (15.431) ----------------------------------------------------


def hit_layout(state: VenusState, att: Attack) -> tuple[list[str],
                                                         list[list[tuple[str, bool]]]]:
    """The loser's Hull and Holds for a hit: his own packing if he chose one (``holds``)."""
    assert att.victim is not None
    player = state.players[att.victim]
    hull, holds = layout(player, combat_on(state))
    return hull, packed_holds(player, combat_on(state), att.packing) or holds


# --- blasting (15.4-15.44) ----------------------------------------------------------------


def target_strength(state: VenusState, dot: str, target: str) -> int:
    """15.42: the number on the Penalty marker (a Fort's $60, a Rastur's strength)."""
    if target == "fort":
        return FORT.penalty
    if target == "rastur":
        return state.rastur[dot]
    box = state.qboxes[dot]
    assert box.marker is not None
    return box.marker.amount or 0


@handles(c.Blast)
def _blast(d: Decision, actor: int, cmd: c.Blast) -> None:
    """15.41-15.43: one attack on one target on this dot."""
    s = d.state
    targets = blast_targets(s, d.board, actor)
    if not targets:
        raise RuleError("15.41 moving attacks", "no attack is open here now (enter a dot, pay its"
                        " penalty, carry a working weapon; one attack per dot entered)")
    if cmd.target not in targets:
        if cmd.target.startswith("pawn:") and site_kind(s, d.board, s.players[actor].dot):
            raise RuleError("15.4 blasting", "pawns cannot be blasted on a City or Spaceport")
        raise RuleError("15.4 blasting", f"you cannot blast {cmd.target} here: {targets}")
    player = s.players[actor]
    power = check_fire(player, cmd.fire, rule="15.32 firepower", at_least_one=True)
    here = player.dot
    if cmd.target.startswith("pawn:"):
        d.emit(event("PawnAttacked", seat=actor, defender=int(cmd.target.split(":")[1]),
                     dot=here, fire=list(cmd.fire), firepower=power))
        return  # 15.43: the defender may fire back first
    strength = target_strength(s, here, cmd.target)
    (a, b), loaded = d.roll(2)
    attack, defense = 10 * a + power, 10 * b + strength
    won = attack > defense
    extra = rastur.eliminated(s, strength) if won and cmd.target == "rastur" else {}
    d.emit(event("Blasted", seat=actor, dot=here, target=cmd.target, fire=list(cmd.fire),
                 firepower=power, die=a, defense_die=b, strength=strength, attack=attack,
                 defense=defense, won=won, paid=payable(s, strength) if won else 0,
                 owner=s.forts.get(here) if cmd.target == "fort" else None, loaded=loaded,
                 **extra))
    rastur.check_roll(d, [a], movement=False)
    settle(d)


@handles(c.HoldFire)
def _hold_fire(d: Decision, actor: int, cmd: c.HoldFire) -> None:
    turn = d.turn
    if turn.phase != "move" or turn.blast_at is None or turn.attack is not None:
        raise RuleError("15.41 moving attacks", "no attack is open here")
    d.emit(event("AttackDeclined", seat=actor, dot=d.state.players[actor].dot))
    settle(d)


@handles(c.FireBack)
def _fire_back(d: Decision, actor: int, cmd: c.FireBack) -> None:
    """15.43: both roll; strength = 10 x die + firepower - 20 per enemy Shield (not below 0).
    The attacker wins on a greater strength; a defender who fired and is stronger hits him."""
    s = d.state
    att = d.turn.attack
    if att is None or att.stage != "defend" or att.defender != actor:
        raise RuleError("15.43 blasting pawns", "no attack waits for your answer")
    defender, attacker = s.players[actor], s.players[att.attacker]
    power = check_fire(defender, cmd.fire, rule="15.32 firepower", at_least_one=False)
    (a, b), loaded = d.roll(2)
    attack = max(0, 10 * a + att.firepower - SHIELD_SAVING * shields_of(defender))
    defense = max(0, 10 * b + power - SHIELD_SAVING * shields_of(attacker))
    won = attack > defense
    hit_by = att.attacker if won else (actor if cmd.fire and defense > attack else None)
    pack = False
    if hit_by is not None:  # 15.431 with 3.431: the loser packs his Holds if it matters
        loser = s.players[actor if hit_by == att.attacker else att.attacker]
        pack = has_choice(loser, combat_on(s))
    d.emit(event("PawnCombat", seat=att.attacker, defender=actor, dot=att.dot,
                 fire=list(cmd.fire), firepower=power, die=a, defense_die=b, attack=attack,
                 defense=defense, won=won, hit_by=hit_by, pack=pack, loaded=loaded))
    rastur.check_roll(d, [a], movement=False)  # 16.22: the defender's die never draws
    settle(d)


def hit_problem(state: VenusState, seat: int, cmd: c.ChooseHit) -> RuleError | None:
    """15.431: one Hull marker, or one Hold (its Goods may be claimed if there is room)."""
    turn = state.turn
    att = turn.attack if turn else None
    rule = "15.431 hits"
    if att is None or att.stage != "hit" or att.hitter != seat or att.victim is None:
        return RuleError(rule, "you have no hit to inflict")
    hull, holds = hit_layout(state, att)
    if (cmd.hull is None) == (cmd.hold is None):
        return RuleError(rule, "choose one Hull marker or one Hold")
    if cmd.hull is not None:
        if cmd.hull not in hull:
            return RuleError(rule, f"{cmd.hull} is not on that ship's Hull: {sorted(set(hull))}")
        if cmd.claim or cmd.jettison:
            return RuleError(rule, "only Goods in a damaged Hold can be claimed")
        return None
    assert cmd.hold is not None
    if not 0 <= cmd.hold < len(holds):
        return RuleError(rule, f"that ship has Holds 0 to {len(holds) - 1}")
    goods = [i for i, _ in holds[cmd.hold] if split(i)[0] in ("goods", "factory_goods")]
    if not cmd.claim:
        return RuleError(rule, "jettison only to make room for claimed Goods") \
            if cmd.jettison else None
    if not goods:
        return RuleError(rule, "that Hold holds no Goods to claim")
    me = state.players[seat]
    for item, n in Counter(cmd.jettison).items():
        kind, key = split(item)
        if kind not in ("goods", "factory_goods", "equipment"):
            return RuleError(rule, "the winner jettisons Goods or Equipment, never a Fare")
        have = me.goods.count(item) if kind != "equipment" else me.equipment.count(key)
        if have < n:
            return RuleError(rule, f"you do not carry {n} x {item}")
    if not room_for(state, seat, goods, cmd.jettison):
        return RuleError("3.43 capacity", "no room for the Goods: jettison something first")
    return None


@handles(c.ChooseHit)
def _choose_hit(d: Decision, actor: int, cmd: c.ChooseHit) -> None:
    s = d.state
    err = hit_problem(s, actor, cmd)
    if err is not None:
        raise err
    att = d.turn.attack
    assert att is not None and att.victim is not None
    victim = att.victim
    for item in cmd.jettison:
        d.emit(event("Jettisoned", seat=actor, item=item, fee=0, paid=0, hit=True))
        if split(item)[0] != "equipment":
            draw(d)
    damaged: list[str] = []
    fares: list[str] = []
    goods: str | None = None
    if cmd.hold is not None:
        _, holds = hit_layout(s, att)
        for item, is_damaged in holds[cmd.hold]:
            kind, key = split(item)
            if kind == "equipment" and not is_damaged:
                damaged.append(key)
            elif kind == "fare":
                fares.append(item)
            elif kind in ("goods", "factory_goods"):
                goods = item
    d.emit(event("HitScored", seat=actor, victim=victim, hull=cmd.hull, hold=cmd.hold,
                 damaged=damaged, fares=fares, goods=goods, claimed=bool(cmd.claim and goods)))
    draw(d, len(fares) + (1 if goods and not cmd.claim else 0))  # 2.7: into the cup, a draw
    settle(d)


# --- Forts (15.11) --------------------------------------------------------------------------


@handles(c.RebuildFort)
def _rebuild(d: Decision, actor: int, cmd: c.RebuildFort) -> None:
    """15.11: return a Fort to the Bank for nothing and pay to rebuild it here."""
    s = d.state
    if s.forts.get(cmd.frm) != actor:
        raise RuleError("15.11 limits", "you have no Fort there")
    err = buy_problem(s, d.board, actor, "fort", cmd.site, rebuilding=cmd.frm)
    if err is not None:
        raise err
    d.emit(event("FortReturned", seat=actor, dot=cmd.frm))
    _buy(d, actor, c.Buy(item="fort", site=cmd.site))


# --- the Rastur prompts (16.2, 16.21, 16.23) -------------------------------------------------


@handles(c.DrawRastur)
def _draw_rastur(d: Decision, actor: int, cmd: c.DrawRastur) -> None:
    if not d.turn.rastur_due:
        raise RuleError("16.2 generation", "no Rastur is due")
    rastur.draw(d)
    settle(d)


@handles(c.PlaceRastur)
def _place_rastur(d: Decision, actor: int, cmd: c.PlaceRastur) -> None:
    rastur.place(d, actor, cmd)
    settle(d)


# --- what may be done (legal_actions) -------------------------------------------------------


def interrupt_actions(state: VenusState, board: Board, seat: int, kind: str) -> Iterator[Command]:
    """The commands of a waiting prompt: defend, hit, place_rastur, draw_rastur."""
    turn = state.turn
    assert turn is not None
    if kind == "defend":
        for fire in fire_options(state.players[seat], at_least_one=False):
            yield c.FireBack(fire=fire)
    elif kind == "pack":
        yield from pack_actions(state, seat)
    elif kind == "hit":
        yield from _hit_actions(state, seat)
    elif kind == "place_rastur":
        for dot in rastur.sites(state, board):
            yield c.PlaceRastur(dot=dot)
    elif kind == "draw_rastur":
        yield c.DrawRastur()
        for i in range(len(turn.dice)):
            yield c.Reroll(die=i)


def _hit_actions(state: VenusState, seat: int) -> Iterator[Command]:
    att = state.turn.attack if state.turn else None
    if att is None or att.victim is None:
        return
    hull, holds = hit_layout(state, att)
    for item in dict.fromkeys(hull):
        yield c.ChooseHit(hull=item)
    seen: set[tuple[tuple[str, bool], ...]] = set()
    me = state.players[seat]
    for i, contents in enumerate(holds):
        key = tuple(contents)
        if key in seen:
            continue
        seen.add(key)
        yield c.ChooseHit(hold=i)
        goods = [x for x, _ in contents if split(x)[0] in ("goods", "factory_goods")]
        if not goods:
            continue
        if room_for(state, seat, goods):
            yield c.ChooseHit(hold=i, claim=True)
            continue
        spare = sorted(set(me.goods)) + sorted({f"equipment:{e}" for e in me.equipment})
        for item in spare:
            if room_for(state, seat, goods, [item]):
                yield c.ChooseHit(hold=i, claim=True, jettison=[item])
                break


def blast_actions(state: VenusState, board: Board, seat: int) -> Iterator[Command]:
    targets = blast_targets(state, board, seat)
    if not targets:
        return
    for fire in fire_options(state.players[seat], at_least_one=True):
        for target in targets:
            yield c.Blast(target=target, fire=fire)
