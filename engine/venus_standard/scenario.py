"""Scenarios: a standard-game position set up directly, for tests and sandboxes
(docs/scenarios.md).

A game started from a scenario is a sandbox game (``sandbox`` in its state and view); only
there may dice be predetermined (``dice``: used first, in order, by ``Draft.die``). The
whole position is one event whose audience is nobody (it holds the decks and the face-down
First Contact cards), followed by a public ``ScenarioStarted`` naming whose turn it is.

A player is written with ``Player``'s own fields (any component's included); so is the
rest of the state (``state``: any ``StandardState`` field) and the turn (``turn``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.kernel import NOBODY, BadCommand, Game, Randomness, event
from engine.kernel.parsing import first_error, parse_model

from . import decks
from . import solo as solo_rules
from .flight import Flight
from .places import galactic_base, known, systems
from .ruleset import ruleset
from .setup import CULTURES
from .state import PILOTS, Phase, Player, StandardState, Table, Turn


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = "scenario"
    description: str = ""
    players: list[dict[str, Any]]  # Player fields; "name" required, "seat" implied
    first_player: int = 0
    active: int = 0  # whose turn it is
    phase: Phase = "movement"
    round: int = 1
    table: dict[str, Any] = Field(default_factory=dict)  # Table fields (the variant...)
    last_round: int | None = None  # default: 30, or the table's epic length
    turn: dict[str, Any] = Field(default_factory=dict)  # more Turn fields
    # system -> culture of the face-down First Contact cards (None: dealt at random as in
    # Setup 3, less the discovered systems and cultures)
    first_contact: dict[str, str] | None = None
    discovered: dict[str, str] = Field(default_factory=dict)
    deck_tops: dict[str, list[str]] = Field(default_factory=dict)  # then the rest shuffled
    dice: list[int] = Field(default_factory=list)  # predetermined dice, used first
    state: dict[str, Any] = Field(default_factory=dict)  # any other StandardState field
    takebacks: bool = True


def parse_scenario(data: Scenario | str | dict[str, Any] | Path) -> Scenario:
    return parse_model(Scenario, data, "invalid scenario")


def _players(sc: Scenario) -> list[Player]:
    known = set(Player.model_fields)
    out = []
    for seat, raw in enumerate(sc.players):
        unknown = sorted(set(raw) - known)
        if unknown:
            raise BadCommand(f"invalid scenario: player {seat}: unknown field {unknown[0]!r}")
        fields = {"space": galactic_base(), "dials_set": True, "pilot": PILOTS[seat % 4],
                  **raw, "seat": seat}
        try:
            out.append(Player.model_validate(fields))
        except ValidationError as exc:
            raise BadCommand(f"invalid scenario: player {seat}: {first_error(exc)}") from None
    return out


def _check(sc: Scenario, players: list[Player]) -> None:
    n = len(players)
    problems: list[str] = []
    if not 1 <= n <= 4:
        problems.append("1-4 players")
    for name, seat in (("active", sc.active), ("first_player", sc.first_player)):
        if not 0 <= seat < n:
            problems.append(f"{name} seat {seat}")
    problems += [f"die {d}" for d in sc.dice if not 1 <= d <= 6]
    problems += [f"pilot {p.pilot}" for p in players if p.pilot not in PILOTS]
    problems += [f"space {p.space}" for p in players if not known(p.space)]
    where = set(systems())
    named = {**(sc.first_contact or {}), **sc.discovered}
    problems += [f"system {s}" for s in named if s not in where]
    for deck, top in sc.deck_tops.items():
        cards = set(decks.cards_of(deck))
        problems += [f"{deck} card {card}" for card in top if cards and card not in cards]
    unknown = sorted(set(sc.state) - set(StandardState.model_fields))
    problems += [f"state field {k}" for k in unknown]
    solo = sc.state.get("solo")
    if isinstance(solo, dict):
        problems += [f"challenge card {c}" for c in solo.get("cards", [])
                     if c not in solo_rules.challenge_cards()]
    if problems:
        raise BadCommand(f"invalid scenario: {', '.join(problems)}")


def scenario_state(sc: Scenario, rng: Randomness) -> StandardState:
    players = _players(sc)
    _check(sc, players)
    table = Table.model_validate(sc.table)
    last = sc.last_round or (table.epic_rounds if table.epic and table.epic_rounds else 30)
    first_contact = sc.first_contact
    if first_contact is None:
        free = [s for s in systems() if s not in sc.discovered]
        cultures = [c for c in (decks.cards_of(decks.FIRST_CONTACT) or CULTURES)
                    if c not in sc.discovered.values()]
        first_contact = dict(zip(free, rng.shuffled(cultures), strict=False))
    deck_map: dict[str, list[str]] = {}
    for deck in {*decks.SETUP_DECKS, *sc.deck_tops}:
        top = sc.deck_tops.get(deck, [])
        rest = [c for c in decks.cards_of(deck) if c not in top]
        deck_map[deck] = [*top, *rng.shuffled(rest)]
    n = len(players)
    order = [(sc.first_player + i) % n for i in range(n)]
    state = StandardState(
        players=players, table=table, stage="playing", first_player=sc.first_player,
        round=sc.round, last_round=last,
        turn=Turn.model_validate({**sc.turn, "seat": sc.active, "phase": sc.phase}),
        done=order[:order.index(sc.active)] if 0 <= sc.active < n else [],
        decks=deck_map, first_contact=first_contact, discovered=dict(sc.discovered),
        sandbox=True, loaded_dice=list(sc.dice), takebacks=sc.takebacks)
    if sc.state:
        state = StandardState.model_validate({**state.model_dump(), **sc.state})
    if state.solo is not None:  # a Challenge card's round and fee are its own unless given
        state.solo.rounds = {c: state.solo.rounds.get(c, solo_rules.printed(c)[0])
                             for c in state.solo.cards}
        state.solo.fees = {c: state.solo.fees.get(c, solo_rules.printed(c)[1])
                           for c in state.solo.cards}
    turn = state.turn
    if turn is not None and turn.flight is None and 0 <= turn.seat < len(state.players):
        space = state.players[turn.seat].space
        turn.flight = Flight(at=space, start=space)  # as ``TurnStarted`` makes it
    return state


def start(data: Scenario | str | dict[str, Any] | Path,
          seed: str | int = "scenario") -> Game[StandardState]:
    """A sandbox game from a scenario document (model, JSON text, dict or file path)."""
    sc = parse_scenario(data)
    state = scenario_state(sc, Randomness(seed, 0, "scenario"))
    opening = [event("ScenarioSetUp", NOBODY, state=state.model_dump(mode="json")),
               event("ScenarioStarted", seat=sc.active, round=sc.round, phase=sc.phase)]
    numbered = [ev.model_copy(update={"seq": i + 1}) for i, ev in enumerate(opening)]
    return Game(ruleset, seed, numbered)


__all__ = ["Scenario", "parse_scenario", "scenario_state", "start"]
