"""The board as movement reads it (:class:`movement.Terrain`), built once from the standard
board (``board.py``) and overlaid with the tokens the game has placed since (pirates,
asteroids, telegate tokens, merchant spaceports: ``board_tokens``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .board import StandardBoard, load_board
from .movement import Terrain


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
    from .places import spaceports_of

    for p in state.players:
        for space in spaceports_of(state, p.seat):
            tokens[space] = "merchant_spaceport"
    return tokens


def terrain_of(state: Any) -> Terrain:
    """The board with the game's tokens."""
    tokens = board_tokens(state)
    return board_terrain().with_tokens(tokens) if tokens else board_terrain()
