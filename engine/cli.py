"""The ``starport`` command line: draw a game's board, serve the web app, back its data up
and restore it, simulate games between bots. The games are the installed ones
(``engine.kernel.registry``); what a command needs of a game is its definition's
(``docs/architecture.md``, "The game definition")."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.bots.simulate import BotGames, GameResult, game_line, summarize, summary_lines
from engine.kernel import CommandRejected
from engine.kernel.definition import GameDefinition, OptionsRefused
from engine.kernel.registry import game, games


def _board(args: argparse.Namespace) -> int:
    definition = game(args.game)
    assert definition.board_svg is not None  # the choices are the games with a board
    params = dict(args.param)
    try:
        svg = definition.board_svg(params)
    except ValueError as exc:  # a parameter the game does not know, or a wrong value
        print(f"starport board: {exc}", file=sys.stderr)
        return 2
    Path(args.svg).write_text(svg, encoding="utf-8")
    asked = "".join(f", {name} {value}" for name, value in params.items())
    print(f"wrote {args.svg} ({len(svg) // 1024} KiB, {definition.title}{asked})")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from server.app import OneProcess, run  # noqa: PLC0415 (the engine imports no server)

    try:
        run(host=args.host, port=args.port, workers=args.workers)
    except OneProcess as exc:
        print(f"starport serve: {exc}", file=sys.stderr)
        return 2
    return 0


def _backup(args: argparse.Namespace) -> int:
    """``starport backup PATH``: the database and the Web Push key, online, into a new
    directory (``server/backup.py``)."""
    from server.backup import BackupError, backup  # noqa: PLC0415 (the engine imports no server)
    from server.config import Settings, SettingsError  # noqa: PLC0415

    try:
        settings = Settings.from_env()
        manifest = backup(Path(args.path), settings)
    except (BackupError, SettingsError) as exc:
        print(f"starport backup: {exc}", file=sys.stderr)
        return 2
    print(f"backed up the {manifest.summary()} to {args.path}")
    if settings.vapid_private_key:
        print("the Web Push key is STARPORT_VAPID_PRIVATE_KEY: keep it with the backup")
    return 0


def _restore(args: argparse.Namespace) -> int:
    """``starport restore PATH [--force]``: a backup into the configured database and data
    directory (the server stopped; ``server/backup.py``)."""
    from server.backup import BackupError, head, restore  # noqa: PLC0415 (no server import)
    from server.config import Settings, SettingsError  # noqa: PLC0415

    try:
        manifest = restore(Path(args.path), Settings.from_env(), force=args.force)
    except (BackupError, SettingsError) as exc:
        print(f"starport restore: {exc}", file=sys.stderr)
        return 2
    print(f"restored the {manifest.summary()} from {args.path}")
    if manifest.revision != head():
        print(f"the server upgrades it to revision {head()} when it starts")
    return 0


def _pair(text: str) -> tuple[str, str]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, raw


def table_option(text: str) -> tuple[str, object]:
    """A table option on a command line (``starport simulate --option``, the benches):
    ``NAME=VALUE``; the value is read as JSON when it parses (numbers, true, lists), and
    on/off, yes/no as true/false."""
    name, raw = _pair(text)
    words = {"on": True, "yes": True, "off": False, "no": False}  # the usual flag spellings
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = words.get(raw.strip().lower(), raw)
    return name, value


def _flag_dest(option: str) -> str:
    return f"option_{option}"


def _table_options(definition: GameDefinition, args: argparse.Namespace) -> dict[str, Any]:
    """The game's simulation options, then its flags' values, then ``--option`` (each
    overriding the one before)."""
    sim = definition.simulation
    options = dict(sim.options)
    for option, *_ in sim.flags.values():
        options[option] = getattr(args, _flag_dest(option))
    options.update(dict(args.option))
    return options


def _simulate(args: argparse.Namespace) -> int:
    definition = game(args.game)
    sim = definition.simulation
    default_bot = sim.default_bot or definition.default_bot
    bots = [b.strip() for b in (args.bots or default_bot).split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        print(f"--bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    unknown = [b for b in bots if b not in definition.bots]
    if unknown:
        print(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(definition.bots))}",
              file=sys.stderr)
        return 2
    options = _table_options(definition, args)
    started = time.perf_counter()
    results: list[GameResult] = []
    try:
        definition.check_options(options)
        for result in BotGames(definition).simulate(bots, args.games, args.seed, options):
            results.append(result)
            if not args.json:
                print(game_line(result, sim), flush=True)
    except OptionsRefused as exc:
        print(f"cannot start the game: {exc}", file=sys.stderr)
        return 2
    except CommandRejected as exc:  # a bad table option: the rules name it
        print(f"cannot start the game: {exc.message}", file=sys.stderr)
        return 2
    summary = summarize(results, time.perf_counter() - started, sim)
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(summary_lines(summary, sim)))
    return 0


def _simulate_parser(parent: Any, definition: GameDefinition) -> None:
    """``starport simulate <game>``: the common options and the game's own flags."""
    sim = definition.simulation
    default_bot = sim.default_bot or definition.default_bot
    p = parent.add_parser(definition.id, help=definition.title)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--bots", default=None,
                   help=f"one bot per seat, comma-separated (one name: every seat; default: "
                        f"{default_bot}); known: {', '.join(definition.bots)}")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", default="1")
    for flag, (option, default, choices, words) in sim.flags.items():
        p.add_argument(flag, dest=_flag_dest(option), default=default, metavar=option.upper(),
                       type=str if default is None else type(default),
                       choices=choices, help=f"{words} (the table option {option})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--option", type=table_option, action="append", default=[],
                   metavar="NAME=VALUE", help="a table option (repeatable)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starport", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    board = sub.add_parser("board", help="write a game's board as an SVG file")
    board.add_argument("game", choices=[g.id for g in games().values()
                                        if g.board_svg is not None])
    board.add_argument("--svg", required=True, help="the SVG file to write")
    board.add_argument("--param", type=_pair, action="append", default=[],
                       metavar="NAME=VALUE",
                       help="a board parameter, e.g. edition=classic-2012 (repeatable)")
    board.set_defaults(run=_board)
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (PostgreSQL only; SQLite is one process)")
    serve.set_defaults(run=_serve)
    saving = sub.add_parser("backup", help="back the server's database and Web Push key up "
                                           "while it runs, into a new directory")
    saving.add_argument("path", help="the directory to make (it must not exist, or be empty)")
    saving.set_defaults(run=_backup)
    restoring = sub.add_parser("restore", help="restore a backup into the configured database "
                                               "and data directory (stop the server first)")
    restoring.add_argument("path", help="a directory made by `starport backup`")
    restoring.add_argument("--force", action="store_true",
                           help="overwrite a database that holds data (and another Web Push key)")
    restoring.set_defaults(run=_restore)
    sim = sub.add_parser("simulate", help="play whole games between bots and report figures")
    by_game = sim.add_subparsers(dest="game", required=True, metavar="game")
    for definition in games().values():
        if definition.simulation.standing is not None:
            _simulate_parser(by_game, definition)
    sim.set_defaults(run=_simulate)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
