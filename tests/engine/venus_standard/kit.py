"""Helpers for the standard game's tests: games from setup or scenarios, bot play-outs."""

from __future__ import annotations

from typing import Any

from engine.bots import Bot, act
from engine.bots.random_bot import UniformBot
from engine.kernel import Command, Event, Game, Pending, takeback
from engine.venus_standard import commands as c
from engine.venus_standard import scenario
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import Dial, StandardState, Turn
from tests.engine.asking import asked_of, turn_in

__all__ = ["asked", "bot_plays", "c", "dials_set", "game_of", "play", "play_out", "ruleset",
           "start", "turn_of", "types"]


def start(n: int, seed: str = "t", **options: Any) -> Game[StandardState]:
    return Game.start(ruleset, dict(options), [f"p{i}" for i in range(n)], seed=seed)


def game_of(**doc: Any) -> Game[StandardState]:
    """A sandbox game from a scenario (``players`` default: two)."""
    doc.setdefault("players", [{"name": "Ann"}, {"name": "Bob"}])
    return scenario.start(doc)


def play(game: Game[StandardState], seat: int, command: Command) -> list[Event]:
    return game.play(seat, command)


def asked(state: StandardState) -> Pending:
    return asked_of(ruleset, state)


def turn_of(state: StandardState) -> Turn:
    return turn_in(state)


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def dials_set(game: Game[StandardState], dial: Dial = "laser") -> None:
    """Setup 12 for every player."""
    while (now := ruleset.pending(game.state)) is not None and now.prompt == "choose_dial":
        game.play(now.seats[0], c.ChooseDial(dial=dial))


def bot_plays(game: Game[StandardState], bot: Bot, seat: int) -> None:
    """``bot`` plays one command for ``seat``; a bot the game waits for must find one."""
    command = act(bot, ruleset, game.state, seat, game.seq)
    assert command is not None, f"the bot of seat {seat} found nothing to do"
    game.play(seat, command)


def play_out(game: Game[StandardState], limit: int = 50_000, *,
             avoid: frozenset[str] = frozenset()) -> int:
    """Random bots to the end; every prompt must offer a command and every offered command
    must be accepted. Returns the commands played."""
    bots = [UniformBot(f"b{i}") for i in range(len(game.state.players))]
    for step in range(limit):
        now = ruleset.pending(game.state)
        if now is None:
            return step
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        legal = [a for a in legal if a.type not in avoid] or legal
        assert legal, f"prompt {now.prompt} offers nothing to seat {seat}"
        game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
    raise AssertionError("the game did not end")
