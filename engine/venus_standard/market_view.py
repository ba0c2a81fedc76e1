"""What a seat sees of trade (``view.markets`` and ``view.trade``; the shape is in
``docs/venus-standard.md``): every market with only its top market token (the stack below is
face down: "First Contact Phase" 2), its goods and technology tokens face up ("Goods and
Technology Tokens": their backs may be looked at), passengers, demand tokens, the IOU credits;
each culture's supply area as counts; Galactic Base's passengers, the equipment stock,
merchant spaceports and drills."""

from __future__ import annotations

from typing import Any

from engine.cluster.cultures import load_cultures

from . import market
from .state import StandardState
from .technology import load_technologies
from .tokens import is_goods, origin

# ------------------------------------------------------------------ the view


def _goods_view(token: str) -> dict[str, Any]:
    g = load_cultures().culture(origin(token)).goods
    return {"id": token, "kind": origin(token), "name": g.name, "cost": g.cost,
            "resale": [g.resale.low, g.resale.mid, g.resale.high], "dots": g.dots}


def _tech_view(token: str) -> dict[str, Any]:
    t = load_technologies().of_token(token)
    out: dict[str, Any] = {"id": token, "kind": t.key, "name": t.name, "cost": t.cost,
                           "type": t.type.value, "culture": t.culture}
    if t.throttle_values is not None:
        out["throttle"] = load_technologies().throttle_values(token)
    return out


def _grouped(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tokens of one kind as one line with a ``count`` (``id``: the first one, the token the
    buy offers name)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        if item["kind"] in out:
            out[item["kind"]]["count"] += 1
        else:
            out[item["kind"]] = {**item, "count": 1}
    return list(out.values())


def _counts(tokens: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for token in tokens:
        kind = origin(token) if is_goods(token) else load_technologies().of_token(token).key
        out[kind] = out.get(kind, 0) + 1
    return out


def _market_view(state: StandardState, culture: str, system: str | None) -> dict[str, Any]:
    """A market as the table shows it: the top market token only (the stack below it is
    face down: "First Contact Phase" 2), every goods and technology token face up (their
    backs may be looked at: "Goods and Technology Tokens"), passengers, demand tokens, the
    IOU credits; the culture's supply area beside the board as counts by kind (before
    discovery all its tokens wait there)."""
    m = state.trade.market(culture)
    out: dict[str, Any] = {
        "culture": culture, "system": system, "discovered": system is not None,
        "passengers": list(m.passengers),
        "demands": [{"id": d, **load_cultures().demand(d).model_dump(exclude_none=True)}
                    for d in m.demands],
        "supply": {"goods": _counts(m.supply_goods), "techs": _counts(m.supply_techs)},
    }
    if system is None:
        return out
    goods, techs = [_goods_view(t) for t in m.goods], [_tech_view(t) for t in m.techs]
    out.update(goods=goods, techs=techs, goods_by_kind=_grouped(goods),
               techs_by_kind=_grouped(techs))
    if m.stack:
        top = market.top(m)
        out["token"] = {"id": top.id, "condition": top.condition.value,
                        "equipment": [e.model_dump() for e in top.equipment]}
        out["stack_size"] = len(m.stack)
    if culture in state.trade.holders:
        out["discoverer"] = state.trade.holders[culture]
        out["iou"] = state.trade.iou[culture]
    return out


# a market's view by everything it is built from (``_market_key``): views are asked after
# every command and most commands touch one market or none, so most are built once
_SEEN: dict[tuple[Any, ...], dict[str, Any]] = {}
_SEEN_MAX = 20_000


def _market_key(state: StandardState, culture: str, system: str | None) -> tuple[Any, ...]:
    """Everything ``_market_view`` reads (the same for every viewer: markets are public)."""
    m = state.trade.markets[culture]
    holder = state.trade.holders.get(culture)
    return (culture, system, tuple(m.stack[:1]), len(m.stack), tuple(m.goods), tuple(m.techs),
            tuple(m.passengers), tuple(m.supply_goods), tuple(m.supply_techs),
            tuple(m.demands), holder, None if holder is None else state.trade.iou[culture])


def _cached_market_view(state: StandardState, culture: str, system: str | None
                        ) -> dict[str, Any]:
    key = _market_key(state, culture, system)
    seen = _SEEN.get(key)
    if seen is None:
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        seen = _SEEN[key] = _market_view(state, culture, system)
    # a new dict per view (a caller may set its keys); the lists and dicts inside are shared
    # between views of the same market and read only (the bots and the server only read)
    return dict(seen)


def markets_view(state: StandardState, viewer: int) -> dict[str, Any]:
    systems = {c: s for s, c in state.discovered.items()}
    return {c.key: _cached_market_view(state, c.key, systems.get(c.key))
            for c in load_cultures().cultures if c.key in state.trade.markets}


def trade_view(state: StandardState, viewer: int) -> dict[str, Any]:
    """Galactic Base's passengers, the equipment stock, merchant spaceports and drills."""
    t = state.trade
    return {"base_passengers": list(t.base_passengers), "stock": dict(t.stock),
            "spaceports": dict(t.spaceports), "drills": dict(t.drills),
            "bankrupt": list(t.bankrupt)}
