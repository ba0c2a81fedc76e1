"""``view``: what one seat (or a spectator) may see. Money and hands are secret (Money: each
player sees only his own Stellors and cards); the Psychic sees the top Contract card(s)."""

from __future__ import annotations

from typing import Any

from .actions import chain_needed, longest_chain
from .auction import bidders
from .components import contracts
from .legal import pending
from .selection import bidders as selection_bidders
from .state import Player, StarState
from .windows import prompted


def _player(p: Player, viewer: int, over: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": p.seat, "name": p.name, "personality": p.personality,
        "personalities": p.personalities, "world": p.world,
        "engines": p.engines, "prestige": p.prestige, "cards": len(p.hand),
        "hold": list(p.hold), "mission": p.mission, "lose_turn": p.lose_turn, "out": p.out,
        "escapes": p.escapes, "envoy": p.envoy,
    }
    if p.seat == viewer or over:  # Money is secret; a finished game is shown in full
        out["stellors"] = p.stellors
        out["hand"] = list(p.hand)
        out["policy"] = p.policy
    return out


def psychic_peek(state: StarState, viewer: int) -> list[int]:
    """The Psychic may always see the next Contract (the top two with 5 or 6 players)."""
    if not 0 <= viewer < len(state.players):
        return []
    p = state.player(viewer)
    if not p.has("psychic") or p.out:
        return []
    return list(state.deck[: 2 if len(state.players) >= 5 else 1])


def view(state: StarState, viewer: int) -> dict[str, Any]:
    now = pending(state)
    turn = state.turn
    cards = contracts()
    return {
        "ruleset": "star-traders",
        # the table page's word for where the game is (as Merchant of Venus's view says it)
        "stage": "over" if state.winner is not None else "playing",
        "advanced": state.advanced,
        "reaction_timer": state.reaction_timer,
        "round": state.round,
        "first_player": state.first_player,
        "turn": None if turn is None else {
            "seat": turn.seat, "stage": turn.stage, "jumps": turn.jumps,
            "asking": turn.asking, "roll": turn.roll, "declared": turn.declared,
            "petition": turn.petition,
            # the deals the viewer offered or was offered this turn (Trades and Deals)
            "offered": [o.model_dump() for o in turn.offered if viewer in (o.seat, o.to)],
        },
        "pending": None if now is None else now.model_dump(),
        "players": [_player(p, viewer, state.winner is not None) for p in state.players],
        "stations": {str(w): s for w, s in sorted(state.stations.items())},
        "imperial_stations": sorted(state.imperial_stations),
        # the advanced game's race (Winning the Advanced Game): each seat's longest chain of
        # Imperial Stations and the length that wins (public: the stations are on the board)
        "chains": {str(p.seat): longest_chain(state, p.seat) for p in state.players}
        if state.advanced else {},
        "chain_needed": chain_needed(len(state.players)) if state.advanced else None,
        "contracts": [None if cid is None else cards[cid].model_dump() for cid in state.slots],
        "completed": [{"contract": cards[e.contract].model_dump(),
                       "rights": {str(s): n for s, n in e.rights.items()}}
                      for e in state.completed],
        "missions": {str(p.seat): cards[p.mission].model_dump()
                     for p in state.players if p.mission is not None},
        "contract_deck": len(state.deck),
        "luck_deck": len(state.luck_deck),
        "luck_discard": list(state.luck_discard),
        "psychic": [cards[cid].model_dump() for cid in psychic_peek(state, viewer)],
        # the window open now (public: whom it asks and who answered); ``asked``: whether
        # it prompts the viewer (the viewer's policy and hand: told to the viewer alone)
        "window": None if state.window is None else {
            **state.window.model_dump(), "asked": prompted(state, viewer)},
        "quarantines": [{"world": q["world"], "by": q["by"]} for q in state.quarantines],
        "offers": [o.model_dump() for o in state.offers if viewer in (o.seat, o.to)],
        # Optional Rules, "Selecting Personalities": the card up, who still bids, one's own bid
        "selection": None if state.selection is None else {
            "flipped": state.selection.flipped, "aside": list(state.selection.aside),
            "waiting": selection_bidders(state), "bid": state.selection.bids.get(viewer)},
        "personality_moves": list(state.personality_moves),
        "auction": None if state.auction is None else {
            "world": state.auction.world, "seller": state.auction.seller,
            "waiting": bidders(state), "bid": state.auction.bids.get(viewer)},
        "winner": state.winner,
        "end": state.end,
    }
