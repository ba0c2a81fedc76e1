"""Benchmark: how strong the search bot is (``docs/bots.md``): one bot of a level against the
game's heuristic bot (the "easy" level) in whole games, seats rotated, or alone in a game of
one player.

Game ``i`` seats the bot at seat ``i % players`` and the heuristic bot in every other seat,
from the seed ``<seed>-<i>`` and the table's options: the game's simulation options, then each
``--option NAME=VALUE`` (the options a table is created with, read as ``starport simulate
--option`` reads them, checked against the game's schema). A game ends at its winner, at the
rules' end, or as a stall after ``--max-rounds`` rounds. Prints one line per game, then per
game id and level a row: games, the bot's wins and win rate (with its 95% interval), its fair
share (1 / players), the heuristic's wins, games without a winner (by the reason the game
ended, in the game's words), the median score of each side, the seconds per game, the commands
the rules refused (a bot bug: each is replaced by a random legal command, and should stay 0),
a search bot's decisions with more than one candidate and how many of them replaced the
heuristic's choice (the most frequent, as "heuristic's command type>chosen type").

``--level`` names one bot kind or several (comma-separated, e.g. ``hard,merchant``): each plays
the same seeds, the games of the levels interleaved, so their rows are measured in the same
run; ``policy`` is the heuristic the search levels play their own seat with, alone (a game's
``search_bots(policy=...)``, else its easy bot: what that policy is worth without the search).
A search bot thinks with its level's budget; ``--iterations`` and ``--seconds`` replace
the budget's caps (a run of many games may use a fixed, smaller iteration budget: it says so
in its rows), and ``--budget NAME=VALUE`` any other field of it (``--budget prefer=0.02``: a
lever measured before it is a level's). ``--jobs`` plays games in that many processes.

``--start K`` plays games ``K`` to ``K + n - 1`` (the rest of a row cut short, or its seeds
split between runs).

With several levels, a line per level after the first compares it with the first on the seeds
both played: the ratio of the first's median score (its measured seat's) to the other's, with
a 95% interval from resampling the seeds (paired, seeded), and on how many seeds the first
scored higher. ``--log FILE`` (repeatable) plays no game: the rows and comparisons are made
again from the game lines earlier runs printed (a row joined from runs of the same revision;
the players are the logged games'; the searched decisions and replacements are not in those
lines).

``--field LEVEL`` seats that bot kind in the other seats in place of the heuristic (``--level
hard --field hard``: every seat a search bot, with the same budget). After each row, one line
per label (the game's ``choice_name``: a Personality, a pilot, a race) counts the games it was
dealt in, its wins against its share (1/players a seat: a ratio of 1.0 is fair) and how many of
them the measured bot and the field won: with a field of search bots, a balance check that does
not rest on one heuristic's blind spots.

    .venv/bin/python bench/bot_strength.py [--games venus,venus-standard,star-traders]
        [--n 200] [--start 0] [--level hard] [--players 2] [--option NAME=VALUE ...]
        [--iterations N] [--seconds S] [--budget NAME=VALUE ...] [--jobs 1] [--field LEVEL]
        [--log FILE ...]
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import math
import random
import re
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.base import Bot  # noqa: E402
from engine.bots.search import Budget, SearchBot  # noqa: E402
from engine.bots.simulate import MAX_ROUNDS, choice_key, drive, label_tally  # noqa: E402
from engine.cli import table_option  # noqa: E402
from engine.kernel import Game  # noqa: E402
from engine.kernel.definition import GameDefinition  # noqa: E402
from engine.kernel.registry import games  # noqa: E402


@dataclasses.dataclass
class Outcome:
    game_id: str
    level: str
    index: int
    searcher: int  # the measured bot's seat
    winner: int | None
    reason: str | None  # why the game ended (``state.end["reason"]``), None for a stall
    scores: list[int]
    labels: list[str]  # each seat's choice (race, Personality, pilot: the game's ``choice_name``)
    rounds: int
    seconds: float
    fallbacks: int = 0  # commands the rules refused (replaced by a random legal one)
    searched: int = 0  # a search bot's decisions with more than one candidate
    # its choices that replaced the heuristic's, "heuristic's type>chosen type": count
    overrides: dict[str, int] = dataclasses.field(default_factory=dict)


def table_options(definition: GameDefinition, given: dict[str, Any]) -> dict[str, Any]:
    """The game's simulation options with ``given`` over them, checked against the game's
    schema (``OptionsRefused`` names a wrong one)."""
    options = {**definition.simulation.options, **given}
    definition.check_options(options)
    return options


POLICY = "policy"  # ``--level policy``: the search levels' own seat's heuristic, no search


def measured_bot(definition: GameDefinition, level: str, seed: str, iterations: int | None,
                 seconds: float | None, fields: dict[str, Any] | None = None) -> Bot:
    """The bot of ``level``; a search bot's budget with ``iterations`` and ``seconds`` (0: no
    time cap) and ``fields`` (any other of its fields) in place of its own. ``policy``: the
    heuristic the search levels play their own seat with (``SearchBot.policy_bot``: the
    game's ``search_bots(policy=...)``, else its easy bot), searching nothing."""
    if level == POLICY:
        hard = definition.make_bot("hard", seed)
        assert isinstance(hard, SearchBot)
        return hard.policy_bot(seed)
    bot = definition.make_bot(level, seed)
    if isinstance(bot, SearchBot):
        budget = dataclasses.replace(bot.budget, **(fields or {}))
        if iterations is not None:
            budget = dataclasses.replace(budget, iterations=iterations)
        if seconds is not None:
            budget = dataclasses.replace(budget, seconds=seconds if seconds > 0 else None)
        bot.budget = budget
    return bot


def budget_field(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` of ``--budget``: a numeric field of the search bot's ``Budget`` (an
    integer field takes an integer)."""
    name, _, value = text.partition("=")
    kinds = {f.name: f.type for f in dataclasses.fields(Budget)}
    if name not in kinds or name in ("iterations", "seconds"):
        raise argparse.ArgumentTypeError(
            f"not a budget field (or one with its own option): {name!r}; "
            f"one of {', '.join(k for k in kinds if k not in ('iterations', 'seconds'))}")
    try:
        number: Any = int(value) if kinds[name] == "int" else float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} takes a number: {value!r}") from None
    return name, number


def play_game(game_id: str, level: str, players: int, index: int, seed: str,
              iterations: int | None, seconds: float | None, max_rounds: int,
              options: dict[str, Any], field: str | None = None,
              fields: dict[str, Any] | None = None,
              measured: Bot | None = None) -> tuple[Game[Any], Outcome]:
    """Game ``index``: the ``level`` bot (or ``measured``, a bot made by the caller) at seat
    ``index % players``, the ``field`` (the heuristic unless named) in the others, played to
    its end; the game and what it measured."""
    definition = games()[game_id]
    seed_i = f"{seed}-{index}"
    searcher = index % players
    others = field or definition.default_bot
    bots = [measured_bot(definition, level if s == searcher else others, f"{seed_i}|seat{s}",
                         iterations, seconds, fields)
            if s != searcher or measured is None else measured
            for s in range(players)]
    started = time.perf_counter()
    game: Game[Any] = Game.start(definition.ruleset, table_options(definition, options),
                                 [f"p{s}" for s in range(players)], seed=seed_i)
    _, fallbacks = drive(game, bots, seed_i, max_rounds)
    standing = definition.simulation.standing
    assert standing is not None
    result = standing(game.state)
    mine = bots[searcher]
    searched, overrides = ((mine.searched, dict(mine.overrides))
                           if isinstance(mine, SearchBot) else (0, {}))
    end = game.state.end or {}
    return game, Outcome(game_id, level, index, searcher, result.winner, end.get("reason"),
                         list(result.scores), list(result.labels), game.state.round,
                         time.perf_counter() - started, fallbacks, searched, overrides)


def play(game_id: str, level: str, players: int, index: int, seed: str,
         iterations: int | None, seconds: float | None, max_rounds: int,
         options: dict[str, Any], field: str | None = None,
         fields: dict[str, Any] | None = None) -> Outcome:
    """``play_game``'s outcome alone (what a worker process sends back)."""
    return play_game(game_id, level, players, index, seed, iterations, seconds, max_rounds,
                     options, field, fields)[1]


def interval(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a win rate."""
    if not n:
        return 0.0, 0.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def endings(definition: GameDefinition, outcomes: list[Outcome]) -> str:
    """The games without a winner by how they ended, in the game's words ("stall": none)."""
    words = definition.simulation.endings
    ended = Counter(words.get(o.reason, o.reason) if o.reason else "stall"
                    for o in outcomes if o.winner is None)
    return ",".join(f"{k}:{v}" for k, v in ended.most_common())


def row(game_id: str, level: str, players: int, outcomes: list[Outcome],
        budget: str, options: dict[str, Any], field: str | None = None,
        replacements: bool = True) -> str:
    """A level's row; without ``replacements`` (games read from their lines, which do not say
    what the search replaced) it leaves the searched decisions out."""
    definition = games()[game_id]
    n = len(outcomes)
    wins = sum(o.winner == o.searcher for o in outcomes)
    others = sum(o.winner is not None and o.winner != o.searcher for o in outcomes)
    none = n - wins - others
    lo, hi = interval(wins, n)
    mine = statistics.median(o.scores[o.searcher] for o in outcomes) if n else 0
    theirs = statistics.median(s for o in outcomes for i, s in enumerate(o.scores)
                               if i != o.searcher) if n and players > 1 else "-"
    per = statistics.mean(o.seconds for o in outcomes) if n else 0.0
    searched = sum(o.searched for o in outcomes)
    overrides: Counter[str] = Counter()
    for o in outcomes:
        overrides.update(o.overrides)
    top = ",".join(f"{k}:{v}" for k, v in overrides.most_common(6))
    against = f"vs {field or definition.default_bot}" if players > 1 else "alone"
    told = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
    return (f"bot_strength {game_id} {level}({budget}) {against} players={players} "
            f"options={told} games={n} wins={wins} rate={wins / max(n, 1):.2f} "
            f"[{lo:.2f}-{hi:.2f}] fair={1 / players:.2f} heuristic_wins={others} "
            f"no_winner={none} ({endings(definition, outcomes)}) median_score={mine} vs {theirs} "
            f"s_per_game={per:.1f} refused={sum(o.fallbacks for o in outcomes)}"
            + (f" searched={searched} overrides={sum(overrides.values())} ({top})"
               if replacements else ""))


RESAMPLES = 10_000  # the seeds resampled for a paired comparison's interval
GAME_LINE = re.compile(  # what ``game_line`` prints, read back by ``read_game_line``
    r"^(?P<game>\S+) (?P<level>\S+) game (?P<index>\d+): seat (?P<seat>\d+), winner "
    r"(?P<winner>\S+) \((?P<reason>[^)]*)\), scores (?P<scores>\[[^\]]*\]), rounds "
    r"(?P<rounds>\d+), (?P<seconds>[\d.]+)s, refused (?P<refused>\d+), labels (?P<labels>\[.*\])$")


def game_line(o: Outcome) -> str:
    """One game's line, as a run prints it (``--log`` reads it back: ``GAME_LINE``)."""
    return (f"{o.game_id} {o.level} game {o.index}: seat {o.searcher}, winner {o.winner} "
            f"({o.reason}), scores {o.scores}, rounds {o.rounds}, {o.seconds:.1f}s, "
            f"refused {o.fallbacks}, labels {o.labels}")


def paired(game_id: str, first: str, other: str, outcomes: dict[str, list[Outcome]]) -> str:
    """The first level's median score (its measured seat's) over the other's on the seeds both
    played, a 95% interval from resampling those seeds (the pairs kept), and the seeds where
    the first scored higher."""
    mine = {o.index: o.scores[o.searcher] for o in outcomes[first]}
    theirs = {o.index: o.scores[o.searcher] for o in outcomes[other]}
    seeds = sorted(mine.keys() & theirs.keys())
    if not seeds:
        return f"bot_strength_paired {game_id} {first} vs {other}: no seed played by both"

    def ratio(sample: list[int]) -> float:
        below = statistics.median(theirs[i] for i in sample)
        return statistics.median(mine[i] for i in sample) / below if below else math.inf

    rng = random.Random(f"{game_id}|{first}|{other}")
    spread = sorted(ratio(rng.choices(seeds, k=len(seeds))) for _ in range(RESAMPLES))
    lo, hi = spread[int(0.025 * RESAMPLES)], spread[int(0.975 * RESAMPLES) - 1]
    higher = sum(mine[i] > theirs[i] for i in seeds)
    return (f"bot_strength_paired {game_id} {first} vs {other}: seeds={len(seeds)} "
            f"median_ratio={ratio(seeds):.2f} [{lo:.2f}-{hi:.2f}] higher={higher}")


def read_game_line(line: str) -> Outcome | None:
    """The game a printed line (``game_line``) tells of; None for any other line."""
    m = GAME_LINE.match(line.strip())
    if m is None:
        return None
    return Outcome(
        game_id=m["game"], level=m["level"], index=int(m["index"]), searcher=int(m["seat"]),
        winner=None if m["winner"] == "None" else int(m["winner"]),
        reason=None if m["reason"] == "None" else m["reason"],
        scores=ast.literal_eval(m["scores"]), labels=ast.literal_eval(m["labels"]),
        rounds=int(m["rounds"]), seconds=float(m["seconds"]), fallbacks=int(m["refused"]))


def logged(paths: list[str]) -> dict[str, dict[str, list[Outcome]]]:
    """The games of earlier runs' printed lines, by game id and level (a seed played twice:
    the later line)."""
    found: dict[str, dict[str, dict[int, Outcome]]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            o = read_game_line(line)
            if o is not None:
                found.setdefault(o.game_id, {}).setdefault(o.level, {})[o.index] = o
    return {g: {lv: [by[i] for i in sorted(by)] for lv, by in levels.items()}
            for g, levels in found.items()}


def rows_of(game_id: str, levels: list[str], outcomes: dict[str, list[Outcome]],
            players: int, budget: str, options: dict[str, Any],
            field: str | None, replacements: bool = True) -> list[str]:
    """A row per level with its labels' lines, then each level after the first against it."""
    lines = [line for level in levels
             for line in [row(game_id, level, players, outcomes[level], budget, options, field,
                              replacements),
                          *by_label(game_id, level, outcomes[level])]]
    return lines + [paired(game_id, levels[0], other, outcomes) for other in levels[1:]]


def by_label(game_id: str, level: str, outcomes: list[Outcome]) -> list[str]:
    """Each label's (Personality, pilot, race) games and wins against its share
    (``label_tally``: 1.0 is fair), and how many of them the measured bot and the field won:
    a balance check with these bots at the table. A label the game has not dealt yet at the
    end (an empty one) is left out."""
    word = choice_key(games()[game_id].simulation.choice_name)
    mine: Counter[str] = Counter()  # label: games the measured bot held it
    mine_won: Counter[str] = Counter()
    for o in outcomes:
        mine[o.labels[o.searcher]] += 1
        mine_won[o.labels[o.searcher]] += o.winner == o.searcher
    lines = []
    for label, t in sorted(label_tally(outcomes).items()):
        if label:
            lines.append(f"bot_strength_by_{word} {game_id} {level} {label}: dealt={t.dealt} "
                         f"won={t.won} share={t.share:.1f} ratio={t.ratio:.2f} "
                         f"measured={mine_won[label]}/{mine[label]} "
                         f"field={t.won - mine_won[label]}/{t.dealt - mine[label]}")
    return lines


def run(game_id: str, levels: list[str], args: argparse.Namespace,
        options: dict[str, Any]) -> list[str]:
    """Every level's games of one game id, interleaved (game ``i`` of each level before
    game ``i + 1``), then a row per level."""
    table_options(games()[game_id], options)  # a wrong option fails before any game
    jobs = [(game_id, level, args.players, i, args.seed, args.iterations, args.seconds,
             args.max_rounds, options, args.field, dict(args.budget))
            for i in range(args.start, args.start + args.n) for level in levels]
    outcomes: dict[str, list[Outcome]] = {level: [] for level in levels}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for o in pool.map(play, *zip(*jobs, strict=True)):
            outcomes[o.level].append(o)
            print(game_line(o), flush=True)
    caps = (("iterations", args.iterations), ("seconds", args.seconds), *args.budget)
    budget = ",".join(f"{k}={v}" for k, v in caps if v is not None)
    return rows_of(game_id, levels, outcomes, args.players, budget or "default", options,
                   args.field)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="venus,venus-standard,star-traders")
    parser.add_argument("--n", type=int, default=200, help="games per row")
    parser.add_argument("--start", type=int, default=0,
                        help="the first game's index (games start to start + n - 1)")
    parser.add_argument("--level", default="hard",
                        help="the measured bot kind, or several comma-separated (a row each)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", type=table_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a table option (repeatable)")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="the think-time cap (0: none, the iterations alone)")
    parser.add_argument("--budget", type=budget_field, action="append", default=[],
                        metavar="NAME=VALUE",
                        help="another field of a search bot's budget (repeatable)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS)
    parser.add_argument("--field", default=None,
                        help="the other seats' bot kind (default: the game's heuristic); "
                             "a search bot there thinks with the same budget")
    parser.add_argument("--log", action="append", default=[], metavar="FILE",
                        help="make the rows from the game lines of earlier runs (repeatable)")
    args = parser.parse_args()
    levels = [level.strip() for level in args.level.split(",") if level.strip()]
    options = dict(args.option)
    if args.log:
        for game_id, found in logged(args.log).items():
            kept = [level for level in levels if level in found] or sorted(found)
            players = len(found[kept[0]][0].scores)  # the logged games' seats
            print("\n".join(rows_of(game_id, kept, found, players, "log", options,
                                     args.field, replacements=False)))
        return
    rows = []
    for game_id in args.games.split(","):
        lines = run(game_id, levels, args, options)
        rows.extend(lines)
        print("\n".join(lines), flush=True)
    for line in rows:
        print(line)


if __name__ == "__main__":
    main()
