"""Quarantine! and the Quarantine interval (Timing Details 2; Special Cards, "Quarantine!").

A Quarantine is played on a world where a ship is; anyone may cancel it at once with Avoid
Calamity. In force, it traps the ships there: a jump declared from that world is aborted at
the end of the Quarantine interval unless the jumping player has played one Avoid Calamity
for each Quarantine on the world (an escape lasts until she jumps successfully). The card
stays in front of its player until the start of that player's next turn (our reading,
docs/rulings.md), then goes to the discard pile. (Which ships are trapped: ``windows``; the
end of the interval: ``intervals.after_declaration``.)
"""

from __future__ import annotations

from engine.kernel import RuleError

from .components import luck_cards
from .decks import turn_in
from .draft import Draft
from .state import StarState, Turn
from .windows import (
    interval_worlds,
    kinds_of,
    open_window,
    priority_order,
    restart,
    trapped,
    unanswered,
)


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def quarantine_interval(draft: Draft, seat: int, to: int, kind: str,
                        permit: int | None = None, code: bool = False) -> None:
    """Timing Details 2: right after the declaration, before any roll. A station jump
    records whose permission it has (``permit``: the owner who gave it, or the jumper for
    his own station) or that a Codebreaker needs none (``code``)."""
    draft.emit("JumpDeclared", seat=seat, to=to, kind=kind, permit=permit, code=code)
    open_window(draft, "quarantine", seat, priority_order(draft.state, seat))


def _waiting(state: StarState, seat: int, kinds: tuple[str, ...] = ("quarantine",)) -> None:
    window = state.window
    if window is None or window.kind not in kinds or seat not in unanswered(state, window):
        raise RuleError("Timing Details", "no interval waits for your answer")


def play_in_interval(draft: Draft, seat: int, card: str, world: int | None = None) -> None:
    """Quarantine a world in a jump's interval (Timing Details 2, 4, 6): ``world`` one of
    ``interval_worlds`` (the first when not named: the destination in step 4)."""
    _waiting(draft.state, seat, ("quarantine", "zap", "you_are_lost"))
    if card not in draft.state.player(seat).hand or luck_cards()[card].kind != "quarantine":
        raise RuleError("Quarantine!", f"{card} is not a Quarantine card you hold")
    worlds = interval_worlds(draft.state)
    if not worlds:
        raise RuleError("Quarantine!", "no world to quarantine in this interval")
    if world is not None and world not in worlds:
        raise RuleError("Timing Details", f"in this interval a Quarantine falls on "
                        f"{' or '.join(str(w) for w in worlds)}")
    place(draft, seat, card, worlds[0] if world is None else world)


def place(draft: Draft, seat: int, card: str, world: int) -> None:
    """Play Quarantine on ``world``: the card is kept in front of its player; everyone, in
    priority order, may cancel it with Avoid Calamity."""
    draft.emit("CardPlayed", seat=seat, card=card, target=seat, cargo=None, world=world)
    draft.emit("CardKept", seat=seat, card=card)
    turn_seat = _turn(draft.state).seat
    open_window(draft, "avoid_calamity", turn_seat, priority_order(draft.state, turn_seat),
                card=card, by=seat, world=world)


def escape(draft: Draft, seat: int, card: str) -> None:
    """A trapped jumping player plays Avoid Calamity to leave (one per Quarantine)."""
    _waiting(draft.state, seat)
    if seat != _turn(draft.state).seat or not trapped(draft.state, seat):
        raise RuleError("Quarantine!", "only a trapped jumping player escapes a Quarantine")
    if card not in draft.state.player(seat).hand or "avoid" not in kinds_of(draft.state, seat,
                                                                             card):
        raise RuleError("Avoid Calamity!", f"{card} is not an Avoid Calamity card you hold")
    draft.emit("CardPlayed", seat=seat, card=card, target=seat, cargo=None, world=None)
    turn_in(draft, seat, card, "played")
    draft.emit("QuarantineEscaped", seat=seat)
    hero_avoids(draft, seat, card)
    restart(draft)


def hero_avoids(draft: Draft, seat: int, card: str) -> None:
    """Personalities, the Hero: "one extra Prestige for each Avoid Calamity he plays" -- to
    cancel a Calamity or to leave a Quarantined world alike (not for a Piracy played as
    one)."""
    if draft.state.player(seat).has("hero") and luck_cards()[card].kind == "avoid":
        draft.prestige(seat, 1, "hero")


def lift(draft: Draft, seat: int) -> None:
    """At the start of its player's turn a Quarantine ends and is discarded."""
    for q in [q for q in draft.state.quarantines if q["by"] == seat]:
        draft.emit("QuarantineLifted", world=q["world"], card=q["card"])
