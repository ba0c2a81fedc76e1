"""Encounter spaces and pirates on the board ("Encounters", "Pirates"): what happens when a
ship enters a space, as events on the draft.

``resolve_space(draft, seat, space)`` is the seam movement calls when a ship enters a space.
What the encounter does to the Move step (movement points added or taken, the Move step
stopped, the turn ended) is handed to movement's ``after_encounter`` (``Hooks``, on the
draft: ``helm.after_encounter``), at once or, when the player must choose first (an
attribute against pirates, an offer, keeping a Reward card, which goods the pirates take),
once the choice is answered (``card_rules.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.kernel import RuleError

from . import decks, effects, pilots, pirates, ports
from .cards import Attribute, encounter_cards, pirate_tokens, reward_cards
from .draft import Draft
from .places import _space
from .solo import active_effects
from .standing import engage_value, has_ability, relics_of, standing_of
from .state import Ask, StandardState
from .titles import holder

ENCOUNTERS = "Encounters"
PIRATES = "Pirates"
ENGAGE, OFFER, LOSE_GOODS = "engage_pirates", "encounter_offer", "lose_goods"
TRADE_IN = "trade_in"  # "Rewards": a drawn trade-in card waits for the player's choice


@dataclass
class Resolution:
    """What entering a space did to the Move step: movement points added (or taken), the
    Move step stopped here (pirates, a card ending the turn), or a choice waits."""

    movement: int = 0
    stop: bool = False
    end_turn: bool = False
    waiting: bool = False
    reason: str = ""


def settle(draft: Draft, seat: int, res: Resolution) -> None:
    """Hand a finished encounter's outcome to movement (held while a Reward card waits
    for its trade-in choice)."""
    if res.waiting:
        if _asked(draft.state, TRADE_IN, seat):
            draft.emit("EncounterOutcomeHeld", seat=seat, movement=res.movement,
                        stop=res.stop, end_turn=res.end_turn, reason=res.reason)
        return
    draft.hooks.after_encounter(draft, seat, res)


# --- the board as the cards change it ------------------------------------------------------

def token_on(state: StandardState, space: str) -> str | None:
    """The token an Encounter card left on ``space`` ("pirate", "blue_dot", "asteroid"): it
    replaces the printed space for the rest of the game; a defeated pirate is an asteroid."""
    tok = state.cards.tokens.get(space)
    return tok.kind if tok is not None else None


def space_kind(state: StandardState, space: str, printed: str) -> str:
    """The kind movement should treat ``space`` as: a token's kind, else the printed one
    (a blue dot makes a plain blue space)."""
    tok = token_on(state, space)
    return {"blue_dot": "blue"}.get(tok, tok) if tok else printed


def telegates(state: StandardState) -> dict[int, str]:
    """Telegate tokens placed by Encounter cards (or by the Asteroid System Telegate option)."""
    return dict(state.cards.telegates)


def printed_kind(space: str) -> str:
    return str(getattr(_space(space), "kind", ""))


# --- entering a space ----------------------------------------------------------------------

def resolve_space(draft: Draft, seat: int, space: str, printed: str | None = None, *,
                  last_point: bool = False) -> Resolution:
    """A ship entered ``space`` during its Move step: a pirate engages ("Pirates"), an
    encounter space draws a card ("Encounters"), else nothing happens. A telegate token on
    an encounter space replaces it while it lies there (movement moves the ship through
    it)."""
    state = draft.state
    tok = state.cards.tokens.get(space)
    if tok is not None and tok.kind == "pirate":
        if last_point:  # "Pirates" 1: ambushed, the engagement is lost
            draft.emit("PirateAmbush", seat=seat, space=space)
            res = lose(draft, seat, space)
        else:
            draft.ask(seat, ENGAGE, space=space)
            res = Resolution(waiting=True)
    elif tok is None and space not in state.cards.telegates.values() \
            and (printed or printed_kind(space)) == "encounter":
        res = draw_encounter(draft, seat, space)
    else:
        res = Resolution()
    settle(draft, seat, res)
    return res


def _top_card(draft: Draft) -> str | None:
    """The top Encounter card. An empty deck is made again from its discards (ours: the
    standard game does not say); past round 30 of an epic game only the cards with the
    "30" icon are kept ("Epic Game > Encounter Deck")."""
    state = draft.state
    if not state.decks.get(decks.ENCOUNTER):
        beyond = state.round > 30
        decks.refill(draft, decks.ENCOUNTER,
                     keep=lambda c: not beyond or encounter_cards()[c].thirty)
    deck = draft.state.decks.get(decks.ENCOUNTER, [])
    return deck[0] if deck else None


def draw_encounter(draft: Draft, seat: int, space: str) -> Resolution:
    """"Encounters": draw an Encounter card and resolve its text ("Encounter Card
    Production" too); title and intel cards stay in play instead of being discarded."""
    cid = _top_card(draft)
    if cid is None:
        return Resolution()
    card = encounter_cards()[cid]
    decks.draw(draft, decks.ENCOUNTER, seat=seat, space=space)
    if card.production is not None:
        draft.emit("EncounterProduction", seat=seat, card=cid, culture=card.production)
        ports.produce(draft, card.production)
    if card.trait == "title":
        update_titles(draft, drawer=seat, new=cid)
        return Resolution()
    if card.trait == "intel":
        draft.emit("CardSetBesideTrack", card=cid)
        return Resolution()
    if cid == "telegate-1" and draft.state.table.asteroid_telegate:
        decks.discard(draft, decks.ENCOUNTER, cid)  # "discard the card with no effect"
        return Resolution()
    return run_card(draft, seat, space, cid, card.effects, Resolution())


def run_card(draft: Draft, seat: int, space: str, cid: str, todo: list[Any],
             res: Resolution) -> Resolution:
    """Run a card's effects in order; stop at an offer, which waits for the player."""
    st = standing_of(draft.state, seat)
    attrs = {"laser": st.laser, "shield": st.shield, "pilot": st.pilot_skill}
    out = effects.run(todo, draft.die, attrs)
    for op in out.ops:
        apply_op(draft, seat, space, cid, op)
    res.movement += out.movement
    res.end_turn = res.end_turn or out.end_turn
    if out.offer is not None:
        draft.ask(seat, OFFER, space=space, card=cid, pay=out.offer.pay,
                  movement=res.movement, end_turn=res.end_turn,
                  rest=effects.dump([out.offer, *out.rest]))
        res.waiting = True
        return res
    decks.discard(draft, decks.ENCOUNTER, cid)
    if res.end_turn:
        res.stop, res.reason = True, cid
    if _asked(draft.state, "trade_in", seat):  # a Reward card drawn by the card waits
        res.waiting = True
    return res


def release_held(draft: Draft, seat: int) -> None:
    """The trade-in choice answered: the encounter's held outcome goes to movement."""
    held = draft.state.cards.held
    if held is not None and not draft.state.asks:
        draft.emit("EncounterOutcomeReleased", seat=seat)
        settle(draft, seat, Resolution(**held))


def apply_op(draft: Draft, seat: int, space: str, cid: str, op: dict[str, Any]) -> None:
    """One operation of the interpreter (``effects.run``) as events."""
    kind = op["op"]
    if kind == "gain":
        draft.credits(seat, op["credits"], cid)
        gain_fame(draft, seat, op["fame"], op["infamy"], cid)
    elif kind == "pay":
        pay(draft, seat, op["credits"], cid)
    elif kind == "place":
        place_token(draft, space, op["token"], cid)
    elif kind == "telegate":
        draft.emit("TelegatePlaced", number=op["number"], space=space, card=cid)
    elif kind == "dial":
        turn_dial(draft, seat, op["dial"], op["by"], cid)
    elif kind == "reward":
        draw_reward(draft, seat)
    elif kind == "rolled":
        draft.emit("EffectDieRolled", seat=seat, card=cid,
                   **{k: v for k, v in op.items() if k != "op"})


DIAL_MIN, DIAL_MAX = 1, 6  # the dashboard's dials (scoring.DIAL_FAME: six positions)


def turn_dial(draft: Draft, seat: int, dial: str, by: int, why: str) -> None:
    """A card turns the laser or shield dial, never past its ends."""
    p = draft.state.player(seat)
    now = getattr(p, dial)
    value = max(DIAL_MIN, min(DIAL_MAX, now + by))
    if value != now:
        draft.emit("CardDialTurned", seat=seat, dial=dial, value=value, by=value - now,
                   reason=why)


def pay(draft: Draft, seat: int, credits: int, reason: str) -> None:
    """Pay the bank what he can (as "Losing a Pirate Engagement": all he has if less)."""
    have = draft.state.player(seat).credits
    amount = min(credits, max(have, 0))
    draft.credits(seat, -amount, reason)


def gain_fame(draft: Draft, seat: int, fame: int, infamy: int, reason: str) -> None:
    """Fame and infamy tokens ("Fame", "Infamy"); giving tokens back stops at none."""
    p = draft.state.player(seat)
    draft.fame(seat, max(fame, -p.fame), reason)
    infamy = max(infamy, -p.infamy)
    draft.infamy(seat, infamy, reason)
    if infamy:
        update_titles(draft)


def place_token(draft: Draft, space: str, token: str, cid: str) -> None:
    """A pirate token comes from the stockpile, drawn at random (none left: nothing happens,
    "All other component types ... are limited to the amounts included in the box"); blue
    dots and asteroids may be substituted when they run out ("Component Limitations")."""
    if token == "pirate":
        pid = decks.draw(draft, PIRATE_STOCK, space=space)
        if pid is None:
            return
        tok = pirate_tokens()[pid]
        draft.emit("TokenPlaced", space=space, token="pirate", pirate=pid,
                   modifier=tok.modifier, grade=tok.grade, card=cid)
        return
    draft.emit("TokenPlaced", space=space, token=token, card=cid)


PIRATE_STOCK = decks.PIRATE


# --- pirates -------------------------------------------------------------------------------

def _ask_of(state: StandardState, seat: int, prompt: str) -> Ask:
    ask = state.ask
    if ask is None or ask.seat != seat or ask.prompt != prompt:
        raise RuleError(PIRATES if prompt != OFFER else ENCOUNTERS,
                        f"no {prompt.replace('_', ' ')} choice waits for you")
    return ask


def _asked(state: StandardState, prompt: str, seat: int) -> bool:
    ask = state.ask
    return ask is not None and ask.seat == seat and ask.prompt == prompt


def engage(draft: Draft, seat: int, attribute: Attribute, points: int | None) -> None:
    """"Pirates" 2-4: the chosen attribute against the effect die plus the pirate token's
    value; a result less than the attribute wins."""
    state = draft.state
    space = str(_ask_of(state, seat, ENGAGE).detail["space"])
    st = standing_of(state, seat)
    most = pirates.pilot_bonus_points(st.pilot_level)
    if attribute == "pilot" and points is not None and not 0 <= points <= most:
        raise RuleError("Winning a Pirate Engagement",
                        f"add 0 to {most} movement points (your pilot's level)")
    token = pirate_tokens()[state.cards.tokens[space].pirate or ""]
    value = engage_value(st, attribute)
    fight = pirates.engage(attribute, value, draft.die(), token,
                           stronger=pirate_strength(state) + pilot_edge(state, seat))
    draft.answered()
    draft.emit("PirateEngaged", seat=seat, space=space, attribute=attribute, die=fight.die,
               modifier=token.modifier, result=fight.result, value=value, won=fight.won)
    if not fight.won:
        res = lose(draft, seat, space)
    elif attribute == "pilot":
        res = Resolution(movement=most if points is None else points)
    elif attribute == "shield":
        gain_fame(draft, seat, pirates.SHIELD_WIN_FAME, 0, "pirates")
        res = Resolution()
    else:
        res = defeat(draft, seat, space)
    settle(draft, seat, res)


def engage_odds(state: StandardState, seat: int, space: str) -> dict[str, float]:
    """The chance to win with each attribute against the pirate on ``space`` (for the
    player's choice in the client and for bots)."""
    tok = state.cards.tokens.get(space)
    if tok is None or tok.pirate is None:
        return {}
    modifier = pirate_tokens()[tok.pirate].modifier + pirate_strength(state) \
        + pilot_edge(state, seat)
    st = standing_of(state, seat)
    return {a: pirates.win_chance(engage_value(st, a), modifier)
            for a in ("laser", "shield", "pilot")}


def pirate_strength(state: StandardState) -> int:
    """Extra strength of every pirate: the active Challenge cards' "pirates_stronger"
    effects in the solo challenge game (ours, ``data/challenges.json``)."""
    return sum(int(e.get("by", 0)) for e in active_effects(state, "pirates_stronger"))


def pilot_edge(state: StandardState, seat: int) -> int:
    """The engaging pilot's card against pirates ("Pilot Card Anatomy" 5, Pilot Ability;
    ours: the ``pirate_edge`` ability makes the engagement roll one lower), read from
    ``pilots.pirate_modifier``."""
    try:
        return int(pilots.pirate_modifier(state.player(seat)))
    except (KeyError, AttributeError):
        return 0


def defeat(draft: Draft, seat: int, space: str) -> Resolution:
    """Won with the laser: c20 per infamy token under the pirate, those tokens become his
    fame, the pirate token flips to its asteroid side, a Reward card, the Move step ends."""
    state = draft.state
    under = state.cards.tokens[space].infamy
    credits = pirates.bounty(under, has_ability(state.player(seat).rewards, "bounty_bonus"))
    draft.credits(seat, credits, "pirate_bounty")
    draft.emit("PirateDefeated", seat=seat, space=space, infamy=under, credits=credits)
    waits = draw_reward(draft, seat, then="pirates")
    return Resolution(stop=True, waiting=waits, reason="pirates_defeated")


def lose(draft: Draft, seat: int, space: str) -> Resolution:
    """"Losing a Pirate Engagement": a goods token of the pirate's grade (his choice), else
    c20 (all he has if less); the Move step ends; an infamy token goes under the pirate."""
    state = draft.state
    token = pirate_tokens()[state.cards.tokens[space].pirate or ""]
    matching = standing_of(state, seat).goods_of(token.grade)
    waived = bool(has_ability(state.player(seat).rewards, "pirate_loss_waiver"))
    kind = pirates.loss_kind(bool(matching), waived)
    draft.emit("PirateBeatPlayer", seat=seat, space=space, loss=kind)
    if kind == "goods" and len(set(matching)) > 1:
        draft.ask(seat, LOSE_GOODS, space=space, options=sorted(set(matching)))
        return Resolution(stop=True, waiting=True, reason="pirates")
    if kind == "goods":
        ports.lose_goods(draft, seat, matching[0])
    elif kind == "credits":
        pay(draft, seat, pirates.LOSS_CREDITS, "pirates")
    return Resolution(stop=True, reason="pirates")


def give_up_goods(draft: Draft, seat: int, token: str) -> None:
    options = list(_ask_of(draft.state, seat, LOSE_GOODS).detail["options"])
    if token not in options:
        raise RuleError("Losing a Pirate Engagement",
                        f"give up one goods token of the pirate's grade: {options}")
    draft.answered()
    ports.lose_goods(draft, seat, token)
    settle(draft, seat, Resolution(stop=True, reason="pirates"))


def answer_offer(draft: Draft, seat: int, accept: bool) -> None:
    """An Encounter card's offer (ours): pay for its benefit, or refuse."""
    detail = _ask_of(draft.state, seat, OFFER).detail
    todo = effects.load(detail["rest"])
    offer = todo[0]
    assert isinstance(offer, effects.Offer)
    if accept and draft.state.player(seat).credits < offer.pay:
        raise RuleError(ENCOUNTERS, f"you cannot pay c{offer.pay}")
    draft.answered()
    draft.emit("EncounterOfferAnswered", seat=seat, card=detail["card"], accept=accept)
    res = Resolution(movement=int(detail["movement"]), end_turn=bool(detail["end_turn"]))
    res = run_card(draft, seat, str(detail["space"]), str(detail["card"]),
                   effects.answer_offer(offer, todo[1:], accept), res)
    settle(draft, seat, res)


# --- titles --------------------------------------------------------------------------------

def figures(state: StandardState, seat: int) -> dict[str, int]:
    """Each seat's figures the titles compare (ours)."""
    p = state.player(seat)
    trade = getattr(state, "trade", None)
    drills = getattr(trade, "drills", None) or {}  # the trade module's: space -> owner
    on_board = max(len(p.drills), sum(1 for owner in drills.values() if owner == seat))
    return {"relics": relics_of(p.rewards), "infamy": p.infamy, "drills": on_board,
            "jettisoned": state.cards.seat(seat).jettisoned}


def update_titles(draft: Draft, drawer: int | None = None, new: str | None = None) -> None:
    """Titles in play change hands when the figures say so ("Title Cards": they "can change
    hands during the course of the game"); a newly drawn one goes to its holder or beside
    the round track."""
    state = draft.state
    cards = state.cards
    in_play = [c for c in cards.beside_track if encounter_cards()[c].trait == "title"]
    in_play += [c for c in cards.title_holders if c not in in_play]
    if new is not None and new not in in_play:
        in_play.append(new)
    figs = {p.seat: figures(state, p.seat) for p in state.players}
    for cid in in_play:
        title = encounter_cards()[cid].title
        assert title is not None
        current = cards.title_holders.get(cid)
        who = holder(title, figs, current, drawer if cid == new else None)
        if who is not None and who != current:
            draft.emit("TitleTaken", card=cid, seat=who)
        elif who is None and (current is not None or cid == new):
            draft.emit("CardSetBesideTrack", card=cid)


# --- Reward cards drawn and kept ("Rewards"; their effects are the cards' operations) ---

def draw_reward(draft: Draft, seat: int, then: str | None = None) -> bool:
    """Draw the top Reward card (an empty deck gives nothing: the box has 25). A trade-in
    card waits for the player's choice ("this decision must be made as soon as the card is
    drawn"); returns whether it waits. ``then`` says what follows the choice."""
    rid = decks.draw(draft, decks.REWARD, seat=seat)
    if rid is None:
        return False
    if reward_cards()[rid].trade_in:
        draft.ask(seat, TRADE_IN, card=rid, then=then,
                  credits=reward_cards()[rid].trade_in)
        return True
    keep_reward(draft, seat, rid)
    return False


def keep_reward(draft: Draft, seat: int, rid: str) -> None:
    """"Rewards": the card goes face up in the play area; its immediate part happens now."""
    draft.emit("RewardKept", seat=seat, card=rid)
    out = effects.run(reward_cards()[rid].on_draw, draft.die, {})
    for op in out.ops:
        apply_op(draft, seat, "", rid, op)
    update_titles(draft)
