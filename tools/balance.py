"""Measure game health with ``trader`` bots and write ``docs/balance.md``.

Plays, for 2, 3 and 4 players and the 1000/2000/3000 game lengths (14), ``--games`` games
each (seeds ``balance-<players>p-<target>-<i>``), plus trader-against-random games, and
reports: rounds to the target, stalls (no winner within 300 rounds), win rate by turn
position and by race, and how often each piece is used. Uses every core.

    .venv/bin/python tools/balance.py [--games 80] [--out docs/balance.md]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.simulate import (  # noqa: E402
    MAX_ROUNDS,
    GameResult,
    label_tally,
    summarize,
)
from engine.venus.components import Edition, load_components  # noqa: E402
from engine.venus.deeds import orbit_deeds  # noqa: E402
from engine.venus.simulation import Race, play_game, race_game, venus  # noqa: E402

TARGETS = (1000, 2000, 3000)
FINDINGS = [
    "## What the figures showed, and what was fixed",
    "",
    "- **Rule engine bug, 8.46 Switch Switch with 6.41:** with a Pilot Number already chosen,"
    " the reachable query returned paths leaving a Navigation Circle by an arrow that two"
    " rolled numbers share without naming the number, and `MoveAlong` refused them as"
    " ambiguous. The query now names the number for a first move that switches it, and"
    " `MoveAlong` accepts it from a Switch Switch holder (test"
    " `test_8_46_switch_switch_every_reachable_path_replays_with_a_number_chosen`).",
    "- **Bot weaknesses found through stalls** (all fixed in `engine/venus/bots/trader.py`): an IOU"
    " was never bartered because the purchase it pays for is not legal before the barter"
    " (12.4.1); Factory Goods were counted affordable at half price although the full price"
    " must be paid first (12.3.2 pays the commission after); a ship too poor to pay face-up"
    " Penalty markers (6.3) shuttled between two of them forever; a landing on the goal tied"
    " with stopping one dot short. The distance model now prices face-up markers and treats"
    " an unaffordable penalty as a wall.",
    "- **Turn order:** the first player's edge is modest and within the issue's check (at"
    " most 40% in 3 players, 33% in 4, plus noise). Races that the turn order decided"
    " (13.2: another seat reached the target in the same round) are only a few percent of"
    " games (the close-race table). The rest is tempo: in a separate run of 160 three-player"
    " games to $2,000 (seeds `early-3-<i>`, 2026-11-26) position 1 won 35%, discovered 522"
    " Cultures to 488 and 486 (7.3: the IOU goes to the first to land), and led by $40-90"
    " of Net Worth at round 30. By seat index the rates are even: the first player is rolled"
    " (4.2).",
    "- **The Freighter was never bought:** with two dice, and the 9.41 City limit (one"
    " purchase and one sale per landing) leaving most of its five Holds idle, the trader"
    " stopped at the Transport. It now buys it once both Drive colours make up for the dice"
    " (8.2) and it has $800 (with $600 that plan won 80-78 against the old one in 160"
    " two-player games and 38-42 in 80 four-player games): neither a trap nor a must.",
    "- **The Rastur win nearly every game (16.5), and that is the rules' arithmetic:** a"
    " ship rolling three dice draws a Rastur on 42% of its turns (16.2), so two players"
    " empty a $2,000 pool of 20 in about 24 rounds, while traders need about 50 rounds to"
    " reach $2,000 without them. Keeping the pool alive takes about 0.4 kills a round from"
    " the start; but a kill needs 60-80 firepower (three or four Lasers, 15.42: 80 against a"
    " strength of 80 wins 42%), the penalty is paid before every shot (15.411, less $20 a"
    " Shield) and comes back only with a kill, and the players hold $20-300 while the pool"
    " empties. The trader now values a kill by how close the Rastur are to winning, places"
    " a Rastur it draws where it can blast it, and arms with Shields and Lasers when the"
    " stack can win; it still destroys few. Found on the way: a Switch Switch holder"
    " stranded on a pawn's dot re-chose its Pilot Number forever (8.46), and a Laser the"
    " planner counted but could not carry kept two traders at an Industry City for 300"
    " rounds; both fixed, and the simulator now cuts a bot that loops within a round.",
]
PLAYERS = (2, 3, 4)
RASTUR_TARGETS = (1000, 2000)


Job = tuple[list[str], str, int, int, dict[str, Any]]


def _one(job: Job) -> GameResult:
    bots, seed, target, index, options = job
    return play_game(bots, seed, {"game_length": target, **options}, index=index)


def _race(job: Job) -> Race:
    bots, seed, target, _, _ = job
    return race_game(bots, seed, target)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _rounds(summary: dict[str, Any]) -> str:
    r = summary["rounds"]
    if r["median"] is None:
        return "-"
    return f"{r['median']:.0f} ({r['p10']:.0f}-{r['p90']:.0f})"


def usage_table(results: list[GameResult]) -> list[str]:
    """Share of games in which each piece was used, and the mean count per game."""
    comps = load_components()
    n = len(results)
    per_game = [Counter(r.usage) for r in results]

    def row(label: str, keys: list[str]) -> str:
        games = sum(1 for u in per_game if any(u[k] for k in keys))
        total = sum(u[k] for u in per_game for k in keys)
        return f"| {label} | {_pct(games / n)} | {total / n:.1f} |"

    lines = ["| piece | games where used | per game |", "| --- | --- | --- |"]
    for culture in comps.cultures:
        lines.append(row(f"goods of {culture.key} (bought)", [f"goods:{culture.key}"]))
    for culture in comps.cultures:
        lines.append(row(f"factory goods of {culture.key} (bought)",
                         [f"factory_goods:{culture.key}"]))
    for ship in ("clipper", "transport", "freighter"):
        lines.append(row(f"ship: {ship} (bought)", [f"ship:{ship}"]))
    for item in comps.equipment:
        if Edition.AVALON_HILL in item.editions and not item.combat_only:
            lines.append(row(f"equipment: {item.key} (bought)", [f"equipment:{item.key}"]))
    for relic in comps.relics:
        if Edition.AVALON_HILL in relic.editions:
            lines.append(row(f"relic: {relic.key} (picked up or bought)",
                             [f"relic:{relic.key}"]))
    ports = sorted(set(orbit_deeds("avalon-hill").values()))
    lines.append(row("any spaceport deed", ports))
    used_ports = {k for u in per_game for k in u if k.startswith("deed:spaceport:")}
    lines.append(f"| spaceports ever bought | {len(used_ports)} of {len(ports)} | |")
    for culture in comps.cultures:
        lines.append(row(f"factory deed of {culture.key}", [f"deed:factory:{culture.key}"]))
    lines.append(row("fares delivered", sorted({k for u in per_game for k in u
                                                 if k.startswith("delivered:")})))
    lines.append(row("IOUs bartered", ["iou_bartered"]))
    lines.append(row("penalties paid", ["penalties_paid"]))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--out", default="docs/balance.md")
    args = parser.parse_args()
    jobs: dict[tuple[str, int, int], list[Job]] = {}
    for players in PLAYERS:
        for target in TARGETS:
            jobs[("trader", players, target)] = [
                (["trader"] * players, f"balance-{players}p-{target}-{i}", target, i, {})
                for i in range(args.games)]
    for players in (3, 4):
        jobs[("classic-2012", players, 2000)] = [
            (["trader"] * players, f"classic-2012-{players}p-{i}", 2000, i,
             {"edition": "classic-2012"}) for i in range(args.games)]
    for target in RASTUR_TARGETS:
        jobs[("rastur", 2, target)] = [
            (["trader"] * 2, f"rastur-2p-{target}-{i}", target, i, {"rastur": True})
            for i in range(args.games)]
    for players in (2, 3):
        jobs[("vs-random", players, 1000)] = [
            ((["trader"] + ["random"] * (players - 1))[-i % players:]
             + (["trader"] + ["random"] * (players - 1))[:-i % players]
             if i % players else ["trader"] + ["random"] * (players - 1),
             f"vs-random-{players}p-{i}", 1000, i, {})
            for i in range(args.games)]
    races: list[Job] = [(["trader"] * p, f"race-{p}p-{i}", 2000, i, {})
             for p in PLAYERS for i in range(args.games)]
    started = time.perf_counter()
    flat = [job for batch in jobs.values() for job in batch]
    with Pool(os.cpu_count() or 1) as pool:
        played = pool.map(_one, flat, chunksize=2)
        raced = pool.map(_race, races, chunksize=2)
    elapsed = time.perf_counter() - started
    results: dict[tuple[str, int, int], list[GameResult]] = {}
    i = 0
    for key, batch in jobs.items():
        results[key] = played[i:i + len(batch)]
        i += len(batch)
    by_players = {p: [r for r in raced if r.players == p] for p in PLAYERS}
    write(args.out, args.games, results, by_players, elapsed)
    print(f"wrote {args.out} ({len(flat) + len(races)} games in {elapsed:.0f}s)")


def race_lines(races: dict[int, list[Race]]) -> list[str]:
    """The close-race table: how often turn order decided the game (13.2)."""
    lines = ["| players | races | won in the same round as another seat | position 1 wins "
             "(all / not close / close) |", "| --- | --- | --- | --- |"]
    for p, batch in races.items():
        done = [r for r in batch if r.winner_position is not None]
        close = [r for r in done if r.close]
        calm = [r for r in done if not r.close]

        def first(rs: list[Race]) -> str:
            return _pct(sum(r.winner_position == 0 for r in rs) / len(rs)) if rs else "-"

        lines.append(f"| {p} | {len(done)} | {_pct(len(close) / len(done)) if done else '-'} "
                     f"| {first(done)} / {first(calm)} / {first(close)} |")
    return lines


def write(out: str, games: int, results: dict[tuple[str, int, int], list[GameResult]],
          races: dict[int, list[Race]], elapsed: float) -> None:
    summaries = {k: summarize(v, 1.0, venus().simulation) for k, v in results.items()}
    lines = [
        "# Game health (Merchant of Venus, 1988 edition, `trader` bots)",
        "",
        "Generated by `tools/balance.py` (do not edit by hand; rerun it). "
        f"{games} games per line, seeds `balance-<players>p-<target>-<i>`, the 1988 edition "
        "with its default options, merchants chosen by the bots at random. A stall is a "
        f"game without a winner within {MAX_ROUNDS} rounds. Figures are from bots, not "
        "people: they check our rules and data, they do not measure the game.",
        "",
        "## Rounds to the target",
        "",
        "Median (p10-p90) rounds of the games that ended; the book's two hours for a game to "
        "$2,000 is about 25-45 rounds for 3-4 players.",
        "",
        "| players | $1,000 | $2,000 | $3,000 | stalls (1000 / 2000 / 3000) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for p in PLAYERS:
        cells = [_rounds(summaries[("trader", p, t)]) for t in TARGETS]
        stalls = " / ".join(_pct(summaries[("trader", p, t)]["stalls"]) for t in TARGETS)
        lines.append(f"| {p} | {' | '.join(cells)} | {stalls} |")
    lines += [
        "",
        "## Win rate by turn position (games to $2,000)",
        "",
        "Position 1 is the first player (4.2: the highest roll chooses first and plays first). "
        "Fair is 50% / 33% / 25%.",
        "",
        "| players | " + " | ".join(f"position {i + 1}" for i in range(4)) + " |",
        "| --- | --- | --- | --- | --- |",
    ]
    for p in PLAYERS:
        rates = summaries[("trader", p, 2000)]["win_rate_by_position"]
        cells = [_pct(x) for x in rates] + ["-"] * (4 - p)
        lines.append(f"| {p} | {' | '.join(cells)} |")
    lines += ["", "By seat index (the order players joined; the first player is rolled):", "",
              "| players | " + " | ".join(f"seat {i}" for i in range(4)) + " |",
              "| --- | --- | --- | --- | --- |"]
    for p in PLAYERS:
        rates = summaries[("trader", p, 2000)]["win_rate_by_seat"]
        lines.append(f"| {p} | {' | '.join([_pct(x) for x in rates] + ['-'] * (4 - p))} |")
    lines += ["", "### Close races", "",
              f"{games} more games per line (seeds `race-<players>p-<i>`), played as games to "
              "$3,000 until the end of the round in which a seat first ended its turn at "
              "$2,000: a race is close when another seat also got there in that round, so the "
              f"turn order decided it (13.2). Fair for position 1 is 50% / 33% / 25%.", "",
              *race_lines(races)]
    lines += ["", "## Win rate by race (all trader games, every length)", "",
              "Each merchant's wins over the games it played (3.3: its home Culture sells it "
              "Deeds at 20% off).", "", "| race | games | wins | win rate | fair share |",
              "| --- | --- | --- | --- | --- |"]
    tally = label_tally(r for key, batch in results.items() if key[0] == "trader" for r in batch)
    for race, t in sorted(tally.items()):
        lines.append(f"| {race} | {t.dealt} | {t.won} | "
                     f"{_pct(t.won / t.dealt)} | {_pct(t.share / t.dealt)} |")
    all_2000 = [r for p in PLAYERS for r in results[("trader", p, 2000)]]
    lines += ["", "## How often each piece is used (all games to $2,000)", "",
              *usage_table(all_2000), "",
              "## Trader against random (games to $1,000)", "",
              "| players | trader wins | random wins | stalls |", "| --- | --- | --- | --- |"]
    for p in (2, 3):
        s = summaries[("vs-random", p, 1000)]
        n = s["games"]
        lines.append(f"| {p} (1 trader) | {_pct(s['winners_by_bot'].get('trader', 0) / n)} | "
                     f"{_pct(s['winners_by_bot'].get('random', 0) / n)} | {_pct(s['stalls'])} |")
    lines += ["", "## The 2012 classic edition (games to 2,000 credits)", "",
              "The same traders on the 2012 board and components (`edition=classic-2012`: "
              "First Contact, passengers, encounters, its cup).", "",
              "| players | rounds (median, p10-p90) | stalls | win rate by turn position |",
              "| --- | --- | --- | --- |"]
    for p in (3, 4):
        s = summaries[("classic-2012", p, 2000)]
        rates = " / ".join(_pct(x) for x in s["win_rate_by_position"])
        lines.append(f"| {p} | {_rounds(s)} | {_pct(s['stalls'])} | {rates} |")
    lines += ["", "## The Rastur (16, two players)", "",
              "Two traders with the optional Rastur (16) and combat (15) rules; the Rastur win "
              "when the last one is drawn before a player wins (16.5).", "",
              "| game to | players win | the Rastur win | rounds (median, p10-p90) | "
              "Rastur destroyed per game |", "| --- | --- | --- | --- | --- |"]
    for target in RASTUR_TARGETS:
        batch = results[("rastur", 2, target)]
        s = summaries[("rastur", 2, target)]
        share = sum(r.winner is not None for r in batch) / len(batch)
        killed = sum(r.usage.get("attack_won:rastur", 0) for r in batch) / len(batch)
        lines.append(f"| ${target:,} | {_pct(share)} | {_pct(s['rastur_ends'] / len(batch))} | "
                     f"{_rounds(s)} | {killed:.1f} |")
    refused = sum(s["fallbacks"] for s in summaries.values())
    lines += ["", f"Bot commands refused by the rules: {refused} (a bot bug if not 0).", "",
              *FINDINGS, "",
              f"_{sum(len(v) for v in results.values()) + sum(len(v) for v in races.values())}"
              f" games in {elapsed:.0f}s._", ""]
    Path(out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
