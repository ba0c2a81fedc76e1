"""What the search levels weigh beside the trader's choice in Star Traders
(``engine/startraders/search.py``, ``candidates``; ``docs/bots.md``, "Deals").

A reaction policy (``SetReactionPolicy``) is a setting for the rest of the game: sampled as a
candidate, one turn's playouts chose among the four by chance (in 4-player games a search
bot switched its policy several times a game, ``never`` among them, after which it was asked
in no window and played no Avoid Calamity or Zap)."""

from __future__ import annotations

from engine.kernel import Game
from engine.startraders import commands as c
from engine.startraders.definition import GAME
from engine.startraders.ruleset import ruleset
from engine.startraders.scenario import start
from engine.startraders.search import ROUTE
from engine.startraders.state import StarState


def _window_for_ann() -> Game[StarState]:
    """Bob's jump opens the Quarantine window, where Ann (asked) may react, a Zap in hand."""
    game = start({"players": [{"name": "Ann", "world": 15, "policy": "ask", "hand": ["zap-1"]},
                              {"name": "Bob", "world": 66}, {"name": "Cyd", "world": 24}],
                  "active": 1, "dice": [6]})
    game.play(1, next(a for a in ruleset.legal_actions(game.state, 1) if isinstance(a, c.Jump)))
    now = ruleset.pending(game.state)
    assert now is not None and now.seats == (0,)
    return game


def test_the_search_levels_never_weigh_a_reaction_policy() -> None:
    game = _window_for_ann()
    legal = GAME.bot_legal(game.state, 0) if GAME.bot_legal else []
    assert any(isinstance(cmd, c.SetReactionPolicy) for cmd in legal)
    weighed = GAME.search_candidates(ruleset.view(game.state, 0), legal, 0)
    assert weighed and not any(isinstance(cmd, c.SetReactionPolicy) for cmd in weighed)


def test_the_route_stays_the_traders() -> None:
    """Movement: where to jump, a random jump and the movement's end are the trader's (a plan
    over several turns that a playout ending with the turn cannot see, ``docs/bots.md``,
    "Levers measured"); the cards the Trader could play there are still weighed."""
    game = start({"players": [{"name": "Ann", "world": 15, "hand": ["favor-1"]},
                              {"name": "Bob", "world": 66}],
                  "active": 0, "dice": [6]})
    legal = GAME.bot_legal(game.state, 0) if GAME.bot_legal else []
    assert {c.Jump, c.EndMovement} <= set(ROUTE)
    assert sum(isinstance(cmd, c.Jump) for cmd in legal) >= 2
    assert any(isinstance(cmd, c.RandomJump) for cmd in legal)
    weighed = GAME.search_candidates(ruleset.view(game.state, 0), legal, 0)
    assert not any(isinstance(cmd, ROUTE) for cmd in weighed)
    assert any(isinstance(cmd, c.PlayCard) for cmd in weighed)
    assert [cmd for cmd in legal if not isinstance(cmd, ROUTE)
            and not isinstance(cmd, (c.OfferDeal, c.SetReactionPolicy))] == weighed
