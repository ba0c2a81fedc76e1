"""Theft while trading (15.5-15.542): Swindles and Revolts.

Bought from the Culture of the City or Spaceport the player trades at; each counts as the
City buy (15.51, 9.41) and pays no commission (15.6). A lost theft ends the turn (15.212).
Spaceports and Factories change hands, never disappear (15.7).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.kernel import Command, RuleError, event

from . import commands as c
from . import rastur
from .board import Board
from .cargo import room_for
from .deeds import orbit_deeds
from .discovery import trade_culture
from .forts import home_culture
from .pieces import split
from .rules import Decision, handles, settle
from .state import VenusState
from .trading import limited
from .weapons import check_fire, combat_on, fire_options, firepower

SWINDLE_COST = 50  # 15.53
REVOLT_COST = 100  # 15.54


# --- theft (15.5-15.542) ------------------------------------------------------------------


def _theft_site(state: VenusState, board: Board, seat: int, rule: str) -> tuple[str, str]:
    turn = state.turn
    if (not combat_on(state) or turn is None or turn.seat != seat or turn.phase != "trade"
            or not turn.landed or turn.offer is not None or turn.lost):
        raise RuleError(rule, "theft is bought while trading at a City or Spaceport")
    here = state.players[seat].dot
    culture = trade_culture(state, board, here)
    if culture is None:
        raise RuleError(rule, "theft is bought from the Culture of a City or Spaceport")
    if limited(state, board, seat) and turn.bought:
        raise RuleError("15.51 cost", "at a City on the turn you moved there you buy one thing"
                        " (a Theft attack counts, 9.41)")
    return here, culture


def funds(state: VenusState, seat: int) -> int:
    """15.51: a Theft attack is bought like an item, so this turn's trade-in credit pays for
    it "as if it were money" (9.32), before the money."""
    turn = state.turn
    return state.players[seat].cash + (turn.credit if turn is not None else 0)


def _paid(state: VenusState, amount: int) -> tuple[int, int]:
    """The Theft event's payment (money, credit): trade-in credit first (it expires, 9.32)."""
    turn = state.turn
    credit = min(turn.credit if turn is not None else 0, amount)
    return amount - credit, credit


def swindle_bonus(state: VenusState, board: Board, seat: int, dot: str) -> int:
    """15.53: +1 per own Spaceport, Factory and Fort on the dot, +1 if his species lives
    there."""
    bonus = int(state.spaceports.get(dot) == seat and board.dots[dot].orbit is not None)
    bonus += sum(1 for site in state.factories.values() if site.dot == dot and site.owner == seat)
    bonus += int(state.forts.get(dot) == seat)
    return bonus + int(trade_culture(state, board, dot) == home_culture(state, seat))


def revolt_bonus(state: VenusState, board: Board, seat: int, dot: str) -> int:
    """15.542: +1 per own Spaceport anywhere in the System, +1 per own Factory and Fort on
    the dot, +1 if his species inhabits the System; Rastur-occupied ones count nothing
    (16.4)."""
    system = board.dots[dot].system
    bonus = sum(1 for port, owner in state.spaceports.items()
                if owner == seat and board.dots[port].system == system
                and port not in state.rastur)
    bonus += sum(1 for site in state.factories.values() if site.dot == dot and site.owner == seat)
    bonus += int(state.forts.get(dot) == seat)
    return bonus + int(trade_culture(state, board, dot) == home_culture(state, seat))


def swindle_problem(state: VenusState, board: Board, seat: int,
                    cmd: c.Swindle) -> RuleError | None:
    rule = "15.53 swindles"
    try:
        here, _ = _theft_site(state, board, seat, rule)
    except RuleError as err:
        return err
    if not 0 <= cmd.target < len(state.players) or cmd.target == seat:
        return RuleError(rule, "name another player's pawn")
    if state.players[cmd.target].dot != here:
        return RuleError("15.52 duration", "the target must be on your dot")
    if cmd.goods not in state.players[cmd.target].goods:
        return RuleError(rule, "only Goods are stolen, and that ship carries none of those")
    if funds(state, seat) < SWINDLE_COST:
        return RuleError("15.53 swindles", f"a Swindle costs ${SWINDLE_COST}; you have "
                         f"${funds(state, seat)} in money and trade-in credit")
    if not room_for(state, seat, [cmd.goods]):
        return RuleError("3.43 capacity", "you have no room for those Goods")
    return None


def deed_site(state: VenusState, deed: str) -> tuple[str, int] | None:
    """(dot, owner) of the Spaceport or Factory a Deed stands for."""
    kind, key = split(deed)
    if kind != "deed":
        return None
    what, where = key.split(":", 1)
    if what == "factory":
        site = state.factories.get(where)
        return (site.dot, site.owner) if site else None
    for dot, name in orbit_deeds(state.edition).items():
        if name == deed and dot in state.spaceports:
            return dot, state.spaceports[dot]
    return None


def revolt_problem(state: VenusState, board: Board, seat: int,
                   cmd: c.Revolt) -> tuple[RuleError | None, int]:
    """15.54, 15.541: the target is another player's Spaceport or Factory on this dot whose
    owner is not in this System; at least one weapon fired; money tops firepower up to 100."""
    rule = "15.541 targetting revolts"
    try:
        here, _ = _theft_site(state, board, seat, rule)
    except RuleError as err:
        return err, 0
    site = deed_site(state, cmd.deed)
    if site is None or site[0] != here:
        return RuleError(rule, "name a Spaceport or Factory Deed standing on your dot"), 0
    owner = state.players[site[1]]
    if owner.seat == seat:
        return RuleError(rule, "that is your own"), 0
    if board.dots[owner.dot].system == board.dots[here].system:
        return RuleError(rule, "its owner is in this System: he is immune here"), 0
    try:
        power = check_fire(state.players[seat], cmd.fire, rule="15.54 revolts", at_least_one=True)
    except RuleError as err:
        return err, 0
    money = max(0, REVOLT_COST - power)
    if funds(state, seat) < money:
        return RuleError("15.54 revolts", f"you must pay ${money} besides your firepower, in "
                         "money or trade-in credit"), 0
    return None, money


@handles(c.Swindle)
def _swindle(d: Decision, actor: int, cmd: c.Swindle) -> None:
    s = d.state
    err = swindle_problem(s, d.board, actor, cmd)
    if err is not None:
        raise err
    here = s.players[actor].dot
    (a, b), loaded = d.roll(2)
    attack = a + swindle_bonus(s, d.board, actor, here)
    defense = b + swindle_bonus(s, d.board, cmd.target, here)
    cash, credit = _paid(s, SWINDLE_COST)
    d.emit(event("Theft", kind="swindle", seat=actor, defender=cmd.target, dot=here,
                 cash=cash, credit=credit, fire=[], firepower=0, die=a, defense_die=b,
                 attack=attack, defense=defense, won=attack > defense, goods=cmd.goods,
                 deed=None, loaded=loaded))
    rastur.check_roll(d, [a], movement=False)
    settle(d)


@handles(c.Revolt)
def _revolt(d: Decision, actor: int, cmd: c.Revolt) -> None:
    s = d.state
    err, money = revolt_problem(s, d.board, actor, cmd)
    if err is not None:
        raise err
    here = s.players[actor].dot
    site = deed_site(s, cmd.deed)
    assert site is not None
    (a, b), loaded = d.roll(2)
    attack = a + revolt_bonus(s, d.board, actor, here)
    defense = b + revolt_bonus(s, d.board, site[1], here)
    cash, credit = _paid(s, money)
    d.emit(event("Theft", kind="revolt", seat=actor, defender=site[1], dot=here, cash=cash,
                 credit=credit, fire=list(cmd.fire), firepower=firepower(cmd.fire), die=a,
                 defense_die=b, attack=attack, defense=defense, won=attack > defense, goods=None,
                 deed=cmd.deed, loaded=loaded))
    rastur.check_roll(d, [a], movement=False)
    settle(d)


def theft_actions(state: VenusState, board: Board, seat: int) -> Iterator[Command]:
    if not combat_on(state):
        return
    turn = state.turn
    if turn is None or turn.phase != "trade" or not turn.landed or turn.lost:
        return
    here = state.players[seat].dot
    for other in state.players:
        if other.seat == seat or other.dot != here:
            continue
        for goods in sorted(set(other.goods)):
            cmd = c.Swindle(target=other.seat, goods=goods)
            if swindle_problem(state, board, seat, cmd) is None:
                yield cmd
    deeds = [d for p in state.players if p.seat != seat for d in p.deeds]
    for deed in sorted(deeds):
        site = deed_site(state, deed)
        if site is None or site[0] != here:
            continue
        for fire in fire_options(state.players[seat], at_least_one=True):
            rcmd = c.Revolt(deed=deed, fire=fire)
            if revolt_problem(state, board, seat, rcmd)[0] is None:
                yield rcmd
