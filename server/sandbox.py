"""The sandbox: a game started from a scenario and played by one person in every seat
(``docs/scenarios.md``), for any game whose definition has a ``sandbox``
(``GameDefinition.sandbox``: the scenario's schema, how a game starts from one, and what the
sandbox shows beside the acting seat's view).

``POST /api/games/{game}/sandbox`` starts one from ``{scenario}``; ``GET
/api/games/{game}/sandbox/{id}`` answers it as it is now; ``POST
/api/games/{game}/sandbox/{id}/commands`` plays ``{command}`` as the seat whose turn it is.
Every answer is that seat's view, its legal commands, the new log entries (redacted for the
seat that acted), the table's extras for that seat, and what the game's ``aid`` adds (a
game's reachable destinations, say). Sandboxes live in memory, the most recent
``MAX_SANDBOXES`` of them; a scenario's loaded dice never reach a normal table.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.kernel import SPECTATOR, CommandRejected, Game
from engine.kernel.definition import GameDefinition, Sandbox

from .rulesets import GameId, known_game
from .schemas import ERRORS

MAX_SANDBOXES = 200

router = APIRouter(tags=["sandbox"], responses=ERRORS)

# sandbox id -> (the game's id, the game), the most recently used last
_games: OrderedDict[str, tuple[str, Game[Any]]] = OrderedDict()
_lock = threading.Lock()


class NewSandbox(BaseModel):
    scenario: dict[str, Any] = Field(description="a scenario of the game (its own schema)")


class SandboxCommand(BaseModel):
    command: dict[str, Any]


class SandboxState(BaseModel):
    """A sandbox as the seat whose turn it is sees it; the game's ``aid`` adds its own fields
    (``reachable``, ...)."""

    model_config = ConfigDict(extra="allow")

    id: str
    seat: int  # the seat whose turn it is (-1 once the game is over): view and legal are its
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    log: list[dict[str, Any]]  # the new log entries, redacted for the seat that acted
    extras: dict[str, Any] = {}  # what the table's view adds for that seat (a market, say)


def _definition(game_id: str) -> tuple[GameDefinition, Sandbox]:
    definition = known_game(game_id, having="sandbox")
    assert definition.sandbox is not None
    return definition, definition.sandbox


def _seat(game: Game[Any]) -> int:
    prompt = game.pending()
    return prompt.seats[0] if prompt and prompt.seats else SPECTATOR


def _answer(sid: str, definition: GameDefinition, sandbox: Sandbox, game: Game[Any],
            log: list[dict[str, Any]]) -> SandboxState:
    seat = _seat(game)
    state = game.state
    ruleset = definition.ruleset
    if seat >= 0:
        with definition.look(state, seat):
            legal = [c.model_dump() for c in ruleset.legal_actions(state, seat)]
            extras = definition.extras(state, seat)
    else:
        legal, extras = [], {}
    answer = {"id": sid, "seat": seat, "view": ruleset.view(state, seat), "legal": legal,
              "log": log, "extras": extras}
    return SandboxState(**{**sandbox.aid(state), **answer})


def _rejected(exc: CommandRejected) -> HTTPException:
    return HTTPException(status_code=422, detail=exc.to_dict())


def _get(game_id: str, sid: str) -> Game[Any]:
    found = _games.get(sid)
    if found is None or found[0] != game_id:
        raise HTTPException(status_code=404, detail={
            "code": "not_found",
            "message": "this sandbox is gone (the server restarted or dropped old ones): "
                       "start it again"})
    _games.move_to_end(sid)
    return found[1]


@router.post("/api/games/{game_id}/sandbox")
def create_sandbox(game_id: GameId, body: NewSandbox) -> SandboxState:
    """Start a sandbox game from a scenario of this game (its schema: ``docs/scenarios.md``);
    a scenario the game refuses is a 422 that names what is wrong."""
    definition, sandbox = _definition(game_id)
    try:
        scenario = sandbox.scenario.model_validate(body.scenario)
    except ValidationError as exc:
        first = exc.errors(include_input=False)[0]
        where = ".".join(str(p) for p in ("scenario", *first["loc"]))
        raise HTTPException(status_code=422, detail={
            "code": "invalid", "message": f"{where}: {first['msg']}"}) from None
    try:
        game = sandbox.start(scenario, secrets.token_hex(16))
    except CommandRejected as exc:
        raise _rejected(exc) from None
    except Exception as exc:  # a scenario the game's setup cannot place
        raise HTTPException(status_code=422, detail={
            "code": "scenario",
            "message": f"the game refused this scenario ({type(exc).__name__})"}) from None
    sid = secrets.token_urlsafe(12)
    with _lock:
        _games[sid] = (game_id, game)
        while len(_games) > MAX_SANDBOXES:
            _games.popitem(last=False)
        return _answer(sid, definition, sandbox, game, game.log_for(_seat(game)))


@router.get("/api/games/{game_id}/sandbox/{sid}")
def get_sandbox(game_id: GameId, sid: str) -> SandboxState:
    """The sandbox as it is now, with its whole log."""
    definition, sandbox = _definition(game_id)
    with _lock:
        game = _get(game_id, sid)
        return _answer(sid, definition, sandbox, game, game.log_for(_seat(game)))


@router.post("/api/games/{game_id}/sandbox/{sid}/commands")
def sandbox_command(game_id: GameId, sid: str, body: SandboxCommand) -> SandboxState:
    """Play one command as the seat whose turn it is; a refusal (422) names the rule."""
    definition, sandbox = _definition(game_id)
    with _lock:
        game = _get(game_id, sid)
        actor = _seat(game)
        before = game.seq
        try:
            game.play(actor, definition.ruleset.parse_command(body.command))
        except CommandRejected as exc:
            raise _rejected(exc) from None
        return _answer(sid, definition, sandbox, game, game.log_for(actor, after=before))
