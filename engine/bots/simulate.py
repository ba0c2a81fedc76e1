"""Whole games between bots, in-process: the ``starport simulate`` command and game health.

``play_game`` plays one game to its end (13.2, 13.3) or to ``max_rounds`` (a stall) and
records the winner, rounds, Net Worths and which pieces were used; ``summarize`` gives the
aggregate figures (rounds, win rates by seat, turn position and race, stalls).
"""

from __future__ import annotations

import gc
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from engine.kernel import CommandRejected, Event, Game, Randomness, Ruleset, takeback
from engine.venus.ruleset import ruleset
from engine.venus.setup import GAME_LENGTHS
from engine.venus.state import VenusState
from engine.venus.winning import net_worth

from . import bot_from, make_bot
from .base import Bot, act

BotMaker = Callable[[str, str | int], Bot]  # (bot name, seed) -> the bot
MAX_ROUNDS = 300  # a game without a winner by then is a stall (issue 6)
MAX_COMMANDS_PER_TURN = 200  # far above any real turn (~6): more is a bot loop, a stall too


@dataclass
class GameResult:
    index: int
    seed: str
    bots: list[str]
    races: list[str]
    first_player: int
    winner: int | None
    reason: str | None  # "net_worth", "bank", "rastur" (16.5), or None for a stall
    rounds: int
    net_worths: list[int]
    events: int
    commands: int
    seconds: float
    fallbacks: int = 0  # bot commands the rules refused (a bot bug: should stay 0)
    usage: dict[str, int] = field(default_factory=dict)

    @property
    def stalled(self) -> bool:
        return self.winner is None and self.reason is None

    @property
    def winner_position(self) -> int | None:
        """The winner's place in the turn order (0: the first player, 4.2)."""
        if self.winner is None:
            return None
        return (self.winner - self.first_player) % len(self.bots)

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["stalled"] = self.stalled
        out["winner_bot"] = None if self.winner is None else self.bots[self.winner]
        out["winner_race"] = None if self.winner is None else self.races[self.winner]
        out["winner_position"] = self.winner_position
        return out


def usage_of(events: Iterable[Event]) -> Counter[str]:
    """Which pieces a game used: Goods bought per Culture, ships, Equipment, Relics picked
    up or bought, Spaceports and Factories bought, Fares delivered, IOUs bartered."""
    used: Counter[str] = Counter()
    for ev in events:
        d = ev.data
        if ev.type == "Bought":
            used[d["item"] if ":" in d["item"] else f"{d['item']}:built"] += 1
        elif ev.type == "RelicPickedUp":
            used[f"relic:{d['relic']}"] += 1
        elif ev.type == "Sold":
            used[f"sold:{d['goods']}"] += 1
        elif ev.type == "FareDelivered":
            used[f"delivered:{d['fare']}"] += 1
        elif ev.type == "Bartered" and d["item"].startswith("iou:"):
            used["iou_bartered"] += 1
        elif ev.type == "CultureDiscovered":
            used["discovered"] += 1
        elif ev.type == "PenaltyPaid":
            used["penalties_paid"] += 1
        elif ev.type in ("Blasted", "PawnCombat", "Theft"):
            target = d.get("target") or d.get("kind") or "pawn"
            used[f"attack:{target}"] += 1
            used[f"attack_won:{target}"] += int(bool(d["won"]))
        elif ev.type == "RasturPlaced":
            used["rastur_placed"] += 1
    return used


def play_game(
    bots: Sequence[str],
    seed: str | int,
    options: dict[str, Any] | None = None,
    *,
    index: int = 0,
    max_rounds: int = MAX_ROUNDS,
) -> GameResult:
    """One game, each seat played by the named bot (seeded from ``seed`` and the seat)."""
    was_enabled = gc.isenabled()
    gc.disable()  # a game's objects are freed by reference counting; see engine/venus/reach.py
    try:
        return _play(bots, seed, options, index, max_rounds)
    finally:
        if was_enabled:
            gc.enable()


def play_out(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> tuple[Game[VenusState], int, int]:
    """Play one game between the named bots to its end (or a stall); the game with its
    whole log, the number of commands and of fallbacks (commands the rules refused)."""
    return play_out_with(ruleset, make_bot, bots, seed, options, max_rounds)


def play_out_with(rules: Ruleset[Any], bot: BotMaker, bots: Sequence[str], seed: str | int,
                  options: dict[str, Any] | None = None,
                  max_rounds: int = MAX_ROUNDS) -> tuple[Game[Any], int, int]:
    """``play_out`` for any ruleset: seats named ``<bot><seat>``, each played by
    ``bot(name, "<seed>|seat<i>")``."""
    names = [f"{b}{i}" for i, b in enumerate(bots)]
    game: Game[Any] = Game.start(rules, dict(options or {}), names, seed=seed)
    players = [bot(b, f"{seed}|seat{i}") for i, b in enumerate(bots)]
    commands, fallbacks = drive(game, players, seed, max_rounds)
    return game, commands, fallbacks


@dataclass(frozen=True)
class Standing:
    """How a ruleset's finished (or stalled) game reads in a ``GameResult``: each seat's
    label (race, pilot, personality), the winner and each seat's final score."""

    races: list[str]
    winner: int | None
    net_worths: list[int]


@dataclass(frozen=True)
class BotGames:
    """Whole games of one ruleset between its bots (``starport simulate <ruleset>``): the
    same loop and the same JSON as Merchant of Venus. ``bots`` is the ruleset's bot
    registry, ``standing`` reads a final state, ``usage`` counts what a game used."""

    rules: Ruleset[Any]
    bots: Mapping[str, Callable[[str | int], Bot]]
    standing: Callable[[Any], Standing]
    usage: Callable[[Iterable[Event]], Counter[str]]

    def make_bot(self, name: str, seed: str | int) -> Bot:
        return bot_from(self.bots, name, seed)

    def play_game(self, bots: Sequence[str], seed: str | int,
                  options: dict[str, Any] | None = None, *, index: int = 0,
                  max_rounds: int = MAX_ROUNDS) -> GameResult:
        """One game to its end or to ``max_rounds`` (a stall); refused bot commands are
        counted and replaced by a random legal one. The state has ``round``,
        ``first_player`` and ``end``."""
        started = time.perf_counter()
        game, commands, fallbacks = play_out_with(self.rules, self.make_bot, bots, seed,
                                                  options, max_rounds)
        state = game.state
        end = state.end or {}
        result = self.standing(state)
        return GameResult(
            index=index, seed=str(seed), bots=list(bots), races=result.races,
            first_player=state.first_player, winner=result.winner, reason=end.get("reason"),
            rounds=state.round, net_worths=result.net_worths, events=len(game.events),
            commands=commands, seconds=time.perf_counter() - started, fallbacks=fallbacks,
            usage=dict(self.usage(game.events)),
        )

    def simulate(self, bots: Sequence[str], games: int, seed: str | int,
                 options: dict[str, Any] | None = None,
                 max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
        return series(self.play_game, bots, games, seed, options, max_rounds)


def drive(game: Game[Any], players: Sequence[Bot], seed: str | int,
          max_rounds: int) -> tuple[int, int]:
    """Let the bots play ``game`` (any ruleset whose state has a ``round``) until nobody is
    waited for, ``max_rounds`` pass or a bot loops within a round (both stalls). A command the
    rules refuse is replaced by a random legal one. Returns (commands, fallbacks)."""
    rules = game.ruleset
    commands = fallbacks = 0
    state = game.state
    while True:
        pending = rules.pending(state)
        if pending is None or state.round > max_rounds:
            break
        if commands > MAX_COMMANDS_PER_TURN * len(players) * (state.round + 1):
            break  # a bot repeating itself within a round: recorded as a stall
        seat = pending.seats[0]
        cmd = act(players[seat], rules, state, seat, game.seq)
        if cmd is None:
            raise RuntimeError(f"seat {seat} has nothing to do at seq {game.seq}")
        try:
            game.play(seat, cmd)
        except CommandRejected:
            fallbacks += 1
            legal = takeback.without(rules.legal_actions(state, seat))
            game.play(seat, Randomness(seed, game.seq, "fallback").choice(legal))
        commands += 1
    return commands, fallbacks


def _play(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None, index: int,
          max_rounds: int) -> GameResult:
    started = time.perf_counter()
    game, commands, fallbacks = play_out(bots, seed, options, max_rounds)
    state = game.state
    end = state.end or {}
    return GameResult(
        index=index,
        seed=str(seed),
        bots=list(bots),
        races=[p.race or "" for p in state.players],
        first_player=state.first_player,
        winner=state.winner,
        reason=end.get("reason"),
        rounds=state.round,
        net_worths=[net_worth(state, p.seat) for p in state.players],
        events=len(game.events),
        commands=commands,
        seconds=time.perf_counter() - started,
        fallbacks=fallbacks,
        usage=dict(usage_of(game.events)),
    )


@dataclass
class Race:
    """Who first ended an own turn at a Net Worth of ``target`` or more (13.2), and in which
    round, in a game played on to the end of that round: whether turn order decided it."""

    players: int
    first_player: int
    crossed: dict[int, int]  # seat -> round of its first turn ending at the target

    def position(self, seat: int) -> int:
        return (seat - self.first_player) % self.players

    @property
    def winner_position(self) -> int | None:
        """The turn position (0: first player) of the seat 13.2 makes the winner."""
        if not self.crossed:
            return None
        first = min(self.crossed, key=lambda s: (self.crossed[s], self.position(s)))
        return self.position(first)

    @property
    def close(self) -> bool:
        """Another seat also reached the target in the winner's round: a later seat would have
        won had it played first."""
        if not self.crossed:
            return False
        last = min(self.crossed.values())
        return sum(1 for r in self.crossed.values() if r == last) > 1


def race_game(bots: Sequence[str], seed: str | int, target: int = 2000,
              max_rounds: int = MAX_ROUNDS) -> Race:
    """Plays a game of the next length above ``target`` (14) and records, for every seat, the
    round of its first turn ending with a Net Worth of ``target`` or more, until the round in
    which the first seat got there is over. (The bots play towards the longer game's target,
    which changes only their last purchases.)"""
    longer = min(n for n in GAME_LENGTHS if n > target)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        game: Game[VenusState] = Game.start(ruleset, {"game_length": longer},
                                            [f"{b}{i}" for i, b in enumerate(bots)], seed=seed)
        players = [make_bot(b, f"{seed}|seat{i}") for i, b in enumerate(bots)]
        state = game.state
        crossed: dict[int, int] = {}
        while state.round <= max_rounds and not (crossed and state.round > min(crossed.values())):
            pending = ruleset.pending(state)
            if pending is None:
                break
            seat, now, seen = pending.seats[0], state.round, len(game.events)
            cmd = act(players[seat], ruleset, state, seat, game.seq)
            if cmd is None:
                break
            game.play(seat, cmd)
            for ev in game.events[seen:]:
                if ev.type != "TurnEnded":
                    continue
                ended = int(ev.data["seat"])
                if ended not in crossed and net_worth(state, ended) >= target:
                    crossed[ended] = now
        return Race(len(bots), state.first_player, crossed)
    finally:
        if was_enabled:
            gc.enable()


def game_seed(seed: str | int, index: int) -> str:
    return f"{seed}-{index}"


def simulate(
    bots: Sequence[str],
    games: int,
    seed: str | int,
    options: dict[str, Any] | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> Iterable[GameResult]:
    """Play ``games`` games one after the other (seeds ``<seed>-<i>``)."""
    return series(play_game, bots, games, seed, options, max_rounds)


class GamePlayer(Protocol):
    def __call__(self, bots: Sequence[str], seed: str | int,
                 options: dict[str, Any] | None = None, *, index: int = 0,
                 max_rounds: int = MAX_ROUNDS) -> GameResult: ...


def series(play: GamePlayer, bots: Sequence[str], games: int, seed: str | int,
           options: dict[str, Any] | None = None,
           max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
    """``games`` games played by ``play`` one after the other (seeds ``<seed>-<i>``)."""
    for i in range(games):
        yield play(bots, game_seed(seed, i), options, index=i, max_rounds=max_rounds)


def _percentile(values: list[int], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = (len(ordered) - 1) * pct
    lo = int(rank)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (rank - lo)


def summarize(results: Sequence[GameResult], seconds: float) -> dict[str, Any]:
    """The aggregate: games/s, rounds (median, p10, p90 of finished games), stalls (share),
    win rates by seat, by turn position and by race, wins by bot."""
    n = len(results)
    seats = len(results[0].bots) if results else 0
    finished = [r.rounds for r in results if not r.stalled]
    wins_seat = Counter(r.winner for r in results if r.winner is not None)
    wins_pos = Counter(r.winner_position for r in results if r.winner is not None)
    race_games: Counter[str] = Counter()
    race_wins: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    for r in results:
        race_games.update(r.races)
        if r.winner is not None:
            race_wins[r.races[r.winner]] += 1
            bot_wins[r.bots[r.winner]] += 1
    stalled = sum(r.stalled for r in results)
    events = sum(r.events for r in results)
    return {
        "games": n,
        "games_per_s": round(n / seconds, 3) if seconds > 0 else 0.0,
        "events_per_s": round(events / seconds, 1) if seconds > 0 else 0.0,
        "rounds": {
            "median": statistics.median(finished) if finished else None,
            "p10": _percentile(finished, 0.10) if finished else None,
            "p90": _percentile(finished, 0.90) if finished else None,
        },
        "stalls": round(stalled / n, 4) if n else 0.0,
        "stalled_games": stalled,
        "rastur_wins": sum(r.reason == "rastur" for r in results),  # 16.5
        "win_rate_by_seat": [round(wins_seat[s] / n, 4) if n else 0.0 for s in range(seats)],
        "win_rate_by_position": [round(wins_pos[s] / n, 4) if n else 0.0
                                 for s in range(seats)],
        "win_rate_by_race": {race: round(race_wins[race] / race_games[race], 4)
                             for race in sorted(race_games)},
        "winners_by_bot": {bot: bot_wins[bot] for bot in sorted({b for r in results
                                                                 for b in r.bots})},
        "fallbacks": sum(r.fallbacks for r in results),
        "games_detail": [r.as_dict() for r in results],
    }


def game_line(r: GameResult) -> str:
    """One line per game for the terminal."""
    worths = ", ".join(str(w) for w in r.net_worths)
    if r.reason == "rastur":
        head = f"game {r.index + 1}: the Rastur win (16.5) after {r.rounds} rounds"
    elif r.winner is None:
        head = f"game {r.index + 1}: no winner (stall) after {r.rounds} rounds"
    else:
        head = (f"game {r.index + 1}: seat {r.winner} ({r.bots[r.winner]}, "
                f"{r.races[r.winner]}) wins in {r.rounds} rounds"
                + (" (the Bank ran out)" if r.reason == "bank" else ""))
    return f"{head}; net worths {worths}; {r.events} events, {r.seconds:.2f}s"


def summary_lines(summary: dict[str, Any]) -> list[str]:
    rounds = summary["rounds"]
    fmt = "{:.0%}".format
    lines = [
        f"games {summary['games']}  games/s {summary['games_per_s']}  "
        f"events/s {summary['events_per_s']}",
        f"rounds median {rounds['median']}  p10 {rounds['p10']}  p90 {rounds['p90']}",
        f"stalls {fmt(summary['stalls'])} ({summary['stalled_games']} games without a winner "
        f"within {MAX_ROUNDS} rounds)",
        f"Rastur wins (16.5): {summary['rastur_wins']}",
        "win rate by seat: " + "  ".join(
            f"{i}: {fmt(w)}" for i, w in enumerate(summary["win_rate_by_seat"])),
        "win rate by turn position: " + "  ".join(
            f"{i + 1}: {fmt(w)}" for i, w in enumerate(summary["win_rate_by_position"])),
        "win rate by race: " + "  ".join(
            f"{k}: {fmt(w)}" for k, w in summary["win_rate_by_race"].items()),
        "winners by bot: " + "  ".join(
            f"{k}: {v}" for k, v in summary["winners_by_bot"].items()),
    ]
    if summary["fallbacks"]:
        lines.append(f"refused bot commands: {summary['fallbacks']}")
    return lines
