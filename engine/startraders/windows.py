"""Reaction windows (docs/star-traders.md, "Reaction windows"; Timing Details): a window opens
on a Calamity, a jump's interval or a roll, asks its seats in priority order as each seat's
private reaction policy wants, and closes when nobody is left to ask; then the rule it held
back goes on (``intervals.after_window``, given to the draft by ``rules.decide``).

Also here, what a policy reads: the cards a hand may play (Pirate Pete's Piracy as another
card), the cards that answer a Calamity or a raid, the ships a Quarantine traps and the world
a Quarantine played in an interval falls on.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import only

from .components import PETE_AS, luck_cards
from .draft import Draft
from .state import StarState, Window


def priority_order(state: StarState, seat: int) -> list[int]:
    """Stages of the Turn: priority starts with the player whose turn it is, then goes in
    turn order."""
    n = len(state.players)
    return [(seat + i) % n for i in range(n) if not state.player((seat + i) % n).out]


# --- the cards a hand may play --------------------------------------------------------------


def kinds_of(state: StarState, seat: int, card: str) -> set[str]:
    """What a card in the seat's hand may be played as: its own kind, and for Pirate Pete a
    Piracy as any of ``PETE_AS`` (New Personalities)."""
    kind = luck_cards()[card].kind
    if kind == "piracy" and state.player(seat).personality == "pirate-pete":
        return {kind, *PETE_AS}
    return {kind}


def holds(state: StarState, seat: int, kind: str) -> bool:
    return any(kind in kinds_of(state, seat, c) for c in state.player(seat).hand)


def answers(state: StarState, seat: int, card: str, window: Window) -> bool:
    """Whether the card answers this Calamity window: Avoid Calamity (or Pete's Piracy as
    one); against Pirate Pete's raid also a Piracy (New Personalities)."""
    kinds = kinds_of(state, seat, card)
    if window.detail.get("raid"):
        return any(defends(k) for k in kinds)
    return "avoid" in kinds


def defends(kind: str) -> bool:
    """The cards that stop a raid: Avoid Calamity or Piracy."""
    return kind in ("avoid", "piracy")


# --- Quarantines in force (Special Cards, "Quarantine!") ------------------------------------


def on_world(state: StarState, world: int) -> int:
    return sum(1 for q in state.quarantines if q["world"] == world)


def trapped(state: StarState, seat: int) -> bool:
    """More Quarantines on the seat's world than Avoid Calamity cards it played to leave."""
    p = state.player(seat)
    return on_world(state, p.world) > p.escapes


def interval_world(state: StarState) -> int | None:
    """The world a Quarantine played in a jump's interval falls on: the jumper's world in
    the Quarantine interval (step 2) and once her ship has moved (step 6); the destination
    of a regular or station jump during the Zap/Reroll interval (step 4: "an opponent plays
    Quarantine on Niven"); none for the dice of a random or special jump."""
    window = state.window
    turn = state.turn
    if window is None or turn is None:
        return None
    if window.kind in ("quarantine", "you_are_lost"):
        return state.player(turn.seat).world
    roll = turn.roll or {}
    if window.kind == "zap" and roll.get("kind") in ("regular", "station"):
        return int(roll["to"])
    return None


# --- opening, polling and closing a window --------------------------------------------------


REACTION_CARDS = {"avoid_calamity": {"avoid"}, "you_are_lost": {"lost"},
                  "zap": {"zap", "superzap"}, "quarantine": {"quarantine"}}


def asks(state: StarState, seat: int, kind: str = "avoid_calamity") -> bool:
    """Whether the seat's policy has the window wait for it: always (`ask`), never
    (`never`), or when it holds a card playable there (`playable`; the jumping player's
    re-roll counts when his roll fails and it is not a random jump)."""
    p = state.player(seat)
    if p.policy == "never" or p.out:
        return False
    if p.policy == "ask":
        return True
    w = state.window
    if kind == "avoid_calamity" and w is not None and w.detail.get("raid"):
        return any(answers(state, seat, c, w) for c in p.hand)
    if any(holds(state, seat, k) for k in REACTION_CARDS[kind]):
        return True
    if kind in ("zap", "you_are_lost") and any(luck_cards()[c].kind == "quarantine"
                                                for c in p.hand):
        return interval_world(state) is not None
    if kind == "quarantine" and state.turn and seat == state.turn.seat:
        return trapped(state, seat) and holds(state, seat, "avoid")
    roll = state.turn.roll if state.turn else None
    return bool(kind == "zap" and roll and state.turn and seat == state.turn.seat and p.hand
                and roll["kind"] in ("regular", "station") and roll["roll"] < roll["need"])


def open_window(draft: Draft, kind: str, victim: int, order: list[int], **data: Any) -> None:
    """Open a reaction window and ask the first seat that wants to be asked."""
    draft.emit("WindowOpened", kind=kind, victim=victim, order=order, **data)
    advance(draft)


def advance(draft: Draft) -> None:
    """Poll the window's seats in priority order: a seat whose policy wants the question is
    asked (told to it alone); any other passes at once with the same public event as a
    chosen pass. With nobody left, the window closes."""
    while True:
        w = draft.state.window
        if w is None or w.waiting:
            return
        if not w.queue:
            _close(draft)
            return
        seat = w.queue[0]
        if asks(draft.state, seat, w.kind):
            draft.emit("ReactionAsked", only(seat), type_public=False, seat=seat)
            return
        draft.emit("ReactionPassed", seat=seat)


def _close(draft: Draft) -> None:
    """Nobody is left to ask: the window closes and the rule it held back goes on
    (``Draft.after_window``: ``intervals.after_window``)."""
    window = draft.state.window
    assert window is not None
    draft.emit("WindowClosed", kind=window.kind, card=window.card)
    assert draft.after_window is not None, "a reaction window closed outside the rules"
    draft.after_window(draft, window)
