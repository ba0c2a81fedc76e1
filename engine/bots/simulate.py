"""Whole games between bots, in-process, for any installed game: ``starport simulate`` and
the games' health figures (``docs/architecture.md``, "The game definition").

``BotGames(definition)`` plays one game to its end or to ``max_rounds`` (a stall) with the
definition's bots and reads it with its ``Simulation``: each seat's label and score and the
winner (``standing``), what the game used (``usage``), how it ended (``state.end``).
``summarize`` gives the aggregate figures (rounds, win rates by seat, turn position and
label, stalls); ``game_line`` and ``summary_lines`` say them with the game's words.

A simulated game's state has ``round``, ``first_player`` and ``end`` (a dict with the
``reason`` it ended, or None).
"""

from __future__ import annotations

import gc
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from engine.kernel import CommandRejected, Game, Randomness, takeback
from engine.kernel.definition import GameDefinition, Simulation

from .base import Bot, act

MAX_ROUNDS = 300  # a game without a winner by then is a stall
MAX_COMMANDS_PER_TURN = 200  # far above any real turn (~6): more is a bot loop, a stall too


@dataclass
class GameResult:
    """One game. ``labels`` holds each seat's label (its choice: a race, a Personality, a
    pilot) and ``scores`` each seat's final score, whatever the game calls them (the game's
    own words are in its ``Simulation``: ``choice_name``, ``score_name``)."""

    index: int
    seed: str
    bots: list[str]
    labels: list[str]
    first_player: int
    winner: int | None
    reason: str | None  # why the game ended (``state.end["reason"]``), None for a stall
    rounds: int
    scores: list[int]
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
        """The winner's place in the turn order (0: the first player)."""
        if self.winner is None:
            return None
        return (self.winner - self.first_player) % len(self.bots)

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["stalled"] = self.stalled
        out["winner_bot"] = None if self.winner is None else self.bots[self.winner]
        out["winner_label"] = None if self.winner is None else self.labels[self.winner]
        out["winner_position"] = self.winner_position
        return out


@dataclass(frozen=True)
class Standing:
    """How a game's finished (or stalled) state reads in a ``GameResult``
    (``Simulation.standing``): each seat's label (race, Personality, pilot), the winner and
    each seat's final score."""

    labels: list[str]
    winner: int | None
    scores: list[int]


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


def seat_bots(definition: GameDefinition, bots: Sequence[str], seed: str | int) -> list[Bot]:
    """The bot of each seat by kind, seeded ``<seed>|seat<i>``."""
    return [definition.make_bot(b, f"{seed}|seat{i}") for i, b in enumerate(bots)]


def play_out(definition: GameDefinition, bots: Sequence[str], seed: str | int,
             options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> tuple[Game[Any], int, int]:
    """One game between the definition's bots named ``bots`` (seats named ``<bot><seat>``)
    to its end (or a stall): the game with its whole log, the number of commands and of
    fallbacks (commands the rules refused)."""
    names = [f"{b}{i}" for i, b in enumerate(bots)]
    game: Game[Any] = Game.start(definition.ruleset, dict(options or {}), names, seed=seed)
    commands, fallbacks = drive(game, seat_bots(definition, bots, seed), seed, max_rounds)
    return game, commands, fallbacks


@dataclass(frozen=True)
class BotGames:
    """Whole games of one game between its bots (``starport simulate <game>``): the same
    loop and the same JSON for every game. The definition's ``simulation.standing`` reads a
    final state, its ``usage`` counts what a game used."""

    definition: GameDefinition

    @property
    def simulation(self) -> Simulation:
        return self.definition.simulation

    def play_game(self, bots: Sequence[str], seed: str | int,
                  options: dict[str, Any] | None = None, *, index: int = 0,
                  max_rounds: int = MAX_ROUNDS) -> GameResult:
        """One game to its end or to ``max_rounds`` (a stall); refused bot commands are
        counted and replaced by a random legal one."""
        standing = self.simulation.standing
        if standing is None:
            raise ValueError(f"{self.definition.id} does not say how a simulated game reads")
        was_enabled = gc.isenabled()
        gc.disable()  # a game's objects are freed by reference counting, a game at a time
        try:
            started = time.perf_counter()
            game, commands, fallbacks = play_out(self.definition, bots, seed, options,
                                                 max_rounds)
            state = game.state
            end = state.end or {}
            result = standing(state)
            return GameResult(
                index=index, seed=str(seed), bots=list(bots), labels=list(result.labels),
                first_player=state.first_player, winner=result.winner,
                reason=end.get("reason"), rounds=state.round,
                scores=list(result.scores), events=len(game.events),
                commands=commands, seconds=time.perf_counter() - started,
                fallbacks=fallbacks, usage=dict(self.simulation.usage(game.events)),
            )
        finally:
            if was_enabled:
                gc.enable()

    def simulate(self, bots: Sequence[str], games: int, seed: str | int,
                 options: dict[str, Any] | None = None,
                 max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
        """``games`` games one after the other (seeds ``<seed>-<i>``)."""
        return series(self.play_game, bots, games, seed, options, max_rounds)


def game_seed(seed: str | int, index: int) -> str:
    return f"{seed}-{index}"


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


def choice_key(words: str) -> str:
    """A game's word for its labels as a key: "home culture" -> "home_culture"."""
    return "_".join(words.lower().split())


class Labelled(Protocol):
    """A played game as a label tally reads it: each seat's label and the winner."""

    @property
    def labels(self) -> Sequence[str]: ...

    @property
    def winner(self) -> int | None: ...


@dataclass
class LabelTally:
    """One label's games: dealt in, won, and the wins to expect (its share: 1/players for
    each game it was dealt in, so ``ratio`` 1.0 is fair)."""

    dealt: int = 0
    won: int = 0
    share: float = 0.0

    @property
    def ratio(self) -> float:
        return self.won / self.share if self.share else 0.0


def label_tally(games: Iterable[Labelled]) -> dict[str, LabelTally]:
    """Each label's ``LabelTally`` over ``games``."""
    tally: dict[str, LabelTally] = {}
    for g in games:
        for seat, label in enumerate(g.labels):
            t = tally.setdefault(label, LabelTally())
            t.dealt += 1
            t.won += g.winner == seat
            t.share += 1 / len(g.labels)
    return tally


def summarize(results: Sequence[GameResult], seconds: float,
              simulation: Simulation | None = None) -> dict[str, Any]:
    """The aggregate: games/s, rounds (median, p10, p90 of finished games), stalls (share),
    win rates by seat, by turn position and by label (``win_rate_by_label``, and under the
    game's choice word: ``win_rate_by_personality``), wins by bot, and the games that ended
    for each of the game's ``endings`` (``<reason>_ends``)."""
    sim = simulation or Simulation()
    n = len(results)
    seats = len(results[0].bots) if results else 0
    finished = [r.rounds for r in results if not r.stalled]
    wins_seat = Counter(r.winner for r in results if r.winner is not None)
    wins_pos = Counter(r.winner_position for r in results if r.winner is not None)
    bot_wins = Counter(r.bots[r.winner] for r in results if r.winner is not None)
    stalled = sum(r.stalled for r in results)
    events = sum(r.events for r in results)
    tally = label_tally(results)
    by_label = {label: round(tally[label].won / tally[label].dealt, 4) for label in sorted(tally)}
    out: dict[str, Any] = {
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
    }
    for reason in sim.endings:
        out[f"{reason}_ends"] = sum(r.reason == reason for r in results)
    out.update({
        "win_rate_by_seat": [round(wins_seat[s] / n, 4) if n else 0.0 for s in range(seats)],
        "win_rate_by_position": [round(wins_pos[s] / n, 4) if n else 0.0
                                 for s in range(seats)],
        "win_rate_by_label": by_label,
        f"win_rate_by_{choice_key(sim.choice_name)}": by_label,
        "winners_by_bot": {bot: bot_wins[bot] for bot in sorted({b for r in results
                                                                 for b in r.bots})},
        "fallbacks": sum(r.fallbacks for r in results),
        "games_detail": [r.as_dict() for r in results],
    })
    return out


def game_line(r: GameResult, simulation: Simulation | None = None) -> str:
    """One line per game for the terminal, in the game's words."""
    sim = simulation or Simulation()
    worths = ", ".join(str(w) for w in r.scores)
    ending = sim.endings.get(r.reason or "")
    if r.winner is None:
        why = ending or "no winner (stall)"
        head = f"game {r.index + 1}: {why} after {r.rounds} rounds"
    else:
        head = (f"game {r.index + 1}: seat {r.winner} ({r.bots[r.winner]}, "
                f"{r.labels[r.winner]}) wins in {r.rounds} rounds"
                + (f" ({ending})" if ending else ""))
    return f"{head}; {sim.score_name} {worths}; {r.events} events, {r.seconds:.2f}s"


def summary_lines(summary: dict[str, Any], simulation: Simulation | None = None) -> list[str]:
    """The aggregate for the terminal, in the game's words."""
    sim = simulation or Simulation()
    rounds = summary["rounds"]
    fmt = "{:.0%}".format
    lines = [
        f"games {summary['games']}  games/s {summary['games_per_s']}  "
        f"events/s {summary['events_per_s']}",
        f"rounds median {rounds['median']}  p10 {rounds['p10']}  p90 {rounds['p90']}",
        f"stalls {fmt(summary['stalls'])} ({summary['stalled_games']} games without a winner "
        f"within {MAX_ROUNDS} rounds)",
    ]
    lines += [f"{words}: {summary[f'{reason}_ends']}" for reason, words in sim.endings.items()]
    lines += [
        "win rate by seat: " + "  ".join(
            f"{i}: {fmt(w)}" for i, w in enumerate(summary["win_rate_by_seat"])),
        "win rate by turn position: " + "  ".join(
            f"{i + 1}: {fmt(w)}" for i, w in enumerate(summary["win_rate_by_position"])),
        f"win rate by {sim.choice_name}: " + "  ".join(
            f"{k}: {fmt(w)}" for k, w in summary["win_rate_by_label"].items()),
        "winners by bot: " + "  ".join(
            f"{k}: {v}" for k, v in summary["winners_by_bot"].items()),
    ]
    if summary["fallbacks"]:
        lines.append(f"refused bot commands: {summary['fallbacks']}")
    return lines
