"""What one seat (or a spectator) may see of a game (3.2 disclosure, 7.2, 8.45)."""

from __future__ import annotations

from types import EllipsisType
from typing import Any

from engine.kernel import SPECTATOR, Pending
from engine.kernel.fastmodel import dumper

from .legal import pending
from .state import FactorySite, Marker, Player, QBox, Turn, VenusState
from .winning import net_worth, target


def view(state: VenusState, viewer: int = SPECTATOR) -> dict[str, Any]:
    """Public facts for everyone; a seat also sees what it alone observed or spied.

    Never in a view: which culture a hidden IOU is (4.12), face-down "?" markers (4.11),
    the unused markers, the seed, or another seat's observations.
    """
    return seat_view(state, public_view(state), viewer)


# The keys of ``public_view``'s document that ``seat_view`` neither reads nor changes (the
# kernel's ``SharedViews``): a server may hand ``seat_view`` a public view whose values under
# these keys are already written as JSON (``server/frames.py``), and keep that JSON while the
# value is the same object (``Kept``'s parts are, for as long as the state leaves them).
PUBLIC_PARTS = ("options", "hidden_cultures", "qboxes", "market", "factory_goods_aside")


def seat_view(state: VenusState, public: dict[str, Any], viewer: int) -> dict[str, Any]:
    """``viewer``'s view from the public one (``public_view`` of the same state): the same
    document with the seat's own observations and spied markers added to its player (the
    rest is shared with ``public``, not copied: a server makes the public part once for all
    the seats watching). A seat with nothing of its own (no observation still private, no
    spied marker still face down: most seats, most of the game) sees ``public`` itself, its
    player without ``observed`` and ``spied``; a server writes one message for all of them."""
    if not 0 <= viewer < len(state.players):
        return public
    private = _private(state, viewer)
    if private is None:
        return public
    players = list(public["players"])
    players[viewer] = {**players[viewer], **private}
    return {**public, "players": players}


def public_view(state: VenusState, prompt: Pending | None | EllipsisType = ...,
                kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a spectator sees: the facts public to every seat (3.2 disclosure). ``prompt`` is
    ``pending(state)`` when the caller has it already (a server's ``Game.pending()``, asked
    once per seq); by default it is asked here. ``kept``: a dict the caller keeps for this
    game between calls (a server's ``Game.views_kept``), where the parts of its last public
    view are kept (``Kept``) and reused where the state did not change them."""
    if prompt is ...:
        prompt = pending(state)
    parts: Kept = FRESH
    if kept is not None:
        parts = kept.get("public") or kept.setdefault("public", Kept())
    out: dict[str, Any] = {
        "ruleset": "venus",
        "edition": state.edition,
        "options": parts.options_of(state),
        "stage": state.stage,
        "round": state.round,
        "first_player": state.first_player,
        "winner": state.winner,
        "bank": state.bank,
        "sandbox": state.sandbox,
        "players": parts.players_of(state),
        "discovered": dict(state.discovered),
        "hidden_cultures": parts.hidden_of(state),
        "qboxes": parts.qboxes_of(state),
        "spaceports": dict(state.spaceports),
        "factories": {k: _FACTORY(v) for k, v in state.factories.items()},
        "market": parts.market_of(state),  # 4.13, 10.12 (public)
        "suns": {k: list(v) for k, v in state.suns.items() if v},  # 9.322
        "cup": len(state.cup),  # 10.1: how many; which ones is not shown
        "factory_goods_aside": parts.aside_of(state),
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


class Kept:
    """The larger parts of one game's last public view, each with a copy of what it was
    made from, so the next seq's view reuses the parts the state did not change: a command
    changes the turn and one or two players, seldom the "?" boxes, the markets, the goods
    set aside, the cultures still hidden or the options.

    Whether a part changed is decided by its content, never by the state's identity (the
    state is changed in place): ``==`` of the copy kept with the state's container (lists
    and dicts of strings and numbers; the "?" boxes by their ``QBox`` objects, which are
    only ever replaced, never changed, as ``clone_state`` relies on too), and for a
    player's plain values (cash, dot...) ``is``: the state replaces them, so the same
    object is the same value. Reused parts are shared between seqs' views: read only."""

    __slots__ = ("_keep", "_options", "_hidden", "_qboxes", "_market", "_aside", "_players")

    def __init__(self, keep: bool = True) -> None:
        self._keep = keep  # False: make every part, keep nothing (``FRESH``)
        self._options: tuple[dict[str, Any], dict[str, Any]] | None = None
        self._hidden: tuple[tuple[dict[str, str], dict[str, str]], list[str]] | None = None
        self._qboxes: tuple[dict[str, QBox], dict[str, dict[str, Any]]] | None = None
        self._market: dict[str, list[str]] | None = None
        self._aside: list[str] | None = None
        self._players: list[dict[str, Any]] = []

    def options_of(self, state: VenusState) -> dict[str, Any]:
        made = self._options
        if made is not None and made[0] == state.options:
            return made[1]
        shown = {k: v for k, v in state.options.items() if k != "seed"}
        if self._keep:
            self._options = (dict(state.options), shown)
        return shown

    def hidden_of(self, state: VenusState) -> list[str]:
        """4.12: the systems whose culture is not yet discovered (which one is secret)."""
        made = self._hidden
        if made is not None and made[0][1] == state.discovered and made[0][0] == state.iou_at:
            return made[1]
        shown = sorted([s for s in state.iou_at if s not in state.discovered])
        if self._keep:
            self._hidden = ((dict(state.iou_at), dict(state.discovered)), shown)
        return shown

    def qboxes_of(self, state: VenusState) -> dict[str, dict[str, Any]]:
        made = self._qboxes
        if made is not None and made[0] == state.qboxes:
            return made[1]
        shown = qboxes_view(state.qboxes)
        if self._keep:
            self._qboxes = (dict(state.qboxes), shown)
        return shown

    def market_of(self, state: VenusState) -> dict[str, list[str]]:
        """4.13, 10.12: the markers on each Culture's market; the view (which leaves out the
        empty ones) is its own copy to compare: a market with an empty list is made anew."""
        made = self._market
        if made is not None and made == state.market:
            return made
        shown = {k: list(v) for k, v in state.market.items() if v}
        if self._keep:
            self._market = shown
        return shown

    def aside_of(self, state: VenusState) -> list[str]:
        """4.13: the Factory Goods of factories not yet built, set aside (public), as the
        view's own list to compare."""
        made = self._aside
        if made is not None and made == state.aside:
            return made
        shown = list(state.aside)
        if self._keep:
            self._aside = shown
        return shown

    def players_of(self, state: VenusState) -> list[dict[str, Any]]:
        forts = _forts_by_seat(state)
        kept = self._players
        if not self._keep:
            return [_player(state, p.seat, forts) for p in state.players]
        if len(kept) != len(state.players):
            kept[:] = [_player(state, p.seat, forts) for p in state.players]
            return list(kept)
        for i, p in enumerate(state.players):
            if not _same_player(kept[i], state, p, forts):
                kept[i] = _player(state, p.seat, forts)
        return list(kept)


FRESH = Kept(keep=False)  # a view made from scratch (no ``kept``)


def _same_player(shown: dict[str, Any], state: VenusState, p: Player,
                 forts: dict[int, list[str]]) -> bool:
    """Is ``shown`` (``_player`` of an earlier seq) what ``_player`` would make now?"""
    return (shown["cash"] is p.cash and shown["dot"] is p.dot and shown["seat"] is p.seat
            and shown["ship"] is p.ship and shown["race"] is p.race and shown["name"] is p.name
            and shown["goods"] == p.goods and shown["equipment"] == p.equipment
            and shown["relics"] == p.relics and shown["fares"] == p.fares
            and shown["ious"] == p.ious and shown["deeds"] == p.deeds
            and shown["damaged"] == p.damaged and shown["forts"] == forts.get(p.seat, [])
            and shown["net_worth"] == net_worth(state, p.seat))


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
_MARKER = dumper(Marker)


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
_TURN = dumper(Turn)
_PENDING = dumper(Pending)
_FACTORY = dumper(FactorySite)
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


def _private(state: VenusState, seat: int) -> dict[str, Any] | None:
    """What only ``seat`` knows: cultures it observed (not yet discovered), markers it spied
    that are still face down; None when it knows nothing of its own."""
    p = state.players[seat]
    observed, spied = p.observed, p.spied  # often none: no comprehension then
    if not observed and not spied:
        return None
    shown = {
        "observed": {s: c for s, c in observed.items() if s not in state.discovered}
        if observed else {},
        "spied": {
            d: marker_view(m)
            for d, m in spied.items()
            if not state.qboxes[d].face_up
        } if spied else {},
    }
    return shown if shown["observed"] or shown["spied"] else None
