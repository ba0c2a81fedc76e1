"""A scripted greedy merchant for whole-game tests: it only ever issues commands that
``legal_actions`` yields (or a ``MoveAlong`` path from the reachable query).

Trading: deliver Fares, sell the best-paying Goods, barter IOUs, buy the Goods a known
Culture buys, pick up Fares, buy a Spaceport when rich; refuse every offer. Moving: head
for the nearest dot where it can sell (or explore a hidden System), by hop count.
"""

from __future__ import annotations

from collections import deque

from engine.kernel import Command
from engine.venus import commands as c
from engine.venus.board import Board, DotKind, load_board
from engine.venus.components import Edition, load_components
from engine.venus.discovery import site_kind, trade_culture
from engine.venus.reach import reachable
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState, interrupt

COMPS = load_components()


def _payoff(goods: str) -> int:
    kind, culture = goods.split(":")
    info = COMPS.culture(culture)
    return info.goods.payoff if kind == "goods" else info.factory.payoff_1988


def _distances(board: Board, targets: set[str]) -> dict[str, int]:
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        dot = queue.popleft()
        for n in [*board.paths[dot], *board.invisible[dot]]:
            if n not in dist:
                dist[n] = dist[dot] + 1
                queue.append(n)
    return dist


def _targets(state: VenusState, seat: int, board: Board) -> set[str]:
    player = state.players[seat]
    edition = Edition(state.edition)
    wanted: set[str] = set()  # cultures worth landing at
    for goods in player.goods:
        wanted |= set(COMPS.buyers(goods.split(":")[1], edition))
    wanted |= {f.split(":")[2] for f in player.fares}
    if len(player.goods) < COMPS.ship(player.ship).holds:
        wanted |= {k for k, ms in state.market.items() if k != "base" and any(
            m == f"goods:{k}" and COMPS.culture(k).goods.cost <= player.cash for m in ms)}
        wanted |= {k for k, ms in state.market.items() if any(m.startswith("fare:") for m in ms)}
    out: set[str] = set()
    for dot, info in board.dots.items():
        city = info.kind in (DotKind.SURFACE_CITY, DotKind.SPACE_CITY)
        if not city and site_kind(state, board, dot) is None:
            continue
        system = info.system or ""
        culture = "base" if system == "galactic-base" else state.discovered.get(system)
        hidden = system in state.iou_at and system not in state.discovered
        if (culture in wanted or hidden) and dot != player.dot:
            out.add(dot)
    return out or {d for d, i in board.dots.items() if i.kind is DotKind.SURFACE_CITY}


class Greedy:
    def choose(self, state: VenusState, seat: int) -> Command:
        actions = list(ruleset.legal_actions(state, seat))
        assert actions, f"seat {seat} has nothing to do"
        turn = state.turn
        if turn is None or turn.offer is not None:
            return next((a for a in actions if a == c.AnswerOffer(accept=False)), actions[0])
        if interrupt(state) is not None:  # 15.43, 15.431, 16.2: fire back, hit, place
            return actions[-1]
        board = load_board(state.edition)
        if turn.phase == "declare":
            return self._declare(state, seat, board, actions)
        if turn.phase == "move":
            return self._move(state, seat, board, actions)
        if turn.phase == "pay_or_stop":
            pay = c.PayPenalty()
            return pay if pay in actions and state.players[seat].cash > 60 else c.StopHere()
        return self._trade(state, seat, actions)

    def _declare(self, state: VenusState, seat: int, board: Board,
                 actions: list[Command]) -> Command:
        if c.RollDice() in actions:
            return c.RollDice()
        dist = _distances(board, _targets(state, seat, board))
        heads = [a for a in actions if isinstance(a, c.DeclareHeading)]
        if not heads:
            return next(a for a in actions if isinstance(a, c.StayPut))
        return min(heads, key=lambda a: (dist.get(a.dot, 999), a.dot))

    def _move(self, state: VenusState, seat: int, board: Board,
              actions: list[Command]) -> Command:
        targets = _targets(state, seat, board)
        dist = _distances(board, targets)
        options = reachable(state)
        if options:
            best = min(options, key=lambda d: (
                -100 if d.end == "land" and d.dot in targets else dist.get(d.dot, 999),
                d.paid, d.dot))
            return c.MoveAlong(path=list(best.path), pilot=best.pilot)
        return actions[0]

    def _trade(self, state: VenusState, seat: int, actions: list[Command]) -> Command:
        player = state.players[seat]
        board = load_board(state.edition)
        here = trade_culture(state, board, player.dot)
        for a in actions:
            if isinstance(a, c.DeliverFare):
                return a
        sells = [a for a in actions if isinstance(a, c.Sell)]
        if sells:
            return max(sells, key=lambda a: _payoff(a.goods))
        for a in actions:
            if isinstance(a, c.Barter) and a.item.startswith("iou:"):
                return a
        for a in actions:
            if isinstance(a, c.PickUpFare):
                return a
        edition = Edition(state.edition)
        buys = [a for a in actions if isinstance(a, c.Buy) and ":" in a.item]
        known = set(state.discovered.values())
        for a in sorted(buys, key=lambda a: a.item):
            kind, rest = a.item.split(":", 1)
            if kind in ("goods", "factory_goods") and here is not None:
                buyers = set(COMPS.buyers(rest, edition))
                if buyers & known or len(known) < 6:
                    return a
        for a in buys:
            if a.item.startswith("deed:spaceport:") and player.cash >= 600:
                return a
        for a in buys:
            if a.item == "ship:transport" and player.cash >= 500 and player.ship == "scout":
                return a
        if c.EndTurn() in actions:
            return c.EndTurn()
        return next(a for a in actions if isinstance(a, c.Jettison))
