"""The client data of Merchant of Venus (``GET /api/games/venus/data?edition=...``): the map
as the client needs it to name dots and place pieces (systems, routes, dots, culture boxes),
the names of cultures, ships, equipment and merchants, and the printed numbers of the culture
cards."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .board import load_board
from .components import Edition, load_components
from .deeds import orbit_deeds


def client_data(params: Mapping[str, str]) -> dict[str, Any]:
    """The client data for the ``edition`` asked (default ``avalon-hill``)."""
    return board_for_client(edition_of(params))


def edition_of(params: Mapping[str, str]) -> str:
    """The ``edition`` parameter, checked (a ValueError names the editions)."""
    edition = params.get("edition", "avalon-hill")
    if edition not in {e.value for e in Edition}:
        raise ValueError(f"edition: unknown edition {edition!r}; editions: "
                         + ", ".join(e.value for e in Edition))
    return edition


@cache
def board_for_client(edition: str) -> dict[str, Any]:
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
