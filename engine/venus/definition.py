"""Merchant of Venus classic as the platform reads it (``engine.kernel.definition``): both
editions of the classic game, every optional rule an option."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.bots.random_bot import UniformBot
from engine.bots.search import search_bots
from engine.help.reference import load_reference
from engine.kernel.definition import GameDefinition, Page, Sandbox, Simulation, scores_at

from .board import EDITIONS, load_board
from .board_svg import render_board_svg
from .bots import Trader
from .citations import rules_cited
from .client_data import client_data, edition_of
from .look import one_look
from .market_panel import market
from .options import VenusOptions
from .pieces import merchant_keys
from .reach import reachable, reachable_dicts
from .ruleset import ruleset
from .scenario import Scenario, start
from .search import HARD, determinize, evaluate
from .simulation import ENDINGS, standing, usage_of
from .winning import net_worth

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parents[1] / "web" / "games" / "venus"


def choices(options: dict[str, Any]) -> list[str]:
    """The lobby's choice is a merchant (race and colour) of the table's edition (4.1)."""
    try:
        return merchant_keys(str(options.get("edition", "avalon-hill")))
    except ValueError:
        return []


def extras(state: Any, seat: int) -> dict[str, Any]:
    """Beside the acting seat's view: where its roll can take it (5.3) while it moves, the
    market's numbers (9) while it trades."""
    turn = getattr(state, "turn", None)
    if turn is None or turn.seat != seat:
        return {}
    if turn.phase == "trade":
        panel = market(state, seat)
        return {"market": panel} if panel else {}
    if turn.phase != "move":
        return {}
    return {"reachable": reachable_dicts(state)}


def bot_aid(state: Any, seat: int) -> Callable[[], Any]:
    """The trader bot's one query beyond the view: the reachable destinations of the move in
    progress (``engine.venus.reach``), public facts the client shows the player too."""
    cached: list[Any] = []

    def query() -> Any:
        if not cached:
            cached.append(reachable(state))
        return cached[0]

    return query


@cache
def _board_svg(edition: str) -> str:
    return render_board_svg(load_board(edition))


def board_svg(params: Mapping[str, str]) -> str:
    """The cluster of the ``edition`` asked; every dot an element with id ``dot-<dot id>``."""
    return _board_svg(edition_of(params))


def _sandbox_aid(state: Any) -> dict[str, Any]:
    return {"reachable": reachable_dicts(state)}


GAME = GameDefinition(
    id="venus",
    title="Merchant of Venus",
    summary="The classic game, Avalon Hill 1988 or the 2012 edition: trade across the "
            "cluster until your Net Worth wins.",
    ruleset=ruleset,
    players=(1, 6),
    bots={"trader": Trader, **search_bots("venus", hard=HARD), "random": UniformBot},
    options_schema=VenusOptions,
    choices=choices,
    choice_option="races",
    choice_title="Race / color",
    extras=extras,
    look=one_look,
    history_point=scores_at(("TurnStarted", "GameWon"),
                            lambda state, p: net_worth(state, p.seat)),
    bot_aid=bot_aid,
    determinize=determinize,
    evaluate=evaluate,
    settings_commands=frozenset({"SetDrives", "UseGateLock", "Reroll"}),
    board_svg=board_svg,
    client_data=client_data,
    rules_help=lambda: load_reference(HERE / "data" / "rules_help.toml"),
    rules_cited=rules_cited,
    client=CLIENT,
    pages=(Page("Learn to play", "tutorial.html"), Page("Sandbox", "sandbox.html")),
    sandbox=Sandbox(scenario=Scenario, start=start, aid=_sandbox_aid),
    simulation=Simulation(
        options={"edition": "avalon-hill", "game_length": 2000},
        score_name="net worths", choice_name="race",
        flags={"--edition": ("edition", "avalon-hill", EDITIONS, "the edition played"),
               "--target": ("game_length", 2000, None, "the Net Worth that wins (14)")},
        standing=standing, usage=usage_of, endings=ENDINGS),
)
