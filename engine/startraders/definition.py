"""Star Traders as the platform reads it (``engine.kernel.definition``): the basic and the
advanced game, the Personalities, the reaction windows' countdown."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.bots.search import search_bots
from engine.help.reference import load_reference
from engine.kernel.definition import GameDefinition, Simulation, scores_at

from .bot import RandomTrader, StarTrader
from .citations import rules_cited
from .client_data import components
from .components import OPTIONAL_PERSONALITIES, PERSONALITIES
from .galaxy import load_galaxy
from .galaxy_svg import render_galaxy_svg
from .jump_lines import jump_lines
from .legal import bot_legal
from .luck import countdown, timeout_passes
from .options import StarTradersOptions
from .ruleset import ruleset
from .search import candidates, determinize, evaluate
from .simulate import standing, usage_of
from .state import StarState

HERE = Path(__file__).resolve().parent
CLIENT = HERE.parents[1] / "web" / "games" / "startraders"


def choices(options: dict[str, Any]) -> list[str]:
    """A lobby choice is a Personality (Optional Rules, "Selecting Personalities"); seats
    without one are dealt one at random, as Setting Up 4 says. The seven of the box, and the
    New Personalities too when the table plays with them (``personalities: "all"``). None
    when the table plays without Personalities, or bids for them in the game
    (``personality_auction``)."""
    if options.get("personalities") == "none" or options.get("personality_auction"):
        return []
    if options.get("personalities") == "all":
        return [*PERSONALITIES, *OPTIONAL_PERSONALITIES]
    return list(PERSONALITIES)


def answering(state: StarState) -> list[int]:
    """Seats a deal is offered to (Trades and Deals: offers are made and answered at any
    time, during anyone's turn): a bot there answers at once."""
    if state.winner is not None:
        return []
    return sorted({o.to for o in state.offers if not state.player(o.to).out})


@cache
def _galaxy_svg() -> str:
    return render_galaxy_svg(load_galaxy())


def board_svg(params: Mapping[str, str]) -> str:
    """The galaxy (ids ``world-<number>``, ``line-<low>-<high>``)."""
    return _galaxy_svg()


GAME = GameDefinition(
    id="star-traders",
    title="Star Traders",
    summary="Isaac Asimov Presents Star Traders: jump between worlds, deliver contracts, "
            "build stations and petition the Emperor for Prestige.",
    ruleset=ruleset,
    players=(2, 6),
    bots={"star-trader": StarTrader,
          **search_bots("star-traders", policy=StarTrader.searching), "random": RandomTrader},
    options_schema=StarTradersOptions,
    choices=choices,
    choice_option="personalities",
    choice_title="Personality",
    extras=jump_lines,
    history_point=scores_at(("TurnStarted", "GameWon"), lambda _, p: p.prestige),
    determinize=determinize,
    evaluate=evaluate,
    search_candidates=candidates,
    countdown=countdown,
    timeout_commands=timeout_passes,
    answering=answering,
    # a reaction window asks every seat at once (docs/star-traders.md, "Reaction windows"):
    # another seat's pass, or its private reaction policy set, changes nothing one decides by
    concurrent_answers=frozenset({"ReactionPassed", "ReactionPolicySet"}),
    bot_legal=bot_legal,
    stand_in_never=frozenset({"DropOut"}),
    settings_commands=frozenset({"Reroll", "SetReactionPolicy", "OfferDeal", "WithdrawDeal"}),
    board_svg=board_svg,
    client_data=lambda params: components(),
    rules_help=lambda: load_reference(HERE / "data" / "rules_help.toml"),
    rules_cited=rules_cited,
    client=CLIENT,
    simulation=Simulation(score_name="Prestige", choice_name="personality",
                          standing=standing, usage=usage_of),
)
