"""What one seat (or a spectator) may see of a game (3.2 disclosure, 7.2, 8.45)."""

from __future__ import annotations

from types import EllipsisType
from typing import Any

from engine.kernel import SPECTATOR, Pending

from .legal import pending
from .state import FactorySite, Marker, QBox, Turn, VenusState
from .winning import net_worth, target


def view(state: VenusState, viewer: int = SPECTATOR) -> dict[str, Any]:
    """Public facts for everyone; a seat also sees what it alone observed or spied.

    Never in a view: which culture a hidden IOU is (4.12), face-down "?" markers (4.11),
    the unused markers, the seed, or another seat's observations.
    """
    return seat_view(state, public_view(state), viewer)


def seat_view(state: VenusState, public: dict[str, Any], viewer: int) -> dict[str, Any]:
    """``viewer``'s view from the public one (``public_view`` of the same state): the same
    document with the seat's own observations and spied markers added to its player (the
    rest is shared with ``public``, not copied: a server makes the public part once for all
    the seats watching)."""
    if not 0 <= viewer < len(state.players):
        return public
    players = list(public["players"])
    players[viewer] = {**players[viewer], **_private(state, viewer)}
    return {**public, "players": players}


def public_view(state: VenusState, prompt: Pending | None | EllipsisType = ...
                ) -> dict[str, Any]:
    """What a spectator sees: the facts public to every seat (3.2 disclosure). ``prompt`` is
    ``pending(state)`` when the caller has it already (a server's ``Game.pending()``, asked
    once per seq); by default it is asked here."""
    if prompt is ...:
        prompt = pending(state)
    forts = _forts_by_seat(state)
    out: dict[str, Any] = {
        "ruleset": "venus",
        "edition": state.edition,
        "options": {k: v for k, v in state.options.items() if k != "seed"},
        "stage": state.stage,
        "round": state.round,
        "first_player": state.first_player,
        "winner": state.winner,
        "bank": state.bank,
        "sandbox": state.sandbox,
        "players": [_player(state, p.seat, forts) for p in state.players],
        "discovered": dict(state.discovered),
        "hidden_cultures": sorted(s for s in state.iou_at if s not in state.discovered),
        "qboxes": qboxes_view(state.qboxes),
        "spaceports": dict(state.spaceports),
        "factories": {k: _FACTORY(v) for k, v in state.factories.items()},
        "market": {k: list(v) for k, v in state.market.items() if v},  # 4.13, 10.12 (public)
        "suns": {k: list(v) for k, v in state.suns.items() if v},  # 9.322
        "cup": len(state.cup),  # 10.1: how many; which ones is not shown
        "factory_goods_aside": list(state.aside),
        "target": target(state),
        "end": state.end,
        "turn": _TURN(state.turn) if state.turn else None,
        "forts": dict(state.forts),  # 15.1: dot -> owner
        "rastur": dict(state.rastur),  # 16.3: dot -> strength (face up on the map)
        "rastur_pool": len(state.rastur_pool),  # 16.2: face down, how many are left
        "rastur_reserve": list(state.rastur_reserve),  # 17.11: face up (solitaire)
        "transit": state.transit,  # 17.21
        "rastur_hand": state.rastur_hand,  # drawn, to be placed (16.2)
        "pending": _PENDING(prompt) if prompt else None,
    }
    if state.stage == "choose_race":
        out["race_queue"] = list(state.race_queue)
    return out


# What a face-down box and an empty one show (4.11: never which marker): one shared, read-only
# dict each, not one per box and view.
HIDDEN: dict[str, Any] = {"kind": "hidden"}
EMPTY: dict[str, Any] = {"kind": "empty"}

# A marker as a view shows it (``model_dump(exclude_none=True)``), one shared, read-only dict
# per distinct marker: a game has a few dozen kinds (2.8, 6.1), every "?" box and spied
# marker of every view and seq shows one of them. Keyed on the marker's fields, so a marker
# changed in place is looked up anew; bounded for sandbox scenarios' made-up markers.
_MARKERS: dict[tuple[Any, ...], dict[str, Any]] = {}
MARKERS_KEPT = 512
_MARKER = Marker.__pydantic_serializer__.to_python


def marker_view(marker: Marker) -> dict[str, Any]:
    """``marker.model_dump(exclude_none=True)``, shared (read only)."""
    key = (type(marker), *marker.__dict__.values())
    shown = _MARKERS.get(key)
    if shown is None:
        if len(_MARKERS) >= MARKERS_KEPT:
            _MARKERS.clear()
        shown = _MARKERS[key] = _MARKER(marker, exclude_none=True)
    return shown


def qboxes_view(qboxes: dict[str, QBox]) -> dict[str, dict[str, Any]]:
    """The "?" boxes as every seat sees them: a face-up marker, "empty" or "hidden" (6.1;
    shared between the seats' views: read only)."""
    return {
        dot: (marker_view(box.marker) if box.marker else EMPTY) if box.face_up else HIDDEN
        for dot, box in sorted(qboxes.items())
    }


# ``model_dump()`` of the turn, the prompt and a factory without the method's own argument
# handling (the same serializer call, a few times each view)
_TURN = Turn.__pydantic_serializer__.to_python
_PENDING = Pending.__pydantic_serializer__.to_python
_FACTORY = FactorySite.__pydantic_serializer__.to_python
NO_FORTS: dict[int, list[str]] = {}


def _forts_by_seat(state: VenusState) -> dict[int, list[str]]:
    """15.1: each owner's Forts (dots in order), in one pass for all the players."""
    if not state.forts:
        return NO_FORTS
    by: dict[int, list[str]] = {}
    for dot, owner in sorted(state.forts.items()):
        by.setdefault(owner, []).append(dot)
    return by


def _player(state: VenusState, seat: int, forts: dict[int, list[str]]) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "seat": p.seat,
        "name": p.name,
        "race": p.race,
        "cash": p.cash,
        "net_worth": net_worth(state, seat),
        "ship": p.ship,
        "dot": p.dot,
        "equipment": list(p.equipment),
        "relics": list(p.relics),
        "goods": list(p.goods),
        "fares": list(p.fares),
        "ious": list(p.ious),  # held IOUs are of discovered cultures (7.3): public (3.2)
        "deeds": list(p.deeds),
        "damaged": list(p.damaged),  # 15.431: face-down (damaged) Equipment
        "forts": forts.get(seat) or [],
    }


def _private(state: VenusState, seat: int) -> dict[str, Any]:
    """What only ``seat`` knows: cultures it observed (not yet discovered), markers it spied
    that are still face down."""
    p = state.players[seat]
    return {
        "observed": {s: c for s, c in p.observed.items() if s not in state.discovered},
        "spied": {
            d: marker_view(m)
            for d, m in p.spied.items()
            if not state.qboxes[d].face_up
        },
    }
