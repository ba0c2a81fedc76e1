"""Trader's Luck cards played at any moment, Calamities (what each does once nobody avoided
it), the answers played in their windows (Avoid Calamity, You Are Lost!), and each seat's
private reaction policy (docs/star-traders.md, "Reaction windows"; the windows themselves
are in ``windows``).

Implemented cards (the book names them; the effects in our words are in docs/rulings.md):
Imperial Favor, Imperial Disfavor, Gotcha, Lose a Cargo, Lose a Station, and Avoid Calamity
as the answer to a Calamity. Every card may also be turned in for a re-roll (movement.py).
"""

from __future__ import annotations

from engine.kernel import Command, RuleError, only

from .cards import check, effect, kept, losable_station, play_own
from .commands import PassReaction
from .components import LuckCard, luck_cards
from .decks import turn_in
from .draft import Draft
from .limits import over_limit
from .movement import lost_arrival
from .quarantine import escape, hero_avoids, place
from .special_jumps import velma_may_reroll
from .state import StarState, Window, is_imperial
from .windows import answer, answers, kinds_of, open_window, restart, unanswered

ANYTIME = {"favor", "disfavor", "gotcha", "lose-cargo", "lose-station", "quarantine",
           "takeover", "piracy", "stressed", "envoy", "priority-run", "superjump",
           "codebreaker"}


def set_policy(draft: Draft, seat: int, policy: str) -> None:
    """The seat's reaction policy is its own business: the event is told to it alone and its
    type to nobody else, so others cannot tell an automatic pass from a chosen one."""
    draft.emit("ReactionPolicySet", only(seat), type_public=False, seat=seat, policy=policy)


def played_as(info: LuckCard, as_kind: str | None) -> LuckCard:
    """The card as it acts: Pete's Piracy takes the substitute's kind and Calamity mark."""
    if as_kind is None or as_kind == info.kind:
        return info
    model = next(c for c in luck_cards().values() if c.kind == as_kind)
    return info.model_copy(update={"kind": as_kind, "calamity": model.calamity,
                                   "name": f"Piracy as {model.name}"})


def _card(state: StarState, seat: int, card: str) -> LuckCard:
    if card not in state.player(seat).hand:
        raise RuleError("Trader's Luck", f"you do not hold {card}")
    return luck_cards()[card]


def check_play(state: StarState, seat: int, card: str, target: int, cargo: str | None,
               world: int | None, as_kind: str | None = None) -> LuckCard:
    """Refuse a play the rules do not allow, naming why."""
    if state.turn is None or state.winner is not None:
        raise RuleError("Trader's Luck", "cards are played once the game has begun")
    info = _card(state, seat, card)
    if as_kind is not None:
        if as_kind not in kinds_of(state, seat, card) or as_kind == "avoid":
            raise RuleError("New Personalities", "only Pirate Pete plays a Piracy as another "
                            "card")
        info = played_as(info, as_kind)
    if info.kind not in ANYTIME:
        raise RuleError("Trader's Luck", f"{info.name} is not playable at any time: it is "
                        "played in its window (Timing Details), or turned in for a re-roll")
    if not 0 <= target < len(state.players) or state.player(target).out:
        raise RuleError("Trader's Luck", f"seat {target} is not in the game")
    victim = state.player(target)
    if info.kind == "lose-cargo" and (cargo not in victim.hold or is_imperial(cargo)):
        raise RuleError("Lose a Cargo!", "name a cargo the victim carries (not Imperial)")
    if info.kind == "quarantine" and world not in {p.world for p in state.active}:
        raise RuleError("Quarantine!", "quarantine a world where a ship is")
    if info.kind == "lose-station" and not losable_station(state, target, world):
        raise RuleError("Lose a Station!", "name a station of the victim that can be lost "
                        "(not an Imperial Station, not the Insider's Capital)")
    check(state, seat, info, target, cargo, world)
    return info


def play_card(draft: Draft, seat: int, card: str, target: int, cargo: str | None,
              world: int | None, as_kind: str | None = None) -> None:
    info = check_play(draft.state, seat, card, target, cargo, world, as_kind)
    if info.kind == "quarantine":
        place(draft, seat, card, world or 0)
        return
    draft.emit("CardPlayed", seat=seat, card=card, target=target, cargo=cargo, world=world)
    if kept(info):
        draft.emit("CardKept", seat=seat, card=card)
    else:
        turn_in(draft, seat, card, "played")
    if info.kind in ("priority-run", "superjump", "codebreaker"):
        play_own(draft, seat, info, world)
        return
    if not info.calamity:
        play_effect(draft, Window(card=card, by=seat, victim=target, detail={"as": as_kind}))
        if draft.state.window is not None:  # played during a window: all may answer again
            restart(draft)
        return
    open_window(draft, "avoid_calamity", target, [target], card=card, by=seat, cargo=cargo,
                world=world, as_kind=as_kind)


def countdown(state: StarState) -> tuple[int, int] | None:
    """The live countdown of the reaction window open now (table option
    ``reaction_timer``): the seq of the event that opened it and its seconds; None without
    the option or a window. The server runs the clock (server/service.py)."""
    w = state.window
    if w is None or not state.reaction_timer or state.winner is not None \
            or over_limit(state) is not None:  # a hand or hold over its limit comes first
        return None
    return w.opened, state.reaction_timer


def timeout_passes(state: StarState) -> list[tuple[int, Command]]:
    """When the countdown runs out: every seat the window waits for passes, with the same
    public event as a chosen pass (the window then polls on, and each seat it asks within
    the same window passes as well: "as if everyone who has not answered passed")."""
    return [(seat, PassReaction()) for seat in unanswered(state)]


def _waiting_for(state: StarState, seat: int, kind: str) -> Window:
    window = state.window
    if window is None or window.kind != kind or seat not in unanswered(state, window):
        raise RuleError("Timing Details", "no reaction window waits for your answer")
    return window


def avoid(draft: Draft, seat: int, card: str) -> None:
    """Avoid Calamity!: played immediately, the Calamity has no effect; both cards are
    discarded; the Hero gains a Prestige for it ("one extra Prestige for each Avoid Calamity
    he plays"). In a Quarantine interval, the trapped jumping player's escape. A window
    underneath starts again: everyone may answer after a card is played."""
    if draft.state.window is not None and draft.state.window.kind == "quarantine":
        escape(draft, seat, card)
        return
    window = _waiting_for(draft.state, seat, "avoid_calamity")
    _card(draft.state, seat, card)
    if not answers(draft.state, seat, card, window):
        raise RuleError("Avoid Calamity!", f"{card} is not an Avoid Calamity card"
                        + (" or a Piracy" if window.detail.get("raid") else ""))
    draft.emit("CardPlayed", seat=seat, card=card, target=seat, cargo=None, world=None)
    turn_in(draft, seat, card, "played")
    draft.emit("CalamityAvoided", seat=seat, card=window.card)
    if window.card and luck_cards()[window.card].kind in ("quarantine", "envoy"):  # both
        draft.emit("QuarantineCancelled", world=window.detail.get("world"), card=window.card)
    hero_avoids(draft, seat, card)
    if draft.state.window is not None:
        restart(draft)


def you_are_lost(draft: Draft, seat: int, card: str) -> None:
    """You Are Lost! (a Calamity), played in the You Are Lost interval on the jumping player:
    unless she avoids it, her ship arrives at a world named by two dice instead, and her
    movement ends (docs/rulings.md)."""
    window = _waiting_for(draft.state, seat, "you_are_lost")
    _card(draft.state, seat, card)
    if "lost" not in kinds_of(draft.state, seat, card):
        raise RuleError("You Are Lost!", f"{card} is not a You Are Lost card")
    draft.emit("ReactionPlayed", seat=seat, card=card)
    draft.emit("CardPlayed", seat=seat, card=card, target=window.victim, cargo=None,
               world=None)
    turn_in(draft, seat, card, "played")
    as_kind = None if luck_cards()[card].kind == "lost" else "lost"  # Pete's Piracy
    open_window(draft, "avoid_calamity", window.victim, [window.victim], card=card, by=seat,
                as_kind=as_kind)


def pass_reaction(draft: Draft, seat: int) -> None:
    window = draft.state.window
    if window is None or seat not in unanswered(draft.state, window):
        raise RuleError("Timing Details", "nothing waits for your answer")
    answer(draft, seat)


def play_effect(draft: Draft, w: Window) -> None:
    """What each implemented card does (docs/rulings.md, "Trader's Luck cards")."""
    st = draft.state
    info = played_as(luck_cards()[w.card], w.detail.get("as"))
    victim = st.player(w.victim)
    if info.kind == "favor":
        draft.prestige(w.victim, info.amount or 0, "favor")
    elif info.kind == "disfavor":
        draft.prestige(w.victim, -(info.amount or 0), "disfavor")
    elif info.kind == "gotcha":  # Gotcha!: steal 2 Prestige (what she has, if fewer)
        taken = min(2, victim.prestige)
        draft.prestige(w.victim, -taken, "gotcha")
        draft.prestige(w.by, taken, "gotcha")
    elif info.kind == "lose-cargo":
        cargo = w.detail.get("cargo")
        if cargo in victim.hold:
            draft.emit("CargoRemoved", seat=w.victim, cargo=cargo, why="lost")
    elif info.kind == "lose-station":
        world = w.detail.get("world")
        if losable_station(st, w.victim, world):
            draft.emit("StationLost", seat=w.victim, world=world)
    elif info.kind == "lost":
        _lost_jump(draft, w)
    elif info.kind in ("takeover", "piracy", "stressed", "envoy"):
        effect(draft, w, info)
    elif info.kind == "quarantine":
        draft.emit("QuarantinePlaced", world=w.detail.get("world"), by=w.by, card=w.card)


def _lost_jump(draft: Draft, w: Window) -> None:
    """The ship arrives where two dice say; the interval starts again for the new arrival
    ("You Are Lost may be played immediately after another You Are Lost")."""
    first = draft.die()
    interval = draft.state.window
    if velma_may_reroll(draft.state, w.victim, first):  # she answers before the second die
        if interval is not None and interval.kind == "you_are_lost":
            draft.emit("WindowClosed", kind=interval.kind, card="")
        draft.emit("FirstDieRolled", seat=w.victim, die=first, kind="lost", by=w.by)
        return
    lost_arrival(draft, w.victim, w.by, first)
