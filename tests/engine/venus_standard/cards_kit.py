"""A table for the cards' tests: a real game past Setup 12, with helpers to stack a deck,
load the effect die, put a token on a space and enter a space as movement does."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Game, Randomness
from engine.venus_standard import commands as c
from engine.venus_standard import encounters
from engine.venus_standard.cards_state import SpaceToken
from engine.venus_standard.draft import Draft
from engine.venus_standard.order import HOOKS
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState

SPACE = "enc-1"  # an encounter space (movement tells resolve_space its printed kind)


def table(n: int = 2, seed: str = "cards", **options: Any) -> Game[StandardState]:
    game = Game.start(ruleset, dict(options), [f"p{i}" for i in range(n)], seed=seed)
    for seat in game.state.order:
        game.play(seat, c.ChooseDial(dial="laser"))
    return game


def current(game: Game[StandardState]) -> int:
    assert game.state.turn is not None
    return game.state.turn.seat


def on_top(game: Game[StandardState], deck: str, *cards: str) -> None:
    """Stack ``cards`` on top of ``deck`` (a test's position, as a sandbox would)."""
    pile = game.state.decks[deck]
    for card in reversed(cards):
        if card in pile:
            pile.remove(card)
        pile.insert(0, card)


def load_dice(game: Game[StandardState], *values: int) -> None:
    game.state.loaded_dice = list(values)


def pirate_at(game: Game[StandardState], space: str, pirate: str, infamy: int = 0) -> None:
    game.state.cards.tokens[space] = SpaceToken(kind="pirate", pirate=pirate, infamy=infamy)


def enter(game: Game[StandardState], seat: int, space: str = SPACE, printed: str = "encounter",
          last_point: bool = False) -> tuple[encounters.Resolution, list[Event]]:
    """Movement's call when the ship enters ``space``; the events join the game's log."""
    draft = Draft(game.state, Randomness("kit", game.seq + 1), HOOKS)
    res = encounters.resolve_space(draft, seat, space, printed, last_point=last_point)
    base = game.seq
    game.append([ev.model_copy(update={"seq": base + i + 1})
                 for i, ev in enumerate(draft.events)])
    return res, draft.events


def facing_pirate(pirate: str, **player: Any) -> tuple[Game[StandardState], int]:
    """A table whose current player (``player``: his fields, e.g. ``laser=4``) enters
    ``SPACE`` where ``pirate`` waits ("Pirates"); the game and that seat."""
    game = table()
    seat = current(game)
    for name, value in player.items():
        setattr(game.state.player(seat), name, value)
    pirate_at(game, SPACE, pirate)
    enter(game, seat)
    return game, seat


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]
