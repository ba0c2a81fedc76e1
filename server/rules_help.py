"""Rules help (issue 13): the rules reference of each ruleset, in the project's own words.

``GET /api/rules`` lists the rulesets that have one; ``GET /api/rules/{ruleset}`` answers
it (``engine/help/reference.py``): the turn guide, the sections and every rule the program
cites, each with its 2012 difference and whether it is optional. The answer is the same for
everyone and never changes while the server runs: built once, gzipped, with an ETag.
The rules page itself (``/rules/{ruleset}``) is the web client's ``rules.html``.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from engine.help.reference import Reference, load, rulesets

from .static import Asset, asset_response, make_asset

router = APIRouter(tags=["rules help"])

RulesetId = Literal["venus", "star-traders", "venus-standard"]


class RulesIndex(BaseModel):
    rulesets: list[dict[str, str]]  # {ruleset, title, page}


@cache
def _asset(ruleset: str) -> Asset:
    return make_asset(load(ruleset).model_dump_json().encode(), "application/json")


@router.get("/api/rules")
def rules_index() -> RulesIndex:
    """The rulesets with a rules reference, and the address of each one's rules page."""
    return RulesIndex(rulesets=[{"ruleset": r, "title": load(r).title, "page": f"/rules/{r}"}
                                for r in rulesets()])


@router.get("/api/rules/{ruleset}", response_model=Reference,
            responses={404: {"description": "no such ruleset"}})
def rules_reference(ruleset: RulesetId, request: Request) -> Response:
    """A ruleset's rules reference: ``turn`` (how a turn goes), ``section`` and ``rule``
    entries named as the program cites them (``5.31``, ``15``, ``Regular Jumps``)."""
    return asset_response(request, _asset(ruleset))
