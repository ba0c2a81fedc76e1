"""Merchant of Venus (2012), the standard game, as the platform reads it
(``engine.kernel.definition``): 30 rounds, pilots, missions, the light speed, solo challenge
and epic variants."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.bots.random_bot import UniformBot
from engine.bots.search import search_bots
from engine.help.reference import load_reference
from engine.kernel.definition import GameDefinition, Page, Sandbox, Simulation, scores_at

from .board import load_board
from .board_svg import render_board_svg
from .bot import Merchant
from .citations import rules_cited
from .client_data import names
from .options import VenusStandardOptions
from .ruleset import ruleset
from .scenario import Scenario
from .scenario import start as start_scenario
from .search import candidates, determinize, evaluate
from .simulate import standing, usage_of
from .state import PILOTS

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parents[1] / "web" / "games" / "venusstd"


def choices(options: dict[str, Any]) -> list[str]:
    """A lobby choice is a pilot (Setup 8: "Each player chooses one of the pilots"; seats
    without one get one at random)."""
    return list(PILOTS)


@cache
def _board_svg() -> str:
    return render_board_svg(load_board())


def board_svg(params: Mapping[str, str]) -> str:
    """The standard game's side of the board (every space carries ``data-space``)."""
    return _board_svg()


GAME = GameDefinition(
    id="venus-standard",
    title="Merchant of Venus: the standard game",
    summary="The 2012 edition's standard game: 30 rounds of pilots, missions, racial "
            "technologies and fame; solo challenge, light speed and epic variants.",
    ruleset=ruleset,
    players=(1, 4),
    bots={"merchant": Merchant, **search_bots("venus-standard", policy=Merchant.searching),
          "random": UniformBot},
    options_schema=VenusStandardOptions,
    choices=choices,
    choice_option="pilots",
    choice_title="Pilot",
    history_point=scores_at(("TurnStarted", "GameEnded"), lambda _, p: p.credits),
    determinize=determinize,
    evaluate=evaluate,
    search_candidates=candidates,
    board_svg=board_svg,
    client_data=lambda params: names(),
    rules_help=lambda: load_reference(HERE / "data" / "rules_help.toml"),
    rules_cited=rules_cited,
    client=CLIENT,
    pages=(Page("Learn to play", "tutorial.html"), Page("Sandbox", "sandbox.html")),
    # positions from scenarios played hot seat (docs/scenarios.md; presets in the client's
    # scenarios/ folder: a telegate, pirates won and lost, a drill, a passenger, a reward
    # traded in, the Data Probe, pilot training)
    sandbox=Sandbox(scenario=Scenario, start=lambda sc, seed: start_scenario(sc, seed)),
    simulation=Simulation(score_name="final scores", choice_name="pilot",
                          default_bot="random", standing=standing, usage=usage_of),
)
