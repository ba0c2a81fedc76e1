"""Reaction windows (docs/star-traders.md, "Reaction windows"; Timing Details): a window opens
on a Calamity, a jump's interval, a roll or a petition and asks every seat that may answer it
at once; it closes when each has answered; then the rule it held back goes on
(``intervals.after_window``, given to the draft by ``rules.decide``).

What a window shows others never depends on a hand or a policy: ``pending.seats`` are the
seats it asks that have not answered, whatever they hold; whether a seat's policy prompts it
is told in its own view only; with the table's clock (``reaction_timer``) a seat that is not
prompted is passed by the countdown, at the same moment as any other silent seat.

Also here, what a policy reads: the cards a hand may play (Pirate Pete's Piracy as another
card), the cards that answer a Calamity or a raid, the ships a Quarantine traps and the worlds
a Quarantine played in an interval may fall on.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import only

from .components import PETE_AS, PRESTIGE_CARDS, luck_cards
from .draft import Draft
from .state import StarState, Window

REROLLED = ("regular", "station", "psychic")  # re-rolls: jump attempts (not random, Awesome)


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
    if kind == "piracy" and state.player(seat).has("pirate-pete"):
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


def interval_worlds(state: StarState) -> list[int]:
    """The worlds a Quarantine played in a jump's interval may fall on: the jumper's world in
    the Quarantine interval (step 2) and once her ship has moved (step 6); during the
    Zap/Reroll interval of a regular or station jump (step 4) the destination ("an opponent
    plays Quarantine on Niven") or the starting world ("if Quarantine is played, it will not
    trap a successfully jumping player on her starting world": it traps her there if the
    jump fails); none for the dice of a random or special jump."""
    window = state.window
    turn = state.turn
    if window is None or turn is None:
        return []
    if window.kind in ("quarantine", "you_are_lost"):
        return [state.player(turn.seat).world]
    roll = turn.roll or {}
    if window.kind == "zap" and roll.get("kind") in ("regular", "station"):
        return [int(roll["to"]), state.player(turn.seat).world]
    return []


# --- opening, asking and closing a window --------------------------------------------------


REACTION_CARDS = {"avoid_calamity": {"avoid"}, "you_are_lost": {"lost"},
                  "zap": {"zap", "superzap"}, "quarantine": {"quarantine"},
                  "petition": set(PRESTIGE_CARDS)}


def asks(state: StarState, seat: int, kind: str = "avoid_calamity") -> bool:
    """Whether the seat's policy prompts it in this window (the seat's own business: its view
    alone says so): always (`ask`, but never about cancelling one's own card), never
    (`never`), or when it holds a card playable there (`playable`; the jumping player's
    re-roll counts when his roll fails and it is not a random jump; around a petition, the
    cards that change Prestige)."""
    p = state.player(seat)
    w = state.window
    if kind == "avoid_calamity" and w is not None and w.by == seat and w.victim != seat:
        return False  # one's own Quarantine! asks the others whether to cancel it, not oneself
    if p.policy == "never" or p.out:
        return False
    if p.policy == "ask":
        return True
    if kind == "avoid_calamity" and w is not None and w.detail.get("raid"):
        return any(answers(state, seat, c, w) for c in p.hand)
    if any(holds(state, seat, k) for k in REACTION_CARDS[kind]):
        return True
    if kind in ("zap", "you_are_lost") and any(luck_cards()[c].kind == "quarantine"
                                                for c in p.hand):
        return bool(interval_worlds(state))
    if kind == "quarantine" and state.turn and seat == state.turn.seat:
        return trapped(state, seat) and holds(state, seat, "avoid")
    roll = state.turn.roll if state.turn else None
    if kind == "zap" and roll and roll["kind"] == "petition":
        return any(holds(state, seat, k) for k in PRESTIGE_CARDS)
    if not (kind == "zap" and roll and state.turn and seat == state.turn.seat and p.hand):
        return False
    if roll["kind"] == "psychic":  # any die may be re-rolled for better worlds
        return True
    return roll["kind"] in REROLLED and roll["roll"] < roll["need"]


def clocked(state: StarState) -> bool:
    """Whether the table's windows run on a clock (``reaction_timer``, docs/rulings.md,
    "Reaction windows"): every seat a window asks is waited for until it answers or the
    countdown passes it, so nothing public depends on a hand or a policy. Without a clock (a
    sandbox, or a table that chose none) a seat its policy does not prompt passes at once."""
    return bool(state.reaction_timer)


def unanswered(state: StarState, window: Window | None = None) -> list[int]:
    """The seats the window waits for: every seat it asks (in priority order) that has not
    answered since it opened or started again, and has not dropped out. Public: this is
    ``pending.seats``."""
    w = window or state.window
    if w is None:
        return []
    return [s for s in w.order if s not in w.answered and not state.player(s).out]


def prompted(state: StarState, seat: int) -> bool:
    """Whether the window open now prompts ``seat`` (its own view says so): it waits for the
    seat and the seat's policy wants the question."""
    w = state.window
    return w is not None and seat in unanswered(state, w) and asks(state, seat, w.kind)


def open_window(draft: Draft, kind: str, victim: int, order: list[int], **data: Any) -> None:
    """Open a reaction window asking every seat of ``order`` at once."""
    draft.emit("WindowOpened", kind=kind, victim=victim, order=order, clock=clocked(draft.state),
               **data)
    _ask(draft)


def restart(draft: Draft) -> None:
    """Something was played in the window: every seat it asks may answer again (Timing
    Details 4: "These may happen in any order")."""
    draft.emit("IntervalRestarted")
    _ask(draft)


def _ask(draft: Draft) -> None:
    """Without a clock, each seat its policy prompts is asked (told to it alone) and every
    other passes at once; with a clock nobody passes before the countdown or its answer."""
    st = draft.state
    w = st.window
    assert w is not None
    if not clocked(st):
        for seat in unanswered(st, w):
            if asks(st, seat, w.kind):
                draft.emit("ReactionAsked", only(seat), type_public=False, seat=seat)
            else:
                draft.emit("ReactionPassed", seat=seat)
    advance(draft)


def answer(draft: Draft, seat: int) -> None:
    """The seat passes (public: a pass is the same event whoever or whatever made it)."""
    draft.emit("ReactionPassed", seat=seat)
    advance(draft)


def advance(draft: Draft) -> None:
    """With every seat answered, the window closes."""
    w = draft.state.window
    if w is None or unanswered(draft.state, w):
        return
    _close(draft)


def _close(draft: Draft) -> None:
    """Nobody is left to answer: the window closes and the rule it held back goes on
    (``Draft.after_window``: ``intervals.after_window``)."""
    window = draft.state.window
    assert window is not None
    draft.emit("WindowClosed", kind=window.kind, card=window.card)
    assert draft.after_window is not None, "a reaction window closed outside the rules"
    draft.after_window(draft, window)
