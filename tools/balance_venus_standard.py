"""Measure the standard game's health with bots; write ``docs/balance-venus-standard.md``.

Plays ``--games`` games of ``merchant`` bots for each of 1-4 players (seeds
``vs-<players>p-<i>``, pilots dealt at random), ``--versus`` two-player games of a merchant
against a random bot (the merchant seated first and second in turn), and ``--solo`` solo
challenge games, and reports (issue 19, "Done means"): rounds and stalls, refused bot
commands, the final credits' spread, win rate by turn position and by pilot, how often each
mission, reward and technology was used (the event counts of ``starport simulate``'s
``usage``), and the solo challenge success rate.

    .venv/bin/python tools/balance_venus_standard.py [--games 20] [--versus 20] [--solo 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.simulate import GameResult  # noqa: E402
from engine.venus_standard.simulate import play_game  # noqa: E402

# usage keys worth a table of their own: the prefix of the key, the table's title
PIECES = (("mission", "Missions"), ("reward", "Rewards"), ("tech", "Racial technologies"),
          ("Mission", "Mission events"), ("Reward", "Reward events"), ("Tech", "Technology events"))


def _pct(values: list[int], p: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]


def _spread(values: list[int]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):g} ({_pct(values, 0.1)}-{_pct(values, 0.9)})"


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return [f"| {' | '.join(head)} |", f"| {' | '.join('---' for _ in head)} |",
            *(f"| {' | '.join(r)} |" for r in rows)]


def _length(by_players: dict[int, list[GameResult]], versus: list[GameResult],
            solo: list[GameResult]) -> list[str]:
    rows = []
    groups = [(f"{n} merchant", rs) for n, rs in sorted(by_players.items())]
    groups += [("2: merchant v random", versus), ("1: solo challenge", solo)]
    for label, rs in groups:
        if rs:
            rows.append([label, str(len(rs)), _spread([r.rounds for r in rs]),
                         str(sum(r.stalled for r in rs)), str(sum(r.fallbacks for r in rs)),
                         _spread([max(r.net_worths) for r in rs]),
                         _spread([s for r in rs for s in r.net_worths])])
    return _table(["players", "games", "rounds", "stalls", "refused commands",
                   "winning score median (p10-p90)", "every final score"], rows)


def _positions(by_players: dict[int, list[GameResult]]) -> list[str]:
    rows = []
    for n, rs in sorted(by_players.items()):
        pos = Counter(r.winner_position for r in rs if r.winner is not None)
        rows.append([str(n)] + [f"{pos[i] / len(rs):.0%}" for i in range(n)] + ["-"] * (4 - n))
    return _table(["players", *(f"position {i + 1}" for i in range(4))], rows)


def _pilots(results: list[GameResult]) -> list[str]:
    dealt: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for r in results:
        dealt.update(r.races)
        if r.winner is not None:
            won[r.races[r.winner]] += 1
    return _table(["pilot", "games", "won", "win rate"],
                  [[k, str(dealt[k]), str(won[k]), f"{won[k] / dealt[k]:.0%}"]
                   for k in sorted(dealt)])


def _versus(versus: list[GameResult]) -> list[str]:
    won = Counter(r.bots[r.winner] for r in versus if r.winner is not None)
    return _table(["bot", "games", "won"], [[b, str(len(versus)), str(won[b])]
                                            for b in ("merchant", "random")])


def _usage(results: list[GameResult]) -> list[str]:
    usage: Counter[str] = Counter()
    for r in results:
        usage.update(r.usage)
    games = max(1, len(results))
    lines: list[str] = []
    for prefix, title in PIECES:
        keys = sorted(k for k in usage if k.startswith(f"{prefix}:")
                      or (k.startswith(prefix) and ":" in k and prefix[0].isupper()))
        if not keys:
            continue
        lines += ["", f"### {title}", ""]
        lines += _table(["what", "games", "per game"],
                        [[k, str(usage[k]), f"{usage[k] / games:.2f}"] for k in keys])
    plain = sorted((k for k in usage if ":" not in k), key=lambda k: -usage[k])
    lines += ["", "### Every event type (per game)", ""]
    lines += _table(["event", "per game"], [[k, f"{usage[k] / games:.1f}"] for k in plain])
    return lines


def report(by_players: dict[int, list[GameResult]], versus: list[GameResult],
           solo: list[GameResult], seconds: float, note: str = "") -> str:
    merchants = [r for rs in by_players.values() for r in rs]
    total = len(merchants) + len(versus) + len(solo)
    solo_won = sum(r.winner is not None for r in solo)
    lines = [
        "# Game health (Merchant of Venus, standard game, `merchant` bots)", "",
        "Generated by `tools/balance_venus_standard.py` (do not edit by hand; rerun it). "
        f"{total} games in {seconds:.0f} s; pilots dealt at random. A stall is a game that "
        "does not end; a refused command is a bot bug. Scores are the credits after final "
        "scoring (End of the Game). Figures come from bots, not people: they check our rules, "
        "board and cards, they do not measure the game." + (f" {note}" if note else ""), "",
        "## Length, stalls, refused commands, final credits", "",
        *_length(by_players, versus, solo), "",
        "## Win rate by turn position (merchant games)", "",
        "Position 1 is the first player (Setup 10: chosen at random).", "",
        *_positions(by_players), "",
        "## Win rate by pilot (merchant games)", "", *_pilots(merchants), "",
    ]
    if versus:
        lines += ["## Merchant against random (two players)", "", *_versus(versus), ""]
    if solo:
        lines += ["## Solo challenge", "",
                  f"The merchant completed every Challenge card in {solo_won} of {len(solo)} "
                  f"games ({solo_won / len(solo):.0%}); the reasons games ended: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(
                      Counter(str(r.reason) for r in solo).items())) + ".", ""]
    lines += ["## What the games used (merchant games)", "", *_usage(merchants), ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="merchant games per player count")
    parser.add_argument("--versus", type=int, default=20)
    parser.add_argument("--solo", type=int, default=20)
    parser.add_argument("--out", default="docs/balance-venus-standard.md")
    parser.add_argument("--note", default="", help="a sentence on what was measured (the "
                        "branches merged, when)")
    args = parser.parse_args()
    started = time.perf_counter()
    by_players = {n: [play_game(["merchant"] * n, f"vs-{n}p-{i}", index=i)
                      for i in range(args.games)] for n in range(1, 5)}
    versus = [play_game(["merchant", "random"] if i % 2 == 0 else ["random", "merchant"],
                        f"vs-mr-{i}", index=i) for i in range(args.versus)]
    solo = [play_game(["merchant"], f"vs-solo-{i}", {"variant": "solo-challenge"}, index=i)
            for i in range(args.solo)]
    text = report(by_players, versus, solo, time.perf_counter() - started, args.note)
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
