"""The installed games over HTTP, each read only through its ``GameDefinition``
(``docs/architecture.md``, "The game definition"):

- ``GET /api/games``: every game as the start page, the create form, "My games" and the rules
  page read it (title, players, bots and the bot levels, options schema, client module,
  pages, the addresses of its rules, board and data);
- ``GET /api/games/{game}/board.svg``: the board the definition draws for the query's
  parameters (``board_svg``);
- ``GET /api/games/{game}/data``: the components' names and facts its client reads
  (``client_data``).

Each answer is made once per (game, parameters), gzipped, with an ETag (``static.py``): the
same for everyone and unchanged while the server runs. A parameter the game refuses is a 422
that names it; an unknown game a 404 that names the known ones. The game's client folder is
served at ``/games/<folder name>/`` (``client_folders``, ``static.Assets``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic_core import to_json

from engine.kernel.definition import GameDefinition

from .levels import levels_of
from .rulesets import REGISTRY, GameId, known_game
from .schemas import GameOut, GamePage, GamesOut, LevelOut, PlayerCount
from .static import GAMES, Asset, asset_response, make_asset

router = APIRouter(tags=["games"])

SVG = "image/svg+xml"
JSON = "application/json"
# answers kept per (game, part, parameters), and distinct bodies behind them: a client may
# send any parameters, and the same body (a game whose board ignores them) is packed once
MADE_MAX = 64
Key = tuple[str, str, tuple[tuple[str, str], ...]]
_made: OrderedDict[Key, Asset] = OrderedDict()
_bodies: OrderedDict[tuple[bytes, str], Asset] = OrderedDict()
_lock = threading.Lock()


def client_folders() -> dict[str, Path]:
    """Each installed game's client folder by its address name (``/games/<name>/``); two games
    may not claim one name with different folders."""
    folders: dict[str, Path] = {}
    for definition in REGISTRY.values():
        name, folder = definition.client_name, definition.client
        if name is None or folder is None:
            continue
        if name in folders and folders[name].resolve() != folder.resolve():
            raise ValueError(f"two games serve their client at /{GAMES}/{name}/: "
                             f"{folders[name]} and {folder}")
        folders[name] = folder
    return folders


def game_out(definition: GameDefinition) -> GameOut:
    """A game as ``GET /api/games`` lists it."""
    gid, name = definition.id, definition.client_name
    schema = definition.options_schema
    return GameOut(
        id=gid, title=definition.title, summary=definition.summary,
        players=PlayerCount(min=definition.players[0], max=definition.players[1]),
        bots=list(definition.bots), default_bot=definition.default_bot,
        levels=[LevelOut.model_validate(lv) for lv in levels_of(definition)],
        choice_option=definition.choice_option, choice_title=definition.choice_title,
        options_schema=schema.model_json_schema() if schema is not None else None,
        client=None if name is None else f"/{GAMES}/{name}/index.js",
        pages=[GamePage(title=p.title, url=f"/{GAMES}/{name}/{p.path}")
               for p in definition.pages] if name is not None else [],
        rules=f"/rules/{gid}" if definition.rules_help is not None else None,
        sandbox=definition.sandbox is not None,
        board=f"/api/games/{gid}/board.svg" if definition.board_svg is not None else None,
        data=f"/api/games/{gid}/data" if definition.client_data is not None else None,
    )


@cache
def _games_asset() -> Asset:
    body = GamesOut(games=[game_out(d) for d in REGISTRY.values()])
    return make_asset(body.model_dump_json().encode(), JSON)


@router.get("/api/games", response_model=GamesOut)
def list_games(request: Request) -> Response:
    """The installed games (in the order of their titles), as the web client builds its start
    page, create form, "My games" and rules page from them."""
    return asset_response(request, _games_asset())


def _made_asset(key: Key, make: Callable[[], tuple[bytes, str]]) -> Asset:
    """The answer for ``key``, made by ``make`` (body, media type) on a first request."""
    with _lock:
        hit = _made.get(key)
        if hit is not None:
            _made.move_to_end(key)
            return hit
    body, media_type = make()
    digest = (hashlib.sha256(body).digest(), media_type)
    with _lock:
        asset = _bodies.get(digest)
    if asset is None:
        asset = make_asset(body, media_type)
    with _lock:
        _bodies[digest] = asset
        _bodies.move_to_end(digest)
        _made[key] = asset
        for kept in (_made, _bodies):
            while len(kept) > MADE_MAX:
                kept.popitem(last=False)
    return asset


def _params(request: Request) -> dict[str, str]:
    """The query's parameters for the game (``v``, the asset's version, is the server's)."""
    return {k: v for k, v in request.query_params.items() if k != "v"}


def _refused(exc: ValueError) -> HTTPException:
    return HTTPException(status_code=422, detail={"code": "invalid", "message": str(exc)})


@router.get("/api/games/{game_id}/board.svg", response_class=Response,
            responses={200: {"content": {SVG: {}}, "description": "the board as SVG"}})
def board(game_id: GameId, request: Request) -> Response:
    """The game's board as SVG for the query's parameters (the game's own: an edition, say).
    Gzipped, with an ETag (``?v=<its version>`` makes it immutable; ``static.py``)."""
    definition = known_game(game_id, having="board_svg")
    draw = definition.board_svg
    assert draw is not None
    params = _params(request)
    try:
        asset = _made_asset((game_id, "board", tuple(sorted(params.items()))),
                            lambda: (draw(params).encode(), SVG))
    except ValueError as exc:
        raise _refused(exc) from None
    return asset_response(request, asset)


@router.get("/api/games/{game_id}/data", response_class=Response,
            responses={200: {"content": {JSON: {}}, "description": "the client's data"}})
def data(game_id: GameId, request: Request) -> Response:
    """The components' names and facts the game's client reads, for the query's parameters.
    Gzipped, with an ETag."""
    definition = known_game(game_id, having="client_data")
    read = definition.client_data
    assert read is not None
    params = _params(request)
    try:
        asset = _made_asset((game_id, "data", tuple(sorted(params.items()))),
                            lambda: (to_json(read(params)), JSON))
    except ValueError as exc:
        raise _refused(exc) from None
    return asset_response(request, asset)
