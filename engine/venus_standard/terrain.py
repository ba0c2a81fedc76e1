"""The board as movement reads it (:class:`movement.Terrain`), built once from the standard
board (``board.py``) and overlaid with the tokens the game has placed since (pirates,
asteroids, telegate tokens, merchant spaceports)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .movement import Terrain


@cache
def board_terrain() -> Terrain:
    """The printed board's spaces, lines, navigation exits and telegates."""
    from .board import load_board  # vsboard's board

    return terrain_from_board(load_board())


def terrain_from_board(board: Any) -> Terrain:
    raise NotImplementedError("adapter written when the standard board lands")


def terrain_of(state: Any) -> Terrain:
    """The board with the game's tokens (``state.board_tokens``: space -> token)."""
    return board_terrain().with_tokens(getattr(state, "board_tokens", None) or {})
