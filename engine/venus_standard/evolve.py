"""``apply``: one event onto the state, in place. Total and deterministic, no validation.

The core handlers of the table, rounds, turns, phases, decks, credits, fame and final
scoring are here; each module of events keeps its own table (``HANDLERS``), and
``HANDLERS`` below is all of them: the fold's one list (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from . import card_events, flight_events, solo_events, trade_events
from .flight import Flight
from .handlers import Handler, merged
from .state import Ask, Player, StandardState, Table, Turn


def apply(state: StandardState, ev: Event) -> None:
    handler = HANDLERS.get(ev.type)
    if handler is not None:
        handler(state, ev.data)
    for extra in ALSO.get(ev.type, ()):
        extra(state, ev.data)


def _turn(state: StandardState) -> Turn:
    assert state.turn is not None
    return state.turn


# -- the table (Setup)


def _setup(state: StandardState, d: dict[str, Any]) -> None:
    state.players = [Player(**p) for p in d["players"]]
    state.table = Table(**d["table"])
    state.first_player = d["first_player"]
    state.last_round = d["last_round"]
    state.takebacks = d.get("takebacks", True)
    state.stage = "setup"


def _scenario(state: StandardState, d: dict[str, Any]) -> None:
    fresh = StandardState.model_validate(d["state"])
    state.__dict__.update({k: v for k, v in fresh.__dict__.items() if k != "rewinds"})


def _scenario_started(state: StandardState, d: dict[str, Any]) -> None:
    """The public half of a scenario's opening: whose turn, which round and phase (the
    position itself came in the secret ``ScenarioSetUp``)."""


def _deck(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 5-6: a deck or stockpile shuffled face down (its order is secret)."""
    state.decks[d["deck"]] = list(d["cards"])
    if d.get("discards_in"):
        state.discards[d["deck"]] = []


def _drawn(state: StandardState, d: dict[str, Any]) -> None:
    """The top card or token of a deck turned up (where it goes is the next event's)."""
    deck = state.decks.get(d["deck"], [])
    if d["card"] in deck:
        deck.remove(d["card"])


def _discarded(state: StandardState, d: dict[str, Any]) -> None:
    state.discards.setdefault(d["deck"], []).append(d["card"])


def _first_contact(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 3: one First Contact card face down in each system."""
    state.first_contact = dict(d["cards"])


def _revealed(state: StandardState, d: dict[str, Any]) -> None:
    """First Contact Phase 1 and 4 (Light Speed Game 13): the card turned face up and
    taken into the discoverer's play area."""
    state.first_contact.pop(d["system"], None)
    state.discovered[d["system"]] = d["culture"]
    if d.get("seat") is not None:
        state.player(d["seat"]).contacts.append(d["system"])


def _solo_picked(state: StandardState, d: dict[str, Any]) -> None:
    state.table.solo_picks.append(d["pick"])


def _tech_granted(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).techs.append(d["tech"])


def _setup_step(state: StandardState, d: dict[str, Any]) -> None:
    state.setup_step = d["step"]


def _dials(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 12: the laser and shield dials."""
    p = state.player(d["seat"])
    p.laser, p.shield, p.dials_set = d["laser"], d["shield"], True


def _pilot_level(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).pilot_level = d["level"]


def _ship(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 15 (and the light speed game's 17): a ship on its starting space."""
    p = state.player(d["seat"])
    p.space, p.heading = d["space"], None


def _loaded(state: StandardState, d: dict[str, Any]) -> None:
    if state.loaded_dice:
        state.loaded_dice.pop(0)


# -- credits, fame, infamy


def _credits(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).credits += d["delta"]


def _fame(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).fame += d["delta"]


def _infamy(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).infamy += d["delta"]


# -- questions waiting on a seat


def _asked(state: StandardState, d: dict[str, Any]) -> None:
    state.asks.append(Ask(seat=d["seat"], prompt=d["prompt"], detail=dict(d["detail"])))


def _answered(state: StandardState, d: dict[str, Any]) -> None:
    if state.asks:
        state.asks.pop()


# -- rounds, turns, phases (rounds.py)


def _round(state: StandardState, d: dict[str, Any]) -> None:
    state.round = d["round"]
    state.done = []
    state.stage = "playing"
    state.setup_step = None


def _flipped(state: StandardState, d: dict[str, Any]) -> None:
    """Epic Game 1: the marker's "30" side; the round number itself goes on counting."""


def _production_rounds(state: StandardState, d: dict[str, Any]) -> None:
    state.production_rounds = sorted({*state.production_rounds, *d["rounds"]})


def _turn_started(state: StandardState, d: dict[str, Any]) -> None:
    """A turn starts in the Movement phase's Declare Heading step, its flight from the
    ship's space (``flight.py``): made here, by the event, so that no rule or view makes it
    on the live state when it first reads it."""
    seat = d["seat"]
    space = state.player(seat).space
    state.turn = Turn(seat=seat, flight=Flight(at=space, start=space))
    state.stage = "playing"


def _phase(state: StandardState, d: dict[str, Any]) -> None:
    _turn(state).phase = d["phase"]


def _skipped(state: StandardState, d: dict[str, Any]) -> None:
    _turn(state).skipped_movement = True


def _movement_ended(state: StandardState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.landed = d.get("landed")
    turn.landed_city = bool(d.get("city"))


def _turn_ended(state: StandardState, d: dict[str, Any]) -> None:
    state.done.append(d["seat"])
    state.turn = None


# -- the end of the game (scoring.py)


def _spaceports_sold(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).spaceports = []


def _fame_counted(state: StandardState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.total_fame = d["total"]
    p.disqualified = d["disqualified"]


def _ended(state: StandardState, d: dict[str, Any]) -> None:
    for seat, score in enumerate(d["scores"]):
        state.player(seat).score = score
    state.winners = list(d["winners"])
    state.end = {k: v for k, v in d.items() if k != "scores"}
    state.stage = "over"
    state.turn = None
    state.asks = []


#: The core's handlers.
CORE: dict[str, Handler] = {
    "GameSetUp": _setup,
    "ScenarioSetUp": _scenario,
    "ScenarioStarted": _scenario_started,
    "DeckShuffled": _deck,
    "CardDrawn": _drawn,
    "CardDiscarded": _discarded,
    "FirstContactPlaced": _first_contact,
    "FirstContactRevealed": _revealed,
    "SoloPicked": _solo_picked,
    "TechGranted": _tech_granted,
    "SetupStepStarted": _setup_step,
    "DialsSet": _dials,
    "PilotLevelSet": _pilot_level,
    "ShipPlaced": _ship,
    "LoadedDieUsed": _loaded,
    "CreditsChanged": _credits,
    "FameChanged": _fame,
    "InfamyChanged": _infamy,
    "Asked": _asked,
    "Answered": _answered,
    "RoundStarted": _round,
    "RoundMarkerFlipped": _flipped,
    "ProductionRoundsMarked": _production_rounds,
    "TurnStarted": _turn_started,
    "PhaseStarted": _phase,
    "MovementSkipped": _skipped,
    "MovementEnded": _movement_ended,
    "TurnEnded": _turn_ended,
    "SpaceportsSold": _spaceports_sold,
    "FameCounted": _fame_counted,
    "GameEnded": _ended,
}

#: Every event type's handler: the core's and each module of events' own.
HANDLERS: dict[str, Handler] = merged(CORE, card_events.HANDLERS, flight_events.HANDLERS,
                                      trade_events.HANDLERS, solo_events.HANDLERS)
#: Handlers that run after the owner's handler of an event type another module owns, in
#: this order (a passenger jettisoned, the trade module's event, counts for a title).
ALSO: dict[str, tuple[Handler, ...]] = {"CargoJettisoned": (card_events.count_jettisoned,)}
