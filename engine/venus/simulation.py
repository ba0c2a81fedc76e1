"""Merchant of Venus games between bots: how the generic loop (``engine.bots.simulate``) reads
a classic game, and the game-health instruments of ``docs/balance.md``.

``standing`` and ``usage_of`` are the definition's ``Simulation`` (``engine.venus.definition``):
the races, the winner and the Net Worths (13.2), and which pieces a game used. ``play_game``,
``play_out`` and ``simulate`` play the installed game's bots (the ``trader``, ``random``);
``race_game`` measures whether turn order decided a race to a Net Worth (13.2, 4.2).
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots.base import act
from engine.bots.simulate import (
    MAX_ROUNDS,
    BotGames,
    GameResult,
    Standing,
    seat_bots,
)
from engine.bots.simulate import play_out as play_out_of
from engine.kernel import Event, Game
from engine.kernel.definition import GameDefinition
from engine.kernel.registry import game

from .ruleset import ruleset
from .setup import GAME_LENGTHS
from .state import VenusState
from .winning import net_worth

# the ends the summary counts apart (13.2 a Net Worth win is the usual one)
ENDINGS = {"rastur": "Rastur wins (16.5)", "bank": "the Bank ran out"}


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


def standing(state: VenusState) -> Standing:
    """Each seat's race, the winner (13.2; none when the Rastur win, 16.5) and each seat's
    Net Worth."""
    return Standing(
        labels=[p.race or "" for p in state.players],
        winner=state.winner,
        scores=[net_worth(state, p.seat) for p in state.players],
    )


def venus() -> GameDefinition:
    """The installed classic game (its definition reads this module for its standing)."""
    return game(ruleset.id)


def play_game(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None = None,
              *, index: int = 0, max_rounds: int = MAX_ROUNDS) -> GameResult:
    """One game, each seat played by the named bot (seeded from ``seed`` and the seat)."""
    return BotGames(venus()).play_game(bots, seed, options, index=index, max_rounds=max_rounds)


def simulate(bots: Sequence[str], games: int, seed: str | int,
             options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> Iterable[GameResult]:
    """Play ``games`` games one after the other (seeds ``<seed>-<i>``)."""
    return BotGames(venus()).simulate(bots, games, seed, options, max_rounds)


def play_out(bots: Sequence[str], seed: str | int, options: dict[str, Any] | None = None,
             max_rounds: int = MAX_ROUNDS) -> tuple[Game[VenusState], int, int]:
    """Play one game between the named bots to its end (or a stall); the game with its
    whole log, the number of commands and of fallbacks (commands the rules refused)."""
    return play_out_of(venus(), bots, seed, options, max_rounds)


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
    definition = venus()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        played: Game[VenusState] = Game.start(ruleset, {"game_length": longer},
                                              [f"{b}{i}" for i, b in enumerate(bots)],
                                              seed=seed)
        players = seat_bots(definition, bots, seed)
        state = played.state
        crossed: dict[int, int] = {}
        while state.round <= max_rounds and not (crossed and state.round > min(crossed.values())):
            pending = ruleset.pending(state)
            if pending is None:
                break
            seat, now, seen = pending.seats[0], state.round, len(played.events)
            cmd = act(players[seat], definition, state, seat, played.seq)
            if cmd is None:
                break
            played.play(seat, cmd)
            for ev in played.events[seen:]:
                if ev.type != "TurnEnded":
                    continue
                ended = int(ev.data["seat"])
                if ended not in crossed and net_worth(state, ended) >= target:
                    crossed[ended] = now
        return Race(len(bots), state.first_player, crossed)
    finally:
        if was_enabled:
            gc.enable()
