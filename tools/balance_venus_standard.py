"""Measure the standard game's health (``venus-standard``) with bots; write
``docs/balance-venus-standard.md``.

Plays ``--games`` games for each of 1-4 players with each bot (``random``, ``merchant``;
seeds ``vs-<bot>-<players>p-<i>``, pilots dealt at random) and ``--variant-games`` games of
each variant (light speed and epic with 2 and 4 players, the solo challenge alone) and
``--versus`` two-player games of a merchant against a random bot, and
reports: stalls (no end within 300 rounds or a bot looping) and refused bot commands, game
length, final scores (spread, winner's lead), win rate by seat and by pilot, how often each
mission is taken and completed, each technology bought, each Reward card kept and each
Encounter card drawn, the solo challenge's success
rate, and the board's visits per space. Games run in ``--jobs`` processes; each game's
figures, with the revision it was played at, are kept in ``--cache`` (JSON lines). The cache
keeps every row (variant, bot, players): a run replays only the rows it is asked for and
replaces those rows' games, the others stay, and the report is written from the whole cache
(``--report-only`` plays nothing); ``--first`` plays a row's games from that seed index on,
keeping its cached games below it (a long row played in parts). The report lists each row's
revision and seeds.

    .venv/bin/python tools/balance_venus_standard.py [--games 200] [--variant-games 30]
    .venv/bin/python tools/balance_venus_standard.py --bots merchant --players 2 \
        --games 200 --variant-games 0 --solo-games 0 --versus 0   # only the 2-player row
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots.simulate import MAX_ROUNDS, drive  # noqa: E402
from engine.kernel import Event, Game  # noqa: E402
from engine.venus_standard.board import load_board  # noqa: E402
from engine.venus_standard.cards import (  # noqa: E402
    challenge_cards,
    encounter_cards,
    mission_cards,
    reward_cards,
)
from engine.venus_standard.definition import GAME  # noqa: E402
from engine.venus_standard.ruleset import ruleset  # noqa: E402
from engine.venus_standard.simulate import usage_of  # noqa: E402
from engine.venus_standard.technology import load_technologies  # noqa: E402

BOTS = ("random", "merchant")
Spec = tuple[str, int, str, dict[str, Any], int]  # label, players, bot, options, index
Row = tuple[str, str, int]  # label, bot, players
POOR = 100  # a seat's final score this low: the game passed it by (its seats' share)


# -- one game ---------------------------------------------------------------------------------

def _counts(events: Iterable[Event]) -> Counter[str]:
    """What the tool counts beyond ``starport simulate``'s usage: missions taken, techs and
    goods bought and sold, spaces entered (every space of a move's path, telegate landings)."""
    out: Counter[str] = Counter()
    for ev in events:
        d = ev.data
        if ev.type == "MissionTaken":
            out[f"taken:{d['card']}"] += 1
        elif ev.type == "TechnologyBought":
            out[f"tech:{str(d['token']).split(':')[0]}"] += 1
        elif ev.type in ("GoodsBought", "GoodsSold", "EquipmentBought", "SpaceportBuilt",
                         "PassengerPickedUp", "PassengerDroppedOff", "PilotTrained",
                         "CargoJettisoned", "HazardChecked", "TelegateJumped"):
            out[ev.type] += 1
        if ev.type == "ShipMoved":
            for space in d["path"]:
                out[f"visit:{space}"] += 1
        elif ev.type == "TelegateJumped" and d.get("to"):
            out[f"visit:{d['to']}"] += 1
    return out


def encounter_values(events: Iterable[Event]) -> list[tuple[int, int]]:
    """Each Encounter card drawn: the credits and fame its seat gained or lost from the draw
    until the ship moves on, its turn ends or another encounter card is drawn (its effects,
    an offer answered, a pirate engagement fought, a Reward card kept or traded in)."""
    out: list[tuple[int, int]] = []
    open_: dict[str, Any] | None = None
    for ev in events:
        d = ev.data
        ends = ev.type in ("ShipMoved", "TurnEnded") or (
            ev.type == "CardDrawn" and d.get("deck") == "encounter")
        if open_ is not None and ends:
            out.append((open_["credits"], open_["fame"]))
            open_ = None
        if ev.type == "CardDrawn" and d.get("deck") == "encounter":
            open_ = {"seat": d.get("seat"), "credits": 0, "fame": 0}
        elif open_ is not None and d.get("seat") == open_["seat"]:
            if ev.type == "CreditsChanged":
                open_["credits"] += int(d.get("delta", 0))
            elif ev.type == "FameChanged":
                open_["fame"] += int(d.get("delta", 0))
    if open_ is not None:
        out.append((open_["credits"], open_["fame"]))
    return out


def seed_of(label: str, bot: str, players: int, index: int) -> str:
    return f"vs-{label}-{bot}-{players}p-{index}"


def play(spec: Spec) -> dict[str, Any]:
    label, players, bot, options, index = spec
    seed = seed_of(label, bot, players, index)
    started = time.perf_counter()
    kinds = bot.split(",") if "," in bot else [bot] * players
    game = Game.start(ruleset, dict(options), [f"{k}{i}" for i, k in enumerate(kinds)],
                      seed=seed)
    bots = [GAME.make_bot(k, f"{seed}|seat{i}") for i, k in enumerate(kinds)]
    commands, fallbacks = drive(game, bots, seed, MAX_ROUNDS)
    state = game.state
    end = state.end or {}
    usage = usage_of(game.events)
    usage.update(_counts(game.events))
    return {
        "label": label, "players": players, "bot": bot, "kinds": kinds, "seed": seed,
        "index": index,
        "pilots": [p.pilot for p in state.players], "first_player": state.first_player,
        "winners": list(state.winners), "reason": end.get("reason"),
        "over": state.stage == "over", "rounds": state.round,
        "scores": [p.score if p.score is not None else p.credits for p in state.players],
        "fame": [p.total_fame for p in state.players],
        "commands": commands, "fallbacks": fallbacks, "events": len(game.events),
        "seconds": round(time.perf_counter() - started, 2), "usage": dict(usage),
        "encounters": encounter_values(game.events),
        "challenges": {} if state.solo is None else {
            "cards": list(state.solo.cards), "completed": list(state.solo.completed)},
    }


# -- the report -------------------------------------------------------------------------------

def _pct(values: list[int], p: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]


def _spread(values: list[int]) -> str:
    if not values:
        return "-"
    return (f"{statistics.median(values):g} ({_pct(values, 0.1)}-{_pct(values, 0.9)}, "
            f"max {max(values)})")


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return [f"| {' | '.join(head)} |", f"| {' | '.join('---' for _ in head)} |",
            *(f"| {' | '.join(r)} |" for r in rows)]


def _stalled(g: dict[str, Any]) -> bool:
    return not g["over"]


def _group(games: list[dict[str, Any]]) -> dict[tuple[str, str, int], list[dict[str, Any]]]:
    out: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for g in games:
        out.setdefault((g["label"], g["bot"], g["players"]), []).append(g)
    return dict(sorted(out.items(), key=lambda kv: (kv[0][0] != "standard", kv[0])))


def _row(g: dict[str, Any]) -> Row:
    return (g["label"], g["bot"], g["players"])


def _index(g: dict[str, Any]) -> int:
    """A game's seed index (older caches name it only in the seed)."""
    return int(g.get("index", str(g["seed"]).rsplit("-", 1)[-1]))


def _indices(gs: list[dict[str, Any]]) -> str:
    """The games' seed indices as ranges: ``0-149`` or ``0-99, 120``."""
    idx = sorted({_index(g) for g in gs})
    spans: list[list[int]] = []
    for i in idx:
        if spans and i == spans[-1][1] + 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in spans)


def _provenance(groups: dict[Row, list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (label, bot, n), gs in groups.items():
        revisions = sorted({str(g.get("revision") or "not recorded") for g in gs})
        rows.append([label, bot.replace(",", " v "), str(n), str(len(gs)), ", ".join(revisions),
                     f"`{seed_of(label, bot, n, 0).rsplit('-', 1)[0]}-<i>`, i {_indices(gs)}"])
    return _table(["variant", "bot", "players", "games", "revision", "seeds"], rows)


def _health(groups: dict[tuple[str, str, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (label, bot, n), gs in groups.items():
        rounds = [g["rounds"] for g in gs if not _stalled(g)]
        rows.append([label, bot.replace(",", " v "), str(n), str(len(gs)),
                     f"{statistics.median(rounds):g}" if rounds else "-",
                     str(sum(_stalled(g) for g in gs)), str(sum(g["fallbacks"] for g in gs)),
                     f"{statistics.mean(g['commands'] for g in gs):.0f}",
                     f"{statistics.mean(g['seconds'] for g in gs):.1f}"])
    return _table(["variant", "bot", "players", "games", "rounds", "stalls",
                   "refused commands", "commands per game", "seconds per game"], rows)


def _scores(groups: dict[tuple[str, str, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (label, bot, n), gs in groups.items():
        every = [s for g in gs for s in g["scores"]]
        best = [max(g["scores"]) for g in gs]
        lead = [sorted(g["scores"])[-1] - sorted(g["scores"])[-2] for g in gs if n > 1]
        rows.append([label, bot.replace(",", " v "), str(n), _spread(every), _spread(best),
                     _spread(lead) if lead else "-",
                     f"{sum(1 for g in gs if len(g['winners']) > 1) / len(gs):.0%}",
                     f"{sum(1 for g in gs if not g['winners']) / len(gs):.0%}"])
    return _table(["variant", "bot", "players", "final score, every seat: median (p10-p90)",
                   "winner's score", "winner's lead over the second", "shared wins",
                   "no winner"], rows)


def _seats(groups: dict[tuple[str, str, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (label, bot, n), gs in groups.items():
        if label != "standard" or n < 2:
            continue
        seat: Counter[int] = Counter()
        position: Counter[int] = Counter()
        for g in gs:
            for w in g["winners"]:
                seat[w] += 1
                position[(w - g["first_player"]) % n] += 1
        rows.append([bot, str(n), *(f"{seat[i] / len(gs):.0%}" for i in range(n)),
                     *["-"] * (4 - n), *(f"{position[i] / len(gs):.0%}" for i in range(n)),
                     *["-"] * (4 - n)])
    return _table(["bot", "players", *(f"seat {i}" for i in range(4)),
                   *(f"position {i + 1}" for i in range(4))], rows)


def _pilots(games: list[dict[str, Any]]) -> list[str]:
    rows = []
    for bot in BOTS:
        dealt: Counter[str] = Counter()
        won: Counter[str] = Counter()
        for g in games:
            if g["bot"] != bot or g["label"] != "standard" or g["players"] < 2:
                continue
            dealt.update(g["pilots"])
            won.update(g["pilots"][w] for w in g["winners"])
        rows += [[bot, k, str(dealt[k]), str(won[k]), f"{won[k] / dealt[k]:.0%}",
                  ] for k in sorted(dealt)]
    return _table(["bot", "pilot", "dealt", "won", "win rate"], rows)


def _missions(games: list[dict[str, Any]]) -> list[str]:
    rows = []
    for mid, card in sorted(mission_cards().items()):
        row = [mid, card.name]
        for bot in BOTS:
            gs = [g for g in games if g["bot"] == bot]
            taken = sum(g["usage"].get(f"taken:{mid}", 0) for g in gs)
            done = sum(g["usage"].get(f"mission:{mid}", 0) for g in gs)
            row += [str(taken), str(done)]
        rows.append(row)
    return _table(["mission", "name", *(f"{b} {w}" for b in BOTS for w in ("taken", "done"))],
                  rows)


def _technologies(games: list[dict[str, Any]]) -> list[str]:
    techs = load_technologies()
    rows = []
    for key in sorted(techs.by_key):
        row = [key]
        for bot in BOTS:
            gs = [g for g in games if g["bot"] == bot]
            row.append(f"{sum(g['usage'].get(f'tech:{key}', 0) for g in gs) / len(gs):.2f}"
                       if gs else "-")
        rows.append(row)
    return _table(["technology", *(f"{b}: bought per game" for b in BOTS)], rows)


USED = ("FirstContactRevealed", "GoodsBought", "GoodsSold", "EquipmentBought",
        "PassengerPickedUp", "PassengerDroppedOff", "SpaceportBuilt", "PilotTrained",
        "MissionCompleted", "SecondMissionBought", "PirateEngaged", "PirateDefeated",
        "RewardTradedIn", "RewardBought", "HazardChecked", "TelegateJumped",
        "CargoJettisoned", "MovementSkipped")


def _used(games: list[dict[str, Any]]) -> list[str]:
    rows = []
    for key in USED:
        row = [key]
        for bot in BOTS:
            gs = [g for g in games if g["bot"] == bot and g["label"] == "standard"]
            row.append(f"{sum(g['usage'].get(key, 0) for g in gs) / len(gs):.1f}" if gs
                       else "-")
        rows.append(row)
    return _table(["what", *(f"{b}: per game" for b in BOTS)], rows)


def _versus(games: list[dict[str, Any]]) -> list[str]:
    gs = [g for g in games if g["label"] == "versus"]
    won = Counter(g["kinds"][w] for g in gs for w in g["winners"])
    return _table(["bot", "games", "won", "win rate"],
                  [[b, str(len(gs)), str(won[b]), f"{won[b] / max(1, len(gs)):.0%}"]
                   for b in BOTS])


def _cards(games: list[dict[str, Any]], prefix: str, ids: Iterable[str]) -> list[str]:
    rows = []
    for cid in sorted(ids):
        rows.append([cid, *(str(sum(g["usage"].get(f"{prefix}:{cid}", 0) for g in games
                                    if g["bot"] == bot)) for bot in BOTS)])
    return _table(["card", *(f"{b} games" for b in BOTS)], rows)


def _mission_rates(games: list[dict[str, Any]]) -> list[str]:
    """Mission completion per mission: completed / drawn (a card drawn late may have no time
    left), merchant games of every variant."""
    rows = []
    for mid, card in sorted(mission_cards().items()):
        gs = [g for g in games if g["bot"] == "merchant"]
        taken = sum(g["usage"].get(f"taken:{mid}", 0) for g in gs)
        done = sum(g["usage"].get(f"mission:{mid}", 0) for g in gs)
        need = card.objective.need
        rows.append([mid, card.name, card.destination or "none", need, str(taken), str(done),
                     f"{done / taken:.0%}" if taken else "-"])
    return _table(["mission", "name", "destination", "objective", "drawn", "completed",
                   "completed when drawn"], rows)


def _encounter_values(games: list[dict[str, Any]]) -> list[str]:
    rows = []
    for bot in BOTS:
        draws = [tuple(v) for g in games if g["bot"] == bot and g["label"] == "standard"
                 for v in g.get("encounters", [])]
        if not draws:
            continue
        credits = [c for c, _ in draws]
        fame = [f for _, f in draws]
        rows.append([bot, str(len(draws)), f"{statistics.mean(credits):+.1f}",
                     f"{statistics.median(credits):g} ({_pct(credits, 0.1)} to "
                     f"{_pct(credits, 0.9)}; {min(credits)} to {max(credits)})",
                     f"{statistics.mean(fame):+.2f}",
                     f"{sum(1 for c in credits if c <= -30) / len(draws):.0%}",
                     f"{sum(1 for c in credits if c >= 30) / len(draws):.0%}",
                     f"{sum(1 for c, f in draws if c == 0 and f == 0) / len(draws):.0%}"])
    return _table(["bot", "draws", "credits, mean", "credits: median (p10 to p90; min to max)",
                   "fame, mean", "a loss of c30 or more", "a gain of c30 or more",
                   "no credits nor fame"], rows)


def _winners(groups: dict[tuple[str, str, int], list[dict[str, Any]]]) -> list[str]:
    rows = []
    for (label, bot, n), gs in groups.items():
        if label != "standard" or bot != "merchant":
            continue
        credits = [g["scores"][w] for g in gs for w in g["winners"]]
        fame = [int(g["fame"][w] or 0) for g in gs for w in g["winners"]]
        ports = [int(g["usage"].get("SpaceportBuilt", 0)) for g in gs]
        rows.append([str(n), str(len(gs)), _spread(credits), _spread(fame),
                     _spread(ports) if ports else "-"])
    return _table(["players", "games", "winner's credits (final score)", "winner's fame",
                   "merchant spaceports built (sold back at the end)"], rows)


def _figures(games: list[dict[str, Any]]) -> dict[str, str]:
    """The figures set beside a run made before (merchant games): per player count of the
    standard game the winner's and every seat's final score, the share of seats ending at
    ``POOR`` credits or less, the winner's fame, goods sold
    a seat, and per game missions completed, second missions, equipment bought, merchant
    spaceports; the Encounter draws; the solo challenge's success."""
    gs = [g for g in games if g["bot"] == "merchant"]
    out: dict[str, str] = {}
    standard = [g for g in gs if g["label"] == "standard"]
    for n in sorted({g["players"] for g in standard}):
        ns = [g for g in standard if g["players"] == n]
        won = [g["scores"][w] for g in ns for w in g["winners"]]
        out[f"{n} players: winner's score"] = _spread(won)
        seats = [s for g in ns for s in g["scores"]]
        out[f"{n} players: every seat's score"] = _spread(seats)
        poor = sum(1 for s in seats if s <= POOR)
        out[f"{n} players: seats ending at c{POOR} or less"] = \
            f"{poor / len(seats):.0%} ({poor} of {len(seats)})"
        out[f"{n} players: winner's fame"] = _spread(
            [int(g["fame"][w] or 0) for g in ns for w in g["winners"]])
        for what, name in (("GoodsSold", "goods sold a seat"),
                           ("MissionCompleted", "missions completed a seat"),
                           ("SecondMissionBought", "second missions bought a seat"),
                           ("EquipmentBought", "equipment bought a seat"),
                           ("SpaceportBuilt", "merchant spaceports built a seat")):
            out[f"{n} players: {name}"] = \
                f"{statistics.mean(int(g['usage'].get(what, 0)) for g in ns) / n:.2f}"
    draws = [tuple(v) for g in standard for v in g.get("encounters", [])]
    if draws:
        credits = [c for c, _ in draws]
        out["Encounter draw"] = (
            f"c{statistics.mean(credits):+.1f} and {statistics.mean(f for _, f in draws):+.2f}"
            f" fame; {sum(1 for c, f in draws if c == 0 and f == 0) / len(draws):.0%} "
            f"changed neither")
    solo = [g for g in gs if g["label"] == "solo-challenge"]
    if solo:
        won_solo = sum(1 for g in solo if g["winners"])
        fees = sum(1 for g in solo if g["reason"] == "challenge_fee_unpaid")
        out["solo challenge won"] = (f"{won_solo / len(solo):.0%} ({won_solo} of {len(solo)}; "
                                     f"{fees / len(solo):.0%} lost to an unpaid fee)")
    return out


def _mission_rate(games: list[dict[str, Any]], mid: str) -> str:
    gs = [g for g in games if g["bot"] == "merchant"]
    taken = sum(g["usage"].get(f"taken:{mid}", 0) for g in gs)
    done = sum(g["usage"].get(f"mission:{mid}", 0) for g in gs)
    return f"{done / taken:.0%} ({done} of {taken})" if taken else "-"


def _seed_key(g: dict[str, Any]) -> tuple[str, str, int, str]:
    return (*_row(g), str(g["seed"]))


def common(games: list[dict[str, Any]], before: list[dict[str, Any]]
           ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The games of both runs whose row and seed the other run played too (a run stopped
    early, or rows not replayed: only the same deals are set side by side)."""
    both = {_seed_key(g) for g in games} & {_seed_key(g) for g in before}
    return ([g for g in games if _seed_key(g) in both],
            [g for g in before if _seed_key(g) in both])


def _before_after(games: list[dict[str, Any]], before: list[dict[str, Any]]) -> list[str]:
    """Each figure of this run beside the same figure of ``before`` (the same rows and
    seeds played at an earlier revision; the games of one only are left out)."""
    games, before = common(games, before)
    rows = [[mid, _mission_rate(before, mid), _mission_rate(games, mid)]
            for mid in sorted(mission_cards())]
    lines = _table(["mission", "completed when drawn, before", "now"], rows)
    then, now = _figures(before), _figures(games)
    lines += [""]
    lines += _table(["figure", "before", "now"],
                    [[k, then.get(k, "-"), now[k]] for k in now])
    return lines


def _solo(games: list[dict[str, Any]]) -> list[str]:
    rows = []
    for bot in sorted({g["bot"] for g in games}):
        gs = [g for g in games if g["bot"] == bot and g["label"] == "solo-challenge"]
        if gs:
            won = sum(1 for g in gs if g["winners"])
            fees = sum(1 for g in gs if g["reason"] == "challenge_fee_unpaid")
            rows.append([bot, str(len(gs)), str(won), f"{won / len(gs):.0%}",
                         f"{fees / len(gs):.0%}", _spread([g["scores"][0] for g in gs
                                                           if g["winners"]])])
    rows2 = []
    cards = challenge_cards()
    for cid, card in sorted(cards.items(), key=lambda kv: (kv[1].round, kv[0])):
        gs = [g for g in games if g["bot"] == "merchant" and g["label"] == "solo-challenge"
              and cid in (g.get("challenges") or {}).get("cards", [])]
        done = sum(1 for g in gs if cid in g["challenges"]["completed"])
        rows2.append([cid, card.colour, str(card.round), f"c{card.fee}",
                      card.effect.kind, card.challenge.need, str(len(gs)), str(done),
                      f"{done / len(gs):.0%}" if gs else "-"])
    return [*_table(["bot", "games", "all challenges met", "success rate",
                     "lost to a fee unpaid", "winner's score"], rows), "",
            "Each Challenge card (merchant): drawn, and completed by the game's end.", "",
            *_table(["card", "colour", "round", "fee", "effect", "challenge", "drawn",
                     "completed", "completed when drawn"], rows2)]


def _visits(games: list[dict[str, Any]]) -> list[str]:
    board = load_board()
    visits: Counter[str] = Counter()
    for g in games:
        if g["label"] == "standard":
            visits.update({k[6:]: v for k, v in g["usage"].items() if k.startswith("visit:")})
    spaces = [s.id for s in board.spaces.values()]
    never = sorted(s for s in spaces if not visits[s])
    by_system: Counter[str] = Counter()
    for s in board.spaces.values():
        by_system[s.system or f"route {s.route}"] += visits[s.id]
    ranked = sorted(spaces, key=lambda s: (-visits[s], s))
    lines = [f"{len(spaces) - len(never)} of {len(spaces)} spaces entered; never: "
             f"{', '.join(never) if never else 'none'}.", ""]
    lines += _table(["busiest space", "entered"], [[s, str(visits[s])] for s in ranked[:8]])
    lines += [""]
    lines += _table(["quietest space", "entered"], [[s, str(visits[s])] for s in ranked[-8:]])
    systems = sorted((k for k in by_system if not k.startswith("route") and k != "-"),
                     key=lambda k: -by_system[k])
    lines += ["", "Spaces entered per system (its ring, orbits, cities and spaceports):", ""]
    lines += _table(["system", "entered"], [[k, str(by_system[k])] for k in systems])
    return lines


def report(games: list[dict[str, Any]], seconds: float, note: str = "",
           before: list[dict[str, Any]] | None = None, before_note: str = "") -> str:
    groups = _group(games)
    lines = [
        "# Game health (Merchant of Venus, standard game 2012: `venus-standard`)", "",
        "Generated by `tools/balance_venus_standard.py` (do not edit by hand; rerun it). "
        f"{len(games)} games in {seconds:.0f} s of playing time; pilots dealt at random. A "
        "stall is a game not over within 300 rounds (or a bot repeating itself); a refused "
        "command is a bot or rules bug (the game goes on with a random legal command). "
        "`random` plays a uniformly random legal command; `merchant` is the strategic bot "
        "(`engine/venus_standard/bot.py`). Figures are from bots, not people: they check our "
        "rules and our authored data, they do not measure the game." + (f" {note}" if note else ""),
        "",
        "## Rows: revision and seeds", "",
        "Each row's games, the revision they were played at and their seeds (a game's seed "
        "deals the pilots, the tiles and the decks and seeds its bots: the same seed at another "
        "revision replays the same deal).", "",
        *_provenance(groups), "",
        "## Length, stalls, refused commands", "",
    ]
    lines += _health(groups)
    lines += ["", "## Final scores (credits after final scoring)", ""]
    lines += _scores(groups)
    lines += ["", "## Win rate by seat and turn position (standard game)", "",
              "Seat 0 is the first seated; position 1 plays first (Setup: the first player "
              "is chosen at random). Shared wins count for every winner.", ""]
    lines += _seats(groups)
    lines += ["", "## Merchant against random (two players, seats swapped every game)", ""]
    lines += _versus(games)
    lines += ["", "## Win rate by pilot (standard game, 2-4 players)", ""]
    lines += _pilots(games)
    lines += ["", "## Winners' credits and fame, spaceports per game (merchant, standard "
              "game)", "", "The book's scoring example: c2,540 and 35 fame.", ""]
    lines += _winners(groups)
    lines += ["", "## Missions: taken and completed (all games)", ""]
    lines += _missions(games)
    lines += ["", "## Mission completion when drawn (merchant, all games)", ""]
    lines += _mission_rates(games)
    lines += ["", "## Racial technologies bought (all games)", ""]
    lines += _technologies(games)
    lines += ["", "## Reward cards kept (all games)", ""]
    lines += _cards(games, "reward", reward_cards())
    lines += ["", "## Encounter cards drawn (all games)", ""]
    lines += _cards(games, "encounter", encounter_cards())
    lines += ["", "## Encounter value per draw (standard games)", "",
              "The credits and fame the drawing seat gained or lost from the draw until its "
              "ship moved on (effects, offers, the pirate engagement, a Reward card).", ""]
    lines += _encounter_values(games)
    lines += ["", "## What the games used (standard games, per game)", ""]
    lines += _used(games)
    lines += ["", "## Solo challenge", "",
              "Winning the Solo Challenge Game: every Challenge card completed by the end of "
              "round 30.", ""]
    lines += _solo(games)
    lines += ["", "## The board: visits per space (standard games, every bot)", "",
              "Every space a ship entered on a move (each space of the path, telegate "
              "arrivals).", ""]
    lines += _visits(games)
    if before is not None:
        now, then = common(games, before)
        lines += ["", "## Beside the figures before", "",
                  "Before: the same rows and seeds played at an earlier revision "
                  f"({before_note or 'see the note above'}); now: this report's games of "
                  "those rows and seeds. Rows and seeds played by one only are left out; "
                  "both played:", "", *_provenance(_group(then)), "", *_provenance(_group(now)),
                  ""]
        lines += _before_after(games, before)
    return "\n".join(lines) + "\n"


# -- main -------------------------------------------------------------------------------------

def specs(games: int, variant_games: int, bots: Iterable[str], versus: int,
          solo_games: int | None = None, players: Iterable[int] = range(1, 5)) -> list[Spec]:
    out: list[Spec] = []
    for bot in bots:
        out += [("standard", n, bot, {}, i) for n in players for i in range(games)]
        for variant, counts in (("light-speed", (2, 4)), ("epic", (2, 4)),
                                ("solo-challenge", (1,))):
            if variant == "solo-challenge" and solo_games is not None:
                out += [(variant, 1, bot, {"variant": variant}, i) for i in range(solo_games)]
                continue
            if not variant_games:
                continue
            per = max(1, variant_games // len(counts))
            out += [(variant, n, bot, {"variant": variant}, i) for n in counts
                    for i in range(per)]
    out += [("versus", 2, "merchant,random" if i % 2 == 0 else "random,merchant", {}, i)
            for i in range(versus)]
    # game i of every group before game i + 1 of any: a run stopped early stays balanced
    return sorted(out, key=lambda spec: spec[4])


def revision() -> str:
    """The revision of the tree the tool runs from (its short commit, ``+changes`` when the
    engine differs from it), or ``--revision``'s word when the tree is not a clone (an
    archive of an earlier commit)."""
    root = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--",
                                "engine"], capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def kept(games: list[dict[str, Any]], todo: list[Spec]) -> list[dict[str, Any]]:
    """The cached games this run does not replay: the other rows', and a replayed row's
    below the first seed index the run plays of it (a row played in parts: ``--first``)."""
    first: dict[Row, int] = {}
    for label, n, bot, _, index in todo:
        first[(label, bot, n)] = min(index, first.get((label, bot, n), index))
    return [g for g in games if _row(g) not in first or _index(g) < first[_row(g)]]


def replay(cache: Path, todo: list[Spec], jobs: int, stamp: str) -> None:
    """Plays ``todo`` into a file of this run's own beside ``cache``, then rewrites ``cache``
    as it stands then: the other rows' games kept, the replayed rows' replaced (runs of
    other rows may share the cache; a run stopped early leaves it as it was)."""
    played = cache.with_name(f"{cache.name}.{os.getpid()}.partial")
    with played.open("w", encoding="utf-8") as out, \
            ProcessPoolExecutor(max_workers=jobs) as pool:
        for i, result in enumerate(pool.map(play, todo, chunksize=4)):
            result["revision"] = stamp
            out.write(json.dumps(result) + "\n")
            out.flush()
            if result["fallbacks"] or not result["over"]:
                print(f"{result['seed']}: fallbacks {result['fallbacks']}, over "
                      f"{result['over']}", file=sys.stderr, flush=True)
            if i % 50 == 0:
                print(f"{i}/{len(todo)}", file=sys.stderr, flush=True)
    merged = cache.with_name(f"{cache.name}.{os.getpid()}.merged")
    merged.write_text("".join(json.dumps(g) + "\n"
                              for g in [*kept(load(cache), todo), *load(played)]),
                      encoding="utf-8")
    merged.replace(cache)
    played.unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="per bot and player count")
    parser.add_argument("--variant-games", type=int, default=30, help="per bot and variant")
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--versus", type=int, default=100, help="merchant v random games")
    parser.add_argument("--solo-games", type=int, default=None,
                        help="per bot, the solo challenge (default: --variant-games)")
    parser.add_argument("--players", default="1,2,3,4",
                        help="standard game player counts (empty: none)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first seed index played: a row's cached games below it "
                             "are kept (a row played in parts)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", default=".balance-venus-standard.jsonl")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the report from --cache without playing")
    parser.add_argument("--out", default="docs/balance-venus-standard.md")
    parser.add_argument("--note", default="", help="a sentence on what the run measured")
    parser.add_argument("--before", default=None,
                        help="a cache of the same rows played at an earlier revision: each "
                             "figure of this run is set beside it")
    parser.add_argument("--before-note", default="", help="what the earlier revision was")
    parser.add_argument("--revision", default=None,
                        help="the revision stamped on the games played (default: the tree's "
                             "git commit)")
    args = parser.parse_args()
    cache = Path(args.cache)
    if not args.report_only:
        todo = specs(args.games, args.variant_games,
                     [b.strip() for b in args.bots.split(",") if b.strip()], args.versus,
                     args.solo_games, [int(n) for n in args.players.split(",") if n.strip()])
        todo = [spec for spec in todo if spec[4] >= args.first]
        replay(cache, todo, args.jobs, args.revision or revision())
    games = load(cache)
    before = None if args.before is None else load(Path(args.before))
    text = report(games, sum(g["seconds"] for g in games), args.note, before,
                  args.before_note)
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
