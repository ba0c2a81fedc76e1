"""How the cards' events change ``state.cards``: total and deterministic, no validation. The
handlers take the ``CardsState`` only; ``evolve.py`` registers them for the whole state
(``register(on)``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards_state import CardsState, Pending, SpaceToken

CardHandler = Callable[[CardsState, dict[str, Any]], None]
CARD_HANDLERS: dict[str, CardHandler] = {}


def card_event(*types: str) -> Callable[[CardHandler], CardHandler]:
    def register(fn: CardHandler) -> CardHandler:
        for t in types:
            CARD_HANDLERS[t] = fn
        return fn

    return register


def apply_card_event(cards: CardsState, type_: str, data: dict[str, Any]) -> None:
    handler = CARD_HANDLERS.get(type_)
    if handler is not None:
        handler(cards, data)


@card_event("CardDecksShuffled")
def _decks(c: CardsState, d: dict[str, Any]) -> None:
    """Setup 5 "Prepare Decks" (and the pirate stockpile, taken at random): secret orders."""
    c.encounter_deck = list(d["encounters"])
    c.mission_deck = list(d["missions"])
    c.reward_deck = list(d["rewards"])
    c.pirate_stock = list(d["pirates"])
    c.beside_track = list(d.get("beside_track", []))
    c.telegates = {int(k): v for k, v in d.get("telegates", {}).items()}


@card_event("EncounterDeckReshuffled")
def _reshuffle(c: CardsState, d: dict[str, Any]) -> None:
    c.encounter_deck = list(d["deck"])
    c.encounter_removed += list(d.get("removed", []))
    c.encounter_discard = []


@card_event("EncounterDrawn")
def _encounter_drawn(c: CardsState, d: dict[str, Any]) -> None:
    c.encounter_deck.remove(d["card"])


@card_event("EncounterDiscarded")
def _encounter_discarded(c: CardsState, d: dict[str, Any]) -> None:
    c.encounter_discard.append(d["card"])


@card_event("EncounterPutBack")
def _put_back(c: CardsState, d: dict[str, Any]) -> None:
    c.encounter_deck = list(d["deck"])


@card_event("CardSetBesideTrack")
def _beside(c: CardsState, d: dict[str, Any]) -> None:
    if d["card"] not in c.beside_track:
        c.beside_track.append(d["card"])
    c.title_holders.pop(d["card"], None)


@card_event("TitleTaken")
def _title(c: CardsState, d: dict[str, Any]) -> None:
    if d["card"] in c.beside_track:
        c.beside_track.remove(d["card"])
    c.title_holders[d["card"]] = d["seat"]


@card_event("IntelUsed")
def _intel(c: CardsState, d: dict[str, Any]) -> None:
    c.intel_used = True


@card_event("TokenPlaced")
def _token(c: CardsState, d: dict[str, Any]) -> None:
    c.tokens[d["space"]] = SpaceToken(kind=d["token"], pirate=d.get("pirate"))
    if d.get("pirate") in c.pirate_stock:
        c.pirate_stock.remove(d["pirate"])


@card_event("TelegatePlaced")
def _telegate(c: CardsState, d: dict[str, Any]) -> None:
    c.telegates[int(d["number"])] = d["space"]


@card_event("FameChanged")
def _fame(c: CardsState, d: dict[str, Any]) -> None:
    s = c.seat(d["seat"])
    s.fame = max(0, s.fame + d.get("fame", 0))
    s.infamy = max(0, s.infamy + d.get("infamy", 0))


@card_event("PirateBeatPlayer")
def _infamy_under(c: CardsState, d: dict[str, Any]) -> None:
    """"Losing a Pirate Engagement" 2: an infamy token beneath the pirate token."""
    c.tokens[d["space"]].infamy += 1


@card_event("PirateDefeated")
def _defeated(c: CardsState, d: dict[str, Any]) -> None:
    """"Winning ... laser attribute": the infamy becomes the winner's fame; the pirate token
    is flipped to its asteroid side."""
    tok = c.tokens[d["space"]]
    s = c.seat(d["seat"])
    s.fame += tok.infamy
    s.pirates_defeated += 1
    c.tokens[d["space"]] = SpaceToken(kind="asteroid", pirate=tok.pirate)


@card_event("MissionDrawn")
def _mission(c: CardsState, d: dict[str, Any]) -> None:
    c.mission_deck.remove(d["card"])
    c.seat(d["seat"]).missions.append(d["card"])


@card_event("MissionCompleted")
def _completed(c: CardsState, d: dict[str, Any]) -> None:
    s = c.seat(d["seat"])
    s.missions.remove(d["card"])
    s.completed.append(d["card"])


@card_event("MissionReturned")
def _returned(c: CardsState, d: dict[str, Any]) -> None:
    """A mission put at the bottom of the Mission deck (Confirmed Location, ours)."""
    c.seat(d["seat"]).missions.remove(d["card"])
    c.mission_deck.append(d["card"])


@card_event("SecondMissionBought")
def _second(c: CardsState, d: dict[str, Any]) -> None:
    c.seat(d["seat"]).second_mission = True


@card_event("RewardDrawn")
def _reward(c: CardsState, d: dict[str, Any]) -> None:
    c.reward_deck.remove(d["card"])


@card_event("RewardKept")
def _kept(c: CardsState, d: dict[str, Any]) -> None:
    c.seat(d["seat"]).rewards.append(d["card"])
    if d["card"] in c.rewards_for_sale:
        c.rewards_for_sale.remove(d["card"])


@card_event("RewardTradedIn")
def _traded(c: CardsState, d: dict[str, Any]) -> None:
    c.rewards_for_sale.append(d["card"])


@card_event("PassengerJettisonedCounted")
def _jettisoned(c: CardsState, d: dict[str, Any]) -> None:
    c.seat(d["seat"]).jettisoned += 1


@card_event("EncounterWaiting")
def _waiting(c: CardsState, d: dict[str, Any]) -> None:
    c.pending = Pending.model_validate(d)


@card_event("EncounterAnswered")
def _answered(c: CardsState, d: dict[str, Any]) -> None:
    c.pending = None


@card_event("CardsTurnReset")
def _turn_reset(c: CardsState, d: dict[str, Any]) -> None:
    c.intel_used = False
