"""The Solo Challenge Game: Challenge cards ("Solo Challenge Setup" 1-2, "Challenges",
"Irreversible Effect", "Winning the Solo Challenge Game").

The cards are ``vsenc``'s data (``data/challenges.json``: colour, round, fee, a challenge
``{"need": ..., "at_least": n}`` and an effect). This module places them, activates each at
the start of its round (an irreversible effect is applied then), takes the fees before
every Movement phase, ends the game at once when a round starts with fees the player
cannot pay, notices a completed challenge after every command, and decides the solo game's
win at the end. A challenge's ``need`` is measured by ``NEEDS[need](state, seat, spec)``
(pirates defeated by what the cards keep: ``challenges.py``). The events' handlers are in
``solo_events.py``; ``order.py`` says when the hooks here run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from .challenges import pirates_defeated
from .draft import Draft
from .state import StandardState

Need = Callable[[StandardState, int, dict[str, Any]], int]
DATA = "challenges.json"


@cache
def challenge_cards() -> dict[str, dict[str, Any]]:
    """The Challenge cards by id (empty until the data file exists)."""
    path = resources.files("engine.venus_standard") / "data" / DATA
    if not path.is_file():
        return {}
    cards = json.loads(path.read_text("utf-8"))["cards"]
    return {c["id"]: c for c in cards}


# how each challenge's ``need`` is measured
NEEDS: dict[str, Need] = {
    "credits": lambda s, seat, spec: s.player(seat).credits,
    "cultures_discovered": lambda s, seat, spec: len(s.discovered),
    "attribute": lambda s, seat, spec: int(getattr(s.player(seat), spec["attribute"], 0)),
    "missions_completed": lambda s, seat, spec: len(s.player(seat).missions_done),
    "rewards": lambda s, seat, spec: len(s.player(seat).rewards),
    "fame_tokens": lambda s, seat, spec: s.player(seat).fame,
    "pirates_defeated": pirates_defeated,
}


def measured(state: StandardState, card: str, seat: int = 0) -> tuple[int, int] | None:
    """The card's challenge now: what the seat has of its need and what completes it; None
    for a need no measure knows."""
    spec = challenge_cards()[card]["challenge"]
    measure = NEEDS.get(spec["need"])
    return None if measure is None else (measure(state, seat, spec), int(spec["at_least"]))


def met(state: StandardState, card: str, seat: int = 0) -> bool:
    """Whether the card's challenge is fulfilled now (an unknown need never is)."""
    now = measured(state, card, seat)
    return now is not None and now[0] >= now[1]


def progress(state: StandardState, seat: int = 0) -> dict[str, dict[str, Any]]:
    """Each open Challenge card's measure now against what completes it, ``{"need": the
    measure's name, "have": n, "at_least": m}`` ("Challenges": what the player still has to
    do; completed cards are left out)."""
    solo = state.solo
    if solo is None:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for card in solo.cards:
        now = None if card in solo.completed else measured(state, card, seat)
        if now is not None:
            need = challenge_cards()[card]["challenge"]["need"]
            out[card] = {"need": need, "have": now[0], "at_least": now[1]}
    return out


def place_challenges(draft: Draft) -> None:
    """Solo Challenge Setup 1-2: the cards sorted by colour into face-down piles, each pile
    shuffled and its top card drawn; the rest go back to the box unseen."""
    piles: dict[str, list[str]] = {}
    for cid, card in sorted(challenge_cards().items()):
        piles.setdefault(str(card["colour"]), []).append(cid)
    drawn = [draft.rng.shuffled(cards)[0] for _, cards in sorted(piles.items())]
    drawn.sort(key=lambda cid: (printed(cid)[0], cid))
    draft.emit("ChallengesPlaced", cards=[{"card": cid, "round": printed(cid)[0],
                                           "fee": printed(cid)[1]} for cid in drawn])


def printed(card: str) -> tuple[int, int]:
    """A Challenge card's round and fee as printed on it ("Challenges")."""
    face = challenge_cards()[card]
    return int(face["round"]), int(face["fee"])


def fees(state: StandardState) -> int:
    solo = state.solo
    return 0 if solo is None else sum(solo.fees[c] for c in solo.active)


def active_effects(state: StandardState, kind: str) -> list[dict[str, Any]]:
    """The effects of that kind of the active Challenge cards (e.g. "pirates_stronger")."""
    solo = state.solo
    if solo is None:
        return []
    effects = [challenge_cards()[c]["effect"] for c in solo.active]
    return [e for e in effects if e.get("kind") == kind]


def round_start(draft: Draft) -> None:
    """"Challenges": a card becomes active at the start of its round (its irreversible
    effect applied then); a player who cannot pay the active fees at the start of a round
    immediately loses the game."""
    state = draft.state
    solo = state.solo
    if solo is None:
        return
    for card in solo.cards:
        if solo.rounds[card] == state.round and card not in solo.completed:
            draft.emit("ChallengeActivated", card=card)
            _irreversible(draft, card)
    owed = fees(draft.state)
    if owed and draft.state.player(0).credits < owed:
        draft.emit("GameEnded", scores=[p.credits for p in draft.state.players],
                   fame=[None for _ in draft.state.players], winners=[],
                   reason="challenge_fee_unpaid", owed=owed)


def _irreversible(draft: Draft, card: str) -> None:
    """"Irreversible Effect": applied once, as the card becomes active; it outlasts the
    card. Ours: a dial turned down (never below 1), a payment (what the player has, as
    "Losing a Pirate Engagement"), fame tokens returned (those held)."""
    effect = challenge_cards()[card]["effect"]
    if not effect.get("irreversible"):
        return
    p = draft.state.player(0)
    if effect.get("kind") == "pay":
        draft.credits(0, -min(int(effect["credits"]), max(0, p.credits)), f"challenge:{card}")
        return
    if effect.get("kind") == "fame":
        draft.fame(0, -min(-int(effect["by"]), max(0, p.fame)), f"challenge:{card}")
        return
    if effect.get("kind") != "dial":
        return
    laser, shield = p.laser, p.shield
    if effect["dial"] == "laser":
        laser = max(1, laser + int(effect["by"]))
    else:
        shield = max(1, shield + int(effect["by"]))
    draft.emit("DialsSet", seat=0, laser=laser, shield=shield, reason=f"challenge:{card}")


def pay_fees(draft: Draft) -> None:
    """"Challenges": immediately before every movement step, the active cards' fees."""
    owed = fees(draft.state)
    if owed:
        turn = draft.state.turn
        seat = 0 if turn is None else turn.seat
        paid = min(owed, max(0, draft.state.player(seat).credits))
        draft.credits(seat, -paid, "challenge_fees")


def check_completed(draft: Draft) -> None:
    """A challenge completed, active or not, leaves play with its effect and fee."""
    state = draft.state
    solo = state.solo
    if solo is None or state.stage == "over":
        return
    for card in solo.cards:
        if card not in solo.completed and met(state, card):
            draft.emit("ChallengeCompleted", card=card)


def won(state: StandardState) -> bool:
    """Winning the Solo Challenge Game: every Challenge card completed by the end of round
    30 (the challenges' last round)."""
    solo = state.solo
    return solo is not None and set(solo.completed) >= set(solo.cards)
