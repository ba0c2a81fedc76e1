"""Encounter spaces and pirates on the board ("Encounters", "Pirates"): what happens when a
ship enters a space, as events on the draft. ``resolve_space`` is the seam movement calls;
the player's choices (an attribute against pirates, an offer, keeping a Reward card, which
goods the pirates take) wait in ``state.cards.pending`` and are answered by the commands of
``card_rules.py``, after which ``resume`` hooks let movement carry on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.kernel import NOBODY, RuleError

from . import effects, pirates
from .cards import Attribute, encounter_cards, pirate_tokens
from .cards_state import CardsState, Pending
from .ports import CardDraft, cards_of, ports
from .rewards import draw_reward
from .standing import engage_value, has_ability
from .titles import holder

ENCOUNTERS = "Encounters"
PIRATES = "Pirates"


@dataclass
class Resolution:
    """What entering a space did to the Move step: movement points added (or taken), the
    Move step stopped here (pirates), the turn ended (a card), or a choice waits."""

    movement: int = 0
    stop: bool = False
    end_turn: bool = False
    waiting: bool = False


Resume = Callable[[CardDraft, int, Resolution], None]
_RESUME: list[Resume] = []


def on_resume(fn: Resume) -> Resume:
    """Movement registers what to do once an encounter's choice is answered."""
    _RESUME[:] = [fn]
    return fn


def resumed(draft: CardDraft, seat: int, res: Resolution) -> None:
    for fn in _RESUME:
        fn(draft, seat, res)


# --- the board as the cards change it ------------------------------------------------------

def token_on(state: Any, space: str) -> str | None:
    """The token an Encounter card left on ``space`` ("pirate", "blue_dot", "asteroid"): it
    replaces the printed space for the rest of the game; a defeated pirate is an asteroid."""
    tok = cards_of(state).tokens.get(space)
    return tok.kind if tok is not None else None


def space_kind(state: Any, space: str, printed: str) -> str:
    """The kind movement should treat ``space`` as: a token's kind, else the printed one
    (a blue dot is a plain blue space)."""
    tok = token_on(state, space)
    return {"blue_dot": "blue"}.get(tok, tok) if tok else printed


def telegates(state: Any) -> dict[int, str]:
    """Telegate tokens placed by Encounter cards (or the optional Asteroid System telegate)."""
    return dict(cards_of(state).telegates)


# --- entering a space ----------------------------------------------------------------------

def resolve_space(draft: CardDraft, seat: int, space: str, printed: str, *,
                  last_point: bool = False) -> Resolution:
    """A ship entered ``space`` (printed kind ``printed``) during its Move step: a pirate
    engages ("Pirates"), an encounter space draws a card ("Encounters"), else nothing."""
    cards = cards_of(draft.state)
    tok = cards.tokens.get(space)
    if tok is not None and tok.kind == "pirate":
        if last_point:  # "Pirates" 1: ambushed
            draft.emit("PirateAmbush", seat=seat, space=space)
            return _lose(draft, seat, space)
        _wait(draft, Pending(seat=seat, kind="engage", space=space))
        return Resolution(waiting=True)
    if tok is None and printed == "encounter":
        return draw_encounter(draft, seat, space)
    return Resolution()


def _wait(draft: CardDraft, pending: Pending) -> None:
    draft.emit("EncounterWaiting", **pending.model_dump())


def _top_card(draft: CardDraft) -> str | None:
    """The top Encounter card; an empty deck is reshuffled from the discards (ours), and
    after round 30 of an epic game only the cards with the "30" icon stay ("Epic Game >
    Encounter Deck")."""
    cards = cards_of(draft.state)
    if not cards.encounter_deck:
        pool = list(cards.encounter_discard)
        removed: list[str] = []
        if ports().beyond_thirty(draft.state):
            removed = [c for c in pool if not encounter_cards()[c].thirty]
            pool = [c for c in pool if encounter_cards()[c].thirty]
        if not pool:
            return None
        draft.emit("EncounterDeckReshuffled", NOBODY, deck=_shuffle(draft, pool),
                   removed=removed)
    deck = cards_of(draft.state).encounter_deck
    return deck[0] if deck else None


def _shuffle(draft: CardDraft, items: list[str]) -> list[str]:
    rng = getattr(draft, "rng", None)
    if rng is not None:
        out: list[str] = rng.shuffled(items)
        return out
    return sorted(items)


def draw_encounter(draft: CardDraft, seat: int, space: str) -> Resolution:
    """"Encounters": draw an Encounter card and resolve its text; production; title and
    intel cards stay in play."""
    cid = _top_card(draft)
    if cid is None:
        return Resolution()
    card = encounter_cards()[cid]
    draft.emit("EncounterDrawn", seat=seat, card=cid, space=space)
    if card.production is not None:  # "Encounter Card Production"
        ports().produce(draft, card.production)
    if card.trait == "title":
        update_titles(draft, drawer=seat, new=cid)
        return Resolution()
    if card.trait == "intel":
        draft.emit("CardSetBesideTrack", card=cid)
        return Resolution()
    return run_card(draft, seat, space, cid, card.effects, Resolution())


def run_card(draft: CardDraft, seat: int, space: str, cid: str, todo: list[Any],
             res: Resolution) -> Resolution:
    """Run a card's effects from ``todo`` on; stop at an offer (the card waits with it)."""
    standing = ports().standing(draft.state, seat)
    attrs = {"laser": standing.laser, "shield": standing.shield,
             "pilot": standing.pilot_skill}
    out = effects.run(todo, draft.die, attrs)
    for op in out.ops:
        apply_op(draft, seat, space, cid, op)
    res.movement += out.movement
    res.end_turn = res.end_turn or out.end_turn
    if out.offer is not None:
        _wait(draft, Pending(seat=seat, kind="offer", space=space, card=cid,
                             pay=out.offer.pay, movement=res.movement, end_turn=res.end_turn,
                             rest=effects.dump([out.offer, *out.rest])))
        res.waiting = True
        return res
    draft.emit("EncounterDiscarded", seat=seat, card=cid)
    if res.end_turn:
        res.stop = True
    return res


def apply_op(draft: CardDraft, seat: int, space: str, cid: str, op: dict[str, Any]) -> None:
    """One operation of the interpreter as events."""
    kind = op["op"]
    if kind == "gain":
        if op["credits"]:
            ports().credits(draft, seat, op["credits"], cid)
        gain_fame(draft, seat, op["fame"], op["infamy"], cid)
    elif kind == "pay":
        pay(draft, seat, op["credits"], cid)
    elif kind == "place":
        place_token(draft, space, op["token"])
    elif kind == "telegate":
        draft.emit("TelegatePlaced", number=op["number"], space=space, card=cid)
    elif kind == "dial":
        ports().dial(draft, seat, op["dial"], op["by"])
    elif kind == "reward":
        draw_reward(draft, seat)
    elif kind == "rolled":
        draft.emit("EffectDieRolled", seat=seat, card=cid,
                   **{k: v for k, v in op.items() if k != "op"})


def pay(draft: CardDraft, seat: int, credits: int, reason: str) -> None:
    """Pay the bank what he can (as "Losing a Pirate Engagement": all he has if less)."""
    have = ports().standing(draft.state, seat).credits
    amount = min(credits, max(have, 0))
    if amount:
        ports().credits(draft, seat, -amount, reason)


def gain_fame(draft: CardDraft, seat: int, fame: int, infamy: int, reason: str) -> None:
    """Fame and infamy tokens ("Fame", "Infamy"); returning tokens never goes below none."""
    mine = cards_of(draft.state).seat(seat)
    infamy = max(infamy, -mine.infamy)
    fame = max(fame, -mine.fame)
    if fame or infamy:
        draft.emit("FameChanged", seat=seat, fame=fame, infamy=infamy, reason=reason)
        if infamy:
            update_titles(draft)


def place_token(draft: CardDraft, space: str, token: str) -> None:
    """A pirate token comes from the stockpile at random (none left: nothing happens --
    "All other component types ... are limited to the amounts included in the box");
    blue dots and asteroids may be substituted when they run out."""
    if token == "pirate":
        stock = cards_of(draft.state).pirate_stock
        if not stock:
            return
        pid = stock[0]
        tok = pirate_tokens()[pid]
        draft.emit("TokenPlaced", space=space, token="pirate", pirate=pid,
                   modifier=tok.modifier, grade=tok.grade)
        return
    draft.emit("TokenPlaced", space=space, token=token)


# --- pirates -------------------------------------------------------------------------------

def engage(draft: CardDraft, seat: int, attribute: Attribute, points: int | None) -> None:
    """"Pirates" 2-4: the chosen attribute against the effect die plus the token."""
    cards = cards_of(draft.state)
    pend = _pending(cards, seat, "engage")
    space = pend.space or ""
    tok = cards.tokens[space]
    standing = ports().standing(draft.state, seat)
    value = engage_value(standing, attribute)
    fight = pirates.engage(attribute, value, draft.die(), pirate_tokens()[tok.pirate or ""],
                           stronger=pirate_strength(draft.state))
    draft.emit("EncounterAnswered", seat=seat)
    draft.emit("PirateEngaged", seat=seat, space=space, attribute=attribute, die=fight.die,
               modifier=pirate_tokens()[tok.pirate or ""].modifier, result=fight.result,
               value=value, won=fight.won)
    if not fight.won:
        res = _lose(draft, seat, space)
    elif attribute == "pilot":
        most = pirates.pilot_bonus_points(standing.pilot_level)
        chosen = most if points is None else points
        if not 0 <= chosen <= most:
            raise RuleError("Winning a Pirate Engagement",
                            f"add 0 to {most} movement points (your pilot's level)")
        res = Resolution(movement=chosen)
    elif attribute == "shield":
        gain_fame(draft, seat, pirates.SHIELD_WIN_FAME, 0, "pirates")
        res = Resolution()
    else:
        res = _defeat(draft, seat, space)
    if not cards_of(draft.state).pending:
        resumed(draft, seat, res)


def pirate_strength(state: Any) -> int:
    """Extra strength of every pirate token (the solo challenge's "pirates stronger"
    effect, read from ``state.challenges`` when ``vscore`` keeps active challenges)."""
    from .cards import challenge_cards

    active = getattr(state, "active_challenges", None) or []
    return sum(challenge_cards()[c].effect.by for c in active
               if c in challenge_cards() and challenge_cards()[c].effect.kind
               == "pirates_stronger")


def _defeat(draft: CardDraft, seat: int, space: str) -> Resolution:
    """Won with the laser: c20 per infamy token under the pirate, those tokens become his
    fame, the token flips to its asteroid side, a Reward card, and the Move step ends."""
    cards = cards_of(draft.state)
    under = cards.tokens[space].infamy
    bonus = has_ability(cards.seat(seat), "bounty_bonus")
    credits = pirates.bounty(under, bonus)
    if credits:
        ports().credits(draft, seat, credits, "pirate bounty")
    draft.emit("PirateDefeated", seat=seat, space=space, infamy=under, credits=credits)
    draw_reward(draft, seat)
    return Resolution(stop=True)


def _lose(draft: CardDraft, seat: int, space: str) -> Resolution:
    """"Losing a Pirate Engagement": a goods token of the pirate's grade (his choice), else
    c20 (or all he has); then the Move step ends and an infamy token goes under the
    pirate."""
    cards = cards_of(draft.state)
    tok = pirate_tokens()[cards.tokens[space].pirate or ""]
    standing = ports().standing(draft.state, seat)
    matching = standing.goods_of(tok.grade)
    kind = pirates.loss_kind(bool(matching), bool(has_ability(cards.seat(seat),
                                                             "pirate_loss_waiver")))
    draft.emit("PirateBeatPlayer", seat=seat, space=space, loss=kind)
    if kind == "goods" and len(set(matching)) > 1:
        _wait(draft, Pending(seat=seat, kind="lose_goods", space=space,
                             options=sorted(set(matching))))
        return Resolution(stop=True, waiting=True)
    if kind == "goods":
        ports().lose_goods(draft, seat, matching[0])
    elif kind == "credits":
        pay(draft, seat, pirates.LOSS_CREDITS, "pirates")
    return Resolution(stop=True)


def give_up_goods(draft: CardDraft, seat: int, token: str) -> None:
    pend = _pending(cards_of(draft.state), seat, "lose_goods")
    if token not in pend.options:
        raise RuleError("Losing a Pirate Engagement",
                        f"give up one goods token of the pirate's grade: {pend.options}")
    draft.emit("EncounterAnswered", seat=seat)
    ports().lose_goods(draft, seat, token)
    resumed(draft, seat, Resolution(stop=True))


def answer_offer(draft: CardDraft, seat: int, accept: bool) -> None:
    """An Encounter card's offer (ours): pay for its benefit, or refuse."""
    pend = _pending(cards_of(draft.state), seat, "offer")
    todo = effects.load(pend.rest)
    offer = todo[0]
    assert isinstance(offer, effects.Offer)
    if accept and ports().standing(draft.state, seat).credits < offer.pay:
        raise RuleError(ENCOUNTERS, f"you cannot pay c{offer.pay}")
    draft.emit("EncounterAnswered", seat=seat, accept=accept)
    res = Resolution(movement=pend.movement, end_turn=pend.end_turn)
    res = run_card(draft, seat, pend.space or "", pend.card or "",
                   effects.answer_offer(offer, todo[1:], accept), res)
    if not res.waiting:
        resumed(draft, seat, res)


def _pending(cards: CardsState, seat: int, kind: str) -> Pending:
    pend = cards.pending
    if pend is None or pend.seat != seat or pend.kind != kind:
        raise RuleError(ENCOUNTERS if kind == "offer" else PIRATES,
                        f"no {kind.replace('_', ' ')} choice waits for you")
    return pend


# --- titles --------------------------------------------------------------------------------

def figures(state: Any, seat: int) -> dict[str, int]:
    """Each seat's figures the titles compare (ours)."""
    from .titles import relic_count

    mine = cards_of(state).seat(seat)
    return {"relics": relic_count(mine.rewards), "infamy": mine.infamy,
            "drills": ports().drills(state, seat), "jettisoned": mine.jettisoned}


def seats_of(state: Any) -> list[int]:
    players = getattr(state, "players", None)
    if players:
        return [getattr(p, "seat", i) for i, p in enumerate(players)]
    return sorted(cards_of(state).seats)


def update_titles(draft: CardDraft, drawer: int | None = None, new: str | None = None) -> None:
    """Titles in play change hands when the figures say so ("Title Cards": they "can change
    hands during the course of the game"); a newly drawn one goes to its holder or beside
    the round track."""
    state = draft.state
    cards = cards_of(state)
    in_play = [c for c in cards.beside_track if encounter_cards()[c].trait == "title"]
    in_play += [c for c in cards.title_holders if c not in in_play]
    if new is not None and new not in in_play:
        in_play.append(new)
    figs = {s: figures(state, s) for s in seats_of(state)}
    for cid in in_play:
        title = encounter_cards()[cid].title
        assert title is not None
        current = cards.title_holders.get(cid)
        who = holder(title, figs, current, drawer if cid == new else None)
        if who is not None and who != current:
            draft.emit("TitleTaken", card=cid, seat=who)
        elif who is None and (current is not None or cid == new):
            draft.emit("CardSetBesideTrack", card=cid)
