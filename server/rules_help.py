"""Rules help: the rules reference of each game that has one (``GameDefinition.rules_help``),
in the project's own words.

``GET /api/rules`` lists the games that have one; ``GET /api/rules/{ruleset}`` answers it
(``engine/help/reference.py``): the turn guide, the sections and every rule the program
cites, each with its edition differences and whether it is optional. The answer is the same
for everyone and never changes while the server runs: built once, gzipped, with an ETag.
The rules page itself (``/rules/{ruleset}``) is the web client's ``rules.html``. A ruleset id
that is no installed game, or a game without a reference, is a 404 naming those with one.
"""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from engine.help.reference import Reference, load, rulesets

from .rulesets import GameId, known_game
from .static import Asset, asset_response, make_asset

router = APIRouter(tags=["rules help"])


class RulesIndex(BaseModel):
    rulesets: list[dict[str, str]]  # {ruleset, title, page}


@cache
def _asset(ruleset: str) -> Asset:
    return make_asset(load(ruleset).model_dump_json().encode(), "application/json")


def with_rules(ruleset: str) -> str:
    """``ruleset`` if it is an installed game with a rules reference; else a 404 naming the
    games with one."""
    return known_game(ruleset, having="rules_help").id


@router.get("/api/rules")
def rules_index() -> RulesIndex:
    """The rulesets with a rules reference, and the address of each one's rules page."""
    return RulesIndex(rulesets=[{"ruleset": r, "title": load(r).title, "page": f"/rules/{r}"}
                                for r in rulesets()])


@router.get("/api/rules/{ruleset}", response_model=Reference,
            responses={404: {"description": "no such ruleset"}})
def rules_reference(ruleset: GameId, request: Request) -> Response:
    """A ruleset's rules reference: ``turn`` (how a turn goes), ``section`` and ``rule``
    entries named as the program cites them (``5.31``, ``15``, ``Regular Jumps``)."""
    return asset_response(request, _asset(with_rules(ruleset)))
