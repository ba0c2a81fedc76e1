"""Where a seat's final score comes from in the standard game (``venus-standard``), with bots:
plays ``--games`` seeded games (seeds ``vs-standard-<bot>-<players>p-<i>`` from ``--start``,
the balance tool's) and prints, for every seat and for the winners, the mean and median of
each part: the final score and its fame ("End of the Game" 2, each source as final scoring
counted it: fame tokens, cargo holds, ship upgrades, dials, missions, Reward cards, titles,
the pilot, infamy), credits in hand before the spaceports and fame were paid, credits gained
and spent by reason, goods bought and sold, goods tokens still aboard at the end (they
score nothing), missions completed, second missions, equipment and technologies bought,
and the rounds in which the seat neither traded nor completed a mission nor built a
spaceport (idle rounds), split by how the seat's Movement phase ended that round: landed
(with no trade: a First Contact card turned over, Galactic Base, a mission's destination
not met), stayed (its Movement phase skipped), stopped by a hazard ("Hazards": a failed
check), stopped by pirates, stopped otherwise (an encounter, a navigation space or
telegate), or its movement spent in space.

    .venv/bin/python tools/seats_venus_standard.py [--games 12] [--players 3] [--start 500]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.simulate import MAX_ROUNDS, drive  # noqa: E402
from engine.kernel import Event, Game  # noqa: E402
from engine.venus_standard.definition import GAME  # noqa: E402
from engine.venus_standard.ruleset import ruleset  # noqa: E402

ACTS = ("GoodsBought", "GoodsSold", "MissionCompleted", "SpaceportBuilt",
        "PassengerDroppedOff")  # a round with one of these is not idle
COUNTED = (*ACTS, "SecondMissionBought", "PilotTrained", "FirstContactRevealed",
           "RewardKept", "RewardTradedIn", "PirateDefeated", "MovementSkipped")


def _movement_end(ev: Event) -> str | None:
    """How a seat's Movement phase ended, by the event that ends it (None: no such event)."""
    d = ev.data
    if ev.type == "MovementSkipped":
        return "stayed"
    if ev.type == "MovementEnded":
        return "landed" if d.get("landed") else None
    if ev.type != "MoveEnded" or d.get("how") == "landed":
        return None
    reason = str(d.get("reason", ""))
    if reason.startswith("failed"):
        return "stopped by a hazard"
    if reason.startswith("pirates"):
        return "stopped by pirates"
    return "movement spent" if d.get("how") == "spent" else "stopped otherwise"


def _tally(events: Iterable[Event], seat: int) -> Counter[str]:
    out: Counter[str] = Counter()
    active: set[int] = set()
    ends: dict[int, str] = {}  # how the seat's Movement phase ended, by round
    now = 0
    for ev in events:
        d = ev.data
        if ev.type == "TurnStarted":
            now = int(d.get("round", now))
        if d.get("seat") != seat:
            continue
        if (end := _movement_end(ev)) is not None:
            ends[now] = end
        if ev.type == "CreditsChanged":
            out[f"credits: {d.get('reason')}"] += int(d.get("delta", 0))
        elif ev.type == "FameCounted":
            out.update({f"fame: {k}": int(v) for k, v in d["parts"].items()})
            out["fame: fuzzy dice"] += sum(d.get("fuzzy") or [])
        elif ev.type == "EquipmentBought":
            out[f"equipment: {d['kind']}"] += 1
        elif ev.type == "TechnologyBought":
            out[f"technology: {str(d['token']).partition(':')[0]}"] += 1
        if ev.type in COUNTED:
            out[ev.type] += 1
        if ev.type in ACTS:
            active.add(now)
    out["idle rounds"] = max(0, now - len(active))
    out.update(f"idle rounds: {ends.get(r, 'other')}" for r in range(1, now + 1)
               if r not in active)
    return out


def play(spec: tuple[str, int, int]) -> list[dict[str, Any]]:
    """One game's seats: each with its score, fame, whether it won and its tally."""
    bot, players, index = spec
    seed = f"vs-standard-{bot}-{players}p-{index}"
    game = Game.start(ruleset, {}, [f"{bot}{i}" for i in range(players)], seed=seed)
    drive(game, [GAME.make_bot(bot, f"{seed}|seat{i}") for i in range(players)], seed,
          MAX_ROUNDS)
    out = []
    for p in game.state.players:
        tally = _tally(game.events, p.seat)
        score, fame = int(p.score or 0), int(p.total_fame or 0)
        tally["final score"] = score
        tally["fame: total"] = fame
        tally["goods aboard at the end"] = sum(1 for t in p.cargo if ":" in t)
        tally["credits in hand before spaceports and fame"] = (
            score - tally["credits: fame"] - tally["credits: spaceports_sold"])
        out.append({"won": p.seat in game.state.winners, "tally": dict(tally)})
    return out


def summary(seats: list[dict[str, Any]]) -> list[str]:
    keys = sorted({k for s in seats for k in s["tally"]})
    winners = [s for s in seats if s["won"]]

    def cell(group: list[dict[str, Any]], key: str) -> str:
        values = [s["tally"].get(key, 0) for s in group]
        return f"{statistics.mean(values):.1f} / {statistics.median(values):g}" if values \
            else "-"

    lines = [f"| part ({len(seats)} seats, {len(winners)} winners) | every seat: mean / median "
             "| winners: mean / median |", "| --- | --- | --- |"]
    lines += [f"| {k} | {cell(seats, k)} | {cell(winners, k)} |" for k in keys]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--start", type=int, default=500, help="the first seed's index")
    parser.add_argument("--bot", default="merchant")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    specs = [(args.bot, args.players, i) for i in range(args.start, args.start + args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        seats = [s for game in pool.map(play, specs) for s in game]
    print("\n".join(summary(seats)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
