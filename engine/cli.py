"""The ``starport`` command line: draw a board, serve the web app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _board(args: argparse.Namespace) -> int:
    from engine.venus.board import load_board
    from engine.venus.board_svg import render_board_svg

    if args.game != "venus":
        print(f"unknown game {args.game!r}: only 'venus' has a board so far", file=sys.stderr)
        return 2
    svg = render_board_svg(load_board(args.edition))
    Path(args.svg).write_text(svg, encoding="utf-8")
    print(f"wrote {args.svg} ({len(svg) // 1024} KiB, edition {args.edition})")
    return 0


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    uvicorn.run("server.app:app", host=args.host, port=args.port, log_level="info")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starport", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    board = sub.add_parser("board", help="write a game's board as an SVG file")
    board.add_argument("game", choices=["venus"])
    board.add_argument("--svg", required=True, help="the SVG file to write")
    board.add_argument("--edition", default="avalon-hill",
                       choices=["avalon-hill", "classic-2012"])
    board.set_defaults(run=_board)
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(run=_serve)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
