"""Sandbox games: play a scenario position command by command, in memory, for the web client.

A sandbox game is started from a scenario (``docs/scenarios.md``) and kept in this process
under a random id; one person plays every seat in turn (hot seat). Nothing is stored: the
oldest sandboxes are dropped once ``MAX_SANDBOXES`` are held. Each answer carries what the
seat whose turn it is may see (``view``), the commands it may issue (``legal``), where its
move can end (``reachable``) and the new log entries in the order they happened.

Also here: ``GET /api/venus/board``, the map as the client needs it to name dots and place
pieces (systems, routes, dots, culture boxes) and the names of cultures and merchants.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from functools import cache
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from engine.kernel import SPECTATOR, CommandRejected, Game
from engine.venus.board import load_board
from engine.venus.components import Edition, load_components
from engine.venus.deeds import orbit_deeds
from engine.venus.legal import legal_actions, pending
from engine.venus.reach import reachable_dicts
from engine.venus.ruleset import ruleset
from engine.venus.scenario import Scenario, start
from engine.venus.state import VenusState
from engine.venus.view import view

from .rulesets import hosted

MAX_SANDBOXES = 200

router = APIRouter(tags=["sandbox"])

_games: OrderedDict[str, Game[VenusState]] = OrderedDict()
_lock = threading.Lock()


class NewSandbox(BaseModel):
    scenario: Scenario


class SandboxCommand(BaseModel):
    command: dict[str, Any]


class SandboxState(BaseModel):
    id: str
    seat: int  # the seat whose turn it is (-1 once the game is over): view and legal are its
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    reachable: list[dict[str, Any]]
    log: list[dict[str, Any]]  # the new log entries, redacted for the seat that acted
    extras: dict[str, Any] = {}  # what the table's view adds for that seat (the market, 9.4)


def _seat(game: Game[VenusState]) -> int:
    prompt = pending(game.state)
    return prompt.seats[0] if prompt and prompt.seats else SPECTATOR


def _answer(sid: str, game: Game[VenusState], log: list[dict[str, Any]]) -> SandboxState:
    seat = _seat(game)
    state = game.state
    return SandboxState(
        id=sid,
        seat=seat,
        view=view(state, seat),
        legal=[c.model_dump() for c in legal_actions(state, seat)] if seat >= 0 else [],
        reachable=reachable_dicts(state),
        log=log,
        extras=hosted("venus").extras(state, seat) if seat >= 0 else {},
    )


def _rejected(exc: CommandRejected) -> HTTPException:
    return HTTPException(status_code=422, detail=exc.to_dict())


def _get(sid: str) -> Game[VenusState]:
    game = _games.get(sid)
    if game is None:
        raise HTTPException(status_code=404, detail={
            "code": "not_found",
            "message": "this sandbox is gone (the server restarted or dropped old ones): "
                       "start it again"})
    _games.move_to_end(sid)
    return game


@router.post("/api/sandbox")
def create_sandbox(body: NewSandbox) -> SandboxState:
    """Start a sandbox game from a scenario; its active seat is about to begin a turn."""
    try:
        game = start(body.scenario, seed=secrets.token_hex(16))
    except CommandRejected as exc:
        raise _rejected(exc) from None
    sid = secrets.token_urlsafe(12)
    with _lock:
        _games[sid] = game
        while len(_games) > MAX_SANDBOXES:
            _games.popitem(last=False)
        return _answer(sid, game, game.log_for(_seat(game)))


@router.get("/api/sandbox/{sid}")
def get_sandbox(sid: str) -> SandboxState:
    """The sandbox as it is now, with its whole log."""
    with _lock:
        game = _get(sid)
        return _answer(sid, game, game.log_for(_seat(game)))


@router.post("/api/sandbox/{sid}/commands")
def sandbox_command(sid: str, body: SandboxCommand) -> SandboxState:
    """Play one command as the seat whose turn it is; a refusal (422) names the rule."""
    with _lock:
        game = _get(sid)
        actor = _seat(game)
        before = game.seq
        try:
            game.play(actor, ruleset.parse_command(body.command))
        except CommandRejected as exc:
            raise _rejected(exc) from None
        return _answer(sid, game, game.log_for(actor, after=before))


@cache
def _board_for_client(edition: str) -> dict[str, Any]:
    board = load_board(edition)
    comp = load_components()
    year = "1988" if edition == "avalon-hill" else "2012"
    return {
        "edition": edition,
        "galactic_base": board.galactic_base,
        "systems": [
            {"id": s.id, "name": s.name, "has_culture": s.has_culture,
             "culture_box": s.culture_box.model_dump() if s.culture_box else None}
            for s in board.systems.values()
        ],
        "routes": [{"id": r.id, "name": r.name} for r in board.routes.values()],
        "dots": [
            {"id": d.id, "kind": d.kind.value, "x": d.at.x, "y": d.at.y, "system": d.system,
             "route": d.route, "color": d.color.value if d.color else None,
             "penalty": d.penalty, "orbit": d.orbit, "name": d.name}
            for d in board.dots.values()
        ],
        "cultures": {
            c.key: {"name": c.name, "goods": getattr(c.goods, f"name_{year}") or c.goods.name_1988,
                    "factory_goods": getattr(c.factory, f"goods_name_{year}")
                    or c.factory.goods_name_1988,
                    "cost": c.goods.cost, "payoff": c.goods.payoff, "iou": c.iou,
                    "buyers": comp.buyers(c.key, Edition(edition))}
            for c in comp.cultures
        },
        "spaceport_deeds": {
            key.split(":", 2)[2]: {"orbit": board.dots[dot].orbit, "dot": dot,
                                   "system": board.dots[dot].system}
            for dot, key in orbit_deeds(edition).items()
        },
        "ships": {s.key: {"name": s.name, "dice": s.dice, "holds": s.holds, "cost": s.cost}
                  for s in comp.ships},
        "equipment": {e.key: {"name": e.name, "cost": e.cost, "hull": e.hull_max}
                      for e in comp.equipment},
        "merchants": {
            m.key: {"name": getattr(m, f"name_{year}") or m.name_1988, "color": m.color_1988}
            for m in comp.merchants
        },
        "catalog": _catalog(Edition(edition)),
    }


def _catalog(edition: Edition) -> dict[str, Any]:
    """The printed numbers the map's culture cards show (culture numbers, Factory Goods
    prices, Demand bonuses, Fare fees, Relic prices)."""
    comp = load_components()
    bonus = comp.bonus[edition]
    return {
        "numbers": {c.key: c.label(edition) for c in comp.cultures},
        "factory_cost": {c.key: c.factory.cost for c in comp.cultures},
        "demands": {f"{d.at}:{d.goods}": d.bonus for d in bonus.demands},
        "fares": {f"{f.origin}:{f.destination}": f.fee for f in bonus.fares},
        "relics": {r.key: {"name": r.name, "price": r.price} for r in comp.relics_in(edition)},
    }


@router.get("/api/venus/board")
def venus_board_data(
    edition: Literal["avalon-hill", "classic-2012"] = "avalon-hill",
) -> dict[str, Any]:
    """The map for the client: dot kinds and names, systems, routes, culture boxes."""
    return _board_for_client(edition)
