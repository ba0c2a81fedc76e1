"""``apply``: one event onto the state, in place. Total and deterministic, no validation.

The core handlers of the table, rounds, turns, phases, decks, credits, fame and final
scoring are here; each component registers its own with ``handlers.on`` in its module.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .handlers import ALSO, HANDLERS, on
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


@on("GameSetUp")
def _setup(state: StandardState, d: dict[str, Any]) -> None:
    state.players = [Player(**p) for p in d["players"]]
    state.table = Table(**d["table"])
    state.first_player = d["first_player"]
    state.last_round = d["last_round"]
    state.takebacks = d.get("takebacks", True)
    state.stage = "setup"


@on("ScenarioSetUp")
def _scenario(state: StandardState, d: dict[str, Any]) -> None:
    fresh = StandardState.model_validate(d["state"])
    state.__dict__.update({k: v for k, v in fresh.__dict__.items() if k != "rewinds"})


@on("ScenarioStarted")
def _scenario_started(state: StandardState, d: dict[str, Any]) -> None:
    """The public half of a scenario's opening: whose turn, which round and phase (the
    position itself came in the secret ``ScenarioSetUp``)."""


@on("DeckShuffled")
def _deck(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 5-6: a deck or stockpile shuffled face down (its order is secret)."""
    state.decks[d["deck"]] = list(d["cards"])
    if d.get("discards_in"):
        state.discards[d["deck"]] = []


@on("CardDrawn")
def _drawn(state: StandardState, d: dict[str, Any]) -> None:
    """The top card or token of a deck turned up (where it goes is the next event's)."""
    deck = state.decks.get(d["deck"], [])
    if d["card"] in deck:
        deck.remove(d["card"])


@on("CardDiscarded")
def _discarded(state: StandardState, d: dict[str, Any]) -> None:
    state.discards.setdefault(d["deck"], []).append(d["card"])


@on("FirstContactPlaced")
def _first_contact(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 3: one First Contact card face down in each system."""
    state.first_contact = dict(d["cards"])


@on("FirstContactRevealed")
def _revealed(state: StandardState, d: dict[str, Any]) -> None:
    """First Contact Phase 1 and 4 (Light Speed Game 13): the card turned face up and
    taken into the discoverer's play area."""
    state.first_contact.pop(d["system"], None)
    state.discovered[d["system"]] = d["culture"]
    if d.get("seat") is not None:
        state.player(d["seat"]).contacts.append(d["system"])


@on("SoloPicked")
def _solo_picked(state: StandardState, d: dict[str, Any]) -> None:
    state.table.solo_picks.append(d["pick"])


@on("TechGranted")
def _tech_granted(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).techs.append(d["tech"])


@on("SetupStepStarted")
def _setup_step(state: StandardState, d: dict[str, Any]) -> None:
    state.setup_step = d["step"]


@on("DialsSet")
def _dials(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 12: the laser and shield dials."""
    p = state.player(d["seat"])
    p.laser, p.shield, p.dials_set = d["laser"], d["shield"], True


@on("PilotLevelSet")
def _pilot_level(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).pilot_level = d["level"]


@on("ShipPlaced")
def _ship(state: StandardState, d: dict[str, Any]) -> None:
    """Setup 15 (and the light speed game's 17): a ship on its starting space."""
    p = state.player(d["seat"])
    p.space, p.heading = d["space"], None


@on("LoadedDieUsed")
def _loaded(state: StandardState, d: dict[str, Any]) -> None:
    if state.loaded_dice:
        state.loaded_dice.pop(0)


# -- credits, fame, infamy


@on("CreditsChanged")
def _credits(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).credits += d["delta"]


@on("FameChanged")
def _fame(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).fame += d["delta"]


@on("InfamyChanged")
def _infamy(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).infamy += d["delta"]


# -- questions waiting on a seat


@on("Asked")
def _asked(state: StandardState, d: dict[str, Any]) -> None:
    state.asks.append(Ask(seat=d["seat"], prompt=d["prompt"], detail=dict(d["detail"])))


@on("Answered")
def _answered(state: StandardState, d: dict[str, Any]) -> None:
    if state.asks:
        state.asks.pop()


# -- rounds, turns, phases (rounds.py)


@on("RoundStarted")
def _round(state: StandardState, d: dict[str, Any]) -> None:
    state.round = d["round"]
    state.done = []
    state.stage = "playing"
    state.setup_step = None


@on("RoundMarkerFlipped")
def _flipped(state: StandardState, d: dict[str, Any]) -> None:
    """Epic Game 1: the marker's "30" side; the round number itself goes on counting."""


@on("ProductionRoundsMarked")
def _production_rounds(state: StandardState, d: dict[str, Any]) -> None:
    state.production_rounds = sorted({*state.production_rounds, *d["rounds"]})


@on("TurnStarted")
def _turn_started(state: StandardState, d: dict[str, Any]) -> None:
    state.turn = Turn(seat=d["seat"])
    state.stage = "playing"


@on("PhaseStarted")
def _phase(state: StandardState, d: dict[str, Any]) -> None:
    _turn(state).phase = d["phase"]


@on("MovementSkipped")
def _skipped(state: StandardState, d: dict[str, Any]) -> None:
    _turn(state).skipped_movement = True


@on("MovementEnded")
def _movement_ended(state: StandardState, d: dict[str, Any]) -> None:
    turn = _turn(state)
    turn.landed = d.get("landed")
    turn.landed_city = bool(d.get("city"))


@on("TurnEnded")
def _turn_ended(state: StandardState, d: dict[str, Any]) -> None:
    state.done.append(d["seat"])
    state.turn = None


# -- the end of the game (scoring.py)


@on("SpaceportsSold")
def _spaceports_sold(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).spaceports = []


@on("FameCounted")
def _fame_counted(state: StandardState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.total_fame = d["total"]
    p.disqualified = d["disqualified"]


@on("GameEnded")
def _ended(state: StandardState, d: dict[str, Any]) -> None:
    for seat, score in enumerate(d["scores"]):
        state.player(seat).score = score
    state.winners = list(d["winners"])
    state.end = {k: v for k, v in d.items() if k != "scores"}
    state.stage = "over"
    state.turn = None
    state.asks = []


# every component's handlers, registered by importing its module (after ``on`` exists, so a
# component may import it from here or from ``handlers``)
from . import wiring  # noqa: E402,F401
