"""The ``starport`` command line: draw a board, serve the web app, simulate games between bots."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _board(args: argparse.Namespace) -> int:
    if args.game == "star-traders":
        from engine.startraders.galaxy import load_galaxy
        from engine.startraders.galaxy_svg import render_galaxy_svg

        svg = render_galaxy_svg(load_galaxy())
        Path(args.svg).write_text(svg, encoding="utf-8")
        print(f"wrote {args.svg} ({len(svg) // 1024} KiB, the Star Traders galaxy)")
        return 0
    if args.game == "venus-standard":
        from engine.venus_standard.board import load_board as load_standard_board
        from engine.venus_standard.board_svg import render_board_svg as render_standard

        svg = render_standard(load_standard_board())
        Path(args.svg).write_text(svg, encoding="utf-8")
        print(f"wrote {args.svg} ({len(svg) // 1024} KiB, the standard game side)")
        return 0
    from engine.venus.board import load_board
    from engine.venus.board_svg import render_board_svg

    svg = render_board_svg(load_board(args.edition))
    Path(args.svg).write_text(svg, encoding="utf-8")
    print(f"wrote {args.svg} ({len(svg) // 1024} KiB, edition {args.edition})")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from server.app import OneProcess, run

    try:
        run(host=args.host, port=args.port, workers=args.workers)
    except OneProcess as exc:
        print(f"starport serve: {exc}", file=sys.stderr)
        return 2
    return 0


def _option(text: str) -> tuple[str, object]:
    """``NAME=VALUE``; the value is read as JSON when it parses (numbers, true, lists), and
    on/off, yes/no as true/false."""
    import json

    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    words = {"on": True, "yes": True, "off": False, "no": False}  # the usual flag spellings
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = words.get(raw.strip().lower(), raw)
    return name, value


def _simulate(args: argparse.Namespace) -> int:
    import json
    import time

    from engine.bots.simulate import game_line, summarize, summary_lines

    if args.game == "star-traders":
        from engine.startraders.simulate import BOTS, simulate
        options: dict[str, object] = {}
    elif args.game == "venus-standard":
        from engine.venus_standard.simulate import BOTS, simulate
        options = {}
    else:
        from engine.bots import BOTS
        from engine.bots.simulate import simulate
        options = {"edition": args.edition, "game_length": args.target}
    default_bot = "random" if args.game == "venus-standard" else "trader"
    bots = [b.strip() for b in (args.bots or default_bot).split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        print(f"--bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(BOTS))}", file=sys.stderr)
        return 2
    options.update(dict(args.option))
    started = time.perf_counter()
    results = []
    try:
        for result in simulate(bots, args.games, args.seed, options):
            results.append(result)
            if not args.json:
                print(game_line(result), flush=True)
    except Exception as exc:  # a bad table option: the rules name it
        from engine.kernel import CommandRejected

        if isinstance(exc, CommandRejected):
            print(f"cannot start the game: {exc.message}", file=sys.stderr)
            return 2
        raise
    summary = summarize(results, time.perf_counter() - started)
    lines = summary_lines(summary)
    if args.game == "star-traders":  # personalities instead of races, no Rastur
        summary["win_rate_by_personality"] = summary["win_rate_by_race"]
        lines = [line.replace("by race", "by personality").replace("net worths", "Prestige")
                 for line in lines if not line.startswith("Rastur")]
    if args.game == "venus-standard":  # pilots instead of races, final scores, no Rastur
        summary["win_rate_by_pilot"] = summary["win_rate_by_race"]
        lines = [line.replace("by race", "by pilot").replace("net worths", "final scores")
                 for line in lines if not line.startswith("Rastur")]
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(lines))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starport", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    board = sub.add_parser("board", help="write a game's board as an SVG file")
    board.add_argument("game", choices=["venus", "venus-standard", "star-traders"])
    board.add_argument("--svg", required=True, help="the SVG file to write")
    board.add_argument("--edition", default="avalon-hill",
                       choices=["avalon-hill", "classic-2012"])
    board.set_defaults(run=_board)
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (PostgreSQL only; SQLite is one process)")
    serve.set_defaults(run=_serve)
    sim = sub.add_parser("simulate", help="play whole games between bots and report figures")
    sim.add_argument("game", choices=["venus", "star-traders", "venus-standard"])
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--bots", default=None,
                     help="one bot name per seat, comma-separated (one name: every seat; "
                          "default: trader, random for venus-standard)")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", default="1")
    sim.add_argument("--edition", default="avalon-hill",
                     choices=["avalon-hill", "classic-2012"])
    sim.add_argument("--target", type=int, default=2000, help="the Net Worth that wins (14)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="NAME=VALUE", help="a table option (repeatable)")
    sim.set_defaults(run=_simulate)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
