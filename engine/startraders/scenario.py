"""Scenarios: a Star Traders position set up directly (docs/scenarios.md, "Star Traders").

A game started from a scenario is a sandbox game (``sandbox`` in its state and view); only
there may dice be predetermined. The whole position is recorded in one event whose audience
is nobody (it holds hands and money), followed by the public start of the active turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.kernel import NOBODY, BadCommand, Game, Randomness, event
from engine.kernel.parsing import parse_model

from .components import OPTIONAL_PERSONALITIES, PERSONALITIES, contracts, luck_cards
from .galaxy import load_galaxy
from .ruleset import ruleset
from .setup import contract_slots
from .state import IMPERIAL_CARGO, Completed, Player, StarState


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScenarioPlayer(_Doc):
    name: str
    personality: str | None = None
    world: int = 66
    stellors: int = 40
    engines: int = 3
    prestige: int = 1
    hand: list[str] = Field(default_factory=list)  # Trader's Luck card ids ("zap-1")
    hold: list[str] = Field(default_factory=list)  # cargo names, or "imperial"
    mission: int | None = None  # contract id
    policy: Literal["ask", "playable", "reroll", "never"] = "playable"


class ScenarioCompleted(_Doc):
    contract: int
    rights: dict[int, int]


class Scenario(_Doc):
    name: str = "scenario"
    description: str = ""
    advanced: bool = False
    takebacks: bool = True  # the table option (house rule, docs/rulings.md)
    # the table's clock for reaction windows (seconds); a sandbox has none unless named
    reaction_timer: int | None = Field(None, ge=5)
    personality_trading: bool = False  # Optional Rules, "Personalities as Commodity"
    players: list[ScenarioPlayer]
    active: int = 0
    round: int = 1
    stations: dict[int, int] = Field(default_factory=dict)  # world -> owner seat
    imperial_stations: list[int] = Field(default_factory=list)
    contracts: list[int | None] | None = None  # Current Contracts by slot (default: dealt)
    completed: list[ScenarioCompleted] = Field(default_factory=list)
    deck_top: list[int] = Field(default_factory=list)  # next Contracts, the rest shuffled
    luck_top: list[str] = Field(default_factory=list)  # next Trader's Luck cards, top first
    dice: list[int] = Field(default_factory=list)  # predetermined dice, used first


def parse_scenario(data: Scenario | str | dict[str, Any] | Path) -> Scenario:
    return parse_model(Scenario, data, "invalid scenario")


def _check(sc: Scenario) -> None:
    worlds = load_galaxy().worlds
    cards = contracts()
    n = len(sc.players)
    problems: list[str] = []
    if not 2 <= n <= 6:
        problems.append("2-6 players")
    for p in sc.players:
        if p.world not in worlds:
            problems.append(f"world {p.world}")
        known = PERSONALITIES + OPTIONAL_PERSONALITIES
        if p.personality is not None and p.personality not in known:
            problems.append(f"personality {p.personality}")
        problems += [f"card {c}" for c in p.hand if c not in luck_cards()]
        if p.mission is not None and p.mission not in cards:
            problems.append(f"mission {p.mission}")
    problems += [f"card {c}" for c in sc.luck_top if c not in luck_cards()]
    problems += [f"station at {w}" for w, s in sc.stations.items()
                 if w not in worlds or not 0 <= s < n]
    named = [*(sc.contracts or []), *sc.deck_top, *(c.contract for c in sc.completed)]
    problems += [f"contract {c}" for c in named if c is not None and c not in cards]
    problems += [f"die {d}" for d in sc.dice if not 1 <= d <= 6]
    if not 0 <= sc.active < n:
        problems.append(f"active seat {sc.active}")
    hands = [c for p in sc.players for c in p.hand]
    if len(set(hands)) != len(hands):
        problems.append("a card in two hands")
    if problems:
        raise BadCommand(f"invalid scenario: {', '.join(problems)}")


def scenario_state(sc: Scenario, rng: Randomness) -> StarState:
    _check(sc)
    n = len(sc.players)
    slots: list[int | None] = list(sc.contracts) if sc.contracts is not None else []
    used = {c for c in slots if c is not None} | {c.contract for c in sc.completed} \
        | {p.mission for p in sc.players if p.mission is not None} | set(sc.deck_top)
    rest = rng.shuffled([c for c in sorted(contracts()) if c not in used])
    deck = [*sc.deck_top, *rest]
    if sc.contracts is None:
        wanted = contract_slots(n, sc.advanced)
        slots, deck = list(deck[:wanted]), deck[wanted:]
    held = {c for p in sc.players for c in p.hand} | set(sc.luck_top)
    return StarState(
        players=[Player(seat=i, **p.model_dump()) for i, p in enumerate(sc.players)],
        advanced=sc.advanced, first_player=0, round=sc.round,
        stations=dict(sc.stations), imperial_stations=list(sc.imperial_stations),
        slots=slots, wanted_slots=max(len(slots), contract_slots(n, sc.advanced)), deck=deck,
        completed=[Completed(contract=c.contract, rights=dict(c.rights)) for c in sc.completed],
        luck_deck=[*sc.luck_top,
                   *rng.shuffled([c for c in sorted(luck_cards()) if c not in held])],
        sandbox=True, loaded_dice=list(sc.dice), takebacks=sc.takebacks,
        reaction_timer=sc.reaction_timer, personality_trading=sc.personality_trading,
    )


def start(data: Scenario | str | dict[str, Any] | Path,
          seed: str | int = "scenario") -> Game[StarState]:
    """A sandbox game from a scenario document (model, JSON text, dict or file path)."""
    sc = parse_scenario(data)
    state = scenario_state(sc, Randomness(seed, 0, "scenario"))
    opening = [event("ScenarioSetUp", NOBODY, state=state.model_dump(mode="json")),
               event("TurnStarted", seat=sc.active, round=sc.round)]
    numbered = [ev.model_copy(update={"seq": i + 1}) for i, ev in enumerate(opening)]
    return Game(ruleset, seed, numbered)


__all__ = ["IMPERIAL_CARGO", "Scenario", "parse_scenario", "start"]
