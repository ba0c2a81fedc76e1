"""The Starport web service (a first version: the full server is its own issue).

Serves the web client at ``/``, the board SVG of a ruleset at ``/boards/{ruleset}.svg``,
a sandbox endpoint that answers the legal moves and reachable destinations of a scenario
position, and OpenAPI at ``/docs``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from engine.kernel import CommandRejected
from engine.venus.board import load_board
from engine.venus.board_svg import render_board_svg
from engine.venus.legal import legal_actions
from engine.venus.reach import reachable
from engine.venus.scenario import Scenario, start

WEB = Path(__file__).resolve().parents[1] / "web"

app = FastAPI(title="Starport", version="0.1.0",
              description="Play space-trading board games with friends.")


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    rulesets: list[str]


@app.get("/api/health")
def health() -> Health:
    return Health(rulesets=["venus"])


@cache
def _board_svg(edition: str) -> str:
    return render_board_svg(load_board(edition))


@app.get("/boards/venus.svg", response_class=Response)
def venus_board(edition: Literal["avalon-hill", "classic-2012"] = "avalon-hill") -> Response:
    """The Merchant of Venus cluster; every dot is an element with id ``dot-<dot id>``."""
    return Response(_board_svg(edition), media_type="image/svg+xml")


class SandboxAnswer(BaseModel):
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    reachable: list[dict[str, Any]]


@app.post("/api/venus/sandbox")
def sandbox(scenario: Scenario) -> SandboxAnswer:
    """Set up a scenario position and answer what its active player may do there."""
    try:
        game = start(scenario)
    except CommandRejected as exc:
        raise HTTPException(status_code=422, detail=exc.to_dict()) from None
    state = game.state
    seat = state.turn.seat if state.turn else 0
    from engine.venus.view import view

    return SandboxAnswer(
        view=view(state, seat),
        legal=[c.model_dump() for c in legal_actions(state, seat)],
        reachable=[d.as_dict() for d in reachable(state)],
    )


app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
