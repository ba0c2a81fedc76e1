"""The board as movement reads it (:class:`movement.Terrain`), built once from the standard
board (``board.py``) and overlaid with the tokens the game has placed since (pirates,
asteroids, telegate tokens, merchant spaceports: ``board_tokens``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .board import StandardBoard, load_board
from .movement import Terrain
from .places import spaceports_of


@cache
def board_terrain() -> Terrain:
    """The printed board's spaces, lines, navigation exits and telegates."""
    return terrain_from_board(load_board())


def terrain_from_board(board: StandardBoard) -> Terrain:
    kinds = {sid: space.kind.value for sid, space in board.spaces.items()}
    lines = {sid: tuple(sorted(board.neighbours(sid).items())) for sid in board.spaces}
    exits = {sid: board.exits(sid) for sid, k in kinds.items() if k == "navigation"}
    return Terrain(kinds, lines, exits, dict(board.telegates))


CARD_TOKENS = {"pirate": "pirate", "asteroid": "asteroid", "blue_dot": "blue"}


def board_tokens(state: Any) -> dict[str, str]:
    """The tokens on the board that change how spaces act: ``vsenc``'s (``state.cards``:
    pirates, asteroids, blue dots, telegate tokens) and ``vstrade``'s merchant spaceports."""
    tokens: dict[str, str] = {}
    cards = getattr(state, "cards", None)
    if cards is not None:
        for space, token in cards.tokens.items():
            tokens[space] = CARD_TOKENS.get(token.kind, token.kind)
        for number, space in cards.telegates.items():
            tokens[space] = f"telegate:{number}"
    for p in state.players:
        for space in spaceports_of(state, p.seat):
            tokens[space] = "merchant_spaceport"
    return tokens


_OVERLAID: dict[frozenset[tuple[str, str]], Terrain] = {}
_OVERLAID_MAX = 256


def terrain_of(state: Any) -> Terrain:
    """The board with the game's tokens (the overlaid terrains are kept: a move reads the
    terrain many times, and the tokens change rarely)."""
    tokens = board_tokens(state)
    if not tokens:
        return board_terrain()
    key = frozenset(tokens.items())
    found = _OVERLAID.get(key)
    if found is None:
        if len(_OVERLAID) >= _OVERLAID_MAX:
            _OVERLAID.clear()
        found = _OVERLAID[key] = board_terrain().with_tokens(tokens)
    return found
