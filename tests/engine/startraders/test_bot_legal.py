"""The legal commands Star Traders gives its bots (``legal.bot_legal``, the definition's
``bot_legal``): the ruleset's ``legal_actions`` less ``TakeBack``, in the same order, made
section by section; each section holds only the command types it declares, so a question
about one type (``x in legal``, ``of_types``) gives the answer the full list gives."""

from __future__ import annotations

import random

import pytest

from engine.bots.legal import LazyCommands, of_types
from engine.kernel import Game, takeback
from engine.startraders import commands as c
from engine.startraders.definition import GAME
from engine.startraders.legal import bot_legal
from engine.startraders.ruleset import ruleset

TYPES = [getattr(c, name) for name in dir(c)
         if isinstance(getattr(c, name), type) and issubclass(getattr(c, name), c.Command)
         and getattr(c, name) is not c.Command]


@pytest.mark.parametrize("seed,players,options", [
    (1, 2, {}), (2, 4, {"advanced": True, "personalities": "all"}),
    (3, 5, {"personality_auction": True, "personality_trading": True}),
])
def test_bot_legal_is_the_legal_list_whatever_is_asked(
        seed: int, players: int, options: dict[str, object]) -> None:
    assert GAME.bot_legal is bot_legal
    game = Game.start(ruleset, {"reaction_timer": 0, **options},
                      [f"p{i}" for i in range(players)], seed=seed)
    pick = random.Random(seed)
    for _ in range(150):
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        for seat in range(players):
            full = takeback.without(ruleset.legal_actions(game.state, seat))
            lazy = bot_legal(game.state, seat)
            assert isinstance(lazy, LazyCommands)
            if seat != pending.seats[0]:
                assert list(lazy) == full
                continue
            for cmd in full:  # membership, asked first: only its sections are made
                assert cmd in bot_legal(game.state, seat)
            for kind in TYPES:
                assert of_types(bot_legal(game.state, seat), kind) == \
                    [cmd for cmd in full if isinstance(cmd, kind)]
            assert bool(lazy) == bool(full) and list(lazy) == full
            for section_types, make in lazy._sections:
                assert all(type(cmd) in section_types for cmd in make())
        actor = pending.seats[0]
        legal = [a for a in takeback.without(ruleset.legal_actions(game.state, actor))
                 if a.type != "DropOut"]
        game.play(actor, pick.choice(legal))
