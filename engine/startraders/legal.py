"""Who must act now (``pending``) and the commands a seat may issue (``legal_actions``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.bots.legal import LazyCommands, Section
from engine.kernel import Command, Pending, RuleError
from engine.kernel.fastmodel import constructed, copy_with

from . import changes
from . import commands as c
from .actions import PETITION_PRESTIGE, can_pay, engine_cost
from .auction import bid_choices, bidders
from .cargo import ABANDON_STELLORS, HOLD, max_engines
from .components import contracts, luck_cards
from .deals import acceptable, offer_choices
from .envoy import envoy_blocks
from .galaxy import load_galaxy
from .limits import over_limit
from .luck import ANYTIME as ANYTIME_CARDS
from .luck import check_play
from .movement import ZAPS, attempts, may_use_station, may_withdraw
from .raids import check as raid_check
from .selection import bid_choices as selection_bid_choices
from .selection import bidders as selection_bidders
from .special_jumps import check as special_check
from .state import IMPERIAL_CARGO, StarState
from .turn import exchanges, must_draw
from .windows import REROLLED, answers, interval_worlds, kinds_of, trapped, unanswered

# the commands each prompt admits (the rules check the rest)
CARGO = (c.PickUp, c.PickUpMission, c.DeliverCompleted, c.Abandon)
# commands a seat may issue at any time, waited for or not (Stages of the Turn: "Cards can
# be played and deals made before, during and after each of these stages")
ANYTIME: tuple[type[Command], ...] = (c.SetReactionPolicy, c.PlayCard, c.OfferDeal,
                                      c.AnswerDeal, c.WithdrawDeal, c.WithdrawPermission,
                                      c.DropOut)
PROMPTS: dict[str, tuple[type[Command], ...]] = {
    "avoid_calamity": (c.AvoidCalamity, c.PassReaction),
    "you_are_lost": (c.PlayYouAreLost, c.Quarantine, c.PassReaction),
    "quarantine": (c.Quarantine, c.AvoidCalamity, c.PassReaction),
    "petition": (c.PassReaction,),
    "choose_jump": (c.ChooseJump,),
    "place_station": (c.PlaceStation,),
    "permission": (c.AnswerPermission,),
    "zap": (c.Reroll, c.Zap, c.Quarantine, c.PassReaction),
    "petition_price": (c.PayPetition,),
    "auction": (c.Bid,),
    "personality_bid": (c.Bid,),
    "first_die": (c.RerollFirstDie,),
    "kluge_payoff": (c.ChooseKlugePayoff,),
    "telzey_look": (c.LookAtCards,),
    "move": (c.Jump, c.RandomJump, c.SpecialJump, c.EndMovement, *CARGO),
    "action": (c.BuildStation, c.BuyEngine, c.Petition, c.DestroyEngine, c.SkipAction, *CARGO),
    "draw": (c.Draw, c.Exchange, c.EndTurn, *CARGO),
    "discard": (c.Discard,),
    "abandon_excess": (c.Abandon,),
}


# the last prompt made: (the state's contents, the change mark then, the prompt)
_kept: tuple[dict[str, Any], object, Pending | None] | None = None


def pending(state: StarState) -> Pending | None:
    """The prompt the game waits on; every seat in the game may act at any time besides.
    Made once while the state is held still (a command asks it four times: the caller, the
    legal commands, the view, ``decide``): kept until the next event applied to any state
    (``changes``), for the same contents (a copy, and a state that adopted a rebuilt one,
    ``engine.kernel.clone.adopt``, hold other contents)."""
    global _kept
    kept, now_mark, contents = _kept, changes.mark, state.__dict__
    if kept is not None and kept[0] is contents and kept[1] is now_mark:
        return kept[2]
    now = _pending(state)
    _kept = (contents, now_mark, now)
    return now


def _pending(state: StarState) -> Pending | None:
    now = _waiting(state)
    if now is None:
        return None
    anytime = tuple(p.seat for p in state.active)
    return copy_with(now, {"anytime": anytime})


def _waiting(state: StarState) -> Pending | None:
    if state.winner is not None:
        return None
    over = over_limit(state)  # "immediately discard down" / "abandon the excess"
    if over is not None:
        return Pending(seats=(over[0],), prompt=over[1])
    if state.selection is not None:  # Optional Rules, "Selecting Personalities"
        return Pending(seats=tuple(selection_bidders(state)), prompt="personality_bid",
                       detail={"personality": state.selection.flipped})
    insider = state.insider() if state.insider_left > 0 else None
    if insider is not None:
        return Pending(seats=(insider.seat,), prompt="place_station",
                       detail={"left": state.insider_left})
    turn = state.turn
    if turn is None:
        return None
    window = state.window
    if window is not None:
        return Pending(seats=tuple(unanswered(state, window)), prompt=window.kind,
                       detail={"card": window.card, "by": window.by, "victim": window.victim,
                               **window.detail, "roll": turn.roll})
    if state.auction is not None:
        return Pending(seats=tuple(bidders(state)), prompt="auction",
                       detail={"world": state.auction.world, "seller": state.auction.seller})
    if turn.first_die is not None:
        return Pending(seats=(turn.seat,), prompt="first_die", detail=dict(turn.first_die))
    if turn.asking is not None:
        return Pending(seats=(turn.asking["owner"],), prompt="permission",
                       detail={"seat": turn.seat, "to": turn.asking["to"]})
    seat = (turn.seat,)
    if turn.petition is not None:
        return Pending(seats=seat, prompt="petition_price", detail=dict(turn.petition))
    if turn.kluge:
        return Pending(seats=seat, prompt="kluge_payoff", detail=dict(turn.kluge[0]))
    if turn.telzey:
        return Pending(seats=seat, prompt="telzey_look")
    if turn.choices is not None:
        return Pending(seats=seat, prompt="choose_jump", detail={"worlds": turn.choices})
    return Pending(seats=seat, prompt=turn.stage, detail={"jumps": turn.jumps})


def prompt_allows(state: StarState, actor: int, command: Command) -> bool:
    now = pending(state)
    if now is None:
        return False
    if isinstance(command, ANYTIME):
        return now.admits(actor)
    return actor in now.seats and isinstance(command, PROMPTS[now.prompt])


def legal_actions(state: StarState, actor: int) -> Iterator[Command]:
    """The prompt's commands for a waited-for seat, then what any seat may do at any time:
    its reaction policy, cards, answers to offers (an acceptance only while it would be
    allowed), a set of offers (``deals.offer_choices``: every combination of money,
    stations, cards and markers cannot be listed, so ``decide`` accepts offers beyond
    these) and ``DropOut``."""
    now = pending(state)
    if now is None or not now.admits(actor):
        return
    if actor in now.seats:
        yield from GENERATORS[now.prompt](state, actor)
    yield from anytime_actions(state, actor)


def anytime_actions(state: StarState, seat: int) -> Iterator[Command]:
    for _, make in anytime_sections(state, seat):
        yield from make()


def anytime_sections(state: StarState, seat: int) -> list[Section]:
    """What any seat may do at any time, in ``legal_actions``' order, as sections of the
    command types each may hold (``bot_legal``)."""
    sections: list[Section] = [((c.SetReactionPolicy,), lambda: _policies(state, seat))]
    if state.turn is not None:
        sections.append(((c.PlayCard,), lambda: _all_plays(state, seat)))
    sections.append(((c.AnswerDeal, c.WithdrawDeal), lambda: _answers(state, seat)))
    sections.append(((c.WithdrawPermission,), lambda: _withdraw_permission(state, seat)))
    if state.turn is not None:
        sections.append(((c.OfferDeal,), lambda: _offers(state, seat)))
    sections.append(((c.DropOut,), lambda: (c.DropOut(),)))
    return sections


def bot_legal(state: StarState, seat: int) -> LazyCommands:
    """``legal_actions`` less ``TakeBack`` as bots read it (``GameDefinition.bot_legal``):
    the same commands in the same order, each section (the prompt's commands; the reaction
    policies; card plays; answers to offers; deals to offer, the costliest) made only when a
    bot reads something it may hold."""
    now = pending(state)
    if now is None or not now.admits(seat):
        return LazyCommands([])
    sections: list[Section] = []
    if seat in now.seats:
        prompt = now.prompt
        sections.append((PROMPTS[prompt], lambda: GENERATORS[prompt](state, seat)))
    return LazyCommands([*sections, *anytime_sections(state, seat)])


def _policies(state: StarState, seat: int) -> Iterator[Command]:
    p = state.player(seat)
    for policy in ("ask", "playable", "reroll", "never"):
        if policy != p.policy:
            yield c.SetReactionPolicy(policy=policy)


def _all_plays(state: StarState, seat: int) -> Iterator[Command]:
    for card in sorted(state.player(seat).hand):
        yield from _plays(state, seat, card)


def _answers(state: StarState, seat: int) -> Iterator[Command]:
    for o in state.offers:
        if o.to == seat:
            if acceptable(state, o):
                yield c.AnswerDeal(offer=o.id, accept=True)
            yield c.AnswerDeal(offer=o.id, accept=False)
        if o.seat == seat:
            yield c.WithdrawDeal(offer=o.id)


def _withdraw_permission(state: StarState, seat: int) -> Iterator[Command]:
    if may_withdraw(state, seat):
        yield c.WithdrawPermission()


def _offers(state: StarState, seat: int) -> Iterator[Command]:
    for to, give, get in offer_choices(state, seat):  # valid by construction
        yield constructed(c.OfferDeal, type="OfferDeal", to=to, give=give, get=get)


def _plays(state: StarState, seat: int, card: str) -> Iterator[Command]:
    """Every play of the card that the rules accept (candidates filtered by the same check
    ``decide`` makes, so the two cannot disagree)."""
    own = luck_cards()[card].kind
    for kind in sorted(kinds_of(state, seat, card) - {"avoid", "lost"}):
        as_kind = None if kind == own else kind
        for cmd in _candidates(state, seat, card, kind):
            try:
                check_play(state, seat, card, cmd.target, cmd.cargo, cmd.world, as_kind)
            except RuleError:
                continue
            yield cmd.model_copy(update={"as_kind": as_kind}) if as_kind else cmd


def _candidates(state: StarState, seat: int, card: str, kind: str) -> Iterator[c.PlayCard]:
    if kind not in ANYTIME_CARDS:
        return
    me = state.player(seat)
    here = sorted(load_galaxy().neighbours[me.world])
    for target in state.active:
        t = target.seat
        if kind in ("lose-cargo", "piracy"):
            if kind == "piracy":
                yield c.PlayCard(card=card, target=t)
            for cargo in sorted(set(target.hold)):
                yield c.PlayCard(card=card, target=t, cargo=cargo)
        elif kind in ("lose-station", "takeover"):
            for world in sorted(w for w, s in state.stations.items() if s == t):
                yield c.PlayCard(card=card, target=t, world=world)
        elif kind == "quarantine":
            if t == seat:
                for world in sorted({q.world for q in state.active}):
                    yield c.PlayCard(card=card, target=seat, world=world)
        elif kind in ("superjump", "codebreaker"):
            if t == seat:
                for world in here:
                    owner = state.stations.get(world, seat)
                    yield c.PlayCard(card=card, target=owner if kind == "codebreaker"
                                     else seat, world=world)
        else:
            yield c.PlayCard(card=card, target=t)


def _avoid(state: StarState, seat: int) -> Iterator[Command]:
    yield c.PassReaction()
    window = state.window
    assert window is not None
    for card in sorted(set(state.player(seat).hand)):
        if answers(state, seat, card, window):
            yield c.AvoidCalamity(card=card)


def _bid(state: StarState, seat: int) -> Iterator[Command]:
    for stellors in bid_choices(state, seat):
        yield c.Bid(stellors=stellors)


def _personality_bid(state: StarState, seat: int) -> Iterator[Command]:
    for stellors in selection_bid_choices(state, seat):
        yield c.Bid(stellors=stellors)


def _first_die(state: StarState, seat: int) -> Iterator[Command]:
    yield c.RerollFirstDie(reroll=True)
    yield c.RerollFirstDie(reroll=False)


def _place(state: StarState, seat: int) -> Iterator[Command]:
    for world in sorted(load_galaxy().worlds):
        if world not in state.stations:
            yield c.PlaceStation(world=world)


def _permission(state: StarState, seat: int) -> Iterator[Command]:
    yield c.AnswerPermission(grant=True)
    yield c.AnswerPermission(grant=False)


def _zap(state: StarState, seat: int) -> Iterator[Command]:
    """The Zap/Reroll interval: pass, Zap or Superzap the roll, or (the jumping player, not
    on a random jump) turn in any card to re-roll."""
    yield c.PassReaction()
    turn = state.turn
    assert turn is not None and turn.roll is not None
    hand = sorted(set(state.player(seat).hand))
    for card in hand:
        for delta in ZAPS.get(luck_cards()[card].kind, ()):
            yield c.Zap(card=card, delta=delta)
    if seat == turn.seat and turn.roll["kind"] in REROLLED:
        for card in hand:
            yield c.Reroll(card=card)
    yield from _interval_quarantines(state, seat)


def _interval_quarantines(state: StarState, seat: int) -> Iterator[Command]:
    worlds = interval_worlds(state)
    for card in sorted(set(state.player(seat).hand)):
        if luck_cards()[card].kind == "quarantine":
            for world in worlds:
                yield c.Quarantine(card=card, world=world)


def _price(state: StarState, seat: int) -> Iterator[Command]:
    if can_pay(state, seat):
        yield c.PayPetition(pay=True)
    yield c.PayPetition(pay=False)


def _kluge(state: StarState, seat: int) -> Iterator[Command]:
    yield c.ChooseKlugePayoff(engine=True)
    yield c.ChooseKlugePayoff(engine=False)


def _telzey(state: StarState, seat: int) -> Iterator[Command]:
    for p in state.active:
        if p.seat != seat:
            yield c.LookAtCards(seat=p.seat)


def cargo_actions(state: StarState, seat: int) -> Iterator[Command]:
    """Cargo may be picked up, delivered or abandoned in any stage of your turn."""
    p = state.player(seat)
    if len(p.hold) < HOLD:
        for slot, cid in enumerate(state.slots):
            if cid is not None and contracts()[cid].pickup == p.world:
                yield c.PickUp(slot=slot)
        if p.mission is not None and IMPERIAL_CARGO not in p.hold \
                and contracts()[p.mission].pickup == p.world:
            yield c.PickUpMission()
    for entry in state.completed:
        card = contracts()[entry.contract]
        if entry.rights.get(seat, 0) and not envoy_blocks(state, seat) \
                and card.deliver == p.world and card.cargo in p.hold:
            yield c.DeliverCompleted(contract=entry.contract)
    if p.stellors >= ABANDON_STELLORS:
        for cargo in sorted(set(p.hold)):
            yield c.Abandon(cargo=cargo)


def _move(state: StarState, seat: int) -> Iterator[Command]:
    p = state.player(seat)
    turn = state.turn
    assert turn is not None
    if turn.jumps < attempts(state, seat):
        for to in sorted(load_galaxy().neighbours[p.world]):
            yield c.Jump(to=to, kind="regular")
            if may_use_station(state, seat, to) is not False and to not in turn.refused:
                yield c.Jump(to=to, kind="station")
        yield c.RandomJump()
        for kind in ("psychic", "awesome"):
            try:
                special_check(state, seat, kind)
            except RuleError:
                continue
            yield c.SpecialJump(kind=kind)
    yield c.EndMovement()
    yield from cargo_actions(state, seat)


def _action(state: StarState, seat: int) -> Iterator[Command]:
    p = state.player(seat)
    if envoy_blocks(state, seat):  # Imperial Envoy!: no Action before the destination
        yield c.SkipAction()
        yield from cargo_actions(state, seat)
        return
    if p.world not in state.stations and p.stellors >= 5:
        yield c.BuildStation()
    yard = p.has("engineer") or load_galaxy().is_shipyard(p.world)
    if yard and p.engines < max_engines(state, seat) \
            and p.stellors >= engine_cost(p.engines + 1):
        yield c.BuyEngine()
    if state.advanced:
        if state.stations.get(p.world) == seat and p.world not in state.imperial_stations:
            yield c.Petition()
    elif p.mission is None and p.prestige >= PETITION_PRESTIGE:
        yield c.Petition()
    if p.has("pirate-pete"):
        for other in state.active:
            try:
                raid_check(state, seat, other.seat)
            except RuleError:
                continue
            yield c.DestroyEngine(target=other.seat)
    yield c.SkipAction()
    yield from cargo_actions(state, seat)


def _draw(state: StarState, seat: int) -> Iterator[Command]:
    turn = state.turn
    assert turn is not None
    if must_draw(state, seat):
        yield c.Draw()
    else:
        yield c.EndTurn()
    if not turn.drawn:
        for cards in exchanges(state, seat):
            yield c.Exchange(card=cards[0], cards=cards[1:])
    yield from cargo_actions(state, seat)


def _lost(state: StarState, seat: int) -> Iterator[Command]:
    yield c.PassReaction()
    for card in sorted(set(state.player(seat).hand)):
        if "lost" in kinds_of(state, seat, card):
            yield c.PlayYouAreLost(card=card)
    yield from _interval_quarantines(state, seat)


def _quarantine(state: StarState, seat: int) -> Iterator[Command]:
    yield c.PassReaction()
    turn = state.turn
    assert turn is not None
    for card in sorted(set(state.player(seat).hand)):
        kind = luck_cards()[card].kind
        if kind == "quarantine":
            yield c.Quarantine(card=card)
        if "avoid" in kinds_of(state, seat, card) and seat == turn.seat \
                and trapped(state, seat):
            yield c.AvoidCalamity(card=card)


def _choose_jump(state: StarState, seat: int) -> Iterator[Command]:
    turn = state.turn
    assert turn is not None and turn.choices is not None
    if (turn.roll or {}).get("kind") == "psychic":
        yield c.ChooseJump(world=None)
    for world in turn.choices:
        yield c.ChooseJump(world=world)


def _discard(state: StarState, seat: int) -> Iterator[Command]:
    for card in sorted(set(state.player(seat).hand)):
        yield c.Discard(card=card)


def _abandon_excess(state: StarState, seat: int) -> Iterator[Command]:
    for cargo in sorted(set(state.player(seat).hold)):
        yield c.Abandon(cargo=cargo)


def _petition(state: StarState, seat: int) -> Iterator[Command]:
    """Before a petition's roll: pass, or (any time) play a card that changes a Prestige."""
    yield c.PassReaction()


GENERATORS = {
    "discard": _discard, "abandon_excess": _abandon_excess, "petition": _petition,
    "avoid_calamity": _avoid,
    "choose_jump": _choose_jump,
    "quarantine": _quarantine,
    "you_are_lost": _lost,
    "place_station": _place, "permission": _permission, "zap": _zap,
    "petition_price": _price, "kluge_payoff": _kluge, "telzey_look": _telzey,
    "auction": _bid, "first_die": _first_die, "personality_bid": _personality_bid,
    "move": _move, "action": _action, "draw": _draw,
}
