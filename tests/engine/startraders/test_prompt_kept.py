"""The prompt (``legal.pending``) is made once while a state is held still, and made again
after any event, for a copy, and for a state that adopted a rebuilt one."""

from __future__ import annotations

from engine.kernel.clone import adopt
from engine.startraders.legal import pending
from engine.startraders.state import clone_state

from .kit import c, game_of, play


def test_the_prompt_is_made_once_while_the_state_is_held_still() -> None:
    game = game_of()
    first = pending(game.state)
    assert first is not None and pending(game.state) is first


def test_an_event_makes_the_prompt_again() -> None:
    game = game_of()
    assert pending(game.state).prompt == "move"  # type: ignore[union-attr]
    play(game, 0, c.EndMovement())
    assert pending(game.state).prompt == "action"  # type: ignore[union-attr]


def test_a_copy_edited_as_the_search_deals_a_world_has_its_own_prompt() -> None:
    """The search's worlds are copies edited without events (``search.determinize``)."""
    game = game_of(players=[{"name": "Ann", "hand": ["zap-1", "zap-2", "zap-3"]},
                            {"name": "Bob"}])
    state = game.state
    assert pending(state).prompt == "discard"  # type: ignore[union-attr]
    world = clone_state(state)
    world.players[0].hand = ["zap-1"]
    assert pending(world).prompt == "move"  # type: ignore[union-attr]
    assert pending(state).prompt == "discard"  # type: ignore[union-attr]


def test_a_state_that_adopts_a_rebuilt_one_has_its_prompt() -> None:
    """``Game`` rebuilds a state refused half-way into the same object (``adopt``), with no
    event applied after it."""
    game = game_of()
    before = clone_state(game.state)
    play(game, 0, c.EndMovement())
    assert pending(game.state).prompt == "action"  # type: ignore[union-attr]
    adopt(game.state, before)
    assert pending(game.state).prompt == "move"  # type: ignore[union-attr]
