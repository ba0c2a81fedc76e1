"""Combat (15): weapons, blasting during movement, pawn combat and hits, theft, Forts.

- 15.3-15.32: Lasers and Nova Balls are Equipment (``trading.prices`` sells them from their
  Science in combat games; ``cargo.hull_slots`` puts one of each on the Hull). A ship fires
  any of its working weapons (the Relic Laser too, 8.48); a Nova Ball fired goes back to the
  Bank at once.
- 15.4-15.44: entering a dot (after paying its penalty, 15.411) opens one attack there
  (``Turn.blast_at``); a whole turn without moving opens one before trading (15.412).
  Penalty markers (face-up "?" Penalties, enemy Forts, Rastur) are resolved at once; a pawn
  blasted gets a ``defend`` prompt (``FireBack``), then the winner a ``hit`` prompt
  (``ChooseHit``). A lost attack ends the turn (15.212).
- 15.5-15.542: Swindles and Revolts are in ``theft``.
- 15.1-15.13: Forts are bought from any Culture (``Buy(item="fort", site=...)``) and act as a
  $60 Penalty for everyone but their owner (``movement.marker_penalty``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.kernel import Command, RuleError, event

from . import commands as c
from . import rastur
from .bank import payable
from .board import Board, DotKind
from .cargo import hull_slots, room_for
from .components import load_components
from .cup import draw
from .discovery import BASE, site_kind
from .movement import shields_of
from .pieces import ship_holds, split
from .rules import Decision, handles, settle
from .state import Attack, Player, VenusState

COMPS = load_components()
FORT = COMPS.fort
SHIELD_SAVING = 20  # 15.43: each Shield subtracts 20 from the enemy's strength
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


def hit_layout(state: VenusState, att: Attack) -> tuple[list[str],
                                                         list[list[tuple[str, bool]]]]:
    """The loser's Hull and Holds for a hit: his own packing if he chose one (``holds``)."""
    from .holds import packed_holds

    assert att.victim is not None
    player = state.players[att.victim]
    hull, holds = layout(player, combat_on(state))
    return hull, packed_holds(player, combat_on(state), att.packing) or holds


# --- blasting (15.4-15.44) ----------------------------------------------------------------


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
        from .holds import has_choice

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


def _home(state: VenusState, seat: int) -> str | None:
    race = state.players[seat].race
    return COMPS.merchant(race).culture if race else None


# --- Forts (15.1-15.13) -------------------------------------------------------------------


def fort_price(state: VenusState, seat: int, culture: str) -> int:
    """15.1: $50, less 20% bought from one's own species."""
    if _home(state, seat) == culture:
        return FORT.cost * 80 // 100
    return FORT.cost


def fort_sites(state: VenusState, board: Board, system: str) -> list[str]:
    """15.12: a City, Spaceport or Asteroid of the System without a Fort (never the Galactic
    Base, Gazetteer; never under the Rastur, 16.4)."""
    if system == "galactic-base":
        return []
    out = []
    for dot in board.by_system.get(system, []):
        if dot in state.forts or dot in state.rastur:
            continue
        info = board.dots[dot]
        box = state.qboxes.get(dot)
        asteroid = info.kind is DotKind.ASTEROID or (
            box is not None and box.face_up and (box.marker is None or box.marker.kind == "relic"))
        if asteroid or site_kind(state, board, dot) is not None:
            out.append(dot)
    return sorted(out)


def forts_of(state: VenusState, seat: int) -> list[str]:
    return sorted(dot for dot, owner in state.forts.items() if owner == seat)


def fort_problem(state: VenusState, board: Board, seat: int, site: str, culture: str,
                 rebuilding: str | None = None) -> RuleError | None:
    """15.11, 15.12: at most four in play; on a free site of the System he trades in."""
    if culture == BASE:
        return RuleError("15.12 sites", "no Forts at the Galactic Base")
    system = board.dots[state.players[seat].dot].system or ""
    if site not in fort_sites(state, board, system) or site == rebuilding:
        return RuleError("15.12 sites", f"build it on a City, Spaceport or Asteroid of this "
                         f"System without a Fort: {fort_sites(state, board, system)}")
    if rebuilding is None and len(forts_of(state, seat)) >= FORT.max_per_player:
        return RuleError("15.11 limits", f"you have {FORT.max_per_player} Forts in play: "
                         "rebuild one instead (RebuildFort)")
    return None


@handles(c.RebuildFort)
def _rebuild(d: Decision, actor: int, cmd: c.RebuildFort) -> None:
    """15.11: return a Fort to the Bank for nothing and pay to rebuild it here."""
    s = d.state
    if s.forts.get(cmd.frm) != actor:
        raise RuleError("15.11 limits", "you have no Fort there")
    from .trading import buy_problem

    err = buy_problem(s, d.board, actor, "fort", cmd.site, rebuilding=cmd.frm)
    if err is not None:
        raise err
    d.emit(event("FortReturned", seat=actor, dot=cmd.frm))
    from .trading import _buy

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
        from .holds import pack_actions

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


def rebuild_actions(state: VenusState, board: Board, seat: int, culture: str) -> Iterator[Command]:
    """15.11: offered when all four Forts are in play (a new one cannot be bought)."""
    mine = forts_of(state, seat)
    if len(mine) < FORT.max_per_player:
        return
    from .trading import buy_problem

    system = board.dots[state.players[seat].dot].system or ""
    for frm in mine:
        for site in fort_sites(state, board, system):
            if buy_problem(state, board, seat, "fort", site, rebuilding=frm) is None:
                yield c.RebuildFort(frm=frm, site=site)
