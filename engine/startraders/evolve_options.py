"""``apply`` for the events of the optional rules (Optional Rules: "Selecting Personalities",
"Personalities as Commodity"); ``evolve`` merges these handlers into its own table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import Player, Selection, StarState

Handler = Callable[[StarState, dict[str, Any]], None]


def _shuffled(state: StarState, d: dict[str, Any]) -> None:
    state.selection = Selection(deck=list(d["deck"]))


def _flipped(state: StarState, d: dict[str, Any]) -> None:
    sel = state.selection
    if sel is not None:
        sel.deck.remove(d["personality"])
        sel.flipped = d["personality"]
        sel.bids = {}


def _bid(state: StarState, d: dict[str, Any]) -> None:
    if state.selection is not None:
        state.selection.bids[d["seat"]] = d["stellors"]


def _bought(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).personality = d["personality"]
    if state.selection is not None:
        state.selection.flipped = None


def _set_aside(state: StarState, d: dict[str, Any]) -> None:
    if state.selection is not None:
        state.selection.aside.append(d["personality"])
        state.selection.flipped = None


def _closed(state: StarState, d: dict[str, Any]) -> None:
    state.selection = None


def _start_worlds(state: StarState, d: dict[str, Any]) -> None:
    for p, world in zip(state.players, d["worlds"], strict=True):
        p.world = world
    state.stations = {int(w): s for w, s in d["stations"].items()}
    state.insider_left = d["insider_left"]


def _traded(state: StarState, d: dict[str, Any]) -> None:
    state.personality_moves.append({k: d[k] for k in ("personality", "seat", "to")})


def _give_up(p: Player, name: str) -> None:
    if p.personality == name:
        p.personality = p.more.pop(0) if p.more else None
    elif name in p.more:
        p.more.remove(name)


def _moved(state: StarState, d: dict[str, Any]) -> None:
    _give_up(state.player(d["seat"]), d["personality"])
    taker = state.player(d["to"])
    if taker.personality is None:
        taker.personality = d["personality"]
    else:
        taker.more.append(d["personality"])
    state.personality_moves = [m for m in state.personality_moves
                               if (m["personality"], m["seat"]) != (d["personality"], d["seat"])]


def _lapsed(state: StarState, d: dict[str, Any]) -> None:
    state.personality_moves = [m for m in state.personality_moves
                               if (m["personality"], m["seat"]) != (d["personality"], d["seat"])]


HANDLERS: dict[str, Handler] = {
    "PersonalitiesShuffled": _shuffled, "PersonalityFlipped": _flipped,
    "PersonalityBid": _bid, "PersonalityBought": _bought, "PersonalitySetAside": _set_aside,
    "SelectionClosed": _closed, "StartWorldsChosen": _start_worlds,
    "PersonalityTraded": _traded, "PersonalityMoved": _moved, "PersonalityLapsed": _lapsed,
}
