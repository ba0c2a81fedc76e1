"""Draw the whole Merchant of Venus cluster as one standalone SVG.

``render_board_svg(board)`` returns an SVG document (no external resources) in the board's
own pixel coordinates (the 1988 board scan, about 2400 x 1900). Every Movement Dot is a
``<g id="dot-<dot id>" data-dot=... data-kind=...>`` so the web client can find it and put
pieces on it; ``data-x``/``data-y`` give its centre. Only the dots and links of the board's
edition are drawn.

Drawing order: space and starfield, system halos, suns and planets, paths, dots, labels,
title and legend. The starfield is generated from a fixed seed, so the output is
deterministic.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from engine.venus.board import Board
from engine.venus.board_svg.dots import dot, ordered_dots
from engine.venus.board_svg.labels import labels
from engine.venus.board_svg.legend import legend, title_block
from engine.venus.board_svg.scenery import background, bodies, defs, halos, paths
from engine.venus.board_svg.svg import FONT, HEIGHT, WIDTH

__all__ = ["render_board_svg"]


def render_board_svg(board: Board, *, width: int | None = None) -> str:
    """The board of ``board.edition`` as a standalone SVG document (a string)."""
    w = width or WIDTH
    h = round(w * HEIGHT / WIDTH)
    edition = "1988 Avalon Hill" if board.edition == "avalon-hill" else "2012 classic"
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{w}" height="{h}" font-family={quoteattr(FONT)} '
        f'data-edition="{board.edition}">',
        f"<title>Merchant of Venus: the Cluster ({edition} board)</title>",
        "<desc>Every Movement Dot is a group with id dot-&lt;dot id&gt;.</desc>",
        defs(board),
        background(),
        halos(board),
        bodies(board),
        paths(board),
        '<g id="dots">',
        *(dot(board, d) for d in ordered_dots(board)),
        "</g>",
        labels(board),
        title_block(board),
        legend(board),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"
