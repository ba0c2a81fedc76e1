"""``apply``: one event onto the state, in place. Total and deterministic, no validation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import Event

from . import changes, evolve_options
from .state import (
    Auction,
    Bundle,
    Completed,
    Offer,
    Player,
    StarState,
    Turn,
    Window,
    cargo_moved,
)

Handler = Callable[[StarState, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def on(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            HANDLERS[t] = fn
        return fn

    return register


def apply(state: StarState, ev: Event) -> None:
    try:
        handler = HANDLERS.get(ev.type)
        if handler is not None:
            handler(state, ev.data)
        if ev.type in ("WindowOpened", "IntervalRestarted") and state.windows:
            state.windows[-1].opened = ev.seq  # a live countdown runs from here
    finally:
        changes.changed()  # what was read off the state before is stale


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


@on("GameSetUp")
def _setup(state: StarState, d: dict[str, Any]) -> None:
    state.players = [Player(**p) for p in d["players"]]
    state.advanced = d["advanced"]
    state.first_player = d["first_player"]
    state.stations = {int(w): s for w, s in d["stations"].items()}
    state.wanted_slots = d["slots"]
    state.insider_left = d["insider_left"]
    state.takebacks = d.get("takebacks", True)  # house rule (docs/rulings.md)
    state.reaction_timer = d.get("reaction_timer")
    state.personality_trading = d.get("personality_trading", False)


@on("DecksShuffled")
def _decks(state: StarState, d: dict[str, Any]) -> None:
    state.deck = list(d["deck"])
    state.luck_deck = list(d["luck_deck"])


@on("ContractDeckReshuffled")
def _contract_reshuffle(state: StarState, d: dict[str, Any]) -> None:
    state.deck = list(d["deck"])
    state.discard = []


@on("LuckReshuffled")
def _luck_reshuffle(state: StarState, d: dict[str, Any]) -> None:
    state.luck_deck = list(d["deck"])
    state.luck_discard = []


@on("CardsDrawn")
def _drawn(state: StarState, d: dict[str, Any]) -> None:
    for card in d["cards"]:
        state.luck_deck.remove(card)
        state.player(d["seat"]).hand.append(card)


@on("LuckDrawn")
def _luck_drawn(state: StarState, d: dict[str, Any]) -> None:
    if d.get("stage"):
        _turn(state).drawn = True


@on("CardTurnedIn")
def _turned_in(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).hand.remove(d["card"])
    state.luck_discard.append(d["card"])


@on("StationBuilt")
def _station(state: StarState, d: dict[str, Any]) -> None:
    state.stations[d["world"]] = d["seat"]
    if d.get("insider"):
        state.insider_left -= 1


@on("ContractDealt")
def _dealt(state: StarState, d: dict[str, Any]) -> None:
    state.deck.remove(d["contract"])
    while len(state.slots) <= d["slot"]:
        state.slots.append(None)
    state.slots[d["slot"]] = d["contract"]


@on("TurnStarted")
def _turn_started(state: StarState, d: dict[str, Any]) -> None:
    state.turn = Turn(seat=d["seat"])
    state.round = d["round"]


@on("StageChanged")
def _stage(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.stage = d["stage"]


@on("Jumped", "RandomJumped")
def _jumped(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    state.player(d["seat"]).world = d["to"]
    turn.jumps += 1
    turn.roll = None
    turn.asking = None
    turn.declared = None
    turn.choices = None
    state.player(d["seat"]).escapes = 0
    if d.get("dice"):
        turn.ends_movement = True


@on("JumpFailed")
def _failed(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.asking = None
    turn.roll = None
    turn.choices = None
    turn.declared = None
    turn.jumps += 1


@on("JumpRolled")
def _rolled(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.asking = None
    turn.roll = {k: d[k] for k in ("to", "kind", "roll", "need", "dice", "rerolled") if k in d}


@on("PetitionRolled")
def _petition_rolled(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).roll = {"kind": "petition", "roll": d["roll"], "need": 0, "to": 0}


@on("PetitionSettled")
def _petition_settled(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).roll = None
    _turn(state).petitioning = None


@on("PetitionDeclared")
def _petition_declared(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).petitioning = d["kind"]


@on("PetitionWithdrawn")
def _petition_withdrawn(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).petitioning = None


@on("SpecialRolled")
def _special_rolled(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.roll = {"kind": d["kind"], "roll": d["dice"][-1], "need": 0, "to": 0,
                 "dice": list(d["dice"])}
    if d["kind"] == "awesome":
        turn.awesome_used = True


@on("JumpChoices")
def _choices(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).choices = list(d["worlds"])


@on("RollChanged")
def _roll_changed(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    if turn.roll is not None:
        turn.roll["roll"] = d["roll"]
        if "dice" in turn.roll:
            turn.roll["dice"] = [*turn.roll["dice"][:-1], d["roll"]]
    window = state.window
    if window is not None:  # "These may happen in any order": everyone may answer again
        window.answered = []


@on("PermissionAsked")
def _asked(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).asking = {"to": d["to"], "owner": d["owner"]}


@on("PermissionAnswered")
def _answered(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.asking = None
    if not d["granted"]:
        turn.refused.append(d["to"])


@on("CargoPickedUp")
def _picked(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).hold.append(d["cargo"])


@on("CargoRemoved")
def _removed(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).hold.remove(d["cargo"])


@on("ContractDelivered")
def _delivered(state: StarState, d: dict[str, Any]) -> None:
    state.slots[d["slot"]] = None


@on("ContractCompleted")
def _completed(state: StarState, d: dict[str, Any]) -> None:
    rights = {int(s): n for s, n in d["rights"].items()}
    state.completed.append(Completed(contract=d["contract"], rights=rights))


@on("ContractDiscarded")
def _discarded(state: StarState, d: dict[str, Any]) -> None:
    state.completed = [c for c in state.completed if c.contract != d["contract"]]
    state.discard.append(d["contract"])


@on("RightUsed")
def _right_used(state: StarState, d: dict[str, Any]) -> None:
    for c in state.completed:
        if c.contract == d["contract"]:
            c.rights[d["seat"]] -= 1
            if c.rights[d["seat"]] <= 0:
                del c.rights[d["seat"]]


@on("StellorsChanged")
def _stellors(state: StarState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.stellors = max(0, p.stellors + d["delta"])


@on("PrestigeChanged")
def _prestige(state: StarState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.prestige = min(30, max(0, p.prestige + d["delta"]))


@on("EnginesChanged")
def _engines(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).engines = d["engines"]


@on("PetitionPriced")
def _priced(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).petition = {k: d[k] for k in ("result", "price", "spend", "refuse_stellors",
                                                "refuse_prestige", "kind")}


@on("PetitionClosed")
def _closed(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).petition = None


@on("PetitionLapsed")
def _lapsed(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.petition = None
    turn.petitioning = None


@on("MissionCardRejected")
def _mission_rejected(state: StarState, d: dict[str, Any]) -> None:
    state.deck.remove(d["contract"])
    state.discard.append(d["contract"])


@on("MissionGranted")
def _mission(state: StarState, d: dict[str, Any]) -> None:
    state.deck.remove(d["contract"])
    state.player(d["seat"]).mission = d["contract"]


@on("ImperialStationGranted")
def _imperial(state: StarState, d: dict[str, Any]) -> None:
    state.imperial_stations.append(d["world"])


@on("KlugeOffered")
def _kluge(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).kluge.append({k: d[k] for k in ("contract", "stellors", "prestige")})


@on("KlugeChosen")
def _kluge_chosen(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).kluge.pop(0)


@on("TelzeyOffered")
def _telzey(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).telzey += 1


@on("TelzeyLooked")
def _telzey_looked(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).telzey -= 1


@on("NextTurnLost")
def _lose_next(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).lose_turn = True


@on("TurnSkipped")
def _skipped(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).lose_turn = False


@on("DroppedOut")
def _dropped(state: StarState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.out = True
    state.luck_discard.extend(p.hand)
    p.hand, p.hold, p.stellors = [], [], 0
    if p.envoy is not None:
        state.luck_discard.append(p.envoy)
        p.envoy = None
    if p.mission is not None:
        state.discard.append(p.mission)
        p.mission = None
    state.stations = {w: s for w, s in state.stations.items() if s != p.seat}
    state.imperial_stations = [w for w in state.imperial_stations if w in state.stations]
    for c in state.completed:
        c.rights.pop(p.seat, None)
    state.wanted_slots = d["slots"]


@on("LoadedDieUsed")
def _loaded(state: StarState, d: dict[str, Any]) -> None:
    state.loaded_dice.pop(0)


@on("ScenarioSetUp")
def _scenario(state: StarState, d: dict[str, Any]) -> None:
    loaded = StarState.model_validate(d["state"])
    for name in StarState.model_fields:
        setattr(state, name, getattr(loaded, name))


@on("ReactionPolicySet")
def _policy(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).policy = d["policy"]


@on("WindowOpened")
def _window(state: StarState, d: dict[str, Any]) -> None:
    order = list(d.get("order", [d["victim"]]))
    state.windows.append(Window(kind=d.get("kind", "avoid_calamity"), card=d.get("card", ""),
                                by=d.get("by", -1), victim=d["victim"],
                                detail={"cargo": d.get("cargo"), "world": d.get("world"),
                                        "as": d.get("as_kind"), "raid": d.get("raid", False)},
                                order=list(order)))


@on("ReactionPassed", "ReactionPlayed")
def _answered_reaction(state: StarState, d: dict[str, Any]) -> None:
    window = state.window
    if window is not None and d["seat"] not in window.answered:
        window.answered.append(d["seat"])


@on("CalamityAvoided", "WindowClosed")
def _window_closed(state: StarState, d: dict[str, Any]) -> None:
    if state.windows:
        state.windows.pop()


@on("LostJump")
def _lost_jump(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).world = d["to"]
    if state.turn is not None:
        state.turn.ends_movement = True


@on("JumpDeclared")
def _declared(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.declared = {"to": d["to"], "kind": d["kind"], "permit": d.get("permit"),
                     "code": d.get("code", False)}
    turn.origin = state.player(d["seat"]).world


@on("PermissionWithdrawn")
def _withdrawn(state: StarState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    if turn.declared is not None:
        turn.declared["permit"] = None
    turn.refused.append(d["to"])


@on("RaidRolled")
def _raid_rolled(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).roll = {"kind": "raid", "roll": d["roll"], "need": d["need"], "to": 0,
                         "target": d["target"]}


@on("RaidSettled")
def _raid_settled(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).roll = None


@on("StationAuctioned")
def _auctioned(state: StarState, d: dict[str, Any]) -> None:
    state.stations.pop(d["world"], None)
    state.auction = Auction(world=d["world"], seller=d["seller"], order=list(d["order"]))


@on("BidPlaced")
def _bid(state: StarState, d: dict[str, Any]) -> None:
    if state.auction is not None:
        state.auction.bids[d["seat"]] = d["stellors"]


@on("AuctionClosed")
def _auction_closed(state: StarState, d: dict[str, Any]) -> None:
    if d["seat"] is not None:
        state.stations[d["world"]] = d["seat"]
    state.auction = None


@on("FirstDieRolled")
def _first_die(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).first_die = {"die": d["die"], "kind": d["kind"], "by": d.get("by", -1)}


@on("FirstDieAnswered")
def _first_die_answered(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).first_die = None


@on("JumpAborted")
def _aborted(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).declared = None


@on("IntervalRestarted")
def _restarted(state: StarState, d: dict[str, Any]) -> None:
    window = state.window
    if window is not None:
        window.answered = []


@on("CardKept")
def _kept(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).hand.remove(d["card"])


@on("QuarantinePlaced")
def _quarantined(state: StarState, d: dict[str, Any]) -> None:
    state.quarantines.append({"world": d["world"], "by": d["by"], "card": d["card"]})


@on("QuarantineCancelled", "QuarantineLifted")
def _unquarantined(state: StarState, d: dict[str, Any]) -> None:
    state.quarantines = [q for q in state.quarantines if q["card"] != d["card"]]
    state.luck_discard.append(d["card"])


@on("QuarantineEscaped")
def _escaped(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).escapes += 1


@on("StationLost")
def _station_lost(state: StarState, d: dict[str, Any]) -> None:
    state.stations.pop(d["world"], None)
    state.imperial_stations = [w for w in state.imperial_stations if w != d["world"]]


@on("DealOffered")
def _offered(state: StarState, d: dict[str, Any]) -> None:
    offer = Offer(id=d["id"], seat=d["seat"], to=d["to"], give=Bundle(**d["give"]),
                  get=Bundle(**d["get"]))
    state.offers.append(offer)
    if state.turn is not None:
        state.turn.offered.append(offer)
    state.next_offer = d["id"] + 1


@on("DealDeclined", "DealWithdrawn", "DealAccepted")
def _offer_closed(state: StarState, d: dict[str, Any]) -> None:
    state.offers = [o for o in state.offers if o.id != d["id"]]


@on("StationGiven")
def _station_given(state: StarState, d: dict[str, Any]) -> None:
    state.stations[d["world"]] = d["to"]
    state.imperial_stations = [w for w in state.imperial_stations if w != d["world"]]


@on("CardsGiven")
def _cards_given(state: StarState, d: dict[str, Any]) -> None:
    for card in d["cards"]:
        state.player(d["seat"]).hand.remove(card)
        state.player(d["to"]).hand.append(card)


@on("RightGiven")
def _right_given(state: StarState, d: dict[str, Any]) -> None:
    for c in state.completed:
        if c.contract == d["contract"]:
            c.rights[d["seat"]] -= 1
            if c.rights[d["seat"]] <= 0:
                del c.rights[d["seat"]]
            c.rights[d["to"]] = c.rights.get(d["to"], 0) + 1


@on("CargoGiven")
def _cargo_given(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).hold.remove(d["cargo"])
    state.player(d["to"]).hold.append(cargo_moved(d["cargo"], d["seat"], d["to"]))


@on("ExtraJump")
def _extra_jump(state: StarState, d: dict[str, Any]) -> None:
    _turn(state).extra_jumps += 1


@on("EnvoyAssigned")
def _envoy(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).envoy = d["card"]


@on("EnvoyReached")
def _envoy_reached(state: StarState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).envoy = None
    state.luck_discard.append(d["card"])


@on("EnvoyLapsed")
def _envoy_lapsed(state: StarState, d: dict[str, Any]) -> None:
    state.luck_discard.append(d["card"])


@on("WindowsCleared")
def _windows_cleared(state: StarState, d: dict[str, Any]) -> None:
    state.windows = []


@on("GameWon")
def _won(state: StarState, d: dict[str, Any]) -> None:
    state.winner = d["seat"]
    state.end = {"reason": d["reason"], "seat": d["seat"]}
    state.turn = None


HANDLERS.update(evolve_options.HANDLERS)  # the optional rules' events (written down here)
